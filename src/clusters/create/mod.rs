//! `/clusters/new`: the create-cluster wizard. Plan, details, payment, a summary, then one
//! submission; what comes back decides where the person goes next (see `outcome`).

mod name_field;
mod outcome;
pub mod plans;

use cluster_api::{catalogue, ops, BillingPeriod, ClusterCreationResult, DedicatedClusterRequest, PaymentMethod, Tier};
use leptos::prelude::*;

use crate::api::{self, ApiError, use_api};
use crate::billing::{card_expiry, card_name};
use crate::components::ErrorPanel;
use crate::directory::Directory;
use crate::kit::page::{Breadcrumbs, PageHead};
use crate::kit::Write;
use crate::links;
use name_field::{availability, NameField, NameState};
use outcome::Outcome;
use plans::{period_for, plan, PLANS};

#[component]
pub fn CreateCluster() -> impl IntoView {
    let api = use_api();
    let directory = expect_context::<Directory>();

    let tier = RwSignal::new(Tier::Premium);
    let period = RwSignal::new(BillingPeriod::Monthly);
    let org = RwSignal::new(String::new());
    let region = RwSignal::new(String::new());
    let name = RwSignal::new(String::new());
    let domain = RwSignal::new(String::new());
    // None: pay on the hosted checkout page.
    let card = RwSignal::new(None::<String>);
    let name_state = availability(api, name);

    let regions = crate::load::load(move || api::call(api, &ops::ClusterRegionList));
    let orgs = Memo::new(move |_| directory.orgs_allowing(&catalogue::CLUSTER_CREATE));
    Effect::new(move |_| {
        if org.with_untracked(String::is_empty) {
            if let Some(first) = orgs.with(|o| o.first().map(|o| o.id.clone())) {
                org.set(first);
            }
        }
    });
    Effect::new(move |_| {
        if let Some(Ok(list)) = regions.get() {
            if region.with_untracked(String::is_empty) {
                region.set(list.first().map(|r| r.name.clone()).unwrap_or_default());
            }
        }
    });
    let cards = crate::load::load(move || {
        let org_id = org.get();
        async move {
            if org_id.is_empty() {
                return Ok(Vec::new());
            }
            api::call(api, &ops::OrgPaymentMethodList { org_id }).await
        }
    });
    // Offer the organization's default card first, once per organization.
    Effect::new(move |_| {
        if let Some(Ok(list)) = cards.get() {
            card.set(list.iter().find(|c| c.is_default).map(|c| c.id.clone()));
        }
    });

    let error = RwSignal::new(None::<String>);
    let submit = Write::new("Creating the cluster");
    let created = RwSignal::new(None::<ClusterCreationResult>);
    let pending = submit.busy;
    let on_submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        error.set(None);
        if pending.get_untracked() {
            return;
        }
        let problem = if org.with_untracked(String::is_empty) {
            Some("Choose an organization.")
        } else if region.with_untracked(String::is_empty) {
            Some("Choose a region.")
        } else if name.with_untracked(|n| n.trim().is_empty()) {
            Some("Enter a name for the cluster.")
        } else if matches!(name_state.get_untracked(), NameState::Unavailable { .. }) {
            Some("That name is not available: pick another one.")
        } else {
            None
        };
        if let Some(problem) = problem {
            error.set(Some(problem.into()));
            return;
        }
        let domain = domain.get_untracked().trim().to_string();
        let body = DedicatedClusterRequest {
            name: name.get_untracked().trim().to_string(),
            region: region.get_untracked(),
            domain: (!domain.is_empty()).then_some(domain),
            price_id: None,
            tier: Some(tier.get_untracked()),
            billing_period: Some(period.get_untracked()),
            org_id: org.get_untracked(),
            payment_method_id: card.get_untracked(),
        };
        submit.run(async move { api::call(api, &ops::ClusterCreate { body }).await }, move |result| {
            created.try_set(Some(result));
        });
    };

    let form = move || {
        view! {
            <form class="wizard" on:submit=on_submit>
                <section class="card">
                    <h2>"1. Plan"</h2>
                    // Real radio buttons: the chosen period and tier are exposed as checked.
                    <fieldset class="period-toggle">
                        <legend>"Billing period"</legend>
                        <label class="period" class:selected=move || period.get() == BillingPeriod::Monthly>
                            <input type="radio" name="period" id="period-monthly" value="monthly"
                                prop:checked=move || period.get() == BillingPeriod::Monthly
                                on:change=move |_| period.set(BillingPeriod::Monthly)/>
                            "Monthly"
                        </label>
                        <label class="period" class:selected=move || period.get() == BillingPeriod::Annual
                            title=move || if plan(&tier.get()).allows(&BillingPeriod::Annual) { "" } else { "Starter is billed monthly only" }>
                            <input type="radio" name="period" id="period-annual" value="annual"
                                prop:checked=move || period.get() == BillingPeriod::Annual
                                disabled=move || !plan(&tier.get()).allows(&BillingPeriod::Annual)
                                on:change=move |_| period.set(BillingPeriod::Annual)/>
                            "Annual (save 25%)"
                        </label>
                    </fieldset>
                    <fieldset class="tiers">
                        <legend>"Plan"</legend>
                        {PLANS.iter().map(|p| {
                            let t = p.tier.clone();
                            let (checked, selected, pick) = (t.clone(), t.clone(), t.clone());
                            view! {
                                <label class="tier" class:selected=move || tier.get() == selected>
                                    <span class="tier-title">
                                        <input type="radio" name="tier" id=format!("tier-{}", t.as_str()) value=t.as_str().to_string()
                                            prop:checked=move || tier.get() == checked
                                            on:change=move |_| {
                                                tier.set(pick.clone());
                                                period.set(period_for(&pick, &period.get_untracked()));
                                            }/>
                                        <strong>{p.title}</strong>
                                    </span>
                                    <span class="price">{move || p.price(&period_for(&p.tier, &period.get()))}</span>
                                    <ul>
                                        <li>{p.sessions}</li><li>{p.sla}</li><li>{p.realms}</li><li>{p.themes}</li>
                                        <li>{p.extensions}</li><li>{p.domains}</li><li>{p.ip_rules}</li>
                                        {(p.annual_monthly_cents.is_none()).then(|| view! { <li class="hint">"Billed monthly only"</li> })}
                                    </ul>
                                </label>
                            }
                        }).collect_view()}
                    </fieldset>
                </section>
                <section class="card">
                    <h2>"2. Details"</h2>
                    <label for="cluster-org">"Organization"</label>
                    {move || if orgs.with(Vec::is_empty) {
                        view! { <p class="hint" id="no-org">{directory.refused_everywhere(&catalogue::CLUSTER_CREATE, "Creating a cluster").unwrap_or_else(|| crate::directory::CHECKING.into())}</p> }.into_any()
                    } else {
                        view! {
                            <select id="cluster-org" on:change:target=move |ev| org.set(ev.target().value())>
                                {orgs.get().into_iter().map(|o| {
                                    let id = o.id.clone();
                                    view! { <option value=o.id.clone() selected=move || org.get() == id>{o.display_name.unwrap_or(o.name)}</option> }
                                }).collect_view()}
                            </select>
                        }.into_any()
                    }}
                    <label for="cluster-region">"Region"</label>
                    {move || match regions.get() {
                        None => view! { <p class="loading">"Loading regions…"</p> }.into_any(),
                        Some(Err(e)) => view! { <ErrorPanel action="Loading regions" error=e retry=Callback::new(move |_| regions.refetch())/> }.into_any(),
                        Some(Ok(list)) => view! {
                            <select id="cluster-region" on:change:target=move |ev| region.set(ev.target().value())>
                                {list.into_iter().map(|r| {
                                    let id = r.name.clone();
                                    view! { <option value=r.name.clone() selected=move || region.get() == id>{format!("{} ({})", r.name, r.region)}</option> }
                                }).collect_view()}
                            </select>
                        }.into_any(),
                    }}
                    <NameField name=name state=name_state/>
                    <label for="cluster-domain">"Custom domain (optional)"</label>
                    <input id="cluster-domain" placeholder="auth.example.com" prop:value=domain
                        on:input:target=move |ev| domain.set(ev.target().value())/>
                </section>
                <section class="card">
                    <h2>"3. Payment"</h2>
                    {move || payment_choice(cards.get(), card)}
                </section>
                <section class="card summary" id="summary">
                    <h2>"Summary"</h2>
                    <p>{move || summary(&tier.get(), &period.get(), &region.get(), &name.get(), card.get().is_some())}</p>
                    {move || error.get().map(|e| view! { <p class="error-detail" role="alert">{e}</p> })}
                    {submit.failure()}
                    <button class="button primary" type="submit" id="create-cluster" disabled=move || pending.get()>
                        {submit.label("Create cluster", "Creating…")}
                    </button>
                </section>
            </form>
        }
    };

    view! {
        <Breadcrumbs crumbs=vec![("Clusters".into(), Some(links::CLUSTERS.into())), ("New cluster".into(), None)]/>
        <PageHead heading="Create a cluster" title=crate::kit::page::title(&["New cluster", "Clusters"])/>
        {move || match created.get() {
            // Created: the form is gone, so it cannot be submitted twice.
            Some(result) => view! { <Outcome result=result name=name.get_untracked()/> }.into_any(),
            None => form().into_any(),
        }}
    }
}

fn card_label(c: &PaymentMethod) -> String {
    let default = if c.is_default { " (default)" } else { "" };
    format!("{}, expires {}{default}", card_name(c), card_expiry(c))
}

fn payment_choice(cards: Option<Result<Vec<PaymentMethod>, ApiError>>, card: RwSignal<Option<String>>) -> AnyView {
    let saved = match cards {
        None => view! { <p class="loading">"Loading saved cards…"</p> }.into_any(),
        Some(Err(ApiError::Forbidden { role, .. })) => view! {
            <p class="hint">{format!(
                "This API secret cannot see the organization's saved cards (that needs {}), so pay on the checkout page.",
                role.unwrap_or("a billing role")
            )}</p>
        }.into_any(),
        Some(Err(e)) => view! { <ErrorPanel action="Loading saved cards" error=e/> }.into_any(),
        Some(Ok(list)) => list.into_iter().map(|c| {
            let id = c.id.clone();
            let pick = c.id.clone();
            view! {
                <label class="choice">
                    <input type="radio" name="payment" value=c.id.clone() prop:checked=move || card.get().as_deref() == Some(id.as_str())
                        on:change=move |_| card.set(Some(pick.clone()))/>
                    {card_label(&c)}
                </label>
            }
        }).collect_view().into_any(),
    };
    view! {
        {saved}
        <label class="choice">
            <input type="radio" name="payment" value="" id="pay-on-checkout" prop:checked=move || card.get().is_none()
                on:change=move |_| card.set(None)/>
            "Pay on the secure checkout page (new card, or the Starter trial)"
        </label>
    }
    .into_any()
}

fn summary(tier: &Tier, period: &BillingPeriod, region: &str, name: &str, saved_card: bool) -> String {
    let p = plan(tier);
    let name = if name.trim().is_empty() { "(no name yet)" } else { name.trim() };
    let pay = if saved_card { "charged to the selected card" } else { "paid on the checkout page" };
    format!("{} plan, {}: {}. {name} in {region}, {pay}.", p.title, period.as_str(), p.price(period))
}
