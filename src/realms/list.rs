//! `/realms`: the realms of every cluster the person can see, with the cluster as a
//! column, searchable by name and filtered by cluster in the URL. A cluster whose realms
//! could not be read is named as failed, never shown as having none.

use cluster_api::{Cluster, ClusterState, Deployment, ops};
use leptos::prelude::*;

use super::realm_watch;
use super::rows::{ALL_COLUMNS, RowCtx, realm_row};
use crate::api::{self, Api, ApiError, use_api};
use crate::directory::Directory;
use crate::i18n::{k, t, tf};
use crate::kit::ErrorPanel;
use crate::kit::filter::{FilterBar, FilterSpec, use_url_filter};
use crate::kit::page::PageHead;
use crate::kit::table::{ResourceTable, empty_note};
use crate::links;

const FILTER: FilterSpec = FilterSpec {
    name_param: "name",
    choice_param: "cluster",
    name_id: "filter-all-realms-name",
    choice_id: "filter-all-realms-cluster",
    clear_id: "clear-all-realms-filters",
    name_label: k::realms::NAME,
    placeholder: k::realms::FILTER_PLACEHOLDER,
    choice_label: k::realms::CLUSTER,
    any_label: k::realms::FILTER_ANY_CLUSTER,
};

/// Clusters that never ran hold no realms; there is nothing to ask them.
fn holds_realms(status: &ClusterState) -> bool {
    !matches!(status, ClusterState::BillingSetup | ClusterState::PendingPayment | ClusterState::Archived)
}

#[derive(Clone, PartialEq)]
struct Everything {
    clusters: Vec<Cluster>,
    realms: Vec<(Cluster, Deployment)>,
    /// Clusters whose realms could not be read, with why.
    failed: Vec<(String, ApiError)>,
}

async fn read_all(api: Api) -> Result<Everything, ApiError> {
    let clusters: Vec<Cluster> =
        api::call(api, &ops::ClusterList).await?.into_iter().filter(|c| holds_realms(&c.status)).collect();
    let mut all = Everything { clusters: clusters.clone(), realms: Vec::new(), failed: Vec::new() };
    for cluster in clusters {
        match api::call(api, &ops::ClusterDeploymentList { id: cluster.id.clone(), search: None }).await {
            Ok(realms) => {
                crate::palette::known::realms_read(&cluster.id, &realms);
                all.realms.extend(realms.into_iter().map(|r| (cluster.clone(), r)));
            }
            Err(e) => all.failed.push((cluster.name.clone(), e)),
        }
    }
    Ok(all)
}

#[component]
pub fn AllRealms() -> impl IntoView {
    let api = use_api();
    let directory = expect_context::<Directory>();
    let watch = crate::poll::app_wide(realm_watch);
    let everything = crate::view_read::load(move || read_all(api));
    let filter = use_url_filter(&FILTER);
    let listed_at = everything.answered_at();
    let rows = everything
        .table(t(k::realms::LOADING_REALMS), move |all| {
            let f = filter.get();
            let ctx = RowCtx { api, directory, watch, listed_at: listed_at.get_untracked() };
            all.realms
                .iter()
                .filter(|(c, r)| f.matches(&r.name, &c.id))
                .map(|(c, r)| realm_row(ctx, r, Some((c.name.clone(), c.id.clone()))))
                .collect()
        })
        .updated(listed_at);
    let options = move || {
        everything.with(|a| match a {
            Some(Ok(all)) => all.clusters.iter().map(|c| (c.id.clone(), c.name.clone())).collect(),
            _ => Vec::new(),
        })
    };
    let empty = ViewFn::from(move || {
        let total =
            everything.with(|a| a.as_ref().and_then(|r| r.as_ref().ok()).map_or(0, |all| all.realms.len()));
        let text = if total == 0 { t(k::realms::NO_REALMS_YET) } else { t(k::realms::NO_MATCH) };
        empty_note(text, Some("no-realms-anywhere"))
    });
    let failures = move || {
        everything.with(|a| match a {
            Some(Ok(all)) => all.failed.clone(),
            _ => Vec::new(),
        })
    };

    view! {
        <PageHead heading=crate::routes::REALMS.title() />
        <p class="hint">{t(k::realms::ALL_HINT)}</p>
        {move || {
            failures()
                .into_iter()
                .map(|(name, e)| {
                    let action = tf(k::realms::LOADING_REALMS_OF, &[("cluster", &name)]);
                    view! {
                        <div class="cluster-failure" data-cluster=name.clone()>
                            <ErrorPanel
                                action=action
                                error=e
                                retry=Callback::new(move |_| everything.refetch())
                            />
                        </div>
                    }
                })
                .collect_view()
        }}
        {move || {
            view! {
                <FilterBar spec=&FILTER base=links::REALMS.to_string() filter=filter options=options() />
            }
        }}
        <ResourceTable
            columns=ALL_COLUMNS
            rows=rows
            class="realms all-realms"
            label=t(k::realms::REALMS_ON_EVERY_CLUSTER)
            empty=empty
        />
    }
}
