//! The shipped server configurations (deploy/, filled into dist/deploy/ by the build's
//! scripts/deploy-configs.mjs) in the servers they are for: Debian's nginx and Caddy, over
//! TLS and HTTP/2, serving a copy of dist/ and proxying the service's paths to an in-process
//! sandbox started with --trust-proxy. The checks are the README's "Deploying dist/".
//!
//! Each server runs from a scratch folder (its configuration, certificate, pid file, logs and
//! state there, never the system's) and is stopped by a guard's Drop when the test ends,
//! pass or fail: SIGTERM, then SIGKILL after 5 s. Nothing is skipped: without dist/ (or
//! $DIST) or without the servers, the test fails and says what to run. Starting nginx, the
//! scratch folder and the guard are `cluster_sandbox::testing`'s, shared with the browser
//! flow that signs in through nginx (tests/browser/flows/deploy.rs).

use cluster_sandbox::testing::{Nginx, Scratch, Server, console_copy, free_port, tool};
use cluster_sandbox::{Config, Running};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// A failure of the shared deploy helpers (cluster_sandbox::testing), as this test's panic.
fn or_fail<T>(result: Result<T, String>) -> T {
    result.unwrap_or_else(|e| panic!("{e}"))
}

/// The release build: $DIST, or the workspace's dist/.
fn dist() -> PathBuf {
    let dir = std::env::var_os("DIST")
        .map(PathBuf::from)
        .unwrap_or_else(|| cluster_sandbox::testing::workspace().join("dist"));
    for file in ["index.html", "_headers", "config.json"] {
        assert!(
            dir.join(file).is_file(),
            "{} has no {file}: run `make build` first (or set DIST to a release build)",
            dir.display()
        );
    }
    dir
}

/// The build's security headers, as `_headers` lists them for `/*`.
fn security_headers(dist: &Path) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(dist.join("_headers")).expect("_headers");
    let headers: Vec<(String, String)> = text
        .lines()
        .filter(|line| line.starts_with(char::is_whitespace))
        .filter_map(|line| line.trim().split_once(':'))
        .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_string()))
        .collect();
    assert!(headers.iter().any(|(name, _)| name == "content-security-policy"), "{text}");
    headers
}

struct Answer {
    version: String,
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// GET over HTTP/2 (TLS, the certificate not checked), `Accept-Encoding` as given.
fn get(scratch: &Scratch, url: &str, encoding: Option<&str>) -> Answer {
    let body = scratch.path("answer.out");
    let mut command = Command::new("curl");
    command.args(["-sk", "--http2", "--max-time", "10", "-D", "-", "-o"]).arg(&body).arg(url);
    if let Some(encoding) = encoding {
        command.args(["-H", &format!("Accept-Encoding: {encoding}")]);
    }
    let output = command.stderr(Stdio::inherit()).output().expect("curl runs");
    assert!(output.status.success(), "curl {url} failed: {}", output.status);
    let text = String::from_utf8_lossy(&output.stdout).to_string();
    let mut lines = text.lines();
    let status_line = lines.next().unwrap_or_default().to_string();
    let mut parts = status_line.split_whitespace();
    let version = parts.next().unwrap_or_default().to_string();
    let status = parts.next().and_then(|s| s.parse().ok()).unwrap_or(0);
    let headers = lines
        .filter_map(|line| line.split_once(':'))
        .map(|(name, value)| (name.trim().to_ascii_lowercase(), value.trim().to_string()))
        .collect();
    Answer { version, status, headers, body: std::fs::read(&body).unwrap_or_default() }
}

/// The README's "Deploying dist/", checked against a server at `base` serving `copy`.
fn check_console(scratch: &Scratch, server: &str, base: &str, copy: &Path) {
    let security = security_headers(copy);
    let index = std::fs::read(copy.join("index.html")).expect("index.html");
    let secured = |answer: &Answer, what: &str| {
        assert_eq!(answer.version, "HTTP/2", "{server} {what}: not HTTP/2");
        for (name, value) in &security {
            assert_eq!(answer.header(name), Some(value.as_str()), "{server} {what}: {name}");
        }
    };

    for (path, what) in [("/", "the page"), ("/clusters/x", "a deep link"), ("/index.html", "index.html")] {
        let answer = get(scratch, &format!("{base}{path}"), None);
        assert_eq!(answer.status, 200, "{server} {what}");
        secured(&answer, what);
        assert_eq!(answer.header("cache-control"), Some("no-cache"), "{server} {what}");
        assert!(answer.header("content-type").is_some_and(|t| t.starts_with("text/html")), "{server} {what}");
        assert_eq!(answer.body, index, "{server} {what}: not index.html");
        let compressed = get(scratch, &format!("{base}{path}"), Some("br"));
        assert_eq!(compressed.header("content-encoding"), Some("br"), "{server} {what}");
        assert_eq!(compressed.header("cache-control"), Some("no-cache"), "{server} {what}, compressed");
    }

    let config = get(scratch, &format!("{base}/config.json"), Some("br, gzip"));
    assert_eq!(config.status, 200, "{server} config.json");
    secured(&config, "config.json");
    assert_eq!(config.header("cache-control"), Some("no-cache"), "{server} config.json");

    let pkg = std::fs::read_dir(copy)
        .expect("dist")
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().to_string())
        .find(|name| name.starts_with("pkg-"))
        .expect("dist/ has a pkg-<hash>/ folder");
    let wasm = format!("{base}/{pkg}/cluster-console_bg.wasm");
    for (encoding, sibling) in [("br", "br"), ("gzip", "gz")] {
        let answer = get(scratch, &wasm, Some(encoding));
        let what = format!("the wasm ({encoding})");
        assert_eq!(answer.status, 200, "{server} {what}");
        secured(&answer, &what);
        assert_eq!(answer.header("content-type"), Some("application/wasm"), "{server} {what}");
        assert_eq!(answer.header("content-encoding"), Some(encoding), "{server} {what}");
        assert_eq!(answer.header("cache-control"), Some(IMMUTABLE), "{server} {what}");
        assert!(
            answer.header("vary").is_some_and(|v| v.to_ascii_lowercase().contains("accept-encoding")),
            "{server} {what}: Vary {:?}",
            answer.header("vary")
        );
        let file = std::fs::read(copy.join(&pkg).join(format!("cluster-console_bg.wasm.{sibling}")));
        assert_eq!(Some(answer.body), file.ok(), "{server} {what}: not the build's .{sibling}");
    }
    let plain = get(scratch, &wasm, None);
    assert_eq!(plain.header("content-type"), Some("application/wasm"), "{server} the wasm, uncompressed");
    assert_eq!(plain.header("content-encoding"), None, "{server} the wasm, uncompressed");

    let css = std::fs::read_dir(copy)
        .expect("dist")
        .filter_map(Result::ok)
        .map(|entry| entry.file_name().to_string_lossy().to_string())
        .find(|name| name.starts_with("console-") && name.ends_with(".css"))
        .expect("dist/ has console-<hash>.css");
    let answer = get(scratch, &format!("{base}/{css}"), None);
    assert_eq!(answer.status, 200, "{server} {css}");
    secured(&answer, &css);
    assert_eq!(answer.header("cache-control"), Some(IMMUTABLE), "{server} {css}");

    for missing in
        ["/pkg-0000000000000000/x.wasm", &format!("/{pkg}/missing.js"), "/missing.js", "/deploy/nginx.conf"]
    {
        let answer = get(scratch, &format!("{base}{missing}"), None);
        assert_eq!(answer.status, 404, "{server} {missing} must be 404, not index.html");
        secured(&answer, missing);
        assert_ne!(
            answer.header("cache-control"),
            Some(IMMUTABLE),
            "{server} {missing}: a 404 cached for a year"
        );
        assert_ne!(answer.body, index, "{server} {missing}");
    }
}

/// The service's paths through the server: the sandbox (--trust-proxy) sees the public
/// origin in the forwarded headers, so its issuer is the server's and a redirect back to
/// the console's https origin is allowed (it was refused as "Invalid parameter: redirect_uri").
fn check_proxy(scratch: &Scratch, server: &str, base: &str) {
    let discovery = get(scratch, &format!("{base}{}", cluster_api::identity::DISCOVERY_PATH), None);
    assert_eq!(discovery.status, 200, "{server} discovery");
    let doc: serde_json::Value = serde_json::from_slice(&discovery.body).expect("discovery JSON");
    assert_eq!(
        doc["issuer"],
        format!("{base}/auth/realms/self"),
        "{server}: the issuer is the public origin"
    );
    assert_ne!(
        discovery.header("content-security-policy"),
        security_headers(&scratch.path("dist")).first().map(|(_, v)| v.as_str()),
        "{server}: the console's policy is not added to the service's answers"
    );

    let query = serde_urlencoded::to_string([
        ("client_id", cluster_api::identity::CONSOLE_CLIENT_ID),
        ("redirect_uri", &format!("{base}/")),
        ("response_type", "code"),
        ("state", "s"),
        ("code_challenge", crate::signin::CHALLENGE),
        ("code_challenge_method", "S256"),
    ])
    .expect("query");
    let login = get(scratch, &format!("{base}{}?{query}", cluster_api::identity::AUTH_PATH), None);
    let body = String::from_utf8_lossy(&login.body);
    assert_eq!(login.status, 200, "{server} the login page for {base}/: {body}");
    assert!(body.contains("name=\"password\""), "{server}: {body}");

    let stripe = get(scratch, &format!("{base}/sandbox/stripe.js"), None);
    assert_eq!(stripe.status, 200, "{server} /sandbox/stripe.js");
    let api = get(scratch, &format!("{base}/v2/orgs"), None);
    assert_eq!(api.status, 401, "{server} /v2/ reaches the API (no token: 401)");
}

async fn sandbox() -> (Running, String) {
    let running = cluster_sandbox::start(Config { trust_proxy: true, ..Config::default() })
        .await
        .expect("sandbox starts");
    let url = running.base_url();
    (running, url)
}

// Multi-threaded: the checks block their thread on curl while the sandbox answers the proxy.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nginx_serves_dist_over_http2_as_the_readme_says() {
    let (_sandbox, upstream) = sandbox().await;
    let nginx = or_fail(Nginx::start("nginx", &dist(), &upstream));
    check_console(nginx.scratch(), "nginx", &nginx.base, &nginx.root);
    check_proxy(nginx.scratch(), "nginx", &nginx.base);
    drop(nginx);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn caddy_serves_dist_over_http2_as_the_readme_says() {
    let caddy = or_fail(tool("caddy"));
    or_fail(tool("curl"));
    let (_sandbox, upstream) = sandbox().await;
    let scratch = or_fail(Scratch::new("caddy"));
    let copy = or_fail(console_copy(&scratch, &dist(), &upstream));
    let (https, http) = (or_fail(free_port()), or_fail(free_port()));
    // The generated Caddyfile as it is, imported after the test's global options: its own
    // ports, state in the scratch folder, no admin endpoint, and Caddy's internal CA for
    // localhost without installing its root anywhere.
    let conf = format!(
        "{{\n\tadmin off\n\thttp_port {http}\n\thttps_port {https}\n\tskip_install_trust\n\
         \tauto_https disable_redirects\n\tstorage file_system {data}\n}}\nimport {root}/deploy/Caddyfile\n",
        data = scratch.path("data").display(),
        root = copy.display(),
    );
    std::fs::write(scratch.path("Caddyfile"), conf).expect("Caddyfile");
    let base = format!("https://localhost:{https}");
    let child = Command::new(caddy)
        .args(["run", "--adapter", "caddyfile", "--config"])
        .arg(scratch.path("Caddyfile"))
        .env("CONSOLE_SITE", &base)
        .env("CONSOLE_ROOT", &copy)
        .env_remove("CONSOLE_UPSTREAM")
        .env("HOME", scratch.dir())
        .env("XDG_DATA_HOME", scratch.path("xdg-data"))
        .env("XDG_CONFIG_HOME", scratch.path("xdg-config"))
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(scratch.path("caddy.log")).expect("log"))
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start caddy ({e}): {}", cluster_sandbox::testing::SETUP));
    let mut server = Server::new(child, "caddy", scratch.path("caddy.log"));
    or_fail(server.wait_for(&format!("{base}/")));
    check_console(&scratch, "caddy", &base, &copy);
    check_proxy(&scratch, "caddy", &base);
    drop(server);
}
