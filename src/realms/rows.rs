//! A realm as a table row, shared by the cluster's Realms tab and the Realms page: name
//! (to its page), display name, live state (with the failure reason), created, and what
//! the row can do.

use cluster_api::{Deployment, DeploymentState, catalogue};
use leptos::prelude::*;

use super::console::open_console;
use super::{RealmWatch, badge, describe, live};
use crate::api::Api;
use crate::directory::Directory;
use crate::i18n::{k, t};
use crate::kit::Write;
use crate::kit::table::{Cell, Column, Row, SortKey};
use crate::links;

/// The Realms page's columns: every cluster's realms, so a row names its cluster.
pub const ALL_COLUMNS: &[Column] = &[
    Column::sortable(k::realms::NAME),
    Column::sortable(k::realms::DISPLAY_NAME),
    Column::sortable(k::realms::CLUSTER),
    Column::sortable(k::realms::STATE),
    Column::sortable(k::realms::CREATED),
    Column::new(k::realms::COL_ACTIONS),
];

/// Where the Cluster column stands in `ALL_COLUMNS` (and its cell in `realm_row`).
const CLUSTER_COLUMN: usize = 2;

/// A cluster's Realms tab: the page's columns without Cluster (every row is that cluster's).
pub const TAB_COLUMNS: &[Column] = &without::<5>(ALL_COLUMNS, CLUSTER_COLUMN);

/// `columns` without the one at `at`; a `const fn`, so the tab's table is a constant too.
const fn without<const N: usize>(columns: &[Column], at: usize) -> [Column; N] {
    assert!(N + 1 == columns.len());
    let mut out = [columns[0]; N];
    let mut i = 0;
    while i < N {
        out[i] = columns[if i < at { i } else { i + 1 }];
        i += 1;
    }
    out
}

/// What a row needs besides the realm.
#[derive(Clone, Copy)]
pub struct RowCtx {
    pub api: Api,
    pub directory: Directory,
    pub watch: RealmWatch,
    /// `Date.now()` when the list was read.
    pub listed_at: f64,
}

/// The realm's row; with `cluster` (name, ID) the row has a Cluster column.
pub fn realm_row(ctx: RowCtx, realm: &Deployment, cluster: Option<(String, String)>) -> Row {
    let current = live(ctx.watch, realm, ctx.listed_at);
    let state = move || {
        current.with(|r| {
            let why = (r.state == DeploymentState::Failed).then(|| r.state_error.clone()).flatten();
            view! {
                {badge(&r.state)}
                {why
                    .map(|w| {
                        view! {
                            <div class="sub state-error" data-service-text="">
                                {w}
                            </div>
                        }
                    })}
            }
        })
    };
    let (state_label, _) = describe(&realm.state);
    let display = realm.display_name.clone().unwrap_or_default();
    let mut cells =
        vec![Cell::link(realm.name.clone(), links::realm(&realm.id)).class("nowrap"), Cell::text(display)];
    if let Some((name, id)) = cluster {
        cells.push(Cell::link(name, links::cluster_tab(&id, links::ClusterTab::Realms)));
    }
    cells.push(Cell::view(state.into_any(), SortKey::words(state_label)));
    cells.push(realm.created_at.map_or_else(|| Cell::text("—"), Cell::time));
    cells.push(Cell::view(view! { <RowActions ctx=ctx realm=current /> }.into_any(), SortKey::None));
    Row::new("data-realm", realm.name.clone(), cells)
}

/// Open the realm's page; open its admin console when it runs and the person may.
#[component]
fn RowActions(ctx: RowCtx, realm: Signal<Deployment>) -> impl IntoView {
    let opening = Write::new(t(k::realms::OPENING_CONSOLE));
    let (id, org) = realm.with_untracked(|r| (r.id.clone(), r.org_id.clone().unwrap_or_default()));
    let href = links::realm(&id);
    let allowed = move || {
        realm.with(|r| r.state == DeploymentState::Active)
            && ctx
                .directory
                .permit(&org, &catalogue::DEPLOYMENT_CONSOLELINK_CREATE)
                .is_some_and(|v| v.is_ok())
    };
    view! {
        <div class="row-actions">
            <a href=href class="button subtle">
                {t(k::realms::OPEN)}
            </a>
            {move || {
                allowed()
                    .then(|| {
                        let id = id.clone();
                        view! {
                            <button
                                type="button"
                                class="button subtle open-console"
                                on:click=move |_| open_console(ctx.api, id.clone(), opening)
                            >
                                {opening.label(t(k::realms::ADMIN_CONSOLE_LINK), t(k::realms::OPENING))}
                            </button>
                        }
                    })
            }}
        </div>
        {opening.failure()}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tab_has_the_page_columns_but_cluster() {
        let words =
            |columns: &[Column]| columns.iter().map(|c| (c.label.english(), c.sortable)).collect::<Vec<_>>();
        assert_eq!(
            words(TAB_COLUMNS),
            [("Name", true), ("Display name", true), ("State", true), ("Created", true), ("Actions", false)]
        );
        assert_eq!(words(&ALL_COLUMNS[CLUSTER_COLUMN..=CLUSTER_COLUMN]), [("Cluster", true)]);
    }
}
