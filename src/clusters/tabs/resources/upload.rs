//! Uploading a file to a resource, step by step: pick and check the file in the browser,
//! create the version record (versioned types, when the major has none), get an upload
//! link, PUT the bytes straight to storage with progress and Cancel, confirm with the
//! resource key, then follow the security scan until it settles. A failed step says
//! which one failed and can be retried without starting over.

use cluster_api::{ScanState, WellKnown};
use leptos::prelude::*;
use leptos::task::spawn_local;
use web_sys::{File, HtmlInputElement};

use super::approve::verdict;
use super::checks::{FileKind, WELL_KNOWN_FILES, check_file, check_json};
use super::follow::{Left, follow};
use super::run::{Job, Run, read_bytes, read_text};
use super::steps::{Phase, Step, Target, percent, plan, target_for};
use super::versions::majors;
use super::xhr::{self, InFlight};
use super::{ExtCtx, Item};
use crate::api::use_api;
use crate::i18n::k::resources_upload as w;
use crate::i18n::{Phrase, t, tf};
use crate::kit::code::CodePanel;

#[component]
pub fn Uploader(
    item: Item,
    kind: FileKind,
    /// Where a confirmed app-association file's new state goes.
    #[prop(optional)]
    published: Option<RwSignal<Option<WellKnown>>>,
) -> impl IntoView {
    let api = use_api();
    let ctx = expect_context::<ExtCtx>();
    let slot = RwSignal::new(String::new());
    let file = StoredValue::new_local(None::<File>);
    let picked = RwSignal::new(None::<String>);
    let problem = RwSignal::new(None::<String>);
    let phase = RwSignal::new(Phase::Ready);
    let progress = RwSignal::new((0.0, 0.0));
    let in_flight: InFlight = StoredValue::new_local(None);
    let job = StoredValue::new(None::<Job>);
    let run = Run { api, ctx, item, job, file, phase, progress, in_flight, published };
    // The activity center follows each upload; it learns here when the page goes.
    let center = crate::activity::center();
    let left: Left = StoredValue::new(None);
    on_cleanup(move || {
        if let (Some(Some(gone)), Some(phase)) = (left.try_get_value(), phase.try_get_untracked()) {
            gone.try_set(Some(phase));
        }
    });
    // What the file can be for: (value, label). None for a denylist.
    let slots = move || -> Vec<(String, String)> {
        match kind {
            FileKind::Jar => {
                let offered = ctx
                    .majors
                    .with(|m| m.as_ref().and_then(|r| r.as_ref().ok()).cloned())
                    .unwrap_or_default();
                let rows = item.with(|e| majors(&offered, e.versions.as_deref().unwrap_or_default()));
                rows.into_iter().map(|m| (m.to_string(), format!("Keycloak {m}"))).collect()
            }
            FileKind::Json => WELL_KNOWN_FILES.iter().map(|f| (f.to_string(), f.to_string())).collect(),
            FileKind::Denylist => Vec::new(),
        }
    };
    // The chosen slot, or the first one until the person chooses.
    let chosen = move || {
        let picked = slot.get();
        if picked.is_empty() {
            slots().into_iter().next().map(|(value, _)| value).unwrap_or_default()
        } else {
            picked
        }
    };
    let busy = move || current(run).busy();
    let (code, hcl) = super::code::upload(ctx, item, kind, Signal::derive(chosen), picked);

    let pick = move |input: HtmlInputElement| {
        problem.set(None);
        phase.set(Phase::Ready);
        let chosen = input.files().and_then(|list| list.get(0));
        picked.set(chosen.as_ref().map(File::name));
        if let Some(f) = &chosen {
            problem.set(check_file(kind, &f.name(), f.size()).err());
        }
        file.set_value(chosen);
    };
    let start = move |_| {
        problem.set(None);
        let Some(f) = file.get_value() else {
            problem.set(Some(t(w::CHOOSE_FILE).into()));
            return;
        };
        let versions = item.with_untracked(|e| e.versions.clone().unwrap_or_default());
        let checked = check_file(kind, &f.name(), f.size())
            .and_then(|()| target_for(kind, &untrack(chosen), &versions));
        let target = match checked {
            Ok(target) => target,
            Err(why) => return problem.set(Some(why)),
        };
        // Read now: the file is read (awaited) before the upload starts, and the page may
        // be gone by then.
        let name = item.with_untracked(|e| e.name.clone());
        spawn_local(async move {
            // A jar is a zip: a file that is not one is refused here, before any request,
            // instead of after the upload (and a version record) at the service's confirm.
            if kind == FileKind::Jar
                && let Err(why) = read_bytes(&f).await.and_then(|bytes| {
                    cluster_api::jar_rules::jar_problem(&bytes).map_or(Ok(()), |p| Err(p.words(&f.name())))
                })
            {
                problem.try_set(Some(tf(w::NOTHING_UPLOADED, &[("why", &why)])));
                return;
            }
            if let Target::WellKnown { file: name } = &target
                && let Err(why) = read_text(&f).await.and_then(|text| check_json(name, &text))
            {
                problem.try_set(Some(tf(w::NOTHING_UPLOADED, &[("why", &why)])));
                return;
            }
            let steps = plan(&target);
            let version_id = match &target {
                Target::Version { version, .. } => version.clone(),
                _ => None,
            };
            let first = steps.first().copied().unwrap_or(Step::UploadUrl);
            job.try_set_value(Some(Job { target, plan: steps, version_id, presigned: None }));
            progress.try_set((0.0, 0.0));
            phase.try_set(Phase::Running(first));
            if let Some(center) = center {
                let label = Phrase::of(w::ACTIVITY_LABEL, [("file", f.name().into()), ("name", name.into())]);
                follow(center, run, left, label);
            }
            run.go(first).await;
        });
    };

    let slot_label = if kind == FileKind::Jar { t(w::SLOT_MAJOR) } else { t(w::SLOT_FILE) };
    view! {
        <div class="uploader" data-upload=move || item.with(|e| e.name.clone())>
            <div class="inline-form">
                {move || {
                    let choices = slots();
                    (!choices.is_empty())
                        .then(|| {
                            view! {
                                <label>
                                    {slot_label}
                                    <select
                                        class="slot"
                                        disabled=busy
                                        on:change:target=move |ev| slot.set(ev.target().value())
                                    >
                                        {choices
                                            .into_iter()
                                            .map(|(value, label)| {
                                                let this = value.clone();
                                                view! {
                                                    <option value=value selected=move || chosen() == this>
                                                        {label}
                                                    </option>
                                                }
                                            })
                                            .collect_view()}
                                    </select>
                                </label>
                            }
                        })
                }}
                <input
                    type="file"
                    class="file"
                    accept=kind.accept()
                    disabled=busy
                    aria-label=move || item.with(|e| tf(w::FILE_INPUT, &[("name", &e.name)]))
                    on:change:target=move |ev| pick(ev.target())
                />
                <button
                    class="button primary start-upload"
                    on:click=start
                    disabled=move || busy() || picked.with(Option::is_none) || problem.with(Option::is_some)
                >
                    {t(w::UPLOAD)}
                </button>
            </div>
            {move || {
                problem
                    .get()
                    .map(|p| {
                        view! {
                            <p class="error-detail file-problem" role="alert">
                                {p}
                            </p>
                        }
                    })
            }}
            // A .zip where a jar is wanted: how a theme jar is made, with Keycloak's guide.
            {move || {
                (kind == FileKind::Jar && problem.with(Option::is_some)
                    && picked
                        .with(|p| p.as_deref().is_some_and(|n| n.to_ascii_lowercase().ends_with(".zip"))))
                    .then(|| {
                        let (before, after) = crate::i18n::around(t(w::JAR_HOWTO), "link");
                        view! {
                            <p class="hint jar-howto">
                                {before}<a href=THEME_GUIDE target="_blank" rel="noopener noreferrer">
                                    {t(w::JAR_HOWTO_LINK)}
                                </a>{after}
                            </p>
                        }
                    })
            }}
            {move || progress_view(run)}
            {match hcl {
                Some(hcl) => view! { <CodePanel curl=code hcl=hcl /> }.into_any(),
                None => view! { <CodePanel curl=code /> }.into_any(),
            }}
        </div>
    }
}

/// Keycloak's own guide to packing and deploying a theme as a jar.
const THEME_GUIDE: &str = "https://www.keycloak.org/docs/latest/server_development/#deploying-themes";

/// Where the upload stands: the scan step ends when the polled verdict settles.
pub(super) fn current(run: Run) -> Phase {
    let phase = run.phase.get();
    if phase != Phase::Running(Step::Scan) {
        return phase;
    }
    let id = run.job.with_value(|j| j.as_ref().and_then(|j| j.version_id.clone()));
    let settled = run.item.with(|e| {
        e.versions.iter().flatten().any(|v| Some(&v.id) == id.as_ref() && v.scan_state != ScanState::Scanning)
    });
    if settled { Phase::Done } else { phase }
}

/// The step list, the progress bar, and what can be done next.
fn progress_view(run: Run) -> Option<AnyView> {
    let Run { phase, progress, job, item, in_flight, .. } = run;
    let current = current(run);
    if current == Phase::Ready {
        return None;
    }
    // Nothing to retry and no bar at 100%: the file itself was refused. The person picks
    // another one.
    if let Phase::Refused { message } = current {
        return Some(
            view! {
                <div class="error-panel upload-refused" role="alert">
                    <p class="error-detail">{message}</p>
                    <button class="button" on:click=move |_| phase.set(Phase::Ready)>
                        {t(w::CHOOSE_ANOTHER)}
                    </button>
                </div>
            }
            .into_any(),
        );
    }
    let (steps, version_id) =
        job.with_value(|j| j.as_ref().map(|j| (j.plan.clone(), j.version_id.clone())))?;
    let at = match &current {
        Phase::Running(s) | Phase::Failed { step: s, .. } => steps.iter().position(|x| x == s),
        Phase::Done | Phase::Ready | Phase::Refused { .. } => Some(steps.len()),
    };
    let scan = move || {
        item.with(|e| {
            e.versions
                .iter()
                .flatten()
                .find(|v| Some(&v.id) == version_id.as_ref())
                .map(|v| verdict(&v.scan_state).0)
        })
    };
    let items = steps
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let state = match (Some(i).cmp(&at), &current) {
                (std::cmp::Ordering::Less, _) => "done",
                (std::cmp::Ordering::Equal, Phase::Failed { .. }) => "failed",
                (std::cmp::Ordering::Equal, _) => "active",
                _ => "todo",
            };
            let label = s.label();
            view! { <li class=state>{label}</li> }
        })
        .collect_view();
    let (sent, total) = progress.get();
    let shows_bar = steps.iter().position(|s| *s == Step::Put).is_some_and(|p| at.is_some_and(|a| a >= p));
    let outcome = match current {
        Phase::Running(Step::Put) => view! {
            <button class="button cancel-upload" on:click=move |_| xhr::cancel(in_flight)>
                {t(w::CANCEL)}
            </button>
        }
        .into_any(),
        Phase::Running(Step::Scan) => view! { <p class="hint scan-wait">{t(w::SCANNING)}</p> }.into_any(),
        Phase::Failed { message, retry, .. } => view! {
            <div class="error-panel upload-failed" role="alert">
                <p class="error-detail">{message}</p>
                <button class="button retry-step" on:click=move |_| spawn_local(run.go(retry))>
                    {tf(w::RETRY_STEP, &[("step", retry.label())])}
                </button>
                " "
                <button class="button subtle" on:click=move |_| phase.set(Phase::Ready)>
                    {t(w::START_OVER)}
                </button>
            </div>
        }
        .into_any(),
        Phase::Done => view! {
            <p class="flash upload-done" role="status">
                {move || match scan() {
                    Some(words) => tf(w::DONE_SCAN, &[("verdict", &words)]),
                    None => t(w::DONE_PUBLISHED).to_string(),
                }}
            </p>
        }
        .into_any(),
        _ => ().into_any(),
    };
    Some(
        view! {
            <ol class="steps">{items}</ol>
            {shows_bar
                .then(|| {
                    view! {
                        <div class="progress-line">
                            <progress
                                class="upload-progress"
                                max=(total.max(1.0) as u64).to_string()
                                value=(sent as u64).to_string()
                            ></progress>
                            <span class="upload-percent">
                                {tf(w::PERCENT, &[("percent", &percent(sent, total).to_string())])}
                            </span>
                        </div>
                    }
                })}
            {outcome}
        }
        .into_any(),
    )
}
