//! A cluster's Overview tab (`/clusters/:id`, not the organizations' `/overview`): every
//! field of the cluster, its custom domain, health, restarts, system info and Delete.

use cluster_api::{CertificateStatusMapping, ClusterState, SystemInfoRepresentation, ops};
use leptos::prelude::*;

use crate::api::{self, use_api};
use crate::clusters::ClusterCtx;
use crate::clusters::delete::DeleteCluster;
use crate::clusters::status_badge;
use crate::clusters::watch::restart_watch;
use crate::directory::Directory;
use crate::format;
use crate::i18n::k::clusters_tabs as w;
use crate::i18n::{t, tf};
use crate::kit::Loaded;
use crate::kit::copy::CopyButton;
use crate::links::{self, ClusterTab};
use crate::words;

/// The Overview tab: every field of the cluster, health (polled while shown), restarts,
/// system info, delete. Every fact comes from a read; none is kept from an earlier one.
#[component]
pub fn ClusterOverview() -> impl IntoView {
    let ctx = expect_context::<ClusterCtx>();
    let (id, cluster) = (ctx.id(), ctx.cluster);
    let directory = expect_context::<Directory>();
    let status = Memo::new(move |_| cluster.with(|c| c.status.clone()));
    let name = move || cluster.with(|c| c.name.clone());
    // The logs are read after the tab's own reads: once the health and restart readings
    // have answered (either way).
    let metrics = crate::poll::app_wide(super::health::metrics_watch).watch(id.clone(), None);
    let restarts = crate::poll::app_wide(restart_watch).watch(id.clone(), None);
    let answered = Signal::derive(move || {
        metrics.with(|f| f.value.is_some() || f.error.is_some())
            && restarts.with(|f| f.value.is_some() || f.error.is_some())
    });
    let said = RwSignal::new(None::<String>);

    view! {
        // Support staff: the facts for a ticket, first.
        {move || directory.is_staff().then(|| view! { <super::summary::SupportSummary /> })}
        <section class="card">
            <h2>{t(w::OVERVIEW)}</h2>
            <dl class="fields">
                <dt>{t(w::ID)}</dt>
                <dd class="mono" id="cluster-id">
                    {id.clone()}
                    " "
                    <CopyButton text=id.clone() what=t(w::COPY_CLUSTER_ID) />
                </dd>
                <dt>{t(w::NAME)}</dt>
                <dd>{name}</dd>
                <dt>{t(w::HOST)}</dt>
                <dd class="mono" id="cluster-host">
                    {move || {
                        let host = cluster.with(|c| c.host.clone());
                        view! {
                            {host_view(&host)}
                            " "
                            <CopyButton text=host what=t(w::COPY_HOST) />
                        }
                    }}
                </dd>
                <dt>{t(w::REGION)}</dt>
                <dd id="cluster-region">
                    {move || cluster.with(|c| crate::kit::coded::region(&c.region.name, &c.region.region))}
                </dd>
                <dt>{t(w::CUSTOM_DOMAIN)}</dt>
                <dd id="custom-domain">
                    <CustomDomain id=id.clone() />
                    " "
                    <a href=links::cluster_tab(&id, ClusterTab::Domains) id="custom-domain-link">
                        {t(w::MANAGE_DOMAINS)}
                    </a>
                </dd>
                <dt>{t(w::STATUS)}</dt>
                <dd id="cluster-status">
                    {move || {
                        let s = status.get();
                        view! { <span title=s.as_str().to_string()>{status_badge::words(&s)}</span> }
                    }}
                </dd>
                <dt>{t(w::ORGANIZATION)}</dt>
                <dd>
                    {move || {
                        cluster
                            .with(|c| c.owner.clone())
                            .map(|o| format!("{} ({o})", directory.org_label(&o)))
                            .unwrap_or_else(|| "—".into())
                    }}
                </dd>
                <dt>{t(w::VARIANT)}</dt>
                <dd id="cluster-variant">
                    {move || {
                        cluster
                            .with(|c| match c.variant.as_deref() {
                                Some(code) => crate::kit::coded::or_code(words::variant(code), code),
                                None => "—".into_any(),
                            })
                    }}
                </dd>
                <dt>{t(w::TIER)}</dt>
                <dd class="cap">{move || cluster.with(|c| c.tier.to_string())}</dd>
                <dt>{t(w::RESOURCE_LIMITS)}</dt>
                <dd class="cap">{move || cluster.with(|c| c.resource_limits.to_string())}</dd>
                <dt>{t(w::CREATED)}</dt>
                <dd>
                    {move || {
                        cluster
                            .with(|c| {
                                format!(
                                    "{} ({})",
                                    format::utc(c.created_at),
                                    format::relative(js_sys::Date::now() as i64, c.created_at),
                                )
                            })
                    }}
                </dd>
            </dl>
        </section>
        <div class="grid2">
            <super::health::HealthCard id=id.clone() status=status.into() said=said />
            <RestartCard id=id.clone() />
        </div>
        <super::trouble::TroubleCard ready=answered said=said />
        <SystemInfoCard id=id.clone() status=status.into() />
        <section class="card danger-zone">
            <h2>{t(w::DELETE)}</h2>
            <DeleteCluster cluster=cluster />
        </section>
    }
}

/// `host` without its scheme and trailing slash, when it is not the default
/// `<name>.global.auth.ac` one.
fn custom_host(host: &str) -> Option<String> {
    let bare = host.split_once("://").map_or(host, |(_, rest)| rest).trim_end_matches('/');
    let default = bare == cluster_api::domain_rules::DEFAULT_SUFFIX
        || bare.ends_with(&format!(".{}", cluster_api::domain_rules::DEFAULT_SUFFIX));
    (!default && !bare.is_empty()).then(|| bare.to_string())
}

/// The custom domain: the cluster's host when it is not the default one; otherwise the
/// domains whose certificate is issued (`cluster.domain.list`, then each one's status),
/// which serve but are not the primary host.
#[component]
fn CustomDomain(id: String) -> impl IntoView {
    let api = use_api();
    let cluster = expect_context::<ClusterCtx>().cluster;
    let host = Memo::new(move |_| cluster.with(|c| custom_host(&c.host)));
    let issued = crate::view_read::load(move || {
        let (id, custom) = (id.clone(), host.get().is_some());
        async move {
            if custom {
                return Ok(Vec::new());
            }
            let mut issued = Vec::new();
            for d in api::call(api, &ops::ClusterDomainList { id: id.clone() }).await? {
                let op = ops::ClusterDomainStatusDetail { id: id.clone(), domain_id: d.id.clone() };
                if api::call(api, &op).await?.certificate_status == CertificateStatusMapping::Issued {
                    issued.push(d.domain);
                }
            }
            Ok(issued)
        }
    });
    move || match host.get() {
        Some(host) => tf(w::PRIMARY_HOST, &[("host", &host)]).into_any(),
        None => {
            Loaded::new(t(w::LOADING_DOMAINS), issued).loading(t(w::LOADING)).ready(|issued: Vec<String>| {
                if issued.is_empty() {
                    t(w::NONE).into_any()
                } else {
                    tf(w::ISSUED_DOMAINS, &[("domains", &issued.join(", "))]).into_any()
                }
            })
        }
    }
}

/// Links only what is plainly a web address; anything else is shown as text.
fn host_view(host: &str) -> AnyView {
    if crate::redirect::safe_external(host).is_some() {
        view! {
            <a href=host.to_string() target="_blank" rel="noopener noreferrer">
                {host.to_string()}
            </a>
        }
        .into_any()
    } else {
        host.to_string().into_any()
    }
}

#[component]
fn RestartCard(id: String) -> impl IntoView {
    let id_history = id.clone();
    let feed = crate::poll::app_wide(restart_watch).watch(id, None);
    view! {
        <section class="card" id="restart">
            <h2>{t(w::RESTARTS)}</h2>
            // The feed retries by itself: no Retry button.
            {Loaded::from_fn(t(w::LOADING_RESTART), move || feed.get().read(), None)
                .loading(t(w::LOADING))
                .ready(|s| {
                    if s.restart_in_progress {
                        view! {
                            <p>{crate::kit::badge::restart_in_progress()}</p>
                            <p class="hint">{t(w::RESTART_WAITS)}</p>
                        }
                            .into_any()
                    } else {
                        view! { <p>{t(w::NO_RESTART)}</p> }.into_any()
                    }
                })}
            <RestartHistory id=id_history />
        </section>
    }
}

/// The restarts of this cluster the activity center saw in this tab: what caused each
/// (the change that triggered it), when it started and when it ended.
#[component]
fn RestartHistory(id: String) -> impl IntoView {
    let Some(center) = crate::activity::center() else { return ().into_any() };
    let key = id.clone();
    let rows = move || {
        center
            .restarts(&key)
            .into_iter()
            .map(|item| {
                let started = format::clock(item.started);
                let label = item.label.read();
                let line = match (&item.state, item.ended) {
                    (crate::activity::State::Settled { note, .. }, Some(at)) => tf(
                        w::RESTART_ENDED,
                        &[
                            ("label", &label),
                            ("started", &started),
                            ("ended", &format::clock(at)),
                            ("note", &note.read()),
                        ],
                    ),
                    _ => tf(w::RESTART_RUNNING, &[("label", &label), ("started", &started)]),
                };
                view! { <li>{line}</li> }
            })
            .collect_view()
    };
    view! {
        <h3>{t(w::RESTARTS_THIS_VISIT)}</h3>
        {move || {
            if center.restarts(&id).is_empty() {
                view! {
                    <p class="hint" id="restart-history-empty">
                        {t(w::NO_RESTARTS_SEEN)}
                    </p>
                }
                    .into_any()
            } else {
                view! { <ul id="restart-history">{rows()}</ul> }.into_any()
            }
        }}
    }
    .into_any()
}

#[component]
fn SystemInfoCard(id: String, status: Signal<ClusterState>) -> impl IntoView {
    let api = use_api();
    // Read again when a restart ends: uptime starts over then.
    let restarts = crate::poll::app_wide(restart_watch).watch(id.clone(), None);
    let restarting =
        Memo::new(move |_| restarts.with(|f| f.value.as_ref().is_some_and(|s| s.restart_in_progress)));
    // And when the health reading turns healthy again: the restart watch backs off while a
    // restart runs, so the metrics poll (the health card's, shared) often sees the end first.
    let metrics = crate::poll::app_wide(super::health::metrics_watch).watch(id.clone(), None);
    let healthy = Memo::new(move |_| metrics.with(|f| f.value.as_ref().map(|m| m.healthy)));
    // Counts only a turn from not healthy to healthy, not the first reading.
    let recovered = RwSignal::new(0u32);
    Effect::new(move |before: Option<Option<bool>>| {
        let now = healthy.get();
        if before == Some(Some(false)) && now == Some(true) {
            recovered.update(|n| *n += 1);
        }
        now
    });
    let info = crate::view_read::load(move || {
        restarting.track();
        recovered.track();
        let active = status.get() == ClusterState::Active;
        let id = id.clone();
        let op = ops::ClusterSystemInfoDetail { id };
        async move { if active { Some(api::call(api, &op).await) } else { None } }
    });
    view! {
        <section class="card" id="system-info">
            <h2>{t(w::SYSTEM_INFO)}</h2>
            // Not read (`None`) while the cluster is not active.
            {Loaded::from_fn(
                    t(w::LOADING_SYSTEM_INFO),
                    move || info.get().map(Option::transpose),
                    Some(Callback::new(move |_| info.refetch())),
                )
                .loading(t(w::LOADING))
                .ready(move |answer| match answer {
                    None => {
                        view! {
                            <p class="hint">
                                {tf(
                                    w::SYSTEM_INFO_INACTIVE,
                                    &[("state", &crate::lower::lower(&status_badge::words(&status.get())))],
                                )}
                            </p>
                        }
                            .into_any()
                    }
                    Some(s) => system_info_view(s),
                })}
        </section>
    }
}

fn system_info_view(s: SystemInfoRepresentation) -> AnyView {
    // The uptime in the person's words when the service sent it as a number; else its own
    // sentence, marked as the service's (below).
    let (uptime, uptime_ours) = match (s.uptime_millis, s.uptime) {
        (Some(ms), _) => (Some(super::uptime::uptime(ms)), true),
        (None, sentence) => (sentence, false),
    };
    let rows: Vec<(&str, Option<String>)> = vec![
        (t(w::KEYCLOAK_VERSION), s.version),
        (t(w::BUILD), s.build_tag),
        (t(w::SERVER_TIME), s.server_time),
        (t(w::UPTIME), uptime),
        ("Java", s.java_version.map(|v| format!("{v} ({})", s.java_vendor.unwrap_or_default()))),
        (t(w::JAVA_VM), s.java_vm.map(|v| format!("{v} {}", s.java_vm_version.unwrap_or_default()))),
        (t(w::JAVA_RUNTIME), s.java_runtime),
        (t(w::JAVA_HOME), s.java_home),
        (
            t(w::OS),
            s.os_name.map(|n| {
                format!(
                    "{n} {} ({})",
                    s.os_version.unwrap_or_default(),
                    s.os_architecture.unwrap_or_default()
                )
            }),
        ),
        (t(w::FILE_ENCODING), s.file_encoding),
        (t(w::USER), s.user_name),
        (t(w::WORKING_DIRECTORY), s.user_dir),
        (t(w::TIME_ZONE), s.user_timezone),
        (t(w::LOCALE), s.user_locale),
    ];
    // The values are the service's own words (a JVM's name, a path): never translated, so
    // marked as such, English (the language walks check everything else is in the person's).
    // The uptime, when the console wrote it, is the person's.
    let items = rows.into_iter().filter_map(|(k, v)| {
        let ours = uptime_ours && k == t(w::UPTIME);
        let item = move |v| {
            view! {
                <dt>{k}</dt>
                <dd
                    data-service-text=(!ours).then_some("")
                    lang=(!ours).then_some("en")
                    id=ours.then_some("uptime")
                >
                    {v}
                </dd>
            }
            .into_any()
        };
        v.map(item)
    });
    crate::kit::counts::fields(items.collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_host_off_the_default_suffix_is_custom() {
        assert_eq!(custom_host("https://acme-prod.global.auth.ac"), None);
        assert_eq!(custom_host("https://acme-prod.global.auth.ac/"), None);
        assert_eq!(custom_host("https://auth.acme.com/"), Some("auth.acme.com".into()));
        assert_eq!(custom_host("https://notglobal.auth.ac"), Some("notglobal.auth.ac".into()));
        assert_eq!(custom_host(""), None);
    }
}
