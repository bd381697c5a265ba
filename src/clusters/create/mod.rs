//! `/clusters/new`: the create-cluster wizard. Plan, details, payment, a summary, then one
//! submission; what comes back decides where the person goes next (see `outcome`).

mod check;
mod name_field;
mod outcome;
mod pay;
mod pending;
pub mod plans;

use cluster_api::{BillingPeriod, ClusterCreationResult, DedicatedClusterRequest, Tier, catalogue, ops};
use leptos::prelude::*;

use crate::api::{self, use_api};
use crate::directory::Directory;
use crate::i18n::k::clusters_create as w;
use crate::i18n::t;
use crate::kit::code::CodePanel;
use crate::kit::page::PageHead;
use crate::kit::{Loaded, TextField, Write};
use name_field::{NameField, availability};
use outcome::Outcome;
use pay::{decided, payment_choice, region_phrase, summary};
use plans::{PLANS, period_for, plan};

#[component]
pub fn CreateCluster() -> impl IntoView {
    let api = use_api();
    let directory = expect_context::<Directory>();

    // A cluster created here whose payment was not finished (a reload during 3-D Secure):
    // read once, so putting it in the address later does not replace the open wizard.
    let pending_id = RwSignal::new(
        leptos_router::hooks::use_query_map()
            .with_untracked(|q| q.get("pending"))
            .filter(|id| !id.trim().is_empty()),
    );
    let tier = RwSignal::new(Tier::Premium);
    let period = RwSignal::new(BillingPeriod::Monthly);
    let org = RwSignal::new(String::new());
    let region = RwSignal::new(String::new());
    let name = RwSignal::new(String::new());
    let domain = RwSignal::new(String::new());
    // None: pay on the hosted checkout page.
    let card = RwSignal::new(None::<String>);
    let name_state = availability(api, name);

    let regions = crate::view_read::load(move || api::call(api, &ops::ClusterRegionList));
    let orgs = Memo::new(move |_| directory.orgs_allowing(&catalogue::CLUSTER_CREATE));
    Effect::new(move |_| {
        if org.with_untracked(String::is_empty)
            && let Some(first) = orgs.with(|o| o.first().map(|o| o.id.clone()))
        {
            org.set(first);
        }
    });
    Effect::new(move |_| {
        if let Some(Ok(list)) = regions.get()
            && region.with_untracked(String::is_empty)
        {
            region.set(list.first().map(|r| r.name.clone()).unwrap_or_default());
        }
    });
    let cards = crate::view_read::load(move || {
        let org_id = org.get();
        async move {
            if org_id.is_empty() {
                return Ok(Vec::new());
            }
            api::call(api, &ops::OrgPaymentMethodList { org_id }).await
        }
    });
    // Offer the organization's default card first, once per organization, unless the
    // person already chose (a Retry of the read does not undo their choice).
    let picked = RwSignal::new(false);
    Effect::new(move |_| {
        if let Some(Ok(list)) = cards.get()
            && !picked.get_untracked()
        {
            card.set(list.iter().find(|c| c.is_default).map(|c| c.id.clone()));
        }
    });
    let settled = Memo::new(move |_| cards.with(|c| decided(picked.get(), c)));
    // Said up front, also to someone who opened the wizard by its address.
    let refused = move || {
        directory.refused_everywhere(&catalogue::CLUSTER_CREATE, t(crate::i18n::k::clusters_list::CREATING))
    };

    // What the form sends, read by the submit and by the Code panel as the form changes.
    let request = move || {
        let domain = domain.get().trim().to_string();
        DedicatedClusterRequest {
            name: name.get().trim().to_string(),
            region: region.get(),
            domain: (!domain.is_empty()).then_some(domain),
            price_id: None,
            tier: Some(tier.get()),
            billing_period: Some(period.get()),
            org_id: org.get(),
            payment_method_id: card.get(),
        }
    };
    let code = crate::code::live(Box::new(move |t| crate::code::clusters::create(t, &request())));
    let hcl = crate::code::live(Box::new(move |t| crate::code::hcl::cluster(t, &request())));

    let error = RwSignal::new(None::<check::Refusal>);
    let submit = Write::new(t(w::WRITING));
    let created = RwSignal::new(None::<ClusterCreationResult>);
    let pending = submit.busy;
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        error.set(None);
        if pending.get_untracked() {
            return;
        }
        let form = untrack(|| check::Form {
            orgs: directory.orgs.with(check::Read::of),
            org_chosen: !org.with(String::is_empty),
            regions: regions.with(check::Read::of),
            region_chosen: !region.with(String::is_empty),
            named: !name.with(|n| n.trim().is_empty()),
            name_taken: name_state.with(|s| s.refused()),
            pay_settled: settled.get(),
        });
        if let Some(refusal) = check::refusal(&form) {
            error.set(Some(refusal));
            return;
        }
        let body = untrack(request);
        submit.run(async move { api::call(api, &ops::ClusterCreate { body }).await }, move |result| {
            created.try_set(Some(result));
        });
    };

    // One period's radio button, off (and saying why) where the chosen plan does not offer it.
    let period_choice = move |this: BillingPeriod, value: &'static str, words: &'static str| {
        let off = {
            let this = this.clone();
            move || !plan(&tier.get()).allows(&this)
        };
        let (selected, checked) = (this.clone(), this.clone());
        view! {
            <label
                class="period"
                class:selected=move || period.get() == selected
                title=move || off().then(|| t(w::STARTER_MONTHLY_ONLY))
            >
                <input
                    type="radio"
                    name="period"
                    id=format!("period-{value}")
                    value=value
                    prop:checked=move || period.get() == checked
                    disabled=off.clone()
                    on:change=move |_| period.set(this.clone())
                />
                {words}
            </label>
        }
    };
    let form = move || {
        view! {
            <form class="wizard" on:submit=on_submit>
                <section class="card">
                    <h2>{t(w::STEP_PLAN)}</h2>
                    // Real radio buttons: the chosen period and tier are exposed as checked.
                    <fieldset class="period-toggle">
                        <legend>{t(w::BILLING_PERIOD)}</legend>
                        {period_choice(BillingPeriod::Monthly, "monthly", t(w::MONTHLY))}
                        {period_choice(BillingPeriod::Annual, "annual", t(w::ANNUAL))}
                    </fieldset>
                    <fieldset class="tiers">
                        <legend>{t(w::PLAN)}</legend>
                        {PLANS
                            .iter()
                            .map(|p| {
                                let this = p.tier.clone();
                                let (checked, selected, pick) = (this.clone(), this.clone(), this.clone());
                                let monthly_only = p
                                    .annual_monthly_cents
                                    .is_none()
                                    .then(|| view! { <li class="hint">{t(w::BILLED_MONTHLY_ONLY)}</li> });
                                view! {
                                    <label class="tier" class:selected=move || tier.get() == selected>
                                        <span class="tier-title">
                                            <input
                                                type="radio"
                                                name="tier"
                                                id=format!("tier-{}", this.as_str())
                                                value=this.as_str().to_string()
                                                prop:checked=move || tier.get() == checked
                                                on:change=move |_| {
                                                    tier.set(pick.clone());
                                                    period.set(period_for(&pick, &period.get_untracked()));
                                                }
                                            />
                                            <strong>{p.title}</strong>
                                        </span>
                                        <span class="price">
                                            {move || p.price(&period_for(&p.tier, &period.get()))}
                                        </span>
                                        <ul>
                                            {p.lines().map(|line| view! { <li>{line}</li> }).collect_view()}
                                            {monthly_only}
                                        </ul>
                                    </label>
                                }
                            })
                            .collect_view()}
                    </fieldset>
                </section>
                <section class="card">
                    <h2>{t(w::STEP_DETAILS)}</h2>
                    <label for="cluster-org">{t(w::ORGANIZATION)}</label>
                    {move || {
                        if orgs.with(Vec::is_empty) {
                            Loaded::from_fn(
                                    t(w::LOADING_ORGS),
                                    move || Some(directory.orgs.get().map_or(Ok(()), |r| r.map(drop))),
                                    Some(Callback::new(move |_| directory.orgs.refetch())),
                                )
                                .ready(move |()| {
                                    // A failed read of the organizations is a failure, not "checking"; while
                                    // reading, the hint says "checking".
                                    view! {
                                        <p class="hint" id="no-org">
                                            {refused().unwrap_or_else(|| crate::directory::checking().into())}
                                        </p>
                                    }
                                        .into_any()
                                })
                        } else {
                            view! {
                                <select
                                    id="cluster-org"
                                    on:change:target=move |ev| {
                                        picked.set(false);
                                        org.set(ev.target().value())
                                    }
                                >
                                    {orgs
                                        .get()
                                        .into_iter()
                                        .map(|o| {
                                            let id = o.id.clone();
                                            view! {
                                                <option value=o.id.clone() selected=move || org.get() == id>
                                                    {o.display_name.unwrap_or(o.name)}
                                                </option>
                                            }
                                        })
                                        .collect_view()}
                                </select>
                            }
                                .into_any()
                        }
                    }}
                    <label for="cluster-region">{t(w::REGION)}</label>
                    {Loaded::new(t(w::LOADING_REGIONS), regions)
                        .retry(Callback::new(move |_| regions.retry()))
                        .ready(move |list| {
                            view! {
                                <select
                                    id="cluster-region"
                                    on:change:target=move |ev| region.set(ev.target().value())
                                >
                                    {list
                                        .into_iter()
                                        .map(|r| {
                                            let id = r.name.clone();
                                            view! {
                                                <option
                                                    value=r.name.clone()
                                                    selected=move || region.get() == id
                                                >
                                                    {crate::words::region_text(&r.name, &r.region)}
                                                </option>
                                            }
                                        })
                                        .collect_view()}
                                </select>
                            }
                                .into_any()
                        })}
                    <NameField name=name state=name_state />
                    {TextField::new("cluster-domain", t(w::CUSTOM_DOMAIN), domain)
                        .placeholder("auth.example.com")
                        .view()}
                </section>
                <section class="card">
                    <h2>{t(w::STEP_PAYMENT)}</h2>
                    {payment_choice(cards, card, picked, settled)}
                </section>
                <section class="card summary" id="summary">
                    <h2>{t(w::SUMMARY)}</h2>
                    <p>
                        {move || {
                            let place = regions.with(|r| region.with(|chosen| region_phrase(r, chosen)));
                            summary(
                                &tier.get(),
                                &period.get(),
                                &place,
                                &name.get(),
                                settled.get().then(|| card.with(Option::is_some)),
                            )
                        }}
                    </p>
                    {move || error.get().map(check::show)}
                    {submit.failure()}
                    <button
                        class="button primary"
                        type="submit"
                        id="create-cluster"
                        disabled=move || pending.get() || refused().is_some()
                        aria-describedby=move || refused().map(|_| "create-refused")
                    >
                        {submit.label(t(w::CREATE), t(w::CREATING))}
                    </button>
                    <CodePanel curl=code hcl=hcl />
                </section>
            </form>
        }
    };

    view! {
        <PageHead
            heading=t(w::HEADING)
            title=crate::kit::page::title(
                &[crate::routes::NEW_CLUSTER.title(), crate::routes::CLUSTERS.title()],
            )
        />
        {move || {
            refused()
                .map(|why| {
                    view! {
                        <div class="callout" id="create-refused" role="note">
                            <p>
                                <strong>{t(w::REFUSED)}</strong>
                                {why}
                            </p>
                            <p>{t(w::REFUSED_HINT)}</p>
                        </div>
                    }
                })
        }}
        {move || match (created.get(), pending_id.get()) {
            (Some(result), _) => {
                // Created: the form is gone, so it cannot be submitted twice.
                view! { <Outcome result=result name=name.get_untracked() /> }
                    .into_any()
            }
            (None, Some(id)) => {
                view! {
                    <pending::PendingCluster id=id dismiss=Callback::new(move |()| pending_id.set(None)) />
                }
                    .into_any()
            }
            (None, None) => form().into_any(),
        }}
    }
}
