//! `/clusters/:id/extensions`, the cluster's Resources: usage against the tier caps,
//! adding a resource, applying to the cluster, and the list with its search and type
//! filter kept in the URL.

use cluster_api::{catalogue, ops, ClusterState, ResourceType};
use leptos::prelude::*;
use leptos_router::{
    hooks::{use_navigate, use_query_map},
    NavigateOptions,
};

use super::add::AddResource;
use super::apply::ApplyPanel;
use super::caps::{limit, type_label, usage_label, used, Group};
use super::filter::ExtensionFilter;
use super::item::ExtensionCard;
use super::{ExtCtx, ExtensionWatch};
use crate::api;
use crate::clusters::ClusterCtx;
use crate::components::ErrorPanel;
use crate::directory::Directory;
use crate::load::load;
use crate::session::Session;

/// Why the resources of a cluster in `status` cannot be changed, or `None`.
pub fn state_problem(name: &str, status: &ClusterState) -> Option<String> {
    (*status != ClusterState::Active).then(|| format!("{name} is {status}; its resources can be changed only while it is ACTIVE."))
}

#[component]
pub fn ClusterExtensions() -> impl IntoView {
    let cluster_ctx = expect_context::<ClusterCtx>();
    let cluster = cluster_ctx.cluster;
    let session = expect_context::<Session>();
    let directory = expect_context::<Directory>();
    let cluster_id = StoredValue::new(cluster_ctx.id());
    let listed_at = StoredValue::new(0.0);
    let list = load(move || {
        let op = ops::ClusterExtensionList { id: cluster_id.get_value(), r#type: None };
        async move {
            let answer = api::call(session, &op).await;
            listed_at.try_set_value(js_sys::Date::now());
            answer
        }
    });
    let majors = load(move || {
        let op = ops::ClusterExtensionKeycloakVersionList { id: cluster_id.get_value() };
        async move { api::call(session, &op).await }
    });
    let denied = Memo::new(move |_| {
        let (name, status, org) = cluster.with(|c| (c.name.clone(), c.status.clone(), c.owner.clone().unwrap_or_default()));
        match directory.permit(&org, &catalogue::CLUSTER_EXTENSION_CREATE) {
            None => Some("Checking your roles…".to_string()),
            Some(Err(why)) => Some(why),
            Some(Ok(())) => state_problem(&name, &status),
        }
    });
    let ctx = ExtCtx { cluster_id, listed_at, denied, watch: expect_context::<ExtensionWatch>(), list, majors };
    provide_context(ctx);

    let query = use_query_map();
    let navigate = use_navigate();
    let base = format!("/clusters/{}/extensions", cluster_api::request::encode_segment(&cluster_id.get_value()));
    let filter = move || query.with(|q| ExtensionFilter::from_query(q.get("name"), q.get("type")));
    let set_filter = move |f: ExtensionFilter| {
        navigate(&f.to_href(&base), NavigateOptions { replace: true, scroll: false, ..Default::default() });
    };
    let set_name = {
        let set_filter = set_filter.clone();
        move |name: String| set_filter(ExtensionFilter { name, ..untrack(filter) })
    };
    let set_type = {
        let set_filter = set_filter.clone();
        move |raw: String| {
            let resource_type = (!raw.is_empty()).then(|| ResourceType::from_wire(&raw));
            set_filter(ExtensionFilter { resource_type, ..untrack(filter) })
        }
    };

    let usage = move || {
        let all = list.with(|l| l.as_ref().and_then(|r| r.as_ref().ok()).cloned())?;
        let (tier, limits) = cluster.with(|c| (c.tier.clone(), c.resource_limits.clone()));
        let chip = |group: Group, id: &'static str| {
            let cap = limit(&tier, &limits, group);
            let n = used(&all, group);
            let full = cap.is_some_and(|c| n >= c);
            view! { <span class=if full { "chip usage full" } else { "chip usage" } id=id>{usage_label(group, n, cap)}</span> }
        };
        Some(view! { {chip(Group::Themes, "usage-themes")} {chip(Group::Extensions, "usage-extensions")} })
    };
    let shown = move || {
        let f = filter();
        list.with(|l| l.as_ref().and_then(|r| r.as_ref().ok()).map(|all| all.iter().filter(|e| f.matches(e)).cloned().collect::<Vec<_>>()))
            .unwrap_or_default()
    };

    view! {
        <section class="card" id="resources">
            <div class="section-head">
                <h2>"Resources"</h2>
                <span class="usage-line">{usage}</span>
            </div>
            <p class="hint">"Themes and extensions are uploaded per Keycloak major version as .jar files; a password denylist is one text file; app-association files are the JSON the iOS and Android apps fetch."</p>
            {move || match denied.get() {
                Some(why) => view! { <p class="hint reason" id="resources-read-only">{why}</p> }.into_any(),
                None => view! { <AddResource cluster=cluster/> }.into_any(),
            }}
        </section>
        <ApplyPanel/>
        <div class="filters" role="search">
            <label>"Name "
                <input type="search" id="filter-resource-name" placeholder="Search by name"
                    prop:value=move || filter().name on:input:target=move |ev| set_name(ev.target().value())/>
            </label>
            <label>"Type "
                <select id="filter-resource-type" on:change:target=move |ev| set_type(ev.target().value())>
                    <option value="" selected=move || filter().resource_type.is_none()>"All types"</option>
                    {ResourceType::KNOWN.iter().map(|t| {
                        let this = t.clone();
                        view! {
                            <option value=t.as_str().to_string() selected=move || filter().resource_type.as_ref() == Some(&this)>
                                {type_label(t)}
                            </option>
                        }
                    }).collect_view()}
                </select>
            </label>
            {
                let set_filter = set_filter.clone();
                move || filter().is_active().then(|| {
                    let set_filter = set_filter.clone();
                    view! { <button class="button subtle" id="clear-resource-filters" on:click=move |_| set_filter(ExtensionFilter::default())>"Clear filters"</button> }
                })
            }
        </div>
        {move || match list.get() {
            None => view! { <p class="loading">"Loading resources…"</p> }.into_any(),
            Some(Err(e)) => view! { <ErrorPanel action="Loading resources" error=e retry=Callback::new(move |_| list.refetch())/> }.into_any(),
            Some(Ok(all)) if all.is_empty() => view! {
                <div class="empty" id="no-resources"><p>"No resources yet. Add a theme, an extension, a password denylist or app-association files above."</p></div>
            }.into_any(),
            Some(Ok(_)) => ().into_any(),
        }}
        {move || (list.with(|l| matches!(l, Some(Ok(all)) if !all.is_empty())) && shown().is_empty()).then(|| view! {
            <div class="empty" id="no-matches"><p>"No resources match this search."</p></div>
        })}
        <div class="extensions">
            <For each=shown key=|e| e.id.clone() let:extension>
                <ExtensionCard seed=extension/>
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
