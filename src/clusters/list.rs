use cluster_api::{ops, Cluster, ClusterState};
use leptos::prelude::*;
use leptos_router::{
    components::A,
    hooks::{use_navigate, use_query_map},
    NavigateOptions,
};

use super::filter::ClusterFilter;
use super::watch::ClusterWatch;
use crate::api;
use crate::components::status_badge::{describe, is_transitional};
use crate::components::{ErrorPanel, StatusBadge};
use crate::directory::Directory;
use crate::format;
use crate::session::Session;
use crate::shell::Breadcrumbs;

#[component]
pub fn ClusterList() -> impl IntoView {
    let session = expect_context::<Session>();
    let query = use_query_map();
    let navigate = use_navigate();
    let directory = expect_context::<Directory>();
    // Creating needs manage-clusters in some organization; say so instead of failing later.
    let create_denied = move || {
        directory.orgs.with(|o| match o {
            Some(Ok(orgs)) if !orgs.iter().any(|o| cluster_api::roles::allows(&o.roles, &cluster_api::catalogue::CLUSTER_CREATE)) => {
                Some("Creating a cluster needs the manage-clusters role in an organization; this API secret has it in none.".to_string())
            }
            _ => None,
        })
    };
    let clusters = crate::load::load(move || api::call(session, &ops::ClusterList));

    let filter = Memo::new(move |_| query.with(|q| ClusterFilter::from_query(q.get("name"), q.get("status"))));
    let set_filter = move |f: ClusterFilter| {
        navigate(&f.to_href(), NavigateOptions { replace: true, scroll: false, ..Default::default() });
    };
    let set_name = {
        let set_filter = set_filter.clone();
        move |name: String| set_filter(ClusterFilter { name, ..filter.get_untracked() })
    };
    let set_status = {
        let set_filter = set_filter.clone();
        move |raw: String| {
            set_filter(ClusterFilter { status: (!raw.is_empty()).then(|| ClusterState::from_wire(&raw)), ..filter.get_untracked() })
        }
    };
    let clear = move |_| set_filter(ClusterFilter::default());

    view! {
        <Breadcrumbs crumbs=vec![("Clusters".into(), None)]/>
        <div class="page-head">
            <h1>"Clusters"</h1>
            <span class="spacer"></span>
            {move || match create_denied() {
                None => view! { <A href="/clusters/new" attr:class="button primary" attr:id="new-cluster">"Create cluster"</A> }.into_any(),
                Some(why) => view! { <button class="button primary" id="new-cluster" disabled title=why>"Create cluster"</button> }.into_any(),
            }}
        </div>
        <div class="filters" role="search">
            <label>
                "Name "
                <input type="search" id="filter-name" placeholder="Filter by name"
                    prop:value=move || filter.get().name
                    on:input:target=move |ev| set_name(ev.target().value())/>
            </label>
            <label>
                "Status "
                <select id="filter-status" on:change:target=move |ev| set_status(ev.target().value())>
                    <option value="" selected=move || filter.get().status.is_none()>"Any status"</option>
                    {ClusterState::KNOWN.iter().map(|s| {
                        let wire = s.as_str().to_string();
                        let state = s.clone();
                        view! {
                            <option value=wire selected=move || filter.get().status.as_ref() == Some(&state)>
                                {describe(s).0}
                            </option>
                        }
                    }).collect_view()}
                </select>
            </label>
            {
                let clear = clear.clone();
                move || filter.get().is_active().then(|| view! {
                    <button class="button subtle" on:click=clear.clone()>"Clear filters"</button>
                })
            }
        </div>
        {move || match clusters.get() {
            None => view! { <p class="loading">"Loading clusters…"</p> }.into_any(),
            Some(Err(error)) => view! {
                <ErrorPanel action="Loading clusters" error=error retry=Callback::new(move |_| clusters.refetch())/>
            }.into_any(),
            Some(Ok(all)) if all.is_empty() => view! { <EmptyClusters/> }.into_any(),
            Some(Ok(all)) => {
                let filter = filter.get();
                let shown: Vec<Cluster> = all.iter().filter(|c| filter.matches(c)).cloned().collect();
                if shown.is_empty() {
                    view! {
                        <div class="empty">
                            <p>{format!("No clusters match these filters ({} in all).", all.len())}</p>
                            <button class="button" on:click=clear.clone()>"Clear filters"</button>
                        </div>
                    }.into_any()
                } else {
                    view! { <ClusterTable clusters=shown/> }.into_any()
                }
            }
        }}
    }
}

#[component]
fn EmptyClusters() -> impl IntoView {
    view! {
        <div class="empty">
            <h2>"No clusters yet"</h2>
            <p>"None of the organizations this API secret can see has a cluster. Create one: pick a plan and a region, and it is provisioned once payment is settled."</p>
            <p><A href="/clusters/new" attr:class="button primary">"Create your first cluster"</A></p>
            <p>"Expected a cluster? Check on the " <A href="/organizations">"Organizations"</A> " page which organizations and roles this secret has."</p>
        </div>
    }
}

#[component]
fn ClusterTable(clusters: Vec<Cluster>) -> impl IntoView {
    view! {
        <div class="table-wrap">
        <table class="table clusters">
            <thead>
                <tr><th>"Name"</th><th>"Status"</th><th>"Tier"</th><th>"Region"</th><th>"Host"</th><th>"Created"</th></tr>
            </thead>
            <tbody>
                {clusters.into_iter().map(|c| view! { <ClusterRow cluster=c/> }).collect_view()}
            </tbody>
        </table>
        </div>
    }
}

/// One row; a cluster still changing is watched so its status updates in place.
#[component]
fn ClusterRow(cluster: Cluster) -> impl IntoView {
    let directory = expect_context::<Directory>();
    let live = is_transitional(&cluster.status).then(|| expect_context::<ClusterWatch>().watch(cluster.id.clone(), Some(cluster.clone())));
    let initial = cluster.clone();
    let name = cluster.name.clone();
    let current = Signal::derive(move || live.and_then(|feed| feed.get().value).unwrap_or_else(|| initial.clone()));
    let now = js_sys::Date::now() as i64;
    let owner = cluster.owner.clone().map(|o| directory.org_label(&o));
    let href = format!("/clusters/{}", cluster_api::request::encode_segment(&cluster.id));
    view! {
        <tr data-cluster=name>
            <td>
                <A href=href>{cluster.name.clone()}</A>
                {owner.map(|o| view! { <div class="sub">{o}</div> })}
            </td>
            <td><StatusBadge status=Signal::derive(move || current.get().status)/></td>
            <td class="cap">{cluster.tier.to_string()}</td>
            <td>{cluster.region.name.clone()} <div class="sub">{cluster.region.region.clone()}</div></td>
            <td class="mono">{cluster.host.clone()}</td>
            <td class="when">
                {format::utc(cluster.created_at)}
                <div class="sub">{format::relative(now, cluster.created_at)}</div>
            </td>
        </tr>
    }
}
