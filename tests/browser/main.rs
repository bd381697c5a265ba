//! Browser end-to-end tests: real headless Chromium, the release console in dist/, and an
//! in-process sandbox per flow. A custom harness so the suite can end by printing which
//! operations the browser exercised, summed over every flow.

#[cfg(not(target_arch = "wasm32"))]
mod console_log;
#[cfg(not(target_arch = "wasm32"))]
mod flows;
#[cfg(not(target_arch = "wasm32"))]
mod harness;

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
#[tokio::main]
async fn main() {
    use harness::{Coverage, Driver, dist_dir};

    // The harness's own checks need no browser and no build: they run first, always.
    match harness::self_check().await {
        Ok(()) => println!("test harness::calls_fails_when_coverage_is_unreadable ... ok"),
        Err(e) => {
            println!("test harness::calls_fails_when_coverage_is_unreadable ... FAILED\n    {e}");
            std::process::exit(1);
        }
    }
    if !dist_dir().join("index.html").exists() {
        eprintln!("browser tests need the release console in dist/: run `make build` (or `make test`)");
        std::process::exit(1);
    }
    if let Err(e) = console_log::self_check() {
        eprintln!("{e}");
        std::process::exit(1);
    }
    let filter = std::env::args().nth(1).filter(|a| !a.starts_with('-'));
    let driver = match Driver::start().await {
        Ok(d) => d,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let mut total = Coverage::new();
    let (mut passed, mut failed) = (0, 0);
    for (name, flow) in flows::all() {
        if filter.as_deref().is_some_and(|f| !name.contains(f)) {
            continue;
        }
        let started = std::time::Instant::now();
        match flow(&driver).await {
            Ok(coverage) => {
                passed += 1;
                println!("test {name} ... ok ({:.1} s)", started.elapsed().as_secs_f64());
                for (op, statuses) in coverage {
                    for (status, n) in statuses {
                        *total.entry(op.clone()).or_default().entry(status).or_default() += n;
                    }
                }
            }
            Err(why) => {
                failed += 1;
                println!("test {name} ... FAILED\n    {why}");
            }
        }
    }
    driver.stop().await;
    println!("\noperations the browser exercised (operation: status × calls):");
    for (op, statuses) in &total {
        let s: Vec<String> = statuses.iter().map(|(status, n)| format!("{status}×{n}")).collect();
        println!("  {op:<40} {}", s.join(" "));
    }
    // Against the whole contract: which operations a flow drove to a success, and which not.
    let succeeded = |op: &str| total.get(op).is_some_and(|s| s.keys().any(|status| status.starts_with('2')));
    let every: Vec<&str> = cluster_api::catalogue::every().map(|op| op.id).collect();
    let missing: Vec<&str> = every.iter().copied().filter(|op| !succeeded(op)).collect();
    println!(
        "\n{} of {} operations succeeded in the browser (openapi-v2 and -next)",
        every.len() - missing.len(),
        every.len()
    );
    if !missing.is_empty() {
        println!("  never succeeded: {}", missing.join(", "));
    }
    println!("\nbrowser: {passed} passed, {failed} failed");
    if failed > 0 {
        std::process::exit(1);
    }
}
