//! Browser end-to-end tests: real headless Chromium (every flow; Firefox ESR and WebKitGTK a
//! smoke subset, flows::SMOKE), the release console in dist/, and an
//! in-process sandbox per flow. A custom harness so the suite can end by printing which
//! operations the browser exercised, summed over every flow.

#[cfg(not(target_arch = "wasm32"))]
mod cdp;
#[cfg(not(target_arch = "wasm32"))]
mod console_log;
#[cfg(not(target_arch = "wasm32"))]
mod driver;
#[cfg(not(target_arch = "wasm32"))]
mod flows;
#[cfg(not(target_arch = "wasm32"))]
mod harness;
#[cfg(not(target_arch = "wasm32"))]
mod self_check;

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
#[tokio::main]
async fn main() {
    use harness::{Coverage, Engine, dist_dir};

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
    let mut total = Coverage::new();
    // Chromium runs every flow; Firefox and WebKit the smoke subset (flows::SMOKE).
    // CONSOLE_ENGINES=firefox,webkit (or chromium) runs only those, while working on one.
    let wanted = std::env::var("CONSOLE_ENGINES").unwrap_or_default();
    let engines = [Engine::Chromium, Engine::Firefox, Engine::WebKit].into_iter().filter(|e| {
        wanted.is_empty() || wanted.split(',').any(|w| w.trim() == e.name() || w.trim() == e.label())
    });
    let mut results = Vec::new();
    for engine in engines {
        let started = std::time::Instant::now();
        let chosen = if engine == Engine::Chromium { Ok(flows::all()) } else { flows::smoke() };
        let (passed, failed) = match chosen {
            Ok(chosen) => run_engine(engine, chosen, filter.as_deref(), &mut total).await,
            Err(e) => {
                println!("{}: {e}", engine.label());
                (0, 1)
            }
        };
        println!("{} flows took {:.0} s", engine.label(), started.elapsed().as_secs_f64());
        results.push((engine, passed, failed));
    }
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
    println!();
    for (engine, passed, failed) in &results {
        println!("{}: {passed} passed, {failed} failed", engine.label());
    }
    if results.iter().any(|(_, _, failed)| *failed > 0) {
        std::process::exit(1);
    }
}

/// Runs `chosen` (those matching `filter`) in `engine`, adding their coverage to `total`:
/// (passed, failed). An engine that cannot start is one failure, saying what to install.
#[cfg(not(target_arch = "wasm32"))]
async fn run_engine(
    engine: harness::Engine,
    chosen: Vec<(&'static str, flows::Flow)>,
    filter: Option<&str>,
    total: &mut harness::Coverage,
) -> (usize, usize) {
    let chosen: Vec<_> =
        chosen.into_iter().filter(|(name, _)| filter.is_none_or(|f| name.contains(f))).collect();
    if chosen.is_empty() {
        return (0, 0);
    }
    let driver = match harness::Driver::start(engine).await {
        Ok(d) => d,
        Err(e) => {
            println!("test {} ... FAILED\n    {e}", engine.label());
            return (0, 1);
        }
    };
    // Chromium runs flows two at a time (one WebDriver server, one browser per session):
    // most of a flow is waiting for the page, so two lanes keep both cores busy. geckodriver
    // and WebKitWebDriver take one session at a time. CONSOLE_FLOWS_AT_ONCE=1 runs one by one.
    let lanes = if engine == harness::Engine::Chromium { flows_at_once() } else { 1 };
    let queue = std::sync::Mutex::new(std::collections::VecDeque::from(chosen));
    // Passed, failed, and the coverage summed so far: each lane adds its flow's when it ends.
    let tally = std::sync::Mutex::new((0, 0, total));
    let lane = || async {
        loop {
            let next = queue.lock().map(|mut q| q.pop_front()).unwrap_or(None);
            let Some((name, flow)) = next else { break };
            let started = std::time::Instant::now();
            let outcome = flow(&driver).await;
            let shown = if engine == harness::Engine::Chromium {
                name.to_string()
            } else {
                format!("{}::{name}", engine.label())
            };
            let Ok(mut tally) = tally.lock() else { break };
            match outcome {
                Ok(coverage) => {
                    tally.0 += 1;
                    println!("test {shown} ... ok ({:.1} s)", started.elapsed().as_secs_f64());
                    for (op, statuses) in coverage {
                        for (status, n) in statuses {
                            *tally.2.entry(op.clone()).or_default().entry(status).or_default() += n;
                        }
                    }
                }
                Err(why) => {
                    tally.1 += 1;
                    println!("test {shown} ... FAILED\n    {why}");
                }
            }
        }
    };
    match lanes {
        1 => lane().await,
        _ => {
            tokio::join!(lane(), lane());
        }
    }
    let (passed, failed) = tally.into_inner().map(|(passed, failed, _)| (passed, failed)).unwrap_or((0, 1));
    driver.stop().await;
    (passed, failed)
}

/// How many flows run at once in Chromium: CONSOLE_FLOWS_AT_ONCE (1 or 2), 2 when unset.
#[cfg(not(target_arch = "wasm32"))]
fn flows_at_once() -> usize {
    match std::env::var("CONSOLE_FLOWS_AT_ONCE").ok().and_then(|n| n.trim().parse::<usize>().ok()) {
        Some(1) => 1,
        _ => 2,
    }
}
