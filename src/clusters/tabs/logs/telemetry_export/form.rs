//! Telemetry export's section, in the tab's split-off module (`mod.rs` is its frame): send the
//! cluster's logs to the customer's own OTLP collector (`cluster.telemetryExport.*`). The
//! stored token is never shown; leaving the token field empty keeps it. Not offered on
//! starter, which says why.

use cluster_api::{EndpointValidation, TelemetryExport, Tier, catalogue, ops};
use leptos::prelude::*;

use crate::api;
use crate::clusters::ClusterCtx;
use crate::i18n::k::logs as w;
use crate::i18n::{t, tf};
use crate::kit::code::CodePanel;
use crate::kit::write::Write;
use crate::kit::{Loaded, TextField};
use crate::view_read::load;

/// The form's fields.
#[derive(Clone, Copy)]
struct Form {
    enabled: RwSignal<bool>,
    endpoint: RwSignal<String>,
    protocol: RwSignal<String>,
    /// A new token typed here; never the stored one, which is never sent back.
    token: RwSignal<String>,
    token_set: RwSignal<bool>,
}

impl Form {
    fn fill(self, export: &TelemetryExport) {
        self.enabled.try_set(export.enabled.unwrap_or(false));
        self.endpoint.try_set(export.endpoint.clone().unwrap_or_default());
        self.protocol.try_set(export.protocol.clone().unwrap_or_else(|| "http".into()));
        self.token.try_set(String::new());
        self.token_set.try_set(export.token_set.unwrap_or(false));
    }

    /// What Save sends: the token only when one was typed, so the stored one is kept.
    /// The body, read again whenever a field changes (the Code panel follows the form).
    fn watched(self) -> TelemetryExport {
        self.enabled.track();
        self.endpoint.track();
        self.protocol.track();
        self.token.track();
        self.body()
    }

    fn body(self) -> TelemetryExport {
        let token = self.token.get_untracked();
        TelemetryExport {
            enabled: Some(self.enabled.get_untracked()),
            endpoint: Some(self.endpoint.get_untracked().trim().to_string()),
            protocol: Some(self.protocol.get_untracked()),
            token: (!token.trim().is_empty()).then(|| token.trim().to_string()),
            ..TelemetryExport::default()
        }
    }
}

/// What the service's answer to Test endpoint says, in words.
#[derive(Debug, Clone, PartialEq)]
enum Tested {
    /// It would send there; the reason, if the service added one.
    Acceptable(String),
    /// Refused: a headline and why.
    Refused { title: String, why: String },
    /// A 200 without a verdict (`EndpointValidation` says why that is not a pass).
    Unstated(String),
}

fn tested(endpoint: &str, answer: &EndpointValidation) -> Tested {
    match answer.valid {
        Some(true) => Tested::Acceptable(match answer.reason() {
            Some(note) => tf(w::ENDPOINT_OK_NOTE, &[("endpoint", endpoint), ("note", note)]),
            None => tf(w::ENDPOINT_OK, &[("endpoint", endpoint)]),
        }),
        Some(false) => Tested::Refused {
            title: tf(w::ENDPOINT_REFUSED, &[("endpoint", endpoint)]),
            why: answer.reason().map_or_else(
                || t(w::ENDPOINT_NO_REASON).to_string(),
                |why| {
                    if why.ends_with(['.', '!', '?']) { why.to_string() } else { format!("{why}.") }
                },
            ),
        },
        None => Tested::Unstated(match answer.reason() {
            Some(said) => tf(w::ENDPOINT_UNSTATED_SAID, &[("endpoint", endpoint), ("said", said)]),
            None => tf(w::ENDPOINT_UNSTATED, &[("endpoint", endpoint)]),
        }),
    }
}

fn tested_view(endpoint: &str, answer: &EndpointValidation) -> AnyView {
    match tested(endpoint, answer) {
        Tested::Acceptable(words) => view! {
            <p class="flash" id="endpoint-ok" role="status">
                {words}
            </p>
        }
        .into_any(),
        Tested::Refused { title, why } => view! {
            <div class="error-panel" id="endpoint-refused" role="alert">
                <p class="error-title">{title}</p>
                <p class="error-detail">{why}</p>
            </div>
        }
        .into_any(),
        Tested::Unstated(words) => view! {
            <p class="hint" id="endpoint-unstated" role="status">
                {words}
            </p>
        }
        .into_any(),
    }
}

/// The section: the form, or why starter has none.
pub fn section() -> AnyView {
    let ctx = expect_context::<ClusterCtx>();
    let starter = ctx.cluster.with_untracked(|c| c.tier == Tier::Starter);
    if starter {
        return view! {
            <section class="card" id="telemetry-export">
                <h2>{t(w::EXPORT_HEADING)}</h2>
                <p class="hint reason" id="export-unavailable">
                    {t(w::EXPORT_UNAVAILABLE)}
                </p>
            </section>
        }
        .into_any();
    }
    view! { <ExportForm /> }.into_any()
}

#[component]
fn ExportForm() -> impl IntoView {
    let ctx = expect_context::<ClusterCtx>();
    let api = ctx.api;
    let form = Form {
        enabled: RwSignal::new(false),
        endpoint: RwSignal::new(String::new()),
        protocol: RwSignal::new("http".into()),
        token: RwSignal::new(String::new()),
        token_set: RwSignal::new(false),
    };
    let current = load(move || {
        let op = ops::ClusterTelemetryExportDetail { id: ctx.id() };
        async move {
            let answer = api::call(api, &op).await;
            if let Ok(export) = &answer {
                form.fill(export);
            }
            answer
        }
    });
    let read_only = Signal::derive(move || ctx.denied(&catalogue::CLUSTER_TELEMETRYEXPORT_UPDATE));
    let test = Write::new(t(w::TESTING_ENDPOINT));
    let save = Write::new(t(w::SAVING_EXPORT));
    let tested = RwSignal::new(None::<(String, EndpointValidation)>);
    let saved = RwSignal::new(false);
    let run_test = move |_| {
        let endpoint = form.endpoint.get_untracked().trim().to_string();
        tested.set(None);
        let op = ops::ClusterTelemetryExportEndpointValidate { id: ctx.id(), endpoint: endpoint.clone() };
        test.run(async move { api::call(api, &op).await }, move |answer| {
            tested.try_set(Some((endpoint, answer)));
        });
    };
    let run_save = move |_| {
        saved.set(false);
        let op = ops::ClusterTelemetryExportUpdate { id: ctx.id(), body: form.body() };
        save.run(async move { api::call(api, &op).await }, move |export| {
            form.fill(&export);
            saved.try_set(true);
        });
    };
    let locked = move || read_only.get().is_some();
    // A typed token is shown as $TELEMETRY_TOKEN (the builder replaces it).
    let code = crate::code::live(Box::new(move |t| {
        crate::code::secret_writes::telemetry(t, &ctx.id(), &form.watched())
    }));

    let fields = view! {
        <div class="field check">
            <input
                type="checkbox"
                id="export-enabled"
                prop:checked=form.enabled
                disabled=locked
                on:change:target=move |ev| form.enabled.set(ev.target().checked())
            />
            <label for="export-enabled">{t(w::EXPORT_ENABLED)}</label>
        </div>
        <div class="field">
            {TextField::new("export-endpoint", t(w::ENDPOINT), form.endpoint)
                .kind("url")
                .autocomplete("off")
                .placeholder("https://otlp.example.com:4318")
                .disabled(Signal::derive(locked))
                .on_input(move || tested.set(None))
                .view()} <p class="hint">{t(w::ENDPOINT_HINT)}</p>
        </div>
        <div class="field">
            <label for="export-protocol">{t(w::PROTOCOL)}</label>
            <select
                id="export-protocol"
                disabled=locked
                on:change:target=move |ev| form.protocol.set(ev.target().value())
            >
                <option value="http" selected=move || form.protocol.get() == "http">
                    {t(w::OTLP_HTTP)}
                </option>
                <option value="grpc" selected=move || form.protocol.get() == "grpc">
                    {t(w::OTLP_GRPC)}
                </option>
            </select>
        </div>
        <div class="field">
            <label for="export-token">{t(w::TOKEN)}</label>
            <input
                id="export-token"
                type="password"
                autocomplete="new-password"
                prop:value=form.token
                disabled=locked
                placeholder=move || if form.token_set.get() { t(w::TOKEN_KEEP) } else { t(w::TOKEN_OPTIONAL) }
                on:input:target=move |ev| form.token.set(ev.target().value())
            />
            <p class="hint" id="export-token-state">
                {move || if form.token_set.get() { t(w::TOKEN_STORED) } else { t(w::TOKEN_NONE) }}
            </p>
        </div>
    };

    view! {
        <section class="card" id="telemetry-export">
            <h2>{t(w::EXPORT_HEADING)}</h2>
            <p class="hint">{t(w::EXPORT_HINT)}</p>
            {move || {
                read_only
                    .get()
                    .map(|why| {
                        view! {
                            <p class="hint reason" id="export-read-only">
                                {why}
                            </p>
                        }
                    })
            }}
            {Loaded::new(t(w::LOADING_EXPORT), current).ready(|_| ().into_any())}
            <form
                class="export-form"
                hidden=move || !matches!(current.with(|c| c.as_ref().map(Result::is_ok)), Some(true))
                on:submit=move |ev| ev.prevent_default()
            >
                {fields}
                <div class="actions">
                    <button
                        type="button"
                        class="button"
                        id="test-endpoint"
                        disabled=move || test.busy.get() || form.endpoint.with(|e| e.trim().is_empty())
                        on:click=run_test
                    >
                        {test.label(t(w::TEST_ENDPOINT), t(w::TESTING))}
                    </button>
                    {move || {
                        (!locked())
                            .then(|| {
                                view! {
                                    <button
                                        type="button"
                                        class="button primary"
                                        id="save-export"
                                        disabled=move || save.busy.get()
                                        on:click=run_save
                                    >
                                        {save.label(t(w::SAVE), t(w::SAVING))}
                                    </button>
                                }
                            })
                    }}
                </div>
                {move || tested.get().map(|(endpoint, answer)| tested_view(&endpoint, &answer))}
                {test.failure()}
                {move || {
                    saved
                        .get()
                        .then(|| {
                            view! {
                                <p class="flash" id="export-saved" role="status">
                                    {t(w::EXPORT_SAVED)}
                                </p>
                            }
                        })
                }}
                {save.failure()}
                {move || (!locked()).then(|| view! { <CodePanel curl=code /> })}
            </form>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn answer(valid: Option<bool>, reason: Option<&str>) -> EndpointValidation {
        EndpointValidation { valid, reason: reason.map(str::to_string) }
    }

    #[test]
    fn the_answer_is_shown_as_the_service_gave_it() {
        let e = "https://otlp.example.com:4318";
        assert_eq!(
            tested(e, &answer(Some(true), None)),
            Tested::Acceptable("https://otlp.example.com:4318 is acceptable: public and HTTPS.".into())
        );
        assert_eq!(
            tested("https://127.0.0.1", &answer(Some(false), Some("127.0.0.1 is a loopback address"))),
            Tested::Refused {
                title: "https://127.0.0.1 cannot be used for export.".into(),
                why: "127.0.0.1 is a loopback address.".into(),
            }
        );
        assert!(matches!(
            tested(e, &answer(Some(false), None)),
            Tested::Refused { why, .. } if why.starts_with("The service did not say why")
        ));
        assert!(
            matches!(tested(e, &answer(None, None)), Tested::Unstated(w) if w.contains("without saying"))
        );
    }
}
