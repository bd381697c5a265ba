//! An organization's API secrets (Organizations → Acme Inc. → API secrets): the list with
//! the count against the limit, creating one (shown once), each secret's page, revoking.

mod create;
mod detail;
mod list;
mod reveal;

pub use detail::ApiSecret;
pub use list::ApiSecrets;

use leptos::prelude::*;

use crate::i18n::{k, t};

/// The `:org` parameter of the route.
fn org_param() -> Memo<String> {
    crate::kit::use_id("org")
}

/// Roles as chips, or "None".
fn role_chips(roles: &[String]) -> AnyView {
    if roles.is_empty() {
        return view! { <span class="hint">{t(k::api_secrets::NONE)}</span> }.into_any();
    }
    let chips = roles.iter().map(|r| view! { <span class="chip">{r.clone()}</span> }).collect_view();
    view! { <span class="roles">{chips}</span> }.into_any()
}
