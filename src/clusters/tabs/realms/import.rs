//! Import realm from a file: the export is checked in the browser first (JSON, an object
//! with a `realm` field, no `users`, within the size the service takes), and nothing is
//! sent when a check fails. After the upload the new realm is watched (shared poller:
//! backoff, paused while the tab is hidden) until it is Active or Failed, with the reason.

use cluster_api::{DeploymentState, Part, ops};
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen_futures::JsFuture;
use web_sys::{File, HtmlInputElement};

use super::RealmsCtx;
use super::checks::check_export;
use crate::api::{self, ApiError};
use crate::i18n::k::cluster_realms as w;
use crate::i18n::{Phrase, t, tf};
use crate::kit::code::CodePanel;
use crate::kit::{TextField, Tone, Write};
use crate::links;
use crate::realms::{key, realm_watch};
use cluster_api::Call;

async fn read_text(file: &File) -> Result<String, String> {
    let text =
        JsFuture::from(file.text()).await.map_err(|_| tf(w::FILE_UNREADABLE, &[("name", &file.name())]))?;
    text.as_string().ok_or_else(|| tf(w::FILE_NOT_TEXT, &[("name", &file.name())]))
}

#[component]
pub fn ImportRealm() -> impl IntoView {
    let ctx = expect_context::<RealmsCtx>();
    let api = ctx.cluster.api;
    let name = RwSignal::new(String::new());
    // The checked file: its name and text (held only until it is sent).
    let checked = StoredValue::new(None::<(String, String)>);
    let problem = RwSignal::new(None::<String>);
    let ready = RwSignal::new(false);
    let importing = Write::new(t(w::IMPORTING_REALM));
    let started = RwSignal::new(None::<(String, String)>);
    // The chosen file's name, for the Code panel (its content is never shown there).
    let file_name = RwSignal::new(String::new());
    let cluster_id = ctx.cluster.id;
    let code = crate::code::live(Box::new(move |t| {
        let deployment_name = crate::lower::lower(name.get().trim());
        let chosen = file_name.get();
        let file = Part::file(
            "file",
            if chosen.is_empty() { "realm-export.json" } else { &chosen },
            "application/json",
            Vec::new(),
        );
        let op = ops::ClusterDeploymentImport {
            id: cluster_id.get_value(),
            file,
            deployment_name: deployment_name.clone(),
        };
        crate::code::single(t, &crate::code::named("Import the realm", &deployment_name), &op.request())
    }));
    // Watched in the activity center too, so leaving the tab does not lose it.
    let (center, realms) = (crate::activity::center(), crate::poll::app_wide(realm_watch));

    let pick = move |input: HtmlInputElement| {
        problem.set(None);
        ready.set(false);
        checked.set_value(None);
        let Some(file) = input.files().and_then(|list| list.get(0)) else { return };
        file_name.set(file.name());
        spawn_local(async move {
            let outcome = match read_text(&file).await {
                Ok(text) => check_export(&text, file.size()).map(|realm| (realm, text)),
                Err(why) => Err(why),
            };
            match outcome {
                Ok((realm, text)) => {
                    // The tab may have been left while the file was read.
                    let Some(typed) = name.try_get_untracked() else { return };
                    if typed.trim().is_empty() {
                        name.try_set(crate::lower::lower(&realm));
                    }
                    checked.try_set_value(Some((file.name(), text)));
                    ready.try_set(true);
                }
                Err(why) => {
                    problem.try_set(Some(tf(w::NOTHING_SENT, &[("reason", &why)])));
                }
            }
        });
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Some((filename, text)) = checked.get_value() else {
            return problem.set(Some(t(w::CHOOSE_FILE).into()));
        };
        let deployment_name = crate::lower::lower(name.get_untracked().trim());
        if deployment_name.is_empty() {
            return importing.error.set(Some(ApiError::BadRequest(t(w::ENTER_NEW_NAME).into())));
        }
        let file = Part::file("file", &filename, "application/json", text.into_bytes());
        let op = ops::ClusterDeploymentImport {
            id: ctx.cluster.id.get_value(),
            file,
            deployment_name: deployment_name.clone(),
        };
        started.set(None);
        importing.run(async move { api::call(api, &op).await }, move |created| {
            if let Some(center) = center {
                crate::realms::track::realm(
                    center,
                    realms,
                    &created.id,
                    Phrase::of(w::IMPORT_OF, [("name", deployment_name.clone().into())]),
                );
            }
            started.try_set(Some((created.id, deployment_name)));
            checked.try_set_value(None);
            ready.try_set(false);
            name.try_set(String::new());
            ctx.list.refetch();
        });
    };

    view! {
        <form class="inline-form import-realm" on:submit=submit>
            <label for="import-file">{t(w::IMPORT_FILE)}</label>
            <input
                type="file"
                id="import-file"
                accept=".json,application/json"
                on:change:target=move |ev| pick(ev.target())
            />
            {TextField::new("import-name", t(w::IMPORT_NAME), name)
                .autocomplete("off")
                .no_spellcheck()
                .maxlength("255")
                .view()}
            <button
                type="submit"
                class="button"
                id="import-realm"
                disabled=move || !ready.get() || importing.busy.get()
            >
                {importing.label(t(w::IMPORT_REALM), t(w::UPLOADING))}
            </button>
        </form>
        <p class="hint">{t(w::IMPORT_HINT)}</p>
        {move || {
            problem
                .get()
                .map(|p| {
                    view! {
                        <p class="error-text" id="import-problem" role="alert">
                            {p}
                        </p>
                    }
                })
        }}
        {importing.failure()}
        <CodePanel curl=code />
        {move || started.get().map(|(id, name)| view! { <ImportStatus id=id name=name /> })}
    }
}

/// The state of an import being watched until it settles.
#[component]
fn ImportStatus(id: String, name: String) -> impl IntoView {
    let feed = crate::poll::app_wide(realm_watch).watch(key(&id), None);
    let href = links::realm(&id);
    let data = name.clone();
    view! {
        <div class="import-status" id="import-status" role="status" data-realm=data>
            {move || {
                feed.with(|f| match (&f.value, &f.error) {
                    (Some(r), _) if r.state == DeploymentState::Active => {
                        view! {
                            <p class=Tone::Ok.name() data-state="ACTIVE">
                                {tf(w::IMPORTED, &[("name", &name)])}
                                " "
                                <a href=href.clone()>{t(w::OPEN_IT)}</a>
                            </p>
                        }
                            .into_any()
                    }
                    (Some(r), _) if r.state == DeploymentState::Failed => {
                        view! {
                            // The reason is the service's (English) when it gave one, marked so.
                            <p class=Tone::Bad.name() data-state="FAILED">
                                {{
                                    let theirs = r.state_error.clone().filter(|e| !e.trim().is_empty());
                                    let reason = theirs.clone().unwrap_or_else(|| t(w::NO_REASON).into());
                                    crate::kit::theirs::mark(
                                        tf(w::IMPORT_FAILED, &[("name", &name), ("reason", &reason)]),
                                        &theirs.unwrap_or_default(),
                                    )
                                }}
                            </p>
                            <p class="hint">{t(w::IMPORT_FAILED_HINT)}</p>
                        }
                            .into_any()
                    }
                    (_, Some(e)) => {
                        view! {
                            <p class=Tone::Bad
                                .name()>
                                {crate::kit::theirs::mark(
                                    tf(w::PROGRESS_UNREADABLE, &[("reason", &e.detail())]),
                                    &e.service_message().unwrap_or_default(),
                                )}
                            </p>
                        }
                            .into_any()
                    }
                    _ => {
                        view! {
                            <p data-state="PENDING">
                                <span class="spinner" aria-hidden="true"></span>
                                {format!(" {}", tf(w::IMPORTING_NAMED, &[("name", &name)]))}
                            </p>
                        }
                            .into_any()
                    }
                })
            }}
        </div>
    }
}
