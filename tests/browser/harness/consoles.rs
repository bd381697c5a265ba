//! The consoles a flow is served: the release build in dist/, and copies of it made once
//! per run (prefetching off; the problem recorder loaded first, for engines without a
//! readable console log).

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::Value;

pub fn dist_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("dist")
}

/// The build in dist/ with prefetching turned off in its config.json, made once per run:
/// what flows get unless they name a console of their own. Prefetching fetches a screen's
/// code when the page is idle, so a flow that fails the next module download, or counts a
/// click's downloads, would otherwise race it. The navigation flows test prefetching on
/// dist/ itself.
pub fn console_without_prefetch() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    copied_once(&DIR, "console-no-prefetch", dist_dir, "without prefetching", |dir| {
        let path = dir.join("config.json");
        let mut config: Value = serde_json::from_str(&std::fs::read_to_string(&path)?)?;
        config["prefetch"] = Value::Bool(false);
        std::fs::write(&path, config.to_string())
    })
}

/// For engines without a readable console log (Firefox, WebKit): `console_without_prefetch`
/// with the problem recorder (tests/browser/problems.js) as a file of its own, loaded by
/// index.html before anything else in its head. A file, not inline: the console's policy
/// forbids inline script, and the point is to run the console under its real policy. The
/// precompressed index.html copies go, or the sandbox would serve them instead.
pub fn console_with_recorder() -> PathBuf {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    copied_once(&DIR, "console-recorder", console_without_prefetch, "with the problem recorder", |dir| {
        std::fs::write(dir.join(RECORDER_FILE), include_str!("../problems.js"))?;
        let path = dir.join("index.html");
        let html = std::fs::read_to_string(&path)?;
        let tag = format!("<script src=/{RECORDER_FILE}></script>");
        let at = html.find("<title>").ok_or_else(|| std::io::Error::other("index.html has no <title>"))?;
        std::fs::write(&path, format!("{}{tag}{}", &html[..at], &html[at..]))?;
        for compressed in ["index.html.br", "index.html.gz"] {
            let _ = std::fs::remove_file(dir.join(compressed));
        }
        Ok(())
    })
}

/// A copy of the console `from` gives, made once per run (kept in `made`) in a temporary
/// folder named `name` and this process, then changed by `edit`; `what` names the copy in
/// the panic should preparing it fail.
fn copied_once(
    made: &'static OnceLock<PathBuf>,
    name: &str,
    from: fn() -> PathBuf,
    what: &str,
    edit: impl FnOnce(&Path) -> std::io::Result<()>,
) -> PathBuf {
    made.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        if let Err(e) = copy_dir(&from(), &dir).and_then(|_| edit(&dir)) {
            panic!("cannot prepare the console {what} in {}: {e}", dir.display());
        }
        dir
    })
    .clone()
}

/// The recorder's name in the served console.
pub const RECORDER_FILE: &str = "e2e-problems.js";

/// Copies a folder and everything in it (a console build with its pkg-<hash>/ folder).
pub use cluster_sandbox::testing::copy_dir;
