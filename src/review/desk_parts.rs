//! The desk's smaller pieces: a yes/no filter, the progress of the read, the clusters
//! that could not be read (each with Retry).

use leptos::prelude::*;

use super::load::{CONCURRENCY, Desk, Slot};
use crate::kit::ErrorPanel;

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
        <label>{label}" "
            <select id=id on:change:target=move |ev| on_change.run(ev.target().value())>
                <option value="" selected=move || value.get().is_none()>"Either"</option>
                <option value="true" selected=move || value.get() == Some(true)>"Yes"</option>
                <option value="false" selected=move || value.get() == Some(false)>"No"</option>
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
                format!("{total} clusters read, {failed} failed")
            } else {
                format!("All {total} clusters read")
            };
            return view! { <p class="hint" id="desk-progress-done" data-total=total.to_string()>{words}</p> }.into_any();
        }
        let words =
            if listing { "Listing clusters…".to_string() } else { format!("{done} of {total} clusters") };
        view! {
            <div class="desk-progress" data-done=done.to_string() data-total=total.to_string()>
                <label for="desk-progress">{words.clone()}</label>
                <progress id="desk-progress" max=total.max(1).to_string() value=done.to_string()>{words}</progress>
                <span class="hint">{format!(" Reading {CONCURRENCY} clusters at a time.")}</span>
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
        (!failed.is_empty()).then(|| view! {
            <section class="card failed-clusters" aria-label="Clusters that could not be read">
                <h2>"Clusters that could not be read"</h2>
                <p class="hint">"Their versions are missing from the list below until they are read."</p>
                {failed.into_iter().map(|(i, name, e)| view! {
                    <div class="failed-cluster" data-cluster=name.clone()>
                        <ErrorPanel action=format!("Reading the extensions of {name}") error=e/>
                        <button type="button" class="button retry-cluster" on:click=move |_| desk.retry(i)>"Retry"</button>
                    </div>
                }).collect_view()}
            </section>
        })
    }
}
