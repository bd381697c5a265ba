//! Server-rendered pages: escaping, the shared layout and the responses hosted pages
//! give. Pages use no external assets and work without JavaScript (forms POST and
//! answer 303), so they behave alike in a browser test and a curl session.

use crate::store::StoreError;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{Html, IntoResponse, Response};

/// Escapes text for HTML content and double-quoted attributes.
pub fn esc(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            other => out.push(other),
        }
    }
    out
}

/// The pages' one stylesheet, inline; their CSP allows it by hash (`crate::security`).
pub const STYLE: &str = "body{font:16px/1.5 system-ui,sans-serif;background:#f4f5f7;color:#1d2330;margin:0}\
main{max-width:40rem;margin:3rem auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px \
#0002}h1{font-size:1.5rem;margin-top:0}.sandbox{font-size:.85rem;color:#6b7280;margin-top:0}\
dl{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem}dt{color:#6b7280}dd{margin:0}\
table{width:100%;border-collapse:collapse;margin-bottom:1.5rem}\
th,td{text-align:left;padding:.35rem .5rem;border-bottom:1px solid #e5e7eb}\
.actions{display:flex;gap:.75rem;margin-top:1.5rem}form{margin:0}\
button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;border:1px solid \
#9ca3af;background:#fff;cursor:pointer}\
button.primary{background:#4f46e5;border-color:#4f46e5;color:#fff}select{font:inherit;padding:.4rem}\
label{display:block;margin-top:1rem}input{font:inherit;padding:.4rem;width:100%;box-sizing:border-box}\
.error{color:#b91c1c}";

/// A complete page. `body` is trusted markup whose interpolated values were escaped.
pub fn page(status: StatusCode, title: &str, body: &str) -> Response {
    framed(status, title, "Sandbox stand-in for Stripe: no real money moves.", body)
}

/// A complete page under a one-line note saying what the sandbox stands in for.
pub fn framed(status: StatusCode, title: &str, note: &str, body: &str) -> Response {
    let html = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{} · Sandbox</title><style>{STYLE}</style></head><body><main>\
         <p class=\"sandbox\">{}</p>{body}</main></body></html>",
        esc(title),
        esc(note)
    );
    let mut response = (status, Html(html)).into_response();
    // Hosted pages show live state and single-use links: never from a cache.
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

/// A page that only says something: unknown, used or expired links and the like.
pub fn notice(status: StatusCode, title: &str, text: &str) -> Response {
    page(status, title, &format!("<h1>{}</h1><p id=\"notice\">{}</p>", esc(title), esc(text)))
}

pub fn failure(e: impl std::fmt::Display) -> Response {
    notice(StatusCode::INTERNAL_SERVER_ERROR, "Something went wrong", &format!("The sandbox failed: {e}."))
}

/// Hosted-page handlers do their work in this shape; store errors become a 500 page.
pub type PageResult = Result<Response, StoreError>;

pub fn finish(result: PageResult) -> Response {
    result.unwrap_or_else(failure)
}

/// 303 See Other, so a POSTed form lands on a GET of `location`.
pub fn see_other(location: &str) -> Response {
    match HeaderValue::from_str(location) {
        Ok(value) => {
            let mut response = StatusCode::SEE_OTHER.into_response();
            response.headers_mut().insert(header::LOCATION, value);
            response
        }
        Err(_) => failure(format!("cannot redirect to {location:?}")),
    }
}

/// A form with one submit button, posting to `action`.
pub fn post_button(action: &str, id: &str, label: &str, primary: bool) -> String {
    let class = if primary { " class=\"primary\"" } else { "" };
    format!(
        "<form method=\"post\" action=\"{}\"><button type=\"submit\" id=\"{}\"{class}>{}</button></form>",
        esc(action),
        esc(id),
        esc(label)
    )
}

/// `<dl>` rows; every value is escaped.
pub fn facts(rows: &[(&str, String)]) -> String {
    let rows: String = rows.iter().map(|(k, v)| format!("<dt>{}</dt><dd>{}</dd>", esc(k), esc(v))).collect();
    format!("<dl>{rows}</dl>")
}

/// "2026-11-21".
pub fn date(millis: i64) -> String {
    chrono::DateTime::from_timestamp_millis(millis)
        .map(|at| at.format("%Y-%m-%d").to_string())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_markup() {
        assert_eq!(esc(r#"<a href="x">'&'</a>"#), "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;");
    }
}
