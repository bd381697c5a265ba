//! `/clusters`: every cluster the API secret can see, filtered by name and state in the
//! URL. A cluster still changing is watched, so its state updates in its row.

use crate::prefetch::group;
use cluster_api::{Cluster, ClusterState, catalogue, ops};
use leptos::prelude::*;

use super::org_filter::OrgFilter;
use super::watch::ClusterWatch;
use crate::api::{self, use_api};
use crate::clusters::status_badge::StatusBadge;
use crate::clusters::status_badge::{filter_options, filter_value, is_transitional, words};
use crate::directory::Directory;
use crate::i18n::k::clusters_list as w;
use crate::i18n::{t, tf};
use crate::kit::filter::{FilterBar, FilterSpec, UrlFilter, filter_setter, use_url_filter};
use crate::kit::page::PageHead;
use crate::kit::pager::Pager;
use crate::kit::table::{Cell, Column, ResourceTable, Row, SortKey};
use crate::links;
use crate::poll::PollKey;

pub const FILTER: FilterSpec = FilterSpec {
    name_param: "name",
    choice_param: "status",
    name_id: "filter-name",
    choice_id: "filter-status",
    clear_id: "clear-filters",
    name_label: w::FILTER_NAME,
    placeholder: w::FILTER_PLACEHOLDER,
    choice_label: w::FILTER_STATUS,
    any_label: w::FILTER_ANY_STATUS,
};

const COLUMNS: &[Column] = &[
    Column::sortable(w::COL_NAME),
    Column::sortable(w::COL_STATUS),
    Column::sortable(w::COL_TIER),
    Column::sortable(w::COL_REGION),
    Column::new(w::COL_HOST),
    Column::sortable(w::COL_CREATED),
];

/// Newest first unless the URL says otherwise: the column "Created", descending.
const NEWEST_FIRST: (usize, bool) = (5, false);

/// Clusters per page: support staff see hundreds from every organization.
const PAGER: Pager =
    Pager { size: 50, prev_id: "clusters-prev", next_id: "clusters-next", param: crate::kit::pager::PARAM };

/// One cluster as a row. `listed_at` is when the list was read: a watch that knows
/// something newer is not overwritten with it. A cluster still changing is watched only
/// once its row is shown (the table is given every row, to sort them before paging).
fn cluster_row(cluster: &Cluster, directory: &Directory, watch: ClusterWatch, listed_at: f64) -> Row {
    let status_key = SortKey::words(&words(&cluster.status));
    let region = crate::words::region_text(&cluster.region.name, &cluster.region.region);
    let shown = cluster.clone();
    let status = move || status_badge(&shown, watch, listed_at);
    let owner = cluster.owner.as_deref().map(|o| directory.org_label(o)).unwrap_or_default();
    Row::new(
        "data-cluster",
        cluster.name.clone(),
        vec![
            Cell::link(cluster.name.clone(), links::cluster(&cluster.id)).sub(owner).class("nowrap"),
            Cell::view_when_shown(status, status_key),
            Cell::text(cluster.tier.to_string()).class("cap"),
            Cell::view(
                crate::kit::coded::region(&cluster.region.name, &cluster.region.region),
                SortKey::words(&region),
            ),
            Cell::copy(cluster.host.clone(), "host"),
            Cell::time(cluster.created_at),
        ],
    )
}

/// The live state of a listed cluster: watched while it is still changing.
fn status_badge(cluster: &Cluster, watch: ClusterWatch, listed_at: f64) -> AnyView {
    if is_transitional(&cluster.status) {
        let key = PollKey::cluster(cluster.id.clone());
        let feed = watch.watch(key.clone(), None);
        if feed.with_untracked(|f| f.value.is_none() || f.updated_at < listed_at) {
            watch.publish(key, cluster.clone());
        }
        if let Some(center) = crate::activity::center() {
            crate::clusters::track::from_list(center, watch, cluster.id.clone(), cluster.name.clone());
        }
        let initial = cluster.status.clone();
        let live = Signal::derive(move || {
            feed.with(|f| f.value.as_ref().map(|c| c.status.clone())).unwrap_or_else(|| initial.clone())
        });
        view! { <StatusBadge status=live /> }.into_any()
    } else {
        view! { <StatusBadge status=cluster.status.clone() /> }.into_any()
    }
}

#[component]
pub fn ClusterList() -> impl IntoView {
    let api = use_api();
    let directory = expect_context::<Directory>();
    let watch = expect_context::<ClusterWatch>();
    // Creating needs manage-clusters in some organization; say so instead of failing later.
    let create_denied = move || directory.refused_everywhere(&catalogue::CLUSTER_CREATE, t(w::CREATING));
    let clusters = crate::view_read::load(move || {
        let answer = api::call(api, &ops::ClusterList);
        async move {
            let answer = answer.await;
            if let Ok(all) = &answer {
                crate::palette::known::clusters_read(all);
                // What is likely next, fetched once the page is idle: a cluster's page, or for
                // someone with no cluster yet, the create wizard.
                let next = if all.is_empty() { group::CREATE_CLUSTER } else { group::CLUSTER };
                crate::prefetch::when_idle(next);
            }
            answer
        }
    });

    let in_url = use_url_filter(&FILTER);
    // A state that reads like another is filed under that one's option (`filter_value`), so
    // a bookmark of either code selects the one option and finds both.
    let filter = Memo::new(move |_| {
        let mut f = in_url.get();
        f.choice = f.choice.map(|c| filter_value(&ClusterState::from_wire(&c)).to_string());
        f
    });
    let clear = filter_setter(&FILTER, links::CLUSTERS.to_string());
    // With hundreds of clusters from every organization (support staff), an organization
    // filter and pages keep the list usable and the page small.
    let query = leptos_router::hooks::use_query_map();
    let org = Memo::new(move |_| query.with(|q| q.get("org")).filter(|o| !o.is_empty()));
    let matching = Memo::new(move |_| {
        let (f, org) = (filter.get(), org.get());
        clusters.with(|answer| match answer {
            Some(Ok(all)) => all
                .iter()
                .enumerate()
                .filter(|(_, c)| {
                    f.matches(&c.name, filter_value(&c.status))
                        && org.as_deref().is_none_or(|o| c.owner.as_deref() == Some(o))
                })
                .map(|(i, _)| i)
                .collect(),
            _ => Vec::new(),
        })
    });
    // Every matching cluster: the table sorts them all, then shows one page.
    let listed_at = clusters.answered_at();
    let rows = clusters
        .table(t(w::LOADING), move |all| {
            let at = listed_at.get_untracked();
            matching.with(|m| {
                m.iter().filter_map(|i| all.get(*i)).map(|c| cluster_row(c, &directory, watch, at)).collect()
            })
        })
        .updated(listed_at);
    let empty = ViewFn::from(move || {
        let total = clusters.with(|c| c.as_ref().and_then(|r| r.as_ref().ok()).map(Vec::len).unwrap_or(0));
        if total == 0 {
            return view! { <EmptyClusters /> }.into_any();
        }
        let clear = clear.clone();
        view! {
            <div class="empty">
                <p>{tf(w::NO_MATCH, &[("total", &total.to_string())])}</p>
                <button class="button" on:click=move |_| clear(UrlFilter::default())>
                    {t(w::CLEAR_FILTERS)}
                </button>
            </div>
        }
        .into_any()
    });
    let options = filter_options();

    view! {
        <PageHead heading=crate::routes::CLUSTERS.title()>
            <span class="spacer"></span>
            {move || match create_denied() {
                None => {
                    view! {
                        <a href=links::NEW_CLUSTER class="button primary" id="new-cluster">
                            {t(w::CREATE)}
                        </a>
                    }
                        .into_any()
                }
                Some(_) => {
                    view! {
                        <button
                            class="button primary"
                            id="new-cluster"
                            disabled
                            aria-describedby="new-cluster-refused"
                        >
                            {t(w::CREATE)}
                        </button>
                    }
                        .into_any()
                }
            }}
        </PageHead>
        // The reason a button is disabled is text on the page, not only a tooltip.
        {move || {
            create_denied()
                .map(|why| {
                    view! {
                        <p class="hint" id="new-cluster-refused">
                            {why}
                        </p>
                    }
                })
        }}
        {move || {
            clusters
                .with(|c| {
                    c.as_ref()
                        .and_then(|r| r.as_ref().ok())
                        .and_then(|all| super::attention::attention_line(all))
                })
                .map(|line| {
                    view! {
                        <p class="attention-line" id="attention-line">
                            {line}
                            " "
                            <a href=links::OVERVIEW>{t(w::SEE_OVERVIEW)}</a>
                        </p>
                    }
                })
        }}
        <FilterBar spec=&FILTER base=links::CLUSTERS.to_string() filter=filter options=options />
        <OrgFilter org=org />
        <ResourceTable
            columns=COLUMNS
            rows=rows
            class="clusters"
            label=t(w::TABLE_LABEL)
            empty=empty
            default_sort=NEWEST_FIRST
            pager=PAGER
        />
    }
}

#[component]
fn EmptyClusters() -> impl IntoView {
    let (before, after) = crate::i18n::around(t(w::EXPECTED_HINT), "link");
    view! {
        <div class="empty">
            <h2>{t(w::EMPTY_HEADING)}</h2>
            <p>{t(w::EMPTY_TEXT)}</p>
            <p>
                <a href=links::NEW_CLUSTER class="button primary">
                    {t(w::CREATE_FIRST)}
                </a>
            </p>
            <p>{before} <a href=links::ORGANIZATIONS>{t(w::ORGANIZATIONS_LINK)}</a> {after}</p>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::table::order;
    use cluster_api::EpochMillis;

    #[test]
    fn newest_first_by_default() {
        assert_eq!(COLUMNS[5].label.english(), "Created");
        // The cell of that column, `Cell::time`, sorts by the moment.
        let keys = [SortKey::Number(EpochMillis(1).0), SortKey::Number(EpochMillis(9).0)];
        let refs: Vec<&SortKey> = keys.iter().collect();
        let (column, ascending) = NEWEST_FIRST;
        assert_eq!(column, 5);
        assert_eq!(order(&refs, ascending), vec![1, 0]);
    }
}
