//! Serving the built console as a single-page app.

use crate::common::Harness;
use cluster_sandbox::Config;
use reqwest::{Method, StatusCode};

#[tokio::test]
async fn serves_files_and_falls_back_to_index_html() {
    let dir = std::env::temp_dir().join(format!("sandbox-console-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    std::fs::write(dir.join("index.html"), "<html>console</html>").expect("index");
    std::fs::write(dir.join("config.json"), r#"{"env":"sandbox"}"#).expect("config");
    let h = Harness::with(Config { console_dir: Some(dir.clone()), ..Config::default() }).await;

    for (path, body) in [("/", "<html>console</html>"), ("/config.json", r#"{"env":"sandbox"}"#), ("/clusters/abc", "<html>console</html>")] {
        let reply = h.raw(Method::GET, path, None).await;
        assert_eq!(reply.status, StatusCode::OK, "{path}");
        assert_eq!(reply.body, body, "{path}");
    }
    // The API keeps its JSON 404s.
    let reply = h.raw(Method::GET, "/v2/nope", None).await;
    assert_eq!(reply.status, StatusCode::NOT_FOUND);
    let _ = std::fs::remove_dir_all(dir);
}
