//! Support staff's overview: the review desk's counts (every cluster's extension versions),
//! not one read per organization.

use leptos::prelude::*;

use crate::api::use_api;
use crate::i18n::{k, t, tf, tp};
use crate::kit::page::PageHead;
use crate::kit::{Badge, Loaded, Tone};
use crate::links;
use crate::review::{Desk, needs_attention};

#[component]
pub fn StaffOverview() -> impl IntoView {
    let desk = Desk::new(use_api());
    let counts = move || {
        desk.rows.with(|rows| {
            let attention = rows.iter().filter(|r| needs_attention(&r.version)).count();
            let blocked = rows.iter().filter(|r| r.version.admin_blocked == Some(true)).count();
            (rows.len(), attention, blocked)
        })
    };
    let progress = move || {
        let (done, failed, total) = desk.progress();
        let finished = desk.listed.with(|l| l.is_some()) && done == total;
        let text = if finished {
            tp(k::overview::STAFF_READ_DONE, total as f64, &[("failed", &failed.to_string())])
        } else {
            tf(
                k::overview::STAFF_READ_PROGRESS,
                &[("done", &done.to_string()), ("total", &total.to_string())],
            )
        };
        view! {
            <div class="overview-progress" id="overview-progress" data-done=finished.then_some("true")>
                <progress
                    max=total.max(1).to_string()
                    value=(if finished { total.max(1) } else { done }).to_string()
                    aria-label=t(k::overview::READING_THE_DESK)
                ></progress>
                <span role="status">{text}</span>
            </div>
        }
    };
    view! {
        <PageHead heading=crate::routes::OVERVIEW.title()>
            <span class="spacer"></span>
            <button class="button" id="overview-refresh" on:click=move |_| desk.reload()>
                {t(k::overview::REFRESH)}
            </button>
        </PageHead>
        {progress}
        // The progress bar tells the reading.
        {Loaded::from_fn(
                t(k::overview::READING_THE_CLUSTERS),
                move || desk.listed.get().map(|r| r.map(drop)),
                Some(Callback::new(move |_| desk.reload())),
            )
            .quiet()
            .ready(|()| ().into_any())}
        <section class="card" id="staff-counts">
            <h2>{t(k::overview::REVIEW_DESK)}</h2>
            {move || {
                let (versions, attention, blocked) = counts();
                view! {
                    <ul class="overview-counts">
                        <li>
                            {Badge::new(tp(k::overview::VERSIONS_COUNT, versions as f64, &[]), Tone::Muted)
                                .view()}
                        </li>
                        <li>
                            {Badge::new(tp(k::overview::NEED_REVIEW_COUNT, attention as f64, &[]), Tone::Warn)
                                .view()}
                        </li>
                        <li>
                            {Badge::new(tp(k::overview::BLOCKED_COUNT, blocked as f64, &[]), Tone::Bad)
                                .view()}
                        </li>
                    </ul>
                }
            }}
            <p>
                <a href=links::REVIEW>{t(k::overview::OPEN_REVIEW_DESK)}</a>
            </p>
        </section>
    }
}
