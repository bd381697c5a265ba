//! The trouble card's body, in its own split-off module (`mod.rs` fetches it): reads the last
//! hour's log files once (and again when asked; never by itself), counts them
//! (`figures.rs`) and shows each figure as a link to the log viewer with its filter. A file
//! that cannot be read shows as failed, never as 0.

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::figures::{Figure, Figures};
use crate::api::{Api, ApiError, use_api};
use crate::clusters::ClusterCtx;
use crate::clusters::tabs::logs::timing::timed;
use crate::clusters::tabs::logs::{fetch, line::parse_text};
use crate::format;
use crate::i18n::k::trouble as w;
use crate::i18n::{t, tf, tp};
use crate::kit::{Button, ErrorPanel};
use crate::links::{self, ClusterTab};

const HOUR: i64 = 3_600_000;

/// Why the figures cannot be given.
#[derive(Debug, Clone, PartialEq)]
enum Failure {
    /// Listing the hour's files failed (403 names the role the person lacks).
    Listing(ApiError),
    /// A file of the hour could not be read: its lines are unknown, so no figure is true.
    File { name: String, why: String },
}

#[derive(Debug, Clone, PartialEq)]
enum Reading {
    Busy,
    Failed(Failure),
    /// No file holds any of the hour (a new cluster, or files not written yet).
    NoFiles {
        at: i64,
    },
    Done {
        figures: Figures,
        files: usize,
        at: i64,
    },
}

/// Reads every file holding lines of `[now - 1 h, now]` and counts them.
async fn read_hour(api: Api, id: String, now: i64) -> Result<Option<(Figures, usize)>, Failure> {
    let from = now - HOUR;
    let listing = fetch::list_window(api, id.clone(), from, now, now).await.map_err(Failure::Listing)?;
    let files: Vec<_> = listing.files.into_iter().filter(|f| f.end >= from && f.start <= now).collect();
    if files.is_empty() {
        return Ok(None);
    }
    let mut entries = Vec::new();
    for (tag, file) in files.iter().enumerate() {
        let text = fetch::read_text(api, id.clone(), file.name.clone())
            .await
            .map_err(|why| Failure::File { name: file.name.clone(), why })?;
        entries.extend(parse_text(&text, u32::try_from(tag).unwrap_or(u32::MAX), file.start));
    }
    // Timed for `make bench` (`scripts/bench/logs.mjs`): an hour can hold 20,000 lines.
    let figures = timed("trouble:figures", entries.len() as f64, || Figures::count(&entries, from, now));
    Ok(Some((figures, files.len())))
}

/// The summary for next to the health badge: "7 errors and 5 failed logins in the last hour".
fn summary(f: &Figures) -> String {
    let errors = tp(w::ERRORS, f.errors() as f64, &[]);
    let logins = tp(w::FAILED_LOGINS, f.failed_logins() as f64, &[]);
    tf(w::SUMMARY, &[("errors", &errors), ("logins", &logins)])
}

/// What the split point hands back: the card's body, writing its summary into `said`.
pub fn body(said: RwSignal<Option<String>>) -> AnyView {
    view! { <TroubleBody said=said /> }.into_any()
}

#[component]
fn TroubleBody(said: RwSignal<Option<String>>) -> impl IntoView {
    let api = use_api();
    let id = expect_context::<ClusterCtx>().id();
    let base = links::cluster_tab(&id, ClusterTab::Logs);
    let reading = RwSignal::new(Reading::Busy);
    // Bumped at each read: an older read's answer (Read again pressed twice) is dropped.
    let generation = StoredValue::new(0u32);
    let id = StoredValue::new(id);
    let read = move || {
        generation.update_value(|g| *g = g.wrapping_add(1));
        let (mine, id) = (generation.get_value(), id.get_value());
        reading.set(Reading::Busy);
        said.set(None);
        let now = js_sys::Date::now() as i64;
        spawn_local(async move {
            let answer = read_hour(api, id, now).await;
            // The tab may be gone by now, or a newer read started.
            if generation.try_get_value() != Some(mine) {
                return;
            }
            let next = match answer {
                Ok(Some((figures, files))) => {
                    said.try_set(Some(summary(&figures)));
                    Reading::Done { figures, files, at: now }
                }
                Ok(None) => Reading::NoFiles { at: now },
                Err(failure) => Reading::Failed(failure),
            };
            reading.try_set(next);
        });
    };
    read();
    let busy = move || reading.with(|r| *r == Reading::Busy);
    view! {
        <div class="trouble-actions">
            {Button::new("button secondary", t(w::READ_AGAIN))
                .id("trouble-read-again")
                .busy(busy)
                .on_click(read)
                .view()}
        </div>
        {move || match reading.get() {
            Reading::Busy => crate::kit::waiting_status(t(w::READING), Some("trouble-reading")),
            Reading::Failed(Failure::Listing(error)) => {
                view! {
                    <ErrorPanel action=t(w::LISTING) error=error retry=Callback::new(move |()| read()) />
                }
                    .into_any()
            }
            Reading::Failed(Failure::File { name, why }) => {
                view! {
                    <div class="error-panel" role="alert" id="trouble-file-failed">
                        <p class="error-title">{tf(w::FILE_FAILED, &[("name", &name)])}</p>
                        <p class="error-detail">{why}</p>
                        {Button::new("button", t(w::READ_AGAIN)).on_click(read).view()}
                    </div>
                }
                    .into_any()
            }
            Reading::NoFiles { at } => {
                view! {
                    <p class="hint" id="trouble-read-at">
                        {tf(w::READ_AT, &[("time", &format::clock(at as f64))])}
                    </p>
                    <p id="trouble-no-files">{t(w::NO_FILES)}</p>
                }
                    .into_any()
            }
            Reading::Done { figures, files, at } => {
                let files = tp(w::FILES, files as f64, &[]);
                view! {
                    <p class="hint" id="trouble-read-at">
                        {tf(w::READ_AT_FROM, &[("time", &format::clock(at as f64)), ("files", &files)])}
                    </p>
                    <p id="trouble-summary">{summary(&figures)}</p>
                    {figures_view(&base, &figures)}
                }
                    .into_any()
            }
        }}
    }
}

/// The figures as a table, each count a link to the lines it counted.
fn figures_view(base: &str, f: &Figures) -> AnyView {
    if f.is_quiet() {
        return view! { <p id="trouble-quiet">{t(w::QUIET)}</p> }.into_any();
    }
    let mut rows: Vec<(&'static str, &'static str, String, usize, String)> = Vec::new();
    let mut add = |kind: &'static str, label: &'static str, subject: &str, n: usize, figure: Figure| {
        rows.push((kind, label, subject.to_string(), n, super::figures::link(base, f, figure)));
    };
    for (realm, n) in &f.people {
        add("people", t(w::PEOPLE), realm, *n, Figure::People(realm));
    }
    for (realm, n) in &f.machines {
        add("machines", t(w::MACHINES), realm, *n, Figure::Machines(realm));
    }
    for (kind, n) in &f.other_errors {
        add("event-type", t(w::OTHER_ERRORS), kind, *n, Figure::EventType(kind));
    }
    for (realm, n) in &f.errors_in_realm {
        add("errors-in", t(w::ERRORS_IN_REALM), realm, *n, Figure::ErrorsIn(realm));
    }
    if f.errors_without_realm > 0 {
        add(
            "errors-without",
            t(w::ERRORS_WITHOUT_REALM),
            "—",
            f.errors_without_realm,
            Figure::ErrorsWithoutRealm,
        );
    }
    if !f.starts.is_empty() {
        let at: Vec<String> = f.starts.iter().map(|s| format::clock(*s as f64)).collect();
        add("starts", t(w::STARTS), &at.join(", "), f.starts.len(), Figure::Starts);
    }
    let rows = rows
        .into_iter()
        .map(|(kind, label, subject, n, href)| {
            // Realms and event types are the cluster's and Keycloak's own words; the times
            // of the starts are the person's.
            let cell = if kind == "starts" || kind == "errors-without" {
                subject.clone().into_any()
            } else {
                crate::kit::theirs::theirs(subject.clone())
            };
            view! {
                <tr data-figure=kind data-subject=subject>
                    <th scope="row">{label}</th>
                    <td>{cell}</td>
                    <td class="num">
                        <a class="trouble-link" href=href>
                            {n.to_string()}
                        </a>
                    </td>
                </tr>
            }
        })
        .collect_view();
    view! {
        <div class="table-wrap">
            <table class="table" id="trouble-figures" data-from=f.from.to_string() data-to=f.to.to_string()>
                <caption>{t(w::CAPTION)}</caption>
                <thead>
                    <tr>
                        <th scope="col">{t(w::COL_WHAT)}</th>
                        <th scope="col">{t(w::COL_SUBJECT)}</th>
                        <th scope="col">{t(w::COL_LINES)}</th>
                    </tr>
                </thead>
                <tbody>{rows}</tbody>
            </table>
        </div>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_says_errors_and_failed_logins_in_words() {
        let f = Figures {
            people: vec![("customers".into(), 4), ("staff".into(), 1)],
            errors_in_realm: vec![("customers".into(), 1)],
            errors_without_realm: 6,
            ..Figures::default()
        };
        assert_eq!(summary(&f), "7 errors and 5 failed logins in the last hour");
        let one = Figures { people: vec![("a".into(), 1)], errors_without_realm: 1, ..Figures::default() };
        assert_eq!(summary(&one), "1 error and 1 failed login in the last hour");
    }
}
