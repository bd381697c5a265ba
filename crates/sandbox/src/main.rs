use clap::Parser;
use std::process::ExitCode;

#[tokio::main]
async fn main() -> ExitCode {
    let config = cluster_sandbox::cli::Args::parse().into_config();
    let mut running = match cluster_sandbox::start(config.clone()).await {
        Ok(running) => running,
        Err(e) => {
            eprintln!("cluster-sandbox: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!("{}", cluster_sandbox::cli::banner(&config, &running));
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = running.finished() => {}
    }
    running.stop().await;
    ExitCode::SUCCESS
}
