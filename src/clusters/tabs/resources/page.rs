//! `/clusters/:id/resources`, the cluster's Resources: usage against the tier caps,
//! adding a resource, applying to the cluster, and the list with its search and type
//! filter kept in the URL.

use cluster_api::{ClusterState, ResourceType, catalogue, ops};
use leptos::prelude::*;

use super::ExtCtx;
use super::add::AddResource;
use super::apply::ApplyPanel;
use super::caps::{Group, limit, type_label, usage_label, used};
use super::item::ExtensionCard;
use crate::api;
use crate::clusters::ClusterCtx;
use crate::i18n::k::resources as w;
use crate::i18n::{t, tf};
use crate::kit::Loaded;
use crate::kit::filter::{FilterBar, FilterSpec, use_url_filter};
use crate::links::{self, ClusterTab};
use crate::view_read::load;

/// The filter bar.
const FILTER: FilterSpec = FilterSpec {
    name_param: "name",
    choice_param: "type",
    name_id: "filter-resource-name",
    choice_id: "filter-resource-type",
    clear_id: "clear-resource-filters",
    name_label: w::FILTER_NAME_LABEL,
    placeholder: w::FILTER_PLACEHOLDER,
    choice_label: w::FILTER_TYPE_LABEL,
    any_label: w::FILTER_ANY,
};

/// Why the resources of a cluster in `status` cannot be changed, or `None`.
pub fn state_problem(name: &str, status: &ClusterState) -> Option<String> {
    (*status != ClusterState::Active)
        .then(|| tf(w::STATE_PROBLEM, &[("name", name), ("status", &status.to_string())]))
}

#[component]
pub fn ClusterResources() -> impl IntoView {
    let cluster_ctx = expect_context::<ClusterCtx>();
    let (cluster, api, cluster_id) = (cluster_ctx.cluster, cluster_ctx.api, cluster_ctx.id);
    let list = load(move || {
        let op = ops::ClusterExtensionList { id: cluster_id.get_value(), r#type: None };
        async move { api::call(api, &op).await }
    });
    let majors = load(move || {
        let op = ops::ClusterExtensionKeycloakVersionList { id: cluster_id.get_value() };
        async move { api::call(api, &op).await }
    });
    let denied = Memo::new(move |_| {
        let (name, status) = cluster.with(|c| (c.name.clone(), c.status.clone()));
        cluster_ctx.denied(&catalogue::CLUSTER_EXTENSION_CREATE).or_else(|| state_problem(&name, &status))
    });
    let ctx = ExtCtx {
        cluster: cluster_ctx,
        denied,
        watch: crate::poll::app_wide(super::extension_watch),
        list,
        majors,
    };
    provide_context(ctx);

    let spec = &FILTER;
    let filter = use_url_filter(spec);
    let base = links::cluster_tab(&cluster_id.get_value(), ClusterTab::Resources);
    let options = ResourceType::KNOWN.iter().map(|t| (t.as_str().to_string(), type_label(t))).collect();

    let usage = move || {
        let all = list.with(|l| l.as_ref().and_then(|r| r.as_ref().ok()).cloned())?;
        let (tier, limits) = cluster.with(|c| (c.tier.clone(), c.resource_limits.clone()));
        let chip = |group: Group, id: &'static str| {
            let cap = limit(&tier, &limits, group);
            let n = used(&all, group);
            let full = cap.is_some_and(|c| n >= c);
            view! {
                <span class=if full { "chip usage full" } else { "chip usage" } id=id>
                    {usage_label(group, n, cap)}
                </span>
            }
        };
        Some(view! {
            {chip(Group::Themes, "usage-themes")}
            {chip(Group::Extensions, "usage-extensions")}
        })
    };
    let shown = move || {
        let f = filter.get();
        list.with(|l| {
            l.as_ref().and_then(|r| r.as_ref().ok()).map(|all| {
                all.iter()
                    .filter(|e| f.matches(&e.name, e.resource_type.as_str()))
                    .cloned()
                    .collect::<Vec<_>>()
            })
        })
        .unwrap_or_default()
    };

    view! {
        <section class="card" id="resources">
            <div class="section-head">
                <h2>{t(w::HEADING)}</h2>
                <span class="usage-line">{usage}</span>
            </div>
            <p class="hint">{t(w::HINT)}</p>
            {move || match denied.get() {
                Some(why) => {
                    view! {
                        <p class="hint reason" id="resources-read-only">
                            {why}
                        </p>
                    }
                        .into_any()
                }
                None => view! { <AddResource cluster=cluster /> }.into_any(),
            }}
        </section>
        <ApplyPanel />
        <FilterBar spec=spec base=base filter=filter options=options />
        {Loaded::new(t(w::LOADING), list)
            .empty(
                Vec::is_empty,
                || {
                    view! {
                        <div class="empty" id="no-resources">
                            <p>{t(w::EMPTY)}</p>
                        </div>
                    }
                },
            )
            .ready(|_| ().into_any())}
        {move || {
            (list.with(|l| matches!(l, Some(Ok(all)) if !all.is_empty())) && shown().is_empty())
                .then(|| {
                    view! {
                        <div class="empty" id="no-matches">
                            <p>{t(w::NO_MATCHES)}</p>
                        </div>
                    }
                })
        }}
        <div class="extensions">
            <For each=shown key=|e| e.id.clone() let:extension>
                <ExtensionCard seed=extension />
            </For>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_active_clusters_change() {
        assert_eq!(state_problem("x", &ClusterState::Active), None);
        let why = state_problem("acme-legacy", &ClusterState::PendingDeletion).unwrap_or_default();
        assert!(why.contains("acme-legacy is PENDING_DELETION"), "{why}");
    }
}
