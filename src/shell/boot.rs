//! Start-up without a token, as the person sees it: "Signing in…" while
//! `account::decide` finishes a sign-in or tries a silent one, then the router.

use leptos::prelude::*;

use crate::i18n::k::account as w;
use crate::i18n::t;
use crate::session::Session;

/// Renders `children` (the router) once start-up has decided where the person is; while the
/// browser is away at the identity server it says so instead.
#[component]
pub fn Boot(children: ChildrenFn) -> impl IntoView {
    let session = expect_context::<Session>();
    let ready = RwSignal::new(false);
    leptos::task::spawn_local(async move {
        if crate::account::decide(session).await {
            ready.set(true);
        }
    });
    move || {
        if ready.get() {
            children().into_any()
        } else {
            view! {
                <p class="boot" role="status">
                    {t(w::SIGNING_IN)}
                </p>
            }
            .into_any()
        }
    }
}
