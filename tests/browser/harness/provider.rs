//! The certified OpenID provider (scripts/oidc/provider.mjs, panva's oidc-provider from
//! .tools) as a child process of a flow: started on a free port for one console origin,
//! read through its test log, and killed when the flow ends (on drop too, should the flow's
//! set-up fail half-way).

use std::process::Stdio;
use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, Command};

use super::{WAIT, sandbox_json};

pub struct Provider {
    child: Child,
    /// `http://localhost:<port>`: the provider's origin (another site than the console's
    /// `127.0.0.1`, as a real identity server is).
    pub origin: String,
    /// `<origin>/realms/acme`, as its tokens' `iss` spell it.
    pub issuer: String,
}

impl Provider {
    /// Starts the provider for the console at `console_origin`, its access tokens valid for
    /// `access_ttl` seconds; Err says why (no node, no oidc-provider in .tools).
    pub async fn start(console_origin: &str, access_ttl: u64) -> Result<Provider, String> {
        let script = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/oidc/provider.mjs");
        let mut child = Command::new("node")
            .arg(&script)
            .args(["--console", console_origin, "--access-ttl", &access_ttl.to_string()])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("cannot run node {}: {e}", script.display()))?;
        let stdout = child.stdout.take().ok_or("the provider's output cannot be read")?;
        let mut line = String::new();
        let read = tokio::time::timeout(WAIT, BufReader::new(stdout).read_line(&mut line)).await;
        let started: Value = match read {
            Ok(Ok(n)) if n > 0 => serde_json::from_str(&line).map_err(|e| format!("{e}: {line}"))?,
            _ => {
                let _ = child.kill().await;
                return Err(format!(
                    "the provider did not start (is oidc-provider in .tools? run make setup): {line}"
                ));
            }
        };
        let (Some(port), Some(issuer)) = (started["port"].as_u64(), started["issuer"].as_str()) else {
            let _ = child.kill().await;
            return Err(format!("the provider said no port and issuer: {line}"));
        };
        Ok(Provider { child, origin: format!("http://localhost:{port}"), issuer: issuer.to_string() })
    }

    /// Stops the provider (its sessions and tokens live in its memory only).
    pub async fn stop(mut self) {
        let _ = self.child.kill().await;
    }
}

/// Every request the provider at `origin` answered so far (its `/_test/log`), oldest first.
pub async fn provider_log(origin: &str) -> Vec<Value> {
    // The provider listens on 127.0.0.1 under the name localhost.
    let at = origin.replace("//localhost:", "//127.0.0.1:");
    sandbox_json(&at, "/_test/log", "provider's log").await.unwrap_or_else(|e| panic!("{e}"))
}

/// Ends every session of the provider at `origin`, as a session timing out would.
pub async fn end_provider_sessions(origin: &str) {
    let authority = origin.trim_start_matches("http://").replace("localhost:", "127.0.0.1:");
    let exchange = async {
        let mut stream = tokio::net::TcpStream::connect(&authority).await.map_err(|e| e.to_string())?;
        let request = format!(
            "POST /_test/end-sessions HTTP/1.1\r\nHost: {authority}\r\nContent-Length: 0\r\nConnection: \
             close\r\n\r\n"
        );
        stream.write_all(request.as_bytes()).await.map_err(|e| e.to_string())?;
        let mut raw = String::new();
        stream.read_to_string(&mut raw).await.map_err(|e| e.to_string())?;
        Ok::<_, String>(raw)
    };
    match tokio::time::timeout(Duration::from_secs(5), exchange).await {
        Ok(Ok(raw)) if raw.starts_with("HTTP/1.1 200") && raw.contains("\"ended\":") => {}
        other => panic!("cannot end the provider's sessions: {other:?}"),
    }
}
