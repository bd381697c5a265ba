//! `/overview`: per organization, its clusters by status, realms, open invoices and what
//! needs attention, each item a link to where it is handled. Support staff see the review
//! desk's counts instead. Read on open and on Refresh (`reads`), never polled.

mod facts;
mod org;
mod reads;
mod staff;

use leptos::prelude::*;

use crate::api::use_api;
use crate::directory::Directory;
use crate::i18n::{k, t, tf, tp};
use crate::kit::Loaded;
use crate::kit::page::PageHead;
use reads::Reads;

#[component]
pub fn Overview() -> impl IntoView {
    let directory = expect_context::<Directory>();
    if directory.staff.get_untracked() {
        return view! { <staff::StaffOverview /> }.into_any();
    }
    let reads = Reads::new(use_api());
    // The organizations come from the directory (read once per session).
    let orgs = Memo::new(move |_| {
        directory.orgs.with(|o| match o {
            Some(Ok(orgs)) => Some(Ok(orgs
                .iter()
                .map(|o| (o.id.clone(), o.display_name.clone().unwrap_or_else(|| o.name.clone())))
                .collect::<Vec<_>>())),
            Some(Err(e)) => Some(Err(e.clone())),
            None => None,
        })
    });
    Effect::new(move |_| {
        reads.clusters.track();
        if let Some(Ok(orgs)) = orgs.get() {
            reads.start(&orgs);
        }
    });
    let all = Memo::new(move |_| {
        let orgs = orgs.with(|o| o.as_ref().and_then(|r| r.as_ref().ok()).cloned()).unwrap_or_default();
        reads.clusters.with(|c| match c {
            Some(Ok(clusters)) => {
                reads.slots.with(|slots| facts::facts(&orgs, clusters, slots, js_sys::Date::now() as i64))
            }
            _ => Vec::new(),
        })
    });
    let progress = move || {
        let (done, total) = reads.progress();
        let busy = reads.busy();
        let text = if reads.clusters.with(Option::is_none) {
            t(k::overview::READING_YOUR_CLUSTERS_DOTS).to_string()
        } else if busy {
            tf(
                k::overview::READ_DETAILS_PROGRESS,
                &[("done", &done.to_string()), ("total", &total.to_string())],
            )
        } else {
            tp(k::overview::DETAILS_READ, total as f64, &[])
        };
        view! {
            <div
                class="overview-progress"
                id="overview-progress"
                data-done=(!busy).then_some("true")
                data-reads=total.to_string()
            >
                <progress
                    max=total.max(1).to_string()
                    value=(if busy { done } else { total.max(1) }).to_string()
                    aria-label=t(k::overview::READING_THE_OVERVIEW)
                ></progress>
                <span role="status">{text}</span>
            </div>
        }
    };
    // The progress bar tells the reading; a failure of either read is told here. The
    // organizations' failure comes first: without them the clusters mean nothing.
    let orgs_read = move || Some(orgs.get().map_or(Ok(()), |r| r.map(drop)));
    let body = Loaded::from_fn(
        t(k::overview::READING_YOUR_ORGS),
        orgs_read,
        Some(Callback::new(move |_| directory.orgs.refetch())),
    )
    .ready(move |()| {
        Loaded::from_fn(
            t(k::overview::READING_YOUR_CLUSTERS),
            move || reads.clusters.get(),
            Some(Callback::new(move |_| reads.reload())),
        )
        .quiet()
        .ready(move |_| {
            if orgs.with(|o| o.as_ref().is_some_and(|r| r.as_ref().is_ok_and(Vec::is_empty))) {
                view! { <p class="empty">{t(k::overview::NO_ORGANIZATION)}</p> }.into_any()
            } else {
                all.get()
                    .into_iter()
                    .map(|facts| view! { <org::OrgCard facts=facts reads=reads /> })
                    .collect_view()
                    .into_any()
            }
        })
    });
    view! {
        <PageHead heading=crate::routes::OVERVIEW.title()>
            <span class="spacer"></span>
            <button
                class="button"
                id="overview-refresh"
                disabled=move || reads.busy()
                on:click=move |_| reads.reload()
            >
                {t(k::overview::REFRESH)}
            </button>
        </PageHead>
        {progress}
        {body}
    }
    .into_any()
}
