//! `/organizations`: the organizations the signed-in person or API secret belongs to, the
//! roles held in each, what those roles allow in this console, and each one's API secrets.

use cluster_api::{Operation, Org, catalogue};
use leptos::prelude::*;

use crate::directory::Directory;
use crate::i18n::{Msg, k, t};
use crate::kit::page::PageHead;
use crate::kit::table::{Cell, Column, ResourceTable, Row, SortKey, empty_note};

/// What the roles allow in this console, so a person can see at a glance what they can do.
const CAPABILITIES: &[(Msg, &Operation)] = &[
    (k::organizations::VIEW_CLUSTERS, &catalogue::CLUSTER_LIST),
    (k::organizations::DELETE_CLUSTERS, &catalogue::CLUSTER_DELETE),
];

const COLUMNS: &[Column] = &[
    Column::sortable(k::organizations::COL_ORGANIZATION),
    Column::sortable(k::organizations::COL_ID),
    Column::new(k::organizations::COL_ROLES),
    Column::new(k::organizations::COL_IN_THIS_CONSOLE),
    Column::new(k::organizations::API_SECRETS),
];

fn org_row(org: &Org, directory: &Directory) -> Row {
    let mut roles = org.roles.clone();
    roles.sort();
    let roles = if roles.is_empty() {
        view! { <span class="hint">{t(k::organizations::NONE)}</span> }.into_any()
    } else {
        view! {
            <span class="roles">
                {roles.into_iter().map(|r| view! { <span class="chip">{r}</span> }).collect_view()}
            </span>
        }
        .into_any()
    };
    let capabilities = CAPABILITIES
        .iter()
        .map(|(label, op)| {
            let (mark, why) = match directory.permit(&org.id, op) {
                Some(Ok(())) => ("✓", None),
                Some(Err(why)) => ("✗", Some(why)),
                None => ("…", None),
            };
            view! {
                <li>
                    <span class="mark">{mark}</span>
                    " "
                    {t(*label)}
                    {why.map(|why| view! { <div class="sub">{why}</div> })}
                </li>
            }
        })
        .collect_view();
    Row::new(
        "data-org",
        org.name.clone(),
        vec![
            Cell::text(org.display_name.clone().unwrap_or_else(|| org.name.clone())).sub(org.name.clone()),
            Cell::copy(org.id.clone(), t(k::organizations::ORGANIZATION_ID)),
            Cell::view(roles, SortKey::None),
            Cell::view(view! { <ul class="capabilities">{capabilities}</ul> }.into_any(), SortKey::None),
            Cell::link(t(k::organizations::API_SECRETS), crate::links::org_secrets(&org.id)),
        ],
    )
}

#[component]
pub fn Organizations() -> impl IntoView {
    let directory = expect_context::<Directory>();
    let rows = directory.orgs.table(t(k::organizations::LOADING), move |orgs| {
        orgs.iter().map(|org| org_row(org, &directory)).collect()
    });
    view! {
        <PageHead heading=crate::routes::ORGANIZATIONS.title() />
        <p class="hint">{t(k::organizations::HINT)}</p>
        <ResourceTable
            columns=COLUMNS
            rows=rows
            class="orgs"
            label=t(k::organizations::ORGANIZATIONS)
            empty=ViewFn::from(|| empty_note(t(k::organizations::NO_ORGANIZATION), None))
        />
    }
}
