//! The wizard's payment choice and its summary. Neither is ever built from a read that
//! failed: without the regions the summary says so instead of "in ,", and without the
//! saved cards no way to pay is chosen for the person (the checkout page is not silently
//! picked); they see the failure with Retry, or choose themselves.

use cluster_api::{BillingPeriod, PaymentMethod, Region, Tier};
use leptos::prelude::*;

use super::plans::plan;
use crate::api::ApiError;
use crate::billing::{card_expiry, card_name};
use crate::i18n::k::clusters_create as w;
use crate::i18n::{t, tf};
use crate::kit::Loaded;
use crate::view_read::Load;

pub type Answer<T> = Option<Result<T, ApiError>>;

fn card_label(c: &PaymentMethod) -> String {
    let label = if c.is_default { w::CARD_DEFAULT } else { w::CARD };
    tf(label, &[("card", &card_name(c)), ("expiry", &card_expiry(c))])
}

/// Whether a way to pay is settled: the person picked one, the saved cards were read (the
/// default card, or the checkout page when there is none), or the organization's cards are
/// closed to this caller (the checkout page is then the only way, and is said to be).
pub fn decided(picked: bool, cards: &Answer<Vec<PaymentMethod>>) -> bool {
    picked || matches!(cards, Some(Ok(_)) | Some(Err(ApiError::Forbidden { .. })))
}

/// The saved cards and the checkout page as radio buttons. `picked` records that the
/// person chose; Retry reads the cards again.
pub fn payment_choice(
    cards: Load<Result<Vec<PaymentMethod>, ApiError>>,
    card: RwSignal<Option<String>>,
    picked: RwSignal<bool>,
    settled: Memo<bool>,
) -> AnyView {
    // Cards closed to this caller are an answer too (`Err(role)`): the checkout page is then the way.
    let read = move || {
        cards.get().map(|r| match r {
            Ok(list) => Ok(Ok(list)),
            Err(ApiError::Forbidden { role, .. }) => Ok(Err(role)),
            Err(e) => Err(e),
        })
    };
    let saved = Loaded::from_fn(t(w::LOADING_CARDS), read, Some(Callback::new(move |_| cards.retry())))
        .ready(move |answer| match answer {
            Err(role) => {
                let closed = tf(w::CARDS_CLOSED, &[("role", role.unwrap_or(t(w::A_BILLING_ROLE)))]);
                view! { <p class="hint">{closed}</p> }.into_any()
            }
            Ok(list) => list
                .into_iter()
                .map(|c| {
                    let id = c.id.clone();
                    let pick = c.id.clone();
                    view! {
                        <label class="choice">
                            <input
                                type="radio"
                                name="payment"
                                value=c.id.clone()
                                prop:checked=move || card.get().as_deref() == Some(id.as_str())
                                on:change=move |_| {
                                    picked.set(true);
                                    card.set(Some(pick.clone()));
                                }
                            />
                            {card_label(&c)}
                        </label>
                    }
                })
                .collect_view()
                .into_any(),
        });
    let failed =
        move || cards.with(|c| matches!(c, Some(Err(e)) if !matches!(e, ApiError::Forbidden { .. })));
    let undecided = move || {
        failed().then(|| {
            view! {
                <p class="hint" id="payment-undecided">
                    {t(w::PAYMENT_UNDECIDED)}
                </p>
            }
        })
    };
    view! {
        {saved}
        {undecided}
        <label class="choice">
            <input
                type="radio"
                name="payment"
                value=""
                id="pay-on-checkout"
                prop:checked=move || settled.get() && card.get().is_none()
                on:change=move |_| {
                    picked.set(true);
                    card.set(None);
                }
            />
            {t(w::PAY_ON_CHECKOUT)}
        </label>
    }
    .into_any()
}

/// Where the cluster will run, as the summary says it: the chosen region's place, or why
/// there is none yet (still loading, or the read failed).
pub fn region_phrase(regions: &Answer<Vec<Region>>, chosen: &str) -> String {
    match regions {
        None => t(w::REGIONS_LOADING).into(),
        Some(Err(_)) => t(w::REGIONS_FAILED).into(),
        Some(Ok(list)) => match list.iter().find(|r| r.name == chosen) {
            Some(r) => tf(w::IN_REGION, &[("region", &crate::words::region_text(&r.name, &r.region))]),
            None => t(w::NO_REGION).into(),
        },
    }
}

/// One sentence: plan, price, name, region and how it is paid (`None`: not chosen yet).
pub fn summary(
    tier: &Tier,
    period: &BillingPeriod,
    region: &str,
    name: &str,
    saved_card: Option<bool>,
) -> String {
    let p = plan(tier);
    let name = if name.trim().is_empty() { t(w::NO_NAME) } else { name.trim() };
    let pay = match saved_card {
        Some(true) => w::PAY_CARD,
        Some(false) => w::PAY_CHECKOUT,
        None => w::PAY_UNDECIDED,
    };
    let period_words = match period {
        BillingPeriod::Monthly => t(w::PERIOD_MONTHLY),
        BillingPeriod::Annual => t(w::PERIOD_ANNUAL),
        BillingPeriod::Unknown(code) => code.as_str(),
    };
    tf(
        w::SUMMARY_TEXT,
        &[
            ("plan", p.title),
            ("period", period_words),
            ("price", &p.price(period)),
            ("name", name),
            ("region", region),
            ("pay", t(pay)),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn us_east() -> Region {
        Region { name: "US_EAST_1".into(), provider: "aws".into(), region: "us-east-1".into() }
    }

    #[test]
    fn a_failed_read_is_not_a_region() {
        let failed: Answer<Vec<Region>> = Some(Err(ApiError::Network("down".into())));
        let said =
            summary(&Tier::Premium, &BillingPeriod::Monthly, &region_phrase(&failed, ""), "acme", None);
        assert!(!said.contains("in ,") && said.contains("could not be loaded"), "{said}");
        assert!(said.contains("no way to pay chosen yet") && !said.contains("checkout page"), "{said}");
        let ok = Some(Ok(vec![us_east()]));
        assert_eq!(region_phrase(&ok, "US_EAST_1"), "in US East (N. Virginia) (us-east-1)");
        assert_eq!(region_phrase(&ok, ""), "(no region chosen yet)");
    }

    #[test]
    fn failed_cards_do_not_choose_the_checkout_page() {
        assert!(!decided(false, &Some(Err(ApiError::Network("down".into())))));
        assert!(!decided(false, &None));
        assert!(decided(true, &Some(Err(ApiError::Network("down".into())))));
        assert!(decided(false, &Some(Ok(Vec::new()))));
    }
}
