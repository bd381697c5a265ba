//! CORS for the API and the token endpoint, off unless `--allow-origin` names origins: a
//! console deployed on another origin can then be tried against this sandbox. Preflights
//! are answered by the layer itself, before authentication; a plain `OPTIONS` (no `Origin`
//! or no `Access-Control-Request-Method`: not a preflight) still reaches the routes, which
//! answer it with `Allow`, as they do when CORS is off.

use axum::extract::Request;
use axum::http::{HeaderValue, Method, header};
use axum::response::Response;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;
use tower_http::cors::{AllowOrigin, Cors, CorsLayer};
use tower_layer::Layer;
use tower_service::Service;

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
pub fn layer(origins: &[String]) -> Option<PreflightsOnly> {
    if origins.is_empty() {
        return None;
    }
    let allowed: Vec<HeaderValue> = origins.iter().filter_map(|o| HeaderValue::from_str(o).ok()).collect();
    Some(PreflightsOnly(
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
    ))
}

/// Whether `request` is a CORS preflight: `OPTIONS` from a page (`Origin`) asking for a
/// method (`Access-Control-Request-Method`). Any other `OPTIONS` asks the resource itself.
fn is_preflight(request: &Request) -> bool {
    request.method() == Method::OPTIONS
        && request.headers().contains_key(header::ORIGIN)
        && request.headers().contains_key(header::ACCESS_CONTROL_REQUEST_METHOD)
}

/// tower-http's CORS layer answers every `OPTIONS` itself (200, no `Allow`); this one hands
/// it only preflights and cross-origin calls, and a plain `OPTIONS` to the routes.
#[derive(Clone)]
pub struct PreflightsOnly(CorsLayer);

impl<S: Clone> Layer<S> for PreflightsOnly {
    type Service = PreflightsOnlyService<S>;

    fn layer(&self, inner: S) -> Self::Service {
        PreflightsOnlyService { cors: self.0.layer(inner.clone()), plain: inner }
    }
}

#[derive(Clone)]
pub struct PreflightsOnlyService<S> {
    cors: Cors<S>,
    plain: S,
}

type Answer<E> = Pin<Box<dyn Future<Output = Result<Response, E>> + Send>>;

impl<S> Service<Request> for PreflightsOnlyService<S>
where
    S: Service<Request, Response = Response> + Clone + Send + 'static,
    S::Future: Send + 'static,
    S::Error: Send + 'static,
{
    type Response = Response;
    type Error = S::Error;
    type Future = Answer<S::Error>;

    /// Each call readies the clone it uses (axum's routes are always ready).
    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: Request) -> Self::Future {
        let plain_options = request.method() == Method::OPTIONS && !is_preflight(&request);
        if plain_options {
            let mut plain = self.plain.clone();
            Box::pin(async move {
                std::future::poll_fn(|cx| plain.poll_ready(cx)).await?;
                plain.call(request).await
            })
        } else {
            let mut cors = self.cors.clone();
            Box::pin(async move {
                std::future::poll_fn(|cx| cors.poll_ready(cx)).await?;
                cors.call(request).await
            })
        }
    }
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
