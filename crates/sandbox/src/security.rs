//! Security headers. The console gets the ones its build computed (`dist/_headers`, written
//! by scripts/headers.mjs from config.json and index.html), exactly as a deployment would
//! serve them; the sandbox's own server-rendered pages (hosted checkout, card setup, the
//! identity login page) get a policy of their own; the API's answers are never cached.

use axum::extract::{Request, State};
use axum::http::{HeaderName, HeaderValue, header};
use axum::middleware::Next;
use axum::response::Response;
use base64::Engine;
use sha2::{Digest, Sha256};
use std::path::Path;
use std::sync::Arc;

/// Headers to put on every response of a group.
pub type HeaderSet = Arc<Vec<(HeaderName, HeaderValue)>>;

/// The file the build writes beside index.html.
pub const HEADERS_FILE: &str = "_headers";

/// Reads `_headers` (Netlify's format, the subset the build writes: a `/*` section of
/// indented `Name: value` lines, `#` comments).
pub fn parse_headers_file(text: &str) -> Result<Vec<(HeaderName, HeaderValue)>, String> {
    let mut out = Vec::new();
    let mut in_all = false;
    for (number, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.is_empty() || trimmed.starts_with('#') {
            continue;
        }
        if !line.starts_with(char::is_whitespace) {
            // A path pattern: the build writes only `/*`, for every file.
            in_all = trimmed == "/*";
            if !in_all {
                return Err(format!("line {}: only the /* section is supported, not {trimmed}", number + 1));
            }
            continue;
        }
        if !in_all {
            return Err(format!("line {}: a header before any /* section", number + 1));
        }
        let (name, value) =
            trimmed.split_once(':').ok_or_else(|| format!("line {}: expected `Name: value`", number + 1))?;
        let name = HeaderName::try_from(name.trim()).map_err(|e| format!("line {}: {e}", number + 1))?;
        let value = HeaderValue::try_from(value.trim()).map_err(|e| format!("line {}: {e}", number + 1))?;
        out.push((name, value));
    }
    if !out.iter().any(|(name, _)| name == header::CONTENT_SECURITY_POLICY) {
        return Err("it sets no Content-Security-Policy".to_string());
    }
    Ok(out)
}

/// The console build's headers; a console without them is refused, so it is never served
/// without its policy (an older build: rebuild it).
pub fn console_headers(dir: &Path) -> Result<HeaderSet, String> {
    let path = dir.join(HEADERS_FILE);
    let text = std::fs::read_to_string(&path).map_err(|e| {
        format!(
            "cannot read {} ({e}): it holds the console's security headers; rebuild the console (trunk \
             build)",
            path.display()
        )
    })?;
    parse_headers_file(&text).map(Arc::new).map_err(|e| format!("{} is not valid: {e}", path.display()))
}

/// `'sha256-…'` of an inline `<style>` or `<script>` body, as CSP spells hashes.
pub fn csp_hash(body: &str) -> String {
    let digest = Sha256::digest(body.as_bytes());
    format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(digest))
}

/// The sandbox's own pages: no script at all, only their one inline stylesheet (`style`,
/// allowed by its hash), forms posting to the sandbox, and redirects after a form back to
/// the console (its origin is the sandbox's, or one of `--allow-origin`'s).
pub fn page_headers(allowed_origins: &[String], style: &str) -> HeaderSet {
    let mut form_action = String::from("'self'");
    for origin in allowed_origins {
        form_action.push(' ');
        form_action.push_str(origin);
    }
    let policy = format!(
        "default-src 'none'; style-src {}; img-src 'self' data:; form-action {form_action}; \
         frame-ancestors 'none'; base-uri 'none'",
        csp_hash(style)
    );
    let mut out = common();
    if let Ok(value) = HeaderValue::try_from(policy) {
        out.push((header::CONTENT_SECURITY_POLICY, value));
    }
    Arc::new(out)
}

fn common() -> Vec<(HeaderName, HeaderValue)> {
    vec![
        (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        (header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin")),
    ]
}

/// The API's and the token endpoint's answers: nothing cached (they carry tokens and live
/// state), nothing sniffed.
pub fn api_headers() -> HeaderSet {
    let mut out = common();
    out.push((header::CACHE_CONTROL, HeaderValue::from_static("no-store")));
    Arc::new(out)
}

/// Middleware: `headers` on every response (replacing what a handler set, so a page can
/// never carry a weaker policy than its group's).
pub async fn apply(State(headers): State<HeaderSet>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    for (name, value) in headers.iter() {
        response.headers_mut().insert(name.clone(), value.clone());
    }
    response
}

/// Whether an answer is an HTML page (by its Content-Type).
pub fn is_html(response: &Response) -> bool {
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("text/html"))
}

/// Middleware for groups mixing pages and JSON (the identity server): `headers` on HTML only.
pub async fn apply_to_pages(State(headers): State<HeaderSet>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    if is_html(&response) {
        for (name, value) in headers.iter() {
            response.headers_mut().insert(name.clone(), value.clone());
        }
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_build_file() {
        let text = "# comment\n/*\n  Content-Security-Policy: default-src 'self'; style-src 'self'\n  \
                    X-Content-Type-Options: nosniff\n";
        let headers = parse_headers_file(text).unwrap();
        assert_eq!(headers.len(), 2);
        assert_eq!(headers[0].0, header::CONTENT_SECURITY_POLICY);
        assert_eq!(headers[0].1, "default-src 'self'; style-src 'self'");
    }

    #[test]
    fn refuses_what_it_cannot_apply() {
        assert!(
            parse_headers_file("/*\n  X-Content-Type-Options: nosniff\n")
                .unwrap_err()
                .contains("no Content-Security-Policy")
        );
        assert!(parse_headers_file("/admin/*\n  Content-Security-Policy: x\n").is_err());
        assert!(parse_headers_file("  Content-Security-Policy: x\n").is_err());
        assert!(parse_headers_file("/*\n  no colon here\n").is_err());
    }

    #[test]
    fn hashes_as_csp_does() {
        // sha256("") in base64, as browsers compute it for an empty inline block.
        assert_eq!(csp_hash(""), "'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='");
    }

    #[test]
    fn pages_allow_their_stylesheet_and_the_console_origins() {
        let headers = page_headers(&["https://console.example".to_string()], "p{}");
        let csp =
            headers.iter().find(|(n, _)| n == header::CONTENT_SECURITY_POLICY).unwrap().1.to_str().unwrap();
        assert!(csp.starts_with("default-src 'none'; style-src 'sha256-"), "{csp}");
        assert!(csp.contains("form-action 'self' https://console.example;"), "{csp}");
        assert!(!csp.contains("unsafe-inline"));
    }
}
