//! The harness's own check, run before any browser starts.

use std::net::TcpListener;

use cluster_sandbox::Config;

use crate::harness::{calls_at, panic_message, read_coverage};

/// Itself checked at the start of every suite run, with no browser: `calls` must fail the
/// flow, naming the URL, when the coverage cannot be read (a closed port, a 404, an answer
/// that is not coverage JSON), and count when it can; and the sandbox's own answer must read. Were
/// it to swallow the failure and answer 0, every "this call never happened" check would pass
/// whenever the read failed.
pub async fn self_check() -> Result<(), String> {
    // A port that was free a moment ago and has nothing listening on it now.
    let closed = {
        let listener = TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
        format!("http://{}", listener.local_addr().map_err(|e| e.to_string())?)
    };
    let not_found = serve_always("HTTP/1.1 404 Not Found\r\nContent-Length: 9\r\n\r\nnot found").await?;
    let not_json = serve_always("HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\n<html>").await?;
    let good = serve_always(
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \
         32\r\n\r\n{\"cluster.list\":{\"200\":3,\"5\":1}}",
    )
    .await?;
    // The panics below are expected: keep them out of the output.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut problems = Vec::new();
    for (what, base) in
        [("a closed port", &closed), ("a 404", &not_found), ("an answer that is not JSON", &not_json)]
    {
        let task = tokio::spawn(calls_at_owned(base.clone()));
        match task.await {
            Ok(n) => problems.push(format!("calls() answered {n} for {what} ({base}) instead of failing")),
            Err(e) if e.is_panic() => {
                let message = panic_message(e).unwrap_or_default();
                if !message.contains(&format!("{base}/sandbox/coverage")) {
                    problems.push(format!("calls() failed for {what} without naming the URL: {message:?}"));
                }
            }
            Err(e) => problems.push(format!("calls() for {what}: {e}")),
        }
    }
    let counted = tokio::spawn(async move {
        (calls_at(&good, "cluster.list", "200").await, calls_at(&good, "cluster.list", "404").await)
    })
    .await;
    std::panic::set_hook(hook);
    match counted {
        Ok((3, 0)) => {}
        Ok(other) => {
            problems.push(format!("calls() counted {other:?} instead of (3, 0) from readable coverage"))
        }
        Err(e) => problems.push(format!("calls() failed on readable coverage: {e}")),
    }
    // And the real sandbox's answer is one this reader takes (a plain JSON body, not chunked).
    let sandbox = cluster_sandbox::start(Config::default()).await.map_err(|e| format!("sandbox: {e}"))?;
    if let Err(e) = read_coverage(&sandbox.base_url()).await {
        problems.push(format!("the sandbox's own coverage cannot be read: {e}"));
    }
    sandbox.stop().await;
    if problems.is_empty() {
        Ok(())
    } else {
        Err(format!("the harness's calls() is broken:\n    {}", problems.join("\n    ")))
    }
}

async fn calls_at_owned(base: String) -> u64 {
    calls_at(&base, "cluster.list", "200").await
}

/// A local server that answers every connection with `answer` (a whole HTTP response) for
/// as long as the process runs; its base URL.
async fn serve_always(answer: &'static str) -> Result<String, String> {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.map_err(|e| e.to_string())?;
    let base = format!("http://{}", listener.local_addr().map_err(|e| e.to_string())?);
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            tokio::spawn(async move {
                // Read the request head, then answer and close.
                let mut head = Vec::new();
                let mut chunk = [0u8; 1024];
                while !head.windows(4).any(|w| w == b"\r\n\r\n") {
                    match stream.read(&mut chunk).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => head.extend_from_slice(&chunk[..n]),
                    }
                }
                let _ = stream.write_all(answer.as_bytes()).await;
                let _ = stream.shutdown().await;
            });
        }
    });
    Ok(base)
}
