//! CORS for the API and the token endpoint, off unless `--allow-origin` names origins: a
//! console deployed on another origin can then be tried against this sandbox. Preflights
//! are answered by the layer itself, before authentication.

use axum::http::{HeaderValue, Method, header};
use std::time::Duration;
use tower_http::cors::{AllowOrigin, CorsLayer};

/// `scheme://host[:port]`, as browsers send `Origin`: no path, query or trailing slash.
pub fn parse_origin(text: &str) -> Result<String, String> {
    let rest = text
        .strip_prefix("https://")
        .or_else(|| text.strip_prefix("http://"))
        .ok_or_else(|| format!("{text:?} is not an http(s) origin (scheme://host[:port])"))?;
    if rest.is_empty() || rest.contains(['/', '?', '#', ' ', '@']) {
        return Err(format!("{text:?} is not an origin: give scheme://host[:port] only, without a path"));
    }
    Ok(text.to_ascii_lowercase())
}

/// The layer for `origins`, or none (no CORS at all) when the list is empty.
pub fn layer(origins: &[String]) -> Option<CorsLayer> {
    if origins.is_empty() {
        return None;
    }
    let allowed: Vec<HeaderValue> = origins.iter().filter_map(|o| HeaderValue::from_str(o).ok()).collect();
    Some(
        CorsLayer::new()
            .allow_origin(AllowOrigin::list(allowed))
            .allow_methods([
                Method::GET,
                Method::HEAD,
                Method::POST,
                Method::PUT,
                Method::DELETE,
                Method::OPTIONS,
            ])
            .allow_headers([header::AUTHORIZATION, header::CONTENT_TYPE])
            // Created resources are named by Location; a 401 says why in WWW-Authenticate.
            .expose_headers([header::LOCATION, header::WWW_AUTHENTICATE])
            .max_age(Duration::from_secs(600)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_only() {
        assert_eq!(
            parse_origin("https://Console.example:8443").as_deref(),
            Ok("https://console.example:8443")
        );
        assert!(parse_origin("https://console.example/").is_err());
        assert!(parse_origin("console.example").is_err());
        assert!(parse_origin("ftp://console.example").is_err());
        assert!(parse_origin("http://").is_err());
    }
}
