//! The shipped server configurations (deploy/, filled into dist/deploy/ by the build's
//! scripts/deploy-configs.mjs) in the servers they are for: Debian's nginx and Caddy, over
//! TLS and HTTP/2, serving a copy of dist/ and proxying the service's paths to an in-process
//! sandbox started with --trust-proxy. The checks are the README's "Deploying dist/".
//!
//! Each server runs from a scratch folder (its configuration, certificate, pid file, logs and
//! state there, never the system's) and is stopped by a guard's Drop when the test ends,
//! pass or fail: SIGTERM, then SIGKILL after 5 s. Nothing is skipped: without dist/ (or
//! $DIST) or without the servers, the test fails and says what to run.

use cluster_sandbox::{Config, Running};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const SETUP: &str = "`make setup` installs them (nginx, libnginx-mod-http-brotli-static, caddy, openssl)";
const BROTLI_MODULE: &str = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The release build: $DIST, or the workspace's dist/.
fn dist() -> PathBuf {
    let dir = std::env::var_os("DIST").map(PathBuf::from).unwrap_or_else(|| workspace().join("dist"));
    for file in ["index.html", "_headers", "config.json"] {
        assert!(
            dir.join(file).is_file(),
            "{} has no {file}: run `make build` first (or set DIST to a release build)",
            dir.display()
        );
    }
    dir
}

/// A program on PATH (or in /usr/sbin, where Debian puts nginx), or a failure naming `make setup`.
fn tool(name: &str) -> PathBuf {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/sbin"), PathBuf::from("/sbin")])
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
        .unwrap_or_else(|| panic!("{name} is not installed: {SETUP}"))
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|addr| addr.port())
        .expect("a free port")
}

fn run(command: &mut Command, what: &str) {
    let output = command.output().unwrap_or_else(|e| panic!("{what}: {e}"));
    assert!(
        output.status.success(),
        "{what} failed: {}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

/// A folder of the test's own, removed when the test ends.
struct Scratch(PathBuf);

impl Scratch {
    fn new(name: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!("deploy-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("scratch folder");
        Scratch(dir)
    }

    fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A server process, stopped when dropped (pass or fail).
struct Server {
    child: Child,
    name: &'static str,
    log: PathBuf,
}

impl Server {
    fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Waits until `url` answers over TLS, or fails with the server's log.
    fn wait_for(&mut self, url: &str) {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                panic!("{} exited at start ({status}):\n{}", self.name, self.log());
            }
            let up = Command::new("curl")
                .args(["-sk", "-o", "/dev/null", "--max-time", "2", url])
                .status()
                .is_ok_and(|s| s.success());
            if up {
                return;
            }
            assert!(Instant::now() < deadline, "{} did not answer at {url}:\n{}", self.name, self.log());
            std::thread::sleep(Duration::from_millis(100));
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        // SIGTERM: nginx's master stops its workers, Caddy shuts down; SIGKILL if they hang.
        let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        let deadline = Instant::now() + Duration::from_secs(5);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A copy of dist/ whose deploy/ configurations proxy to `upstream` (the build writes them
/// with the default upstream; the same script, run again, names the test's sandbox).
fn console_copy(scratch: &Scratch, upstream: &str) -> PathBuf {
    let copy = scratch.path("dist");
    copy_dir(&dist(), &copy).expect("copy dist/");
    run(
        Command::new("node")
            .arg(workspace().join("scripts/deploy-configs.mjs"))
            .arg(&copy)
            .args(["--upstream", upstream]),
        "node scripts/deploy-configs.mjs",
    );
    copy
}

fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(to)?;
    for entry in std::fs::read_dir(from)? {
        let entry = entry?;
        if entry.file_type()?.is_dir() {
            copy_dir(&entry.path(), &to.join(entry.file_name()))?;
        } else {
            std::fs::copy(entry.path(), to.join(entry.file_name()))?;
        }
    }
    Ok(())
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

fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

// Multi-threaded: the checks block their thread on curl while the sandbox answers the proxy.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nginx_serves_dist_over_http2_as_the_readme_says() {
    let nginx = tool("nginx");
    let openssl = tool("openssl");
    assert!(Path::new(BROTLI_MODULE).is_file(), "nginx's brotli_static module is missing: {SETUP}");
    let _ = tool("curl");
    let (_sandbox, upstream) = sandbox().await;
    let scratch = Scratch::new("nginx");
    let copy = console_copy(&scratch, &upstream);
    run(
        Command::new(openssl)
            .args(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-days", "2"])
            .arg("-keyout")
            .arg(scratch.path("key.pem"))
            .arg("-out")
            .arg(scratch.path("cert.pem")),
        "openssl req",
    );
    let port = free_port();
    let s = |name: &str| scratch.path(name).display().to_string();
    // The server block a deployment writes around the generated file (README).
    let conf = format!(
        "{user}worker_processes 1;\ndaemon off;\npid {pid};\nerror_log {log} info;\n\
         load_module {BROTLI_MODULE};\nevents {{ worker_connections 64; }}\n\
         http {{\n  include /etc/nginx/mime.types;\n  default_type application/octet-stream;\n\
         \x20 access_log {access};\n  client_body_temp_path {tmp}/body;\n  proxy_temp_path {tmp}/proxy;\n\
         \x20 fastcgi_temp_path {tmp}/fastcgi;\n  uwsgi_temp_path {tmp}/uwsgi;\n  scgi_temp_path {tmp}/scgi;\n\
         \x20 server {{\n    listen 127.0.0.1:{port} ssl http2;\n    server_name localhost;\n\
         \x20   ssl_certificate {cert};\n    ssl_certificate_key {key};\n    root {root};\n\
         \x20   include {root}/deploy/nginx.conf;\n  }}\n}}\n",
        user = if is_root() { "user root;\n" } else { "" },
        pid = s("nginx.pid"),
        log = s("error.log"),
        access = s("access.log"),
        tmp = scratch.0.display(),
        cert = s("cert.pem"),
        key = s("key.pem"),
        root = copy.display(),
    );
    std::fs::write(scratch.path("nginx.conf"), conf).expect("nginx.conf");
    let child = Command::new(nginx)
        .arg("-c")
        .arg(scratch.path("nginx.conf"))
        .arg("-p")
        .arg(&scratch.0)
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(scratch.path("stderr.log")).expect("log"))
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start nginx ({e}): {SETUP}"));
    let mut server = Server { child, name: "nginx", log: scratch.path("error.log") };
    let base = format!("https://localhost:{port}");
    server.wait_for(&format!("{base}/"));
    check_console(&scratch, "nginx", &base, &copy);
    check_proxy(&scratch, "nginx", &base);
    drop(server);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn caddy_serves_dist_over_http2_as_the_readme_says() {
    let caddy = tool("caddy");
    let _ = tool("curl");
    let (_sandbox, upstream) = sandbox().await;
    let scratch = Scratch::new("caddy");
    let copy = console_copy(&scratch, &upstream);
    let (https, http) = (free_port(), free_port());
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
        .env("HOME", &scratch.0)
        .env("XDG_DATA_HOME", scratch.path("xdg-data"))
        .env("XDG_CONFIG_HOME", scratch.path("xdg-config"))
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(scratch.path("caddy.log")).expect("log"))
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start caddy ({e}): {SETUP}"));
    let mut server = Server { child, name: "caddy", log: scratch.path("caddy.log") };
    server.wait_for(&format!("{base}/"));
    check_console(&scratch, "caddy", &base, &copy);
    check_proxy(&scratch, "caddy", &base);
    drop(server);
}
