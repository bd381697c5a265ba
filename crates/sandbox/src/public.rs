//! The origin the browser sees: where links to hosted pages and presigned URLs point, the
//! identity server's issuer, and the one origin (or the `--redirect-origin` list) its
//! console client may redirect to.
//!
//! Reached directly, that is `http://<Host>`. Behind a proxy (nginx or Caddy terminating
//! TLS on the console's host) the sandbox sees the proxy's request instead: it then either
//! takes `--public-url`, or, with `--trust-proxy`, the proxy's `X-Forwarded-Proto` and
//! `X-Forwarded-Host`. Without `--trust-proxy` those headers are ignored: anyone can send
//! them, and an issuer or a redirect rule a caller can choose is no rule.

use axum::http::{HeaderMap, header};

/// How the sandbox learns its public origin (`--public-url`, `--trust-proxy`,
/// `--redirect-origin`).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PublicOrigin {
    /// `--public-url`: the origin, whatever the request says.
    pub url: Option<String>,
    /// `--trust-proxy`: `X-Forwarded-Proto` and `X-Forwarded-Host` name the origin.
    pub trust_proxy: bool,
    /// `--redirect-origin`: the identity server's allowed redirect origins in place of the
    /// public origin (a Keycloak client's "Valid redirect URIs").
    pub redirect_origins: Vec<String>,
}

/// A `Host` a link may carry: host[:port] in plain characters, never anything echoed that
/// could change the URL's meaning.
fn plain_host(host: &str) -> bool {
    !host.is_empty() && host.chars().all(|c| c.is_ascii_alphanumeric() || ".-:[]".contains(c))
}

/// The first value of a header a chain of proxies may have appended to (`a, b`).
fn first<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    let value = headers.get(name)?.to_str().ok()?;
    Some(value.split(',').next().unwrap_or("").trim()).filter(|v| !v.is_empty())
}

impl PublicOrigin {
    /// `scheme://host[:port]` as the browser reached the sandbox.
    pub fn origin(&self, headers: &HeaderMap) -> String {
        if let Some(url) = &self.url {
            return url.clone();
        }
        let direct = headers.get(header::HOST).and_then(|h| h.to_str().ok()).filter(|h| plain_host(h));
        let (scheme, host) = if self.trust_proxy {
            let scheme = first(headers, "x-forwarded-proto")
                .map(str::to_ascii_lowercase)
                .filter(|p| p == "https" || p == "http")
                .unwrap_or_else(|| "http".to_string());
            let host = first(headers, "x-forwarded-host").filter(|h| plain_host(h)).or(direct);
            (scheme, host)
        } else {
            ("http".to_string(), direct)
        };
        format!("{scheme}://{}", host.unwrap_or("localhost").to_ascii_lowercase())
    }

    /// A redirect URI the console client may use: an absolute URL on the one public origin
    /// (or on one of `--redirect-origin`), without a fragment (OAuth forbids one).
    pub fn allowed_redirect(&self, uri: &str, headers: &HeaderMap) -> bool {
        let origins = if self.redirect_origins.is_empty() {
            vec![self.origin(headers)]
        } else {
            self.redirect_origins.clone()
        };
        !uri.contains('#')
            && origins.iter().any(|o| {
                uri.get(..o.len()).is_some_and(|head| head.eq_ignore_ascii_case(o))
                    && (uri.len() == o.len() || uri[o.len()..].starts_with('/'))
            })
    }
}

/// `--public-url`: an http(s) origin, a trailing `/` allowed (the console is served at `/`).
pub fn parse_public_url(text: &str) -> Result<String, String> {
    crate::cors::parse_origin(text.strip_suffix('/').unwrap_or(text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for (name, value) in pairs {
            headers.insert(*name, HeaderValue::from_static(value));
        }
        headers
    }

    #[test]
    fn forwarded_headers_count_only_when_trusted() {
        let h = headers(&[
            ("host", "127.0.0.1:8080"),
            ("x-forwarded-proto", "https"),
            ("x-forwarded-host", "console.example:8443"),
        ]);
        assert_eq!(PublicOrigin::default().origin(&h), "http://127.0.0.1:8080");
        let trusted = PublicOrigin { trust_proxy: true, ..Default::default() };
        assert_eq!(trusted.origin(&h), "https://console.example:8443");
        let chained =
            headers(&[("host", "a"), ("x-forwarded-proto", "https, http"), ("x-forwarded-host", "b, c")]);
        assert_eq!(trusted.origin(&chained), "https://b");
        let odd = headers(&[("host", "a:1"), ("x-forwarded-proto", "gopher"), ("x-forwarded-host", "e/vil")]);
        assert_eq!(trusted.origin(&odd), "http://a:1");
        let fixed =
            PublicOrigin { url: Some("https://c.example".into()), trust_proxy: true, ..Default::default() };
        assert_eq!(fixed.origin(&h), "https://c.example");
    }

    #[test]
    fn only_the_public_origin_or_the_list_is_a_redirect_target() {
        let h = headers(&[("host", "127.0.0.1:8080")]);
        let public = PublicOrigin::default();
        assert!(public.allowed_redirect("http://127.0.0.1:8080/", &h));
        assert!(public.allowed_redirect("http://127.0.0.1:8080", &h));
        assert!(public.allowed_redirect("http://127.0.0.1:8080/clusters?x=1", &h));
        assert!(!public.allowed_redirect("https://127.0.0.1:8080/", &h), "one origin, one scheme");
        assert!(!public.allowed_redirect("http://127.0.0.1:8080.evil.example/", &h));
        assert!(!public.allowed_redirect("http://127.0.0.1:8081/", &h));
        assert!(!public.allowed_redirect("http://127.0.0.1:8080/#frag", &h));
        assert!(!public.allowed_redirect("", &h));
        let list = PublicOrigin {
            redirect_origins: vec!["https://a.example".into(), "http://localhost:3000".into()],
            ..Default::default()
        };
        assert!(list.allowed_redirect("https://a.example/cb", &h));
        assert!(list.allowed_redirect("http://localhost:3000/", &h));
        assert!(!list.allowed_redirect("http://127.0.0.1:8080/", &h), "the list replaces the origin");
    }

    #[test]
    fn public_urls() {
        assert_eq!(parse_public_url("https://Console.example/").as_deref(), Ok("https://console.example"));
        assert!(parse_public_url("https://console.example/app").is_err());
        assert!(parse_public_url("console.example").is_err());
    }
}
