//! The support summary: what a support person pastes into a ticket about a cluster, read
//! fresh (system info for the Keycloak version, the restart status, health) with one Copy.

use cluster_api::{Cluster, ClusterState, ops};
use leptos::prelude::*;

use crate::api::{self, ApiError, use_api};
use crate::clusters::ClusterCtx;
use crate::directory::Directory;
use crate::i18n::k::clusters_tabs as w;
use crate::i18n::{t, tf};
use crate::kit::copy::CopyButton;

/// One fact that is read: its value, or what is known about why it is missing.
fn fact<T>(answer: &Option<Result<T, ApiError>>, show: impl Fn(&T) -> String) -> String {
    match answer {
        None => t(w::STILL_LOADING).into(),
        Some(Ok(value)) => show(value),
        Some(Err(e)) => tf(w::UNREADABLE, &[("title", &e.title())]),
    }
}

/// The summary's text, one `Label: value` line per fact.
pub fn summary_text(c: &Cluster, org: &str, keycloak: &str, restart: &str, health: &str) -> String {
    [
        (t(w::CLUSTER_ID), c.id.clone()),
        (t(w::ORGANIZATION), format!("{org} ({})", c.owner.clone().unwrap_or_default())),
        (t(w::NAME), c.name.clone()),
        (t(w::HOST), c.host.clone()),
        (t(w::TIER), c.tier.to_string()),
        (
            t(w::REGION),
            format!("{} [{}]", crate::words::region_text(&c.region.name, &c.region.region), c.region.name),
        ),
        (t(w::STATUS), format!("{} ({})", crate::clusters::status_badge::words(&c.status), c.status)),
        (t(w::KEYCLOAK_VERSION), keycloak.to_string()),
        (t(w::RESTART), restart.to_string()),
        (t(w::HEALTH), health.to_string()),
    ]
    .iter()
    .map(|(k, v)| format!("{k}: {v}"))
    .collect::<Vec<_>>()
    .join("\n")
}

#[component]
pub fn SupportSummary() -> impl IntoView {
    let api = use_api();
    let ctx = expect_context::<ClusterCtx>();
    let directory = expect_context::<Directory>();
    let id = ctx.id();
    let (i1, i2, i3) = (id.clone(), id.clone(), id);
    let active = Memo::new(move |_| ctx.cluster.with(|c| c.status == ClusterState::Active));
    let info = crate::view_read::load(move || {
        let (id, active) = (i1.clone(), active.get());
        let op = ops::ClusterSystemInfoDetail { id };
        async move { if active { Some(api::call(api, &op).await) } else { None } }
    });
    let restart = crate::view_read::load(move || {
        let id = i2.clone();
        async move { api::call(api, &ops::ClusterRestartStatusDetail { id }).await }
    });
    let health = crate::view_read::load(move || {
        let id = i3.clone();
        async move { api::call(api, &ops::ClusterMetricsDetail { id }).await }
    });
    let text = Memo::new(move |_| {
        let keycloak = info.with(|i| match i {
            None => t(w::STILL_LOADING).to_string(),
            Some(None) => {
                tf(w::NOT_AVAILABLE_WHILE, &[("status", &ctx.cluster.with(|c| c.status.to_string()))])
            }
            Some(Some(answer)) => fact(&Some(answer.clone()), |s| {
                s.version.clone().unwrap_or_else(|| t(w::NOT_REPORTED).into())
            }),
        });
        let restart = restart.with(|r| {
            fact(r, |s| {
                t(if s.restart_in_progress { w::RESTART_IN_PROGRESS } else { w::RESTART_NONE }).into()
            })
        });
        let health = health
            .with(|h| fact(h, |m| t(if m.healthy { w::HEALTHY_LOWER } else { w::NOT_HEALTHY_LOWER }).into()));
        ctx.cluster.with(|c| {
            summary_text(
                c,
                &directory.org_label(c.owner.as_deref().unwrap_or_default()),
                &keycloak,
                &restart,
                &health,
            )
        })
    });
    view! {
        <section class="card" id="support-summary">
            <h2>{t(w::SUPPORT_SUMMARY)}</h2>
            <p class="hint">{t(w::PASTE_READY)}</p>
            <pre class="mono" id="support-summary-text">
                {move || text.get()}
            </pre>
            {move || view! { <CopyButton text=text.get() what=t(w::COPY_SUPPORT_SUMMARY) /> }}
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cluster_api::{Region, Tier};

    #[test]
    fn one_line_per_fact() {
        let c = Cluster {
            id: "cl-1".into(),
            name: "globex-prod".into(),
            host: "https://globex-prod.example".into(),
            owner: Some("org-globex".into()),
            tier: Tier::Premium,
            status: ClusterState::Active,
            region: Region { name: "US_WEST_2".into(), provider: "aws".into(), region: "us-west-2".into() },
            ..Default::default()
        };
        let text = summary_text(&c, "Globex Corp.", "26.1.0", "none in progress", "healthy");
        assert_eq!(text.lines().count(), 10);
        assert!(
            text.starts_with(
                "Cluster ID: cl-1\nOrganization: Globex Corp. (org-globex)\nName: globex-prod\n"
            )
        );
        assert!(
            text.contains("Region: US West (Oregon) (us-west-2) [US_WEST_2]")
                && text.contains("Status: Active (ACTIVE)")
                && text.contains("Keycloak version: 26.1.0")
                && text.ends_with("Health: healthy")
        );
        let failed = fact::<i32>(&Some(Err(ApiError::Network("x".into()))), |_| String::new());
        assert!(failed.starts_with("(could not be read"));
    }
}
