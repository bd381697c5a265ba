//! Support staff's review of uploaded extensions: the desk listing every version of every
//! cluster (`/review`) and one version's report with Block and Unblock
//! (`/review/{cluster}/{extension}/{version}`). Both explain themselves to anyone else.

mod block;
mod desk;
mod desk_parts;
mod desk_read;
mod page;
mod report;
mod report_view;
mod rows;

pub use desk::ReviewDesk;
pub use page::VersionReview;
// The overview shows support staff the desk's counts.
pub use desk_read::Desk;
pub use rows::needs_attention;

use leptos::prelude::*;

use crate::i18n::{k, t};
use crate::kit::page::PageHead;
use crate::links;

/// What a customer sees on a staff page: what it is and that it is not theirs, never a
/// blank page or a raw 403.
#[component]
pub fn StaffOnly(heading: &'static str) -> impl IntoView {
    view! {
        <PageHead heading=heading no_trail=true />
        <section class="card" id="staff-only">
            <p>{t(k::review::STAFF_ONLY_WHAT)}</p>
            <p>{t(k::review::STAFF_ONLY_NOT_YOURS)}</p>
            <p>
                <a href=links::CLUSTERS class="button">
                    {t(k::review::GO_TO_CLUSTERS)}
                </a>
            </p>
        </section>
    }
}
