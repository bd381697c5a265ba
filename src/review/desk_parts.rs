//! The desk's smaller pieces: a yes/no filter, the progress of the read, the clusters
//! that could not be read (each with Retry).

use leptos::prelude::*;

use super::desk_read::{CONCURRENCY, Desk, Slot};
use crate::i18n::{k, t, tf, tp};
use crate::kit::{Button, ErrorPanel};

pub fn flag(v: &str) -> Option<bool> {
    match v {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

#[component]
pub fn YesNo(
    id: &'static str,
    label: &'static str,
    value: Signal<Option<bool>>,
    on_change: Callback<String>,
) -> impl IntoView {
    view! {
        <label>
            {label}" " <select id=id on:change:target=move |ev| on_change.run(ev.target().value())>
                <option value="" selected=move || value.get().is_none()>
                    {t(k::review::EITHER)}
                </option>
                <option value="true" selected=move || value.get() == Some(true)>
                    {t(k::review::YES)}
                </option>
                <option value="false" selected=move || value.get() == Some(false)>
                    {t(k::review::NO)}
                </option>
            </select>
        </label>
    }
}

#[component]
pub fn Progress(desk: Desk) -> impl IntoView {
    move || {
        let (done, failed, total) = desk.progress();
        let listing = desk.listed.with(Option::is_none);
        if !listing && done == total {
            let words = if failed > 0 {
                tp(k::review::CLUSTERS_READ_FAILED, total as f64, &[("failed", &failed.to_string())])
            } else {
                tp(k::review::ALL_CLUSTERS_READ, total as f64, &[])
            };
            return view! {
                <p class="hint" id="desk-progress-done" data-total=total.to_string()>
                    {words}
                </p>
            }
            .into_any();
        }
        let words = if listing {
            t(k::review::LISTING_CLUSTERS).to_string()
        } else {
            tf(k::review::DONE_OF_TOTAL, &[("done", &done.to_string()), ("total", &total.to_string())])
        };
        view! {
            <div class="desk-progress" data-done=done.to_string() data-total=total.to_string()>
                <label for="desk-progress">{words.clone()}</label>
                <progress id="desk-progress" max=total.max(1).to_string() value=done.to_string()>
                    {words}
                </progress>
                <span class="hint">" "{tp(k::review::READING_AT_A_TIME, CONCURRENCY as f64, &[])}</span>
            </div>
        }
        .into_any()
    }
}

#[component]
pub fn FailedClusters(desk: Desk) -> impl IntoView {
    move || {
        let failed: Vec<(usize, String, crate::api::ApiError)> = desk.clusters.with(|all| {
            all.iter()
                .enumerate()
                .filter_map(|(i, (c, s))| match s {
                    Slot::Failed(e) => Some((i, c.name.clone(), e.clone())),
                    _ => None,
                })
                .collect()
        });
        (!failed.is_empty()).then(|| {
            view! {
                <section class="card failed-clusters" aria-label=t(k::review::CLUSTERS_NOT_READ)>
                    <h2>{t(k::review::CLUSTERS_NOT_READ)}</h2>
                    <p class="hint">{t(k::review::VERSIONS_MISSING)}</p>
                    {failed
                        .into_iter()
                        .map(|(i, name, e)| {
                            view! {
                                <div class="failed-cluster" data-cluster=name.clone()>
                                    <ErrorPanel
                                        action=tf(k::review::READING_EXTENSIONS_OF, &[("cluster", &name)])
                                        error=e
                                    />
                                    {Button::new("button retry-cluster", t(k::review::RETRY))
                                        .on_click(move || desk.retry(i))
                                        .view()}
                                </div>
                            }
                        })
                        .collect_view()}
                </section>
            }
        })
    }
}
