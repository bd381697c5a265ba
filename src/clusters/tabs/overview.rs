use cluster_api::{Cluster, ClusterState, Metrics, SystemInfoRepresentation, ops};
use leptos::prelude::*;

use crate::api::{self, use_api};
use crate::clusters::ClusterCtx;
use crate::clusters::delete::DeleteCluster;
use crate::clusters::status_badge;
use crate::clusters::watch::restart_watch;
use crate::directory::Directory;
use crate::format;
use crate::kit::copy::CopyButton;
use crate::kit::{Badge, Loaded, Tone};
use crate::links::{self, ClusterTab};
use crate::words;

/// The Overview tab: every field of the cluster, metrics, restarts, system info, delete.
#[component]
pub fn ClusterOverview() -> impl IntoView {
    let ctx = expect_context::<ClusterCtx>();
    let (id, cluster) = (ctx.id(), ctx.cluster);
    let directory = expect_context::<Directory>();
    let status = Memo::new(move |_| cluster.with(|c| c.status.clone()));
    let name = move || cluster.with(|c| c.name.clone());

    view! {
        // Support staff: the facts for a ticket, first.
        {move || directory.is_staff().then(|| view! { <super::summary::SupportSummary/> })}
        <section class="card">
            <h2>"Overview"</h2>
            <dl class="fields">
                <dt>"ID"</dt><dd class="mono" id="cluster-id">{id.clone()}" "<CopyButton text=id.clone() what="cluster ID"/></dd>
                <dt>"Name"</dt><dd>{name}</dd>
                <dt>"Host"</dt><dd class="mono" id="cluster-host">{move || {
                    let host = cluster.with(|c| c.host.clone());
                    view! { {host_view(&host)}" "<CopyButton text=host what="host"/> }
                }}</dd>
                <dt>"Region"</dt><dd id="cluster-region">{move || cluster.with(|c| words::region_view(&c.region.name, &c.region.region))}</dd>
                <dt>"Custom domain"</dt>
                <dd id="custom-domain">{move || cluster.with(custom_domain)} " "
                    <a href=links::cluster_tab(&id, ClusterTab::Domains) id="custom-domain-link">"Manage domains"</a></dd>
                <dt>"Status"</dt><dd id="cluster-status">{move || { let s = status.get(); view! { <span title=s.as_str().to_string()>{status_badge::words(&s)}</span> } }}</dd>
                <dt>"Organization"</dt>
                <dd>{move || cluster.with(|c| c.owner.clone()).map(|o| format!("{} ({o})", directory.org_label(&o))).unwrap_or_else(|| "—".into())}</dd>
                <dt>"Variant"</dt><dd id="cluster-variant">{move || cluster.with(|c| match c.variant.as_deref() {
                    Some(code) => words::or_code(words::variant(code), code),
                    None => "—".into_any(),
                })}</dd>
                <dt>"Tier"</dt><dd class="cap">{move || cluster.with(|c| c.tier.to_string())}</dd>
                <dt>"Resource limits"</dt><dd class="cap">{move || cluster.with(|c| c.resource_limits.to_string())}</dd>
                <dt>"Created"</dt>
                <dd>{move || cluster.with(|c| format!("{} ({})", format::utc(c.created_at), format::relative(js_sys::Date::now() as i64, c.created_at)))}</dd>
            </dl>
        </section>
        <div class="grid2">
            <MetricsCard id=id.clone() status=status.into()/>
            <RestartCard id=id.clone()/>
        </div>
        <SystemInfoCard id=id.clone() status=status.into()/>
        <section class="card danger-zone">
            <h2>"Delete"</h2>
            <DeleteCluster cluster=cluster/>
        </section>
    }
}

/// The custom host the cluster serves on; else the domain recorded when it was created
/// (which is not live by itself); else "None".
fn custom_domain(c: &Cluster) -> String {
    let host = c.host.split_once("://").map_or(c.host.as_str(), |(_, rest)| rest).trim_end_matches('/');
    if !host.ends_with(".global.auth.ac") {
        return format!("{host} (primary host)");
    }
    c.domain.as_ref().map_or_else(|| "None".into(), |d| format!("{d} (recorded at creation)"))
}

/// Links only what is plainly a web address; anything else is shown as text.
fn host_view(host: &str) -> AnyView {
    if host.starts_with("https://") || host.starts_with("http://") {
        view! { <a href=host.to_string() target="_blank" rel="noopener noreferrer">{host.to_string()}</a> }
            .into_any()
    } else {
        host.to_string().into_any()
    }
}

#[component]
fn MetricsCard(id: String, status: Signal<ClusterState>) -> impl IntoView {
    let api = use_api();
    // Re-read when the state changes: health follows it.
    let metrics = crate::load::load(move || {
        status.track();
        let id = id.clone();
        async move { api::call(api, &ops::ClusterMetricsDetail { id }).await }
    });
    view! {
        <section class="card" id="metrics">
            <h2>"Metrics"</h2>
            {Loaded::new("Loading metrics", metrics).ready(move |m| metrics_view(m, &status.get()))}
        </section>
    }
}

/// Health in words and a tone. Only a cluster meant to be running can be unhealthy: one
/// that is not running yet (awaiting payment, provisioning) or any more is said to be so.
pub fn health(healthy: bool, status: &ClusterState) -> (&'static str, Tone) {
    match (healthy, status) {
        (true, _) => ("Healthy", Tone::Ok),
        (false, ClusterState::Active) => ("Not healthy", Tone::Bad),
        (false, ClusterState::BillingSetup | ClusterState::PendingPayment | ClusterState::Provisioning) => {
            ("Not running yet", Tone::Neutral)
        }
        (false, _) => ("Not running", Tone::Muted),
    }
}

fn metrics_view(m: Metrics, status: &ClusterState) -> AnyView {
    let counts = m.counts.unwrap_or_default();
    let (words, tone) = health(m.healthy, status);
    view! {
        <p>
            {Badge::new(words, tone).id("health").view()}
        </p>
        {if counts.is_empty() {
            view! { <p class="hint">"No counters reported."</p> }.into_any()
        } else {
            view! {
                <dl class="fields">
                    {counts.into_iter().map(|(k, v)| view! { <dt class="cap">{k}</dt><dd>{v.to_string()}</dd> }).collect_view()}
                </dl>
            }.into_any()
        }}
    }
    .into_any()
}

#[component]
fn RestartCard(id: String) -> impl IntoView {
    let feed = crate::poll::app_wide(restart_watch).watch(id, None);
    view! {
        <section class="card" id="restart">
            <h2>"Restarts"</h2>
            // The feed retries by itself: no Retry button.
            {Loaded::from_fn("Loading the restart status", move || feed.get().read(), None).loading("Loading…").ready(|s| {
                if s.restart_in_progress {
                    view! {
                        <p>{crate::kit::badge::restart_in_progress()}</p>
                        <p class="hint">"Configuration changes wait until it finishes. This updates by itself."</p>
                    }.into_any()
                } else {
                    view! { <p>"No restart in progress."</p> }.into_any()
                }
            })}
        </section>
    }
}

#[component]
fn SystemInfoCard(id: String, status: Signal<ClusterState>) -> impl IntoView {
    let api = use_api();
    let info = crate::load::load(move || {
        let active = status.get() == ClusterState::Active;
        let id = id.clone();
        async move { if active { Some(api::call(api, &ops::ClusterSystemInfoDetail { id }).await) } else { None } }
    });
    view! {
        <section class="card" id="system-info">
            <h2>"System information"</h2>
            // Not read (`None`) while the cluster is not active.
            {Loaded::from_fn("Loading system information", move || info.get().map(Option::transpose), Some(Callback::new(move |_| info.refetch())))
                .loading("Loading…")
                .ready(move |answer| match answer {
                    None => view! {
                        <p class="hint">{format!(
                            "Keycloak's server information is available while the cluster is active; it is {} now.",
                            crate::lower::lower(&status_badge::words(&status.get()))
                        )}</p>
                    }.into_any(),
                    Some(s) => system_info_view(s),
                })}
        </section>
    }
}

fn system_info_view(s: SystemInfoRepresentation) -> AnyView {
    let rows: Vec<(&str, Option<String>)> = vec![
        ("Keycloak version", s.version),
        ("Build", s.build_tag),
        ("Server time", s.server_time),
        ("Uptime", s.uptime),
        ("Java", s.java_version.map(|v| format!("{v} ({})", s.java_vendor.unwrap_or_default()))),
        ("Java VM", s.java_vm.map(|v| format!("{v} {}", s.java_vm_version.unwrap_or_default()))),
        ("Java runtime", s.java_runtime),
        ("Java home", s.java_home),
        (
            "OS",
            s.os_name.map(|n| {
                format!(
                    "{n} {} ({})",
                    s.os_version.unwrap_or_default(),
                    s.os_architecture.unwrap_or_default()
                )
            }),
        ),
        ("File encoding", s.file_encoding),
        ("User", s.user_name),
        ("Working directory", s.user_dir),
        ("Time zone", s.user_timezone),
        ("Locale", s.user_locale),
    ];
    view! {
        <dl class="fields">
            {rows.into_iter().filter_map(|(k, v)| v.map(|v| view! { <dt>{k}</dt><dd>{v}</dd> })).collect_view()}
        </dl>
    }
    .into_any()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_paid_is_not_unhealthy() {
        assert_eq!(health(false, &ClusterState::BillingSetup), ("Not running yet", Tone::Neutral));
        assert_eq!(health(false, &ClusterState::Active), ("Not healthy", Tone::Bad));
        assert_eq!(health(true, &ClusterState::Active).1, Tone::Ok);
        assert_ne!(health(false, &ClusterState::Disabled).1, Tone::Bad);
    }
}
