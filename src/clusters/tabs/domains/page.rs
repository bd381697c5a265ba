//! `/clusters/:id/domains`: the primary host (and the way back to the default one), how
//! many domains the tier allows, adding a domain, and one card per domain. Changing the
//! primary host asks first (`switch`): every issuer and redirect URL moves with it.

use crate::kit::code::CodePanel;
use crate::kit::copy::CopyButton;
use cluster_api::{ClusterDomain, CustomerDomain, catalogue, ops};
use leptos::prelude::*;

use super::add::AddDomain;
use super::card::DomainCard;
use super::focus::DomainFocus;
use super::switch::HostSwitchQuestion;
use super::{DEFAULT_SUFFIX, DomainWatch, bare_host, cap, usage};
use crate::api::{self, ApiError};
use crate::clusters::ClusterCtx;
use crate::clusters::watch::ClusterWatch;
use crate::i18n::k::domains as w;
use crate::i18n::t;
use crate::kit::{Confirm, Loaded, Work, Writable};
use crate::view_read::{Load, load};
use leptos_router::hooks::use_query_map;

/// What the cards of the tab share.
#[derive(Clone, Copy)]
pub struct DomainsCtx {
    pub cluster: ClusterCtx,
    pub list: Load<Result<Vec<CustomerDomain>, ApiError>>,
    /// Why changes are off (role), or `None`.
    pub denied: Memo<Option<String>>,
    pub watch: DomainWatch,
    /// The live primary host, bare (`auth.acme.com`).
    pub primary: Memo<String>,
    /// Switching the primary host, asked first: one dialog for the head and every card.
    pub host_confirm: Confirm,
    /// The host the open question would make primary.
    pub switch_target: RwSignal<Option<String>>,
    clusters: ClusterWatch,
}

impl DomainsCtx {
    /// Asks before making `host` the primary host. `fallback` is the id of what takes focus
    /// afterwards when the button that asked is gone (it goes once its host is primary).
    pub fn ask_switch(self, host: String, fallback: &str) {
        self.switch_target.set(Some(host));
        self.host_confirm.open_returning_to(fallback);
    }

    /// Makes `host` the primary host; the answer (the cluster) updates every view of it.
    pub fn switch_work(self, host: String) -> Work {
        let (api, clusters) = (self.cluster.api, self.clusters);
        let id = self.cluster.id.get_value();
        let op = ops::ClusterHostUpdate { id: id.clone(), body: ClusterDomain { host } };
        Box::pin(async move {
            let cluster = api::call(api, &op).await?;
            clusters.publish(id, cluster);
            Ok(())
        })
    }
}

#[component]
pub fn ClusterDomains() -> impl IntoView {
    let cluster_ctx = expect_context::<ClusterCtx>();
    let (cluster, api, cluster_id) = (cluster_ctx.cluster, cluster_ctx.api, cluster_ctx.id);
    let list = load(move || {
        let op = ops::ClusterDomainList { id: cluster_id.get_value() };
        async move { api::call(api, &op).await }
    });
    let denied = Memo::new(move |_| cluster_ctx.denied(&catalogue::CLUSTER_DOMAIN_CREATE));
    let primary = Memo::new(move |_| cluster.with(|c| bare_host(&c.host).to_string()));
    let default_host = Memo::new(move |_| cluster.with(|c| format!("{}.{DEFAULT_SUFFIX}", c.name)));
    let ctx = DomainsCtx {
        cluster: cluster_ctx,
        list,
        denied,
        watch: crate::poll::app_wide(super::domain_watch),
        primary,
        host_confirm: Confirm::new(t(w::SWITCHING_PRIMARY)),
        switch_target: RwSignal::new(None),
        clusters: expect_context::<ClusterWatch>(),
    };
    provide_context(ctx);

    let usage_line = move || {
        let n = list.with(|l| l.as_ref().and_then(|r| r.as_ref().ok()).map(Vec::len))?;
        let cap = cluster.with(|c| cap(&c.tier, &c.resource_limits));
        let full = cap.is_some_and(|c| n >= c);
        Some(view! {
            <span class=if full { "chip usage full" } else { "chip usage" } id="domain-usage">
                {usage(n, cap)}
            </span>
        })
    };
    let on_default = move || primary.get() == default_host.get();
    let back_code = crate::code::live(Box::new(move |t| {
        crate::code::actions::primary_host(t, &cluster_id.get_value(), &default_host.get())
    }));
    let back_hcl = crate::code::live(Box::new(move |t| {
        crate::code::hcl::primary_host(t, &cluster_id.get_value(), &default_host.get())
    }));
    let switch_back = move || {
        (!on_default()).then(|| {
            view! {
                <button
                    class="button"
                    id="switch-to-default"
                    disabled=move || denied.get().is_some() || ctx.host_confirm.write.busy.get()
                    on:click=move |_| ctx.ask_switch(default_host.get_untracked(), "primary-host")
                >
                    {t(w::SWITCH_BACK)}
                </button>
                {move || denied.get().is_none().then(|| view! { <CodePanel curl=back_code hcl=back_hcl /> })}
            }
        })
    };
    let query = use_query_map();
    let focus = move || {
        query
            .with(|q| q.get("domain"))
            .filter(|d| !d.is_empty())
            .map(|d| view! { <DomainFocus domain_id=d /> })
    };
    let domains =
        move || list.with(|l| l.as_ref().and_then(|r| r.as_ref().ok()).cloned()).unwrap_or_default();

    view! {
        <section class="card" id="domains">
            <div class="section-head">
                <h2>{t(w::HEADING)}</h2>
                <span class="usage-line">{usage_line}</span>
            </div>
            <p class="hint">{t(w::HINT)}</p>
            // Takes focus after a switch back, whose button is then gone.
            <p id="primary-host" tabindex="-1">
                {t(w::PRIMARY_HOST)}
                <strong class="mono">{move || primary.get()}</strong>
                {move || on_default().then(|| t(w::DEFAULT_HOST_NOTE))}
                " "
                {move || view! { <CopyButton text=primary.get() what=t(w::COPY_PRIMARY_HOST) /> }}
            </p>
            <div class="row-actions">{switch_back}</div>
            <Writable refused=denied id="domains-read-only">
                <AddDomain />
            </Writable>
        </section>
        <HostSwitchQuestion />
        {focus}
        {Loaded::new(t(w::LOADING_DOMAINS), list)
            .empty(
                Vec::is_empty,
                || {
                    view! {
                        <div class="empty" id="no-domains">
                            <p>{t(w::NO_DOMAINS)}</p>
                        </div>
                    }
                },
            )
            .ready(|_| ().into_any())}
        <div class="domains">
            <For each=domains key=|d| d.id.clone() let:domain>
                <DomainCard domain=domain />
            </For>
        </div>
    }
}
