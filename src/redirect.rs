//! Leaving the console for a hosted page (checkout, card setup, billing portal): only to
//! http(s) addresses. The Kit's `redirecting::Redirecting` says where the person is going
//! first.

use crate::i18n::k::redirect as w;
use crate::i18n::{t, tf};

/// The link if it is an absolute http(s) URL with a host; anything else (`javascript:`,
/// relative, data, `https:///path`) is refused. The one rule for every address the console
/// follows or links: hosted pages, signed storage links, a cluster's host, config.json's
/// `console_url`.
pub fn safe_external(link: &str) -> Option<&str> {
    let link = link.trim();
    let lower = link.to_ascii_lowercase();
    let rest = lower.strip_prefix("https://").or_else(|| lower.strip_prefix("http://"))?;
    (!rest.is_empty() && !rest.starts_with('/')).then_some(link)
}

/// Sends the browser to `link`. Err with a person-readable reason when the link is unsafe.
pub fn go(link: &str) -> Result<(), String> {
    let Some(link) = safe_external(link) else {
        return Err(tf(w::UNSAFE_LINK, &[("link", link)]));
    };
    web_sys::window()
        .ok_or_else(|| t(w::NO_WINDOW).to_string())?
        .location()
        .assign(link)
        .map_err(|_| t(w::OPEN_REFUSED).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_http_links_are_followed() {
        assert_eq!(
            safe_external("https://checkout.stripe.com/c/pay/cs_1"),
            Some("https://checkout.stripe.com/c/pay/cs_1")
        );
        assert_eq!(
            safe_external("http://127.0.0.1:8080/sandbox/checkout/x"),
            Some("http://127.0.0.1:8080/sandbox/checkout/x")
        );
        assert_eq!(safe_external("HTTPS://EXAMPLE.COM"), Some("HTTPS://EXAMPLE.COM"));
        assert_eq!(safe_external("javascript:alert(1)"), None);
        assert_eq!(safe_external("JAVASCRIPT:alert(1)"), None);
        assert_eq!(safe_external("https://"), None);
        assert_eq!(safe_external("https://kc.example/admin"), Some("https://kc.example/admin"));
        assert_eq!(safe_external("/relative"), None);
        assert_eq!(safe_external("https:///nohost"), None);
        assert_eq!(safe_external("data:text/html,x"), None);
        assert_eq!(safe_external(""), None);
    }
}
