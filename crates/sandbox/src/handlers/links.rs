//! Links to the sandbox's hosted pages (checkout, invoice, card setup, billing portal)
//! and the check on the `redirect_uri` a caller asks to come back to.

use super::Ctx;
use crate::error::ApiError;
use cluster_api::RedirectLink;

/// `http://<Host>` (the public origin behind a proxy: `crate::public`): links to hosted
/// pages point at the sandbox the caller reached, whatever name it used. Anything but a
/// plain host[:port] falls back to localhost rather than being echoed into a link.
pub fn origin(ctx: &Ctx) -> String {
    ctx.settings.public.origin(ctx.headers)
}

/// An absolute link to a hosted page.
pub fn hosted_link(ctx: &Ctx, path: &str, message: Option<String>) -> RedirectLink {
    RedirectLink { link: format!("{}{path}", origin(ctx)), message }
}

/// `redirect_uri` must be an absolute http(s) URL with a host, like Stripe demands.
pub fn check_redirect_uri(uri: &str) -> Result<(), ApiError> {
    let rest = uri.strip_prefix("http://").or_else(|| uri.strip_prefix("https://"));
    let host = rest.map(|rest| rest.split(['/', '?', '#']).next().unwrap_or(""));
    let plain = uri.chars().all(|c| c.is_ascii_graphic());
    if host.is_some_and(|host| !host.is_empty()) && plain {
        Ok(())
    } else {
        Err(ApiError::bad_request(format!(
            "redirect_uri must be an absolute http(s) URL such as http://localhost:8080/billing, not {uri:?}."
        )))
    }
}
