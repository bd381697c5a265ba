//! Leaving the console for a hosted page (checkout, card setup, billing portal): only to
//! http(s) addresses, and saying where the person is going first.

use cluster_api::RedirectLink;
use leptos::prelude::*;

/// The link if it is an absolute http(s) URL; anything else (`javascript:`, relative, data)
/// is refused.
pub fn safe_external(link: &str) -> Option<&str> {
    let link = link.trim();
    let lower = link.to_ascii_lowercase();
    let rest = lower.strip_prefix("https://").or_else(|| lower.strip_prefix("http://"))?;
    (!rest.is_empty() && !rest.starts_with('/')).then_some(link)
}

/// Sends the browser to `link`. Err with a person-readable reason when the link is unsafe.
pub fn go(link: &str) -> Result<(), String> {
    let Some(link) = safe_external(link) else {
        return Err(format!(
            "The service returned a link the console will not follow ({link}). Nothing was changed."
        ));
    };
    web_sys::window()
        .ok_or_else(|| "The browser window is not available.".to_string())?
        .location()
        .assign(link)
        .map_err(|_| "The browser refused to open the link.".to_string())
}

/// "Taking you to …": shown while the browser leaves, with the link to click if it does not.
#[component]
pub fn Redirecting(link: RedirectLink, #[prop(into)] destination: String) -> impl IntoView {
    let failed = go(&link.link).err();
    let message = link.message.clone().filter(|m| !m.trim().is_empty());
    view! {
        <div class="redirecting card" role="status" id="redirecting">
            <h2>{format!("Taking you to {destination}…")}</h2>
            {message.map(|m| view! { <p>{m}</p> })}
            {match failed {
                None => view! {
                    <p class="hint">"If nothing happens, " <a href=link.link.clone() rel="noopener noreferrer">"open it here"</a> "."</p>
                }.into_any(),
                Some(why) => view! { <p class="error-detail" role="alert">{why}</p> }.into_any(),
            }}
        </div>
    }
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
        assert_eq!(safe_external("/relative"), None);
        assert_eq!(safe_external("https:///nohost"), None);
        assert_eq!(safe_external("data:text/html,x"), None);
        assert_eq!(safe_external(""), None);
    }
}
