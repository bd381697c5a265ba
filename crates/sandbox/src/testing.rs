//! For the workspace's tests, not for users of the sandbox: the console's build served by a
//! real web server in front of a sandbox, as the README's "Deploying dist/" says. Both the
//! sandbox's HTTP tests (tests/http/deploy.rs: headers, compression, the proxy) and the
//! browser flows (tests/browser/flows/deploy.rs: a person signing in through it) start
//! Debian's nginx with this module, so there is one way to do it.
//!
//! Each server runs from a scratch folder of its own (its configuration, certificate, pid
//! file, logs and state there, never the system's) and is stopped by a guard's Drop when the
//! test ends, pass or fail: SIGTERM, then SIGKILL after 5 s; the folder is removed after.
//! Everything here blocks its thread (child processes, curl): from async code, call it
//! through `tokio::task::spawn_blocking`. Failures are errors naming what to run.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// What installs the servers and tools the deploy tests need.
pub const SETUP: &str = "`make setup` installs them (nginx, libnginx-mod-http-brotli-static, caddy, openssl)";
/// Debian's brotli_static module for nginx (libnginx-mod-http-brotli-static).
pub const BROTLI_MODULE: &str = "/usr/lib/nginx/modules/ngx_http_brotli_static_module.so";

/// The workspace's root (the console's crate), where scripts/ and dist/ are.
pub fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// A program on PATH (or in /usr/sbin, where Debian puts nginx), or an error naming
/// `make setup`.
pub fn tool(name: &str) -> Result<PathBuf, String> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&path)
        .chain([PathBuf::from("/usr/sbin"), PathBuf::from("/sbin")])
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
        .ok_or_else(|| format!("{name} is not installed: {SETUP}"))
}

/// A port free a moment ago on 127.0.0.1.
pub fn free_port() -> Result<u16, String> {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|addr| addr.port())
        .map_err(|e| format!("no free port: {e}"))
}

/// Runs `command` to its end; an error with its output unless it succeeded.
pub fn run(command: &mut Command, what: &str) -> Result<(), String> {
    let output = command.output().map_err(|e| format!("{what}: {e}"))?;
    if output.status.success() {
        Ok(())
    } else {
        Err(format!(
            "{what} failed: {}{}",
            String::from_utf8_lossy(&output.stdout),
            String::from_utf8_lossy(&output.stderr)
        ))
    }
}

/// A folder of the test's own, removed when dropped.
pub struct Scratch(PathBuf);

impl Scratch {
    /// `$TMPDIR/deploy-<name>-<pid>`, emptied first.
    pub fn new(name: &str) -> Result<Scratch, String> {
        let dir = std::env::temp_dir().join(format!("deploy-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).map_err(|e| format!("scratch folder {}: {e}", dir.display()))?;
        Ok(Scratch(dir))
    }

    pub fn dir(&self) -> &Path {
        &self.0
    }

    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// A server process, stopped when dropped (pass or fail).
pub struct Server {
    child: Child,
    name: &'static str,
    log: PathBuf,
}

impl Server {
    /// Guards `child`; `log` is the file its failures are read from.
    pub fn new(child: Child, name: &'static str, log: PathBuf) -> Server {
        Server { child, name, log }
    }

    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Waits until `url` answers over TLS (the certificate not checked), or fails with the
    /// server's log.
    pub fn wait_for(&mut self, url: &str) -> Result<(), String> {
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Ok(Some(status)) = self.child.try_wait() {
                return Err(format!("{} exited at start ({status}):\n{}", self.name, self.log()));
            }
            let up = Command::new("curl")
                .args(["-sk", "-o", "/dev/null", "--max-time", "2", url])
                .status()
                .is_ok_and(|s| s.success());
            if up {
                return Ok(());
            }
            if Instant::now() >= deadline {
                return Err(format!("{} did not answer at {url}:\n{}", self.name, self.log()));
            }
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

/// Copies a folder and everything in it.
pub fn copy_dir(from: &Path, to: &Path) -> std::io::Result<()> {
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

/// `scratch`/dist: a copy of the build in `dist` whose deploy/ configurations proxy to
/// `upstream` (the build writes them with the default upstream; the same script, run
/// again, names the test's sandbox).
pub fn console_copy(scratch: &Scratch, dist: &Path, upstream: &str) -> Result<PathBuf, String> {
    let copy = scratch.path("dist");
    copy_dir(dist, &copy).map_err(|e| format!("copy {}: {e}", dist.display()))?;
    run(
        Command::new("node")
            .arg(workspace().join("scripts/deploy-configs.mjs"))
            .arg(&copy)
            .args(["--upstream", upstream]),
        "node scripts/deploy-configs.mjs",
    )?;
    Ok(copy)
}

fn is_root() -> bool {
    Command::new("id").arg("-u").output().is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// Debian's nginx serving a copy of a console build over HTTP/2 and TLS (a self-signed
/// certificate for localhost) with the build's generated deploy/nginx.conf, its service
/// paths proxied to a sandbox. Dropping it stops nginx, then removes its folder.
pub struct Nginx {
    // Declared first, so dropped first: nginx stops before its folder goes.
    server: Server,
    scratch: Scratch,
    /// `https://localhost:<port>`.
    pub base: String,
    /// The served copy of the build (`scratch`/dist).
    pub root: PathBuf,
}

impl Nginx {
    /// Copies `dist` into a scratch folder named after `name`, fills its deploy/nginx.conf
    /// for `upstream` (a sandbox's `http://127.0.0.1:<port>`, started with `trust_proxy` so
    /// that the public origin is nginx's), writes the server block around it as the README
    /// shows, starts nginx and waits until it answers.
    pub fn start(name: &str, dist: &Path, upstream: &str) -> Result<Nginx, String> {
        let nginx = tool("nginx")?;
        let openssl = tool("openssl")?;
        tool("curl")?;
        if !Path::new(BROTLI_MODULE).is_file() {
            return Err(format!("nginx's brotli_static module is missing: {SETUP}"));
        }
        let scratch = Scratch::new(name)?;
        let root = console_copy(&scratch, dist, upstream)?;
        run(
            Command::new(openssl)
                .args([
                    "req",
                    "-x509",
                    "-newkey",
                    "rsa:2048",
                    "-nodes",
                    "-subj",
                    "/CN=localhost",
                    "-days",
                    "2",
                ])
                .arg("-keyout")
                .arg(scratch.path("key.pem"))
                .arg("-out")
                .arg(scratch.path("cert.pem")),
            "openssl req",
        )?;
        let port = free_port()?;
        let s = |name: &str| scratch.path(name).display().to_string();
        // The server block a deployment writes around the generated file (README).
        let conf = format!(
            "{user}worker_processes 1;\ndaemon off;\npid {pid};\nerror_log {log} info;\n\
             load_module {BROTLI_MODULE};\nevents {{ worker_connections 64; }}\n\
             http {{\n  include /etc/nginx/mime.types;\n  default_type application/octet-stream;\n\
             \x20 access_log {access};\n  client_body_temp_path {tmp}/body;\n  proxy_temp_path {tmp}/proxy;\n\
             \x20 fastcgi_temp_path {tmp}/fastcgi;\n  uwsgi_temp_path {tmp}/uwsgi;\n  scgi_temp_path \
             {tmp}/scgi;\n\
             \x20 server {{\n    listen 127.0.0.1:{port} ssl http2;\n    server_name localhost;\n\
             \x20   ssl_certificate {cert};\n    ssl_certificate_key {key};\n    root {root};\n\
             \x20   include {root}/deploy/nginx.conf;\n  }}\n}}\n",
            user = if is_root() { "user root;\n" } else { "" },
            pid = s("nginx.pid"),
            log = s("error.log"),
            access = s("access.log"),
            tmp = scratch.dir().display(),
            cert = s("cert.pem"),
            key = s("key.pem"),
            root = root.display(),
        );
        std::fs::write(scratch.path("nginx.conf"), conf).map_err(|e| format!("nginx.conf: {e}"))?;
        let stderr =
            std::fs::File::create(scratch.path("stderr.log")).map_err(|e| format!("stderr.log: {e}"))?;
        let child = Command::new(nginx)
            .arg("-c")
            .arg(scratch.path("nginx.conf"))
            .arg("-p")
            .arg(scratch.dir())
            .stdout(Stdio::null())
            .stderr(stderr)
            .spawn()
            .map_err(|e| format!("cannot start nginx ({e}): {SETUP}"))?;
        let mut server = Server::new(child, "nginx", scratch.path("error.log"));
        let base = format!("https://localhost:{port}");
        server.wait_for(&format!("{base}/"))?;
        Ok(Nginx { server, scratch, base, root })
    }

    /// The scratch folder nginx runs from (a test may keep files of its own there).
    pub fn scratch(&self) -> &Scratch {
        &self.scratch
    }

    /// nginx's error log so far.
    pub fn log(&self) -> String {
        self.server.log()
    }
}
