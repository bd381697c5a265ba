//! The sandbox read from this process (not the page, whose state could change the answer):
//! its coverage, and any JSON it serves under `/sandbox/`.

use super::{Coverage, WAIT};

/// How often the sandbox at `base` has answered `op` with `status`; panics, naming the URL
/// and the reason, when its coverage cannot be read or parsed. `Ctx::calls` is this.
pub async fn calls_at(base: &str, op: &str, status: &str) -> u64 {
    coverage_at(base).await.get(op).and_then(|s| s.get(status)).copied().unwrap_or(0)
}

/// The sandbox's coverage at `base`; panics, naming the URL and the reason, when it cannot
/// be read or parsed.
pub async fn coverage_at(base: &str) -> Coverage {
    read_coverage(base).await.unwrap_or_else(|e| panic!("{e}"))
}

/// `GET {base}/sandbox/coverage`, read from this process (not the page, so that the page's
/// state cannot change the answer): the coverage, or why it could not be read.
pub async fn read_coverage(base: &str) -> Result<Coverage, String> {
    sandbox_json(base, "/sandbox/coverage", "coverage").await
}

/// `GET {base}{path}` from this process, read as JSON: the answer, or why it could not be
/// read (`what` names it in the message).
pub async fn sandbox_json<T: serde::de::DeserializeOwned>(
    base: &str,
    path: &str,
    what: &str,
) -> Result<T, String> {
    // A minimal GET over a raw socket keeps the test free of an HTTP client crate.
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let url = format!("{base}{path}");
    let fail = |why: String| format!("cannot read the sandbox's {what} at {url}: {why}");
    let authority = base.strip_prefix("http://").ok_or_else(|| fail("not an http:// URL".into()))?;
    let exchange = async {
        let mut stream = tokio::net::TcpStream::connect(authority).await.map_err(|e| e.to_string())?;
        let request = format!("GET {path} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).await.map_err(|e| e.to_string())?;
        let mut raw = Vec::new();
        stream.read_to_end(&mut raw).await.map_err(|e| e.to_string())?;
        Ok::<_, String>(raw)
    };
    let raw = tokio::time::timeout(WAIT, exchange)
        .await
        .map_err(|_| fail(format!("no answer in {} s", WAIT.as_secs())))?
        .map_err(&fail)?;
    let raw = String::from_utf8_lossy(&raw);
    let (head, body) =
        raw.split_once("\r\n\r\n").ok_or_else(|| fail(format!("not an HTTP answer: {raw:.200}")))?;
    let status_line = head.lines().next().unwrap_or("");
    if status_line.split_whitespace().nth(1) != Some("200") {
        return Err(fail(format!("the sandbox answered {status_line:?}")));
    }
    let chunked = head.lines().any(|l| {
        l.split_once(':').is_some_and(|(n, v)| {
            n.eq_ignore_ascii_case("transfer-encoding") && v.to_ascii_lowercase().contains("chunked")
        })
    });
    if chunked {
        return Err(fail("a chunked answer, which this reader does not decode".into()));
    }
    serde_json::from_str(body).map_err(|e| fail(format!("not {what} JSON ({e}): {body:.200}")))
}
