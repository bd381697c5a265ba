//! One organization on the overview: its counts, what needs attention (each a link), the
//! reads that failed (each with Retry), or, with no cluster yet, the quick start.

use leptos::prelude::*;

use super::facts::OrgFacts;
use super::reads::Reads;
use crate::billing::dollars;
use crate::clusters::plans::PLANS;
use crate::clusters::status_badge::{describe, words};
use crate::kit::{Badge, Tone};
use crate::links;

fn invoices(facts: &OrgFacts) -> AnyView {
    let failed = facts.failed.iter().any(|(_, what, _)| what.starts_with("Reading the subscriptions"));
    match facts.invoices {
        Some((0, _)) => view! { <span>"No open invoices"</span> }.into_any(),
        Some((n, due)) => {
            let text = format!("{n} open invoice{}, {} due", if n == 1 { "" } else { "s" }, dollars(due));
            view! { <a href=links::billing_for(&facts.org_id)>{text}</a> }.into_any()
        }
        None if failed => Badge::new("Invoices could not be read", Tone::Bad).view(),
        None => view! { <span class="loading">"Reading invoices…"</span> }.into_any(),
    }
}

fn realms(facts: &OrgFacts) -> String {
    let plural = if facts.realms == 1 { "realm" } else { "realms" };
    match facts.realms_unknown {
        0 => format!("{} {plural}", facts.realms),
        n => format!(
            "At least {} {plural} ({n} cluster{} not read yet or failed)",
            facts.realms,
            if n == 1 { "" } else { "s" }
        ),
    }
}

#[component]
pub fn OrgCard(facts: OrgFacts, reads: Reads) -> impl IntoView {
    let heading = format!("overview-org-{}", facts.org_id);
    if facts.clusters == 0 {
        return view! {
            <section class="card overview-org" data-org=facts.org_id.clone() aria-labelledby=heading>
                <h2 id=heading.clone()>{facts.label.clone()}</h2>
                <QuickStart/>
                <p>"Open invoices: " {invoices(&facts)}</p>
                <Failed facts=facts.clone() reads=reads/>
            </section>
        }
        .into_any();
    }
    let counts = facts
        .by_status
        .iter()
        .map(|(status, n)| {
            // An unknown state is counted under its code, as the service sent it.
            let (label, tone) = (words(status), describe(status).1);
            view! { <li>{Badge::new(format!("{n} {label}"), tone).view()}</li> }
        })
        .collect_view();
    let attention = if facts.attention.is_empty() {
        let text = if facts.waiting > 0 {
            "Still reading…"
        } else if facts.failed.is_empty() {
            "Nothing needs attention."
        } else {
            "Nothing found in what could be read."
        };
        view! { <p class="hint overview-calm">{text}</p> }.into_any()
    } else {
        let items = facts
            .attention
            .iter()
            .map(|item| view! { <li data-attention=item.kind><a href=item.href.clone()>{item.text.clone()}</a></li> })
            .collect_view();
        view! { <ul class="overview-attention" aria-label=format!("Needs attention in {}", facts.label)>{items}</ul> }.into_any()
    };
    view! {
        <section class="card overview-org" data-org=facts.org_id.clone() aria-labelledby=heading>
            <h2 id=heading.clone()>{facts.label.clone()}
                <a class="sub" href=links::with_query(links::CLUSTERS, &[("org", &facts.org_id)])>
                    {crate::i18n::tp(crate::i18n::k::overview::CLUSTERS_COUNT, facts.clusters as f64, &[])}
                </a>
            </h2>
            <ul class="overview-counts" aria-label="Clusters by status">{counts}</ul>
            <p class="overview-realms">{realms(&facts)} " · " {invoices(&facts)}</p>
            <h3>"Needs attention"</h3>
            {attention}
            <Failed facts=facts.clone() reads=reads/>
        </section>
    }
    .into_any()
}

/// Reads that failed, each with Retry: what they would have shown is unknown, not zero.
#[component]
fn Failed(facts: OrgFacts, reads: Reads) -> impl IntoView {
    (!facts.failed.is_empty()).then(|| {
        let items = facts
            .failed
            .into_iter()
            .map(|(at, what, error)| {
                view! {
                    <li data-failed-read=at.to_string()>
                        {format!("{what} failed. {} ", error.title())}
                        <button class="button subtle" on:click=move |_| reads.retry(at)>"Retry"</button>
                    </li>
                }
            })
            .collect_view();
        view! { <ul class="overview-failed" aria-label="Reads that failed">{items}</ul> }
    })
}

/// For an organization with no cluster: what a cluster is, the tiers, and Create cluster.
#[component]
fn QuickStart() -> impl IntoView {
    let plans = PLANS
        .iter()
        .map(|p| {
            let price = format!("{} a month", dollars(p.monthly_cents));
            let trial = p.trial_days.map(|d| format!(", {d}-day trial")).unwrap_or_default();
            view! {
                <div data-tier=p.tier.to_string()>
                    <h4>{p.title}</h4>
                    <p class="sub">{format!("{price}{trial}")}</p>
                    <p>{p.sessions} <br/> {p.realms} <br/> {p.sla}</p>
                </div>
            }
        })
        .collect_view();
    view! {
        <div class="quick-start">
            <p>"No cluster yet. A cluster is a Keycloak deployment run for you: it holds your realms (the users, \
                clients and sign-in settings of an application), with its own host, custom domains, IP rules and extensions."</p>
            <div class="plans" aria-label="Tiers">{plans}</div>
            <p><a href=links::NEW_CLUSTER class="button primary quick-start-create">"Create cluster"</a></p>
        </div>
    }
}
