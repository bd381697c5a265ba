//! Add realm: a name with a live availability check (`kit::name_check`: debounced, a stale
//! answer dropped) and the service's recommendation, then create. The new realm shows in the
//! list as Pending and turns Active there without a reload. Arriving with `?add=1` (the
//! palette's "Add realm to …") puts the focus in the name field. A name breaking one of the
//! realm name rules (`name_rules::REALM`, the service's) is refused at once, naming the
//! rule, and never sent.

use cluster_api::name_rules::REALM;
use cluster_api::{ClusterDeploymentRequest, ops};
use leptos::prelude::*;

use super::RealmsCtx;
use crate::api::{self, ApiError};
use crate::i18n::k::cluster_realms as w;
use crate::i18n::{t, tf};
use crate::kit::Write;
use crate::kit::code::CodePanel;
use crate::kit::name_check::{self, NameCheck, NameCheckIds, NameCheckWords};
use cluster_api::Call;

#[component]
pub fn AddRealm() -> impl IntoView {
    let ctx = expect_context::<RealmsCtx>();
    let api = ctx.cluster.api;
    let name = RwSignal::new(String::new());
    let cluster = ctx.cluster.id;
    let check = name_check::watch(
        name,
        &REALM,
        300,
        std::rc::Rc::new(move |name| {
            // Read now, not after the pause: the form may be gone by then.
            let op = ops::ClusterDeploymentNameAvailabilityCheck { id: cluster.get_value(), name };
            Box::pin(async move { api::call(api, &op).await })
        }),
    );
    let adding = Write::new(t(w::ADDING_REALM));
    let added = RwSignal::new(None::<String>);
    let taken = move || check.with(NameCheck::refused);
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        added.set(None);
        let typed = crate::lower::lower(name.get_untracked().trim());
        if typed.is_empty() {
            return adding.error.set(Some(ApiError::BadRequest(t(w::ENTER_NAME).into())));
        }
        // Never send a name the check refused (the button is disabled; Enter is not).
        if taken() {
            return;
        }
        let op = ops::ClusterDeploymentCreate {
            id: ctx.cluster.id.get_value(),
            body: ClusterDeploymentRequest { name: typed.clone() },
        };
        adding.run(async move { api::call(api, &op).await }, move |_| {
            added.try_set(Some(tf(w::ADDED, &[("name", &typed)])));
            name.try_set(String::new());
            ctx.list.refetch();
            // The button was disabled while adding, which left the focus on the page body:
            // to the new realm's link once the list shows it, else the list's heading.
            // (The name keeps to `REALM`'s letters, so it is safe inside the selector.)
            let safe = typed.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
            let made =
                if safe { format!("tr[data-realm=\"{typed}\"] a") } else { String::from("#realms-heading") };
            crate::kit::focus::after_write(made, "realms-heading", "add-realm");
        });
    };
    let cluster_id = ctx.cluster.id;
    let code = crate::code::live(Box::new(move |t| {
        let typed = crate::lower::lower(name.get().trim());
        let op = ops::ClusterDeploymentCreate {
            id: cluster_id.get_value(),
            body: ClusterDeploymentRequest { name: typed.clone() },
        };
        crate::code::single(t, &crate::code::named("Add the realm", &typed), &op.request())
    }));
    let hcl = crate::code::live(Box::new(move |t| {
        crate::code::hcl::realm(t, &cluster_id.get_value(), crate::lower::lower(name.get().trim()).as_str())
    }));

    let field = NodeRef::<leptos::html::Input>::new();
    let wanted = leptos_router::hooks::use_query_map().with_untracked(|q| q.get("add").is_some());
    // After the page's own focus on its heading (mounted first), in the next frame.
    Effect::new(move |_| {
        if let (true, Some(input)) = (wanted, field.get()) {
            request_animation_frame(move || {
                let _ = input.focus();
            });
        }
    });
    view! {
        <form class="inline-form add-realm" on:submit=submit>
            <label for="realm-name">{t(w::REALM_NAME)}</label>
            <input
                id="realm-name"
                node_ref=field
                autocomplete="off"
                spellcheck="false"
                maxlength="255"
                placeholder=t(w::NAME_PLACEHOLDER)
                aria-describedby="realm-name-state"
                prop:value=name
                on:input:target=move |ev| name.set(ev.target().value())
            />
            <button
                type="submit"
                class="button primary"
                id="add-realm"
                disabled=move || adding.busy.get() || taken()
            >
                {adding.label(t(w::ADD_REALM), t(w::ADDING))}
            </button>
        </form>
        <p class="hint">{tf(w::NAME_HINT, &[("allowed", REALM.allowed_words)])}</p>
        {name_check::line(
            check,
            name,
            NameCheckWords {
                checking: w::CHECKING,
                available: w::AVAILABLE,
                use_name: w::USE_NAME,
                failed: w::CHECK_FAILED,
                retry: w::RETRY,
            },
            NameCheckIds {
                line: "realm-name-state",
                recommendation: "use-realm-recommendation",
                retry: "retry-realm-name-check",
            },
        )}
        {move || {
            added
                .get()
                .map(|text| {
                    view! {
                        <p class="flash" id="realm-added" role="status">
                            {text}
                        </p>
                    }
                })
        }}
        {adding.failure()}
        <CodePanel curl=code hcl=hcl />
    }
}
