//! The consoles a flow is served: the release build in dist/, and copies of it made once
//! per run (prefetching off; the problem recorder loaded first, for engines without a
//! readable console log).

use std::path::{Path, PathBuf};

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
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("console-no-prefetch-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let made = copy_dir(&dist_dir(), &dir).and_then(|_| {
            let path = dir.join("config.json");
            let mut config: Value = serde_json::from_str(&std::fs::read_to_string(&path)?)?;
            config["prefetch"] = Value::Bool(false);
            std::fs::write(&path, config.to_string())
        });
        if let Err(e) = made {
            panic!("cannot prepare the console without prefetching in {}: {e}", dir.display());
        }
        dir
    })
    .clone()
}

/// For engines without a readable console log (Firefox, WebKit): `console_without_prefetch`
/// with the problem recorder (tests/browser/problems.js) as a file of its own, loaded by
/// index.html before anything else in its head. A file, not inline: the console's policy
/// forbids inline script, and the point is to run the console under its real policy. The
/// precompressed index.html copies go, or the sandbox would serve them instead.
pub fn console_with_recorder() -> PathBuf {
    static DIR: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("console-recorder-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let made = copy_dir(&console_without_prefetch(), &dir).and_then(|_| {
            std::fs::write(dir.join(RECORDER_FILE), include_str!("../problems.js"))?;
            let path = dir.join("index.html");
            let html = std::fs::read_to_string(&path)?;
            let tag = format!("<script src=/{RECORDER_FILE}></script>");
            let at =
                html.find("<title>").ok_or_else(|| std::io::Error::other("index.html has no <title>"))?;
            std::fs::write(&path, format!("{}{tag}{}", &html[..at], &html[at..]))?;
            for compressed in ["index.html.br", "index.html.gz"] {
                let _ = std::fs::remove_file(dir.join(compressed));
            }
            Ok(())
        });
        if let Err(e) = made {
            panic!("cannot prepare the console with the problem recorder in {}: {e}", dir.display());
        }
        dir
    })
    .clone()
}

/// The recorder's name in the served console.
pub const RECORDER_FILE: &str = "e2e-problems.js";

/// Copies a folder and everything in it (a console build with its pkg-<hash>/ folder).
pub use cluster_sandbox::testing::copy_dir;
