//! Adding a custom domain: the hostname checked as typed, then `cluster.domain.create`.

use cluster_api::{ClusterDomain, DomainStatusMapping, ops};
use leptos::prelude::*;

use super::host_problem;
use super::page::DomainsCtx;
use crate::api;
use crate::i18n::k::domains as w;
use crate::i18n::{t, tf};
use crate::kit::Write;
use crate::kit::code::CodePanel;
use crate::kit::{Button, TextField};
use crate::poll::PollKey;

#[component]
pub fn AddDomain() -> impl IntoView {
    let ctx = expect_context::<DomainsCtx>();
    let api = ctx.cluster.api;
    let host = RwSignal::new(String::new());
    let touched = RwSignal::new(false);
    // The domain just added (ID, host): its banner stays until its DNS is verified.
    let added = RwSignal::new(None::<(String, String)>);
    let write = Write::new(t(w::ADDING));
    let center = crate::activity::center();
    let problem = move || host.with(|h| host_problem(h.trim()));
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        touched.set(true);
        if problem().is_some() {
            return;
        }
        let value = host.get_untracked().trim().to_ascii_lowercase();
        let op =
            ops::ClusterDomainCreate { id: ctx.cluster.id.get_value(), body: ClusterDomain { host: value } };
        added.set(None);
        let cluster = ctx.cluster.id.get_value();
        write.run(async move { api::call(api, &op).await }, move |v| {
            if let Some(center) = center {
                crate::clusters::track::domain(center, ctx.watch, &cluster, &v.domain.id, &v.domain.domain);
            }
            host.try_set(String::new());
            touched.try_set(false);
            added.try_set(Some((v.domain.id, v.domain.domain)));
            ctx.list.refetch();
        });
    };
    let cluster_id = ctx.cluster.id;
    let code = crate::code::live(Box::new(move |t| {
        let value = host.get().trim().to_ascii_lowercase();
        let op = ops::ClusterDomainCreate {
            id: cluster_id.get_value(),
            body: ClusterDomain { host: value.clone() },
        };
        crate::code::single(
            t,
            &crate::code::named("Add the domain", &value),
            &cluster_api::Call::request(&op),
        )
    }));
    let hcl = crate::code::live(Box::new(move |t| {
        crate::code::hcl::domain(t, &cluster_id.get_value(), host.get().trim().to_ascii_lowercase().as_str())
    }));
    view! {
        <form class="inline-form" id="add-domain" on:submit=submit novalidate>
            {TextField::new("domain-host", t(w::ADD_LABEL), host)
                .placeholder("auth.example.com")
                .autocomplete("off")
                .no_spellcheck()
                .described_by("domain-host-problem")
                .on_input(move || added.set(None))
                .on_blur(move || touched.set(!host.with(String::is_empty)))
                .view()}
            {Button::new("button primary", t(w::ADD_BUTTON))
                .submit()
                .id("add-domain-submit")
                .write(write, t(w::ADD_BUSY))
                .view()}
            <p class="field-problem" id="domain-host-problem" role="alert">
                {move || touched.get().then(problem).flatten()}
            </p>
        </form>
        {write.failure()}
        <CodePanel curl=code hcl=hcl />
        {move || added.get().map(|(id, host)| view! { <AddedBanner domain_id=id host=host /> })}
    }
}

/// "Added auth.example.com. Create its DNS records below…", for as long as that is still the
/// thing to do: it goes once the domain's DNS is verified (the domain's own watch says so).
#[component]
fn AddedBanner(domain_id: String, host: String) -> impl IntoView {
    let ctx = expect_context::<DomainsCtx>();
    let feed = ctx.watch.watch(PollKey::item(ctx.cluster.id.get_value(), domain_id), None);
    let verified =
        move || feed.with(|f| f.value.as_ref().is_some_and(|v| v.status == DomainStatusMapping::Success));
    let text = tf(w::ADDED, &[("host", &host)]);
    move || {
        (!verified()).then(|| {
            view! {
                <p class="flash" id="domain-added" role="status">
                    {text.clone()}
                </p>
            }
        })
    }
}
