//! One organization on the overview: its counts, what needs attention (each a link), the
//! reads that failed (each with Retry), or, with no cluster yet, the quick start.

use leptos::prelude::*;

use super::facts::{OrgFacts, What};
use super::reads::Reads;
use crate::billing::dollars;
use crate::clusters::plans::PLANS;
use crate::clusters::status_badge::{describe, words};
use crate::i18n::{k, t, tf, tp};
use crate::kit::{Badge, Tone};
use crate::links;

fn invoices(facts: &OrgFacts) -> AnyView {
    let failed = facts.failed.iter().any(|(_, what, _, _)| *what == What::Subscriptions);
    match facts.invoices {
        Some((0, _)) => view! { <span>{t(k::overview::NO_OPEN_INVOICES)}</span> }.into_any(),
        Some((n, due)) => {
            let text = tp(k::overview::OPEN_INVOICES_DUE, n as f64, &[("amount", &dollars(due))]);
            view! { <a href=links::billing_for(&facts.org_id)>{text}</a> }.into_any()
        }
        None if failed => Badge::new(t(k::overview::INVOICES_UNREAD), Tone::Bad).view(),
        None => crate::kit::waiting_inline(t(k::overview::READING_INVOICES)),
    }
}

fn realms(facts: &OrgFacts) -> String {
    match facts.realms_unknown {
        0 => tp(k::overview::REALMS_COUNT, facts.realms as f64, &[]),
        n => {
            // Two counts, two plurals: the clusters' sentence is filled in first.
            let clusters = tp(k::overview::CLUSTERS_UNREAD, n as f64, &[]);
            tp(k::overview::REALMS_AT_LEAST, facts.realms as f64, &[("clusters", &clusters)])
        }
    }
}

#[component]
pub fn OrgCard(facts: OrgFacts, reads: Reads) -> impl IntoView {
    let heading = format!("overview-org-{}", facts.org_id);
    if facts.clusters == 0 {
        return view! {
            <section class="card overview-org" data-org=facts.org_id.clone() aria-labelledby=heading>
                <h2 id=heading.clone()>{facts.label.clone()}</h2>
                <QuickStart />
                <p>{t(k::overview::OPEN_INVOICES_LABEL)}" " {invoices(&facts)}</p>
                <Failed facts=facts.clone() reads=reads />
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
            view! {
                <li>
                    {Badge::new(
                            tf(
                                k::overview::STATUS_COUNT,
                                &[("count", &crate::i18n::num(*n as f64)), ("status", &label)],
                            ),
                            tone,
                        )
                        .view()}
                </li>
            }
        })
        .collect_view();
    let attention = if facts.attention.is_empty() {
        let text = if facts.waiting > 0 {
            t(k::overview::STILL_READING)
        } else if facts.failed.is_empty() {
            t(k::overview::NOTHING_NEEDS_ATTENTION)
        } else {
            t(k::overview::NOTHING_FOUND)
        };
        view! { <p class="hint overview-calm">{text}</p> }.into_any()
    } else {
        let items = facts
            .attention
            .iter()
            .map(|item| {
                let text =
                    crate::kit::theirs::mark(item.text.clone(), item.theirs.as_deref().unwrap_or_default());
                view! {
                    <li data-attention=item.kind>
                        <a href=item.href.clone()>{text}</a>
                    </li>
                }
            })
            .collect_view();
        view! {
            <ul
                class="overview-attention"
                aria-label=tf(k::overview::NEEDS_ATTENTION_IN, &[("org", &facts.label)])
            >
                {items}
            </ul>
        }
        .into_any()
    };
    view! {
        <section class="card overview-org" data-org=facts.org_id.clone() aria-labelledby=heading>
            <h2 id=heading
                .clone()>
                {facts.label.clone()}
                <a class="sub" href=links::with_query(links::CLUSTERS, &[("org", &facts.org_id)])>
                    {tp(k::overview::CLUSTERS_COUNT, facts.clusters as f64, &[])}
                </a>
            </h2>
            <ul class="overview-counts" aria-label=t(k::overview::CLUSTERS_BY_STATUS)>
                {counts}
            </ul>
            <p class="overview-realms">{realms(&facts)} " · " {invoices(&facts)}</p>
            <h3>{t(k::overview::NEEDS_ATTENTION)}</h3>
            {attention}
            <Failed facts=facts.clone() reads=reads />
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
            .map(|(at, _, what, error)| {
                view! {
                    <li data-failed-read=at
                        .to_string()>
                        {tf(k::overview::READ_FAILED, &[("what", &what), ("title", &error.title())])}" "
                        <button class="button subtle" on:click=move |_| reads.retry(at)>
                            {t(k::overview::RETRY)}
                        </button>
                    </li>
                }
            })
            .collect_view();
        view! {
            <ul class="overview-failed" aria-label=t(k::overview::READS_THAT_FAILED)>
                {items}
            </ul>
        }
    })
}

/// For an organization with no cluster: what a cluster is, the tiers, and Create cluster.
#[component]
fn QuickStart() -> impl IntoView {
    let plans = PLANS
        .iter()
        .map(|p| {
            let price = tf(k::overview::PRICE_A_MONTH, &[("price", &dollars(p.monthly_cents))]);
            let price = match p.trial_days {
                Some(days) => tp(k::overview::PRICE_WITH_TRIAL, f64::from(days), &[("price", &price)]),
                None => price,
            };
            view! {
                <div data-tier=p.tier.to_string()>
                    <h4>{p.title}</h4>
                    <p class="sub">{price}</p>
                    <p>{p.sessions} <br /> {p.realms} <br /> {p.sla}</p>
                </div>
            }
        })
        .collect_view();
    view! {
        <div class="quick-start">
            <p>{t(k::overview::QUICK_START)}</p>
            <div class="plans" aria-label=t(k::overview::TIERS)>
                {plans}
            </div>
            <p>
                <a href=links::NEW_CLUSTER class="button primary quick-start-create">
                    {t(k::overview::CREATE_CLUSTER)}
                </a>
            </p>
        </div>
    }
}
