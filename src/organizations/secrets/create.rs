//! Creating an API secret: a name checked as it is typed (the service's own rules), roles
//! chosen among those the person holds (the others shown disabled, with why), and the new
//! secret shown once (`reveal`).

use cluster_api::secret_rules::{ORG_ROLES, name_problem};
use cluster_api::{Secret, SecretRequest, ops};
use leptos::prelude::*;

use super::reveal::RevealSecret;
use crate::api::{self, use_api};
use crate::directory::Directory;
use crate::i18n::{k, t};
use crate::kit::code::CodePanel;
use crate::kit::{TextField, Write};

#[component]
pub fn CreateSecret(
    org_id: String,
    /// Why creating is not possible now (the role, the limit): the button is off and says so.
    refusal: Signal<Option<String>>,
    /// Names already used in the organization.
    taken: Signal<Vec<String>>,
    created: Callback<()>,
) -> impl IntoView {
    let api = use_api();
    let directory = expect_context::<Directory>();
    let org = StoredValue::new(org_id);
    let open = RwSignal::new(false);
    let name = RwSignal::new(String::new());
    let touched = RwSignal::new(false);
    let chosen = RwSignal::new(Vec::<String>::new());
    let write = Write::new(t(k::api_secrets::CREATING));
    let revealed = RwSignal::new(None::<Secret>);
    let held = Signal::derive(move || directory.org(&org.get_value()).map(|o| o.roles).unwrap_or_default());
    let problem = Memo::new(move |_| {
        taken.with(|t| {
            let taken: Vec<&str> = t.iter().map(String::as_str).collect();
            name.with(|n| name_problem(n, &taken))
        })
    });

    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        touched.set(true);
        if problem.get_untracked().is_some() || refusal.get_untracked().is_some() {
            return;
        }
        let mut roles = chosen.get_untracked();
        roles.sort();
        let op = ops::OrgApiSecretCreate {
            org_id: org.get_value(),
            body: SecretRequest { name: name.get_untracked(), roles: Some(roles) },
        };
        write.run(async move { api::call(api, &op).await }, move |secret| {
            revealed.try_set(Some(secret));
            name.try_set(String::new());
            chosen.try_set(Vec::new());
            touched.try_set(false);
            open.try_set(false);
            // The page that gave `created` may be gone by now.
            created.try_run(());
        });
    };

    let code = crate::code::live(Box::new(move |t| {
        let mut roles = chosen.get();
        roles.sort();
        let op = ops::OrgApiSecretCreate {
            org_id: org.get_value(),
            body: SecretRequest { name: name.get(), roles: Some(roles) },
        };
        crate::code::single(
            t,
            &crate::code::named("Create the API secret", &name.get()),
            &cluster_api::Call::request(&op),
        )
    }));
    let role_option = move |role: &'static str| {
        let holds = move || held.with(|h| h.iter().any(|r| r == role));
        let checked = move || chosen.with(|c| c.iter().any(|r| r == role));
        let toggle = move |_| {
            chosen.update(|c| match c.iter().position(|r| r == role) {
                Some(i) => {
                    c.remove(i);
                }
                None => c.push(role.to_string()),
            })
        };
        view! {
            <label class="role-option" class:unavailable=move || !holds()>
                <input
                    type="checkbox"
                    name="role"
                    value=role
                    disabled=move || !holds()
                    prop:checked=checked
                    on:change=toggle
                />
                " "
                {role}
                {move || {
                    (!holds())
                        .then(|| view! { <span class="sub">" — "{t(k::api_secrets::ROLE_NOT_HELD)}</span> })
                }}
            </label>
        }
    };

    view! {
        <div class="create-secret">
            <button
                class="button primary"
                id="new-secret"
                type="button"
                disabled=move || refusal.with(Option::is_some)
                aria-describedby=move || refusal.with(Option::is_some).then_some("secret-limit")
                on:click=move |_| open.update(|o| *o = !*o)
            >
                {t(k::api_secrets::CREATE_BUTTON)}
            </button>
            {move || {
                refusal
                    .get()
                    .map(|why| {
                        view! {
                            <p class="hint" id="secret-limit">
                                {why}
                            </p>
                        }
                    })
            }}
        </div>
        {move || {
            open.get()
                .then(|| {
                    view! {
                        <form
                            class="card"
                            id="secret-form"
                            on:submit=submit
                            aria-labelledby="secret-form-title"
                        >
                            <h2 id="secret-form-title">{t(k::api_secrets::NEW_HEADING)}</h2>
                            {TextField::new("secret-name", t(k::api_secrets::NAME), name)
                                .autocomplete("off")
                                .described_by("secret-name-rule secret-name-problem")
                                .on_input(move || touched.set(true))
                                .view()}
                            <p class="hint" id="secret-name-rule">
                                {t(k::api_secrets::NAME_RULE)}
                            </p>
                            <p class="field-error" id="secret-name-problem" role="status">
                                {move || if touched.get() { problem.get() } else { None }}
                            </p>
                            <fieldset class="roles-choice">
                                <legend>{t(k::api_secrets::ROLES_LEGEND)}</legend>
                                {ORG_ROLES.iter().map(|role| role_option(role)).collect_view()}
                            </fieldset>
                            {write.failure()}
                            <div class="actions">
                                <button
                                    class="button primary"
                                    type="submit"
                                    id="create-secret"
                                    disabled=move || {
                                        write.busy.get() || problem.with(Option::is_some)
                                            || refusal.with(Option::is_some)
                                    }
                                >
                                    {write
                                        .label(t(k::api_secrets::CREATE), t(k::api_secrets::CREATING_SHORT))}
                                </button>
                                <button class="button" type="button" on:click=move |_| open.set(false)>
                                    {t(k::api_secrets::CANCEL)}
                                </button>
                            </div>
                            <CodePanel curl=code />
                        </form>
                    }
                })
        }}
        <RevealSecret secret=revealed />
    }
}
