//! The test cards the setup page offers, modelled on Stripe's: each number has a fixed
//! behaviour, so a person (or a browser test) can pick the path they want to see. Pure:
//! a card becomes a row here; `payments::cards` stores it.

use crate::records::{CardBehaviour, CardRow, Millis};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TestCard {
    Visa,
    Mastercard,
    VisaAuthentication,
    VisaDeclined,
}

impl TestCard {
    pub const ALL: [TestCard; 4] =
        [TestCard::Visa, TestCard::Mastercard, TestCard::VisaAuthentication, TestCard::VisaDeclined];

    /// The value of the setup page's `<select id="setup-card">` option.
    pub fn value(self) -> &'static str {
        match self {
            TestCard::Visa => "visa",
            TestCard::Mastercard => "mastercard",
            TestCard::VisaAuthentication => "visa_authentication",
            TestCard::VisaDeclined => "visa_declined",
        }
    }

    pub fn from_value(value: &str) -> Option<TestCard> {
        TestCard::ALL.into_iter().find(|card| card.value() == value)
    }

    pub fn label(self) -> &'static str {
        match self {
            TestCard::Visa => "Visa 4242",
            TestCard::Mastercard => "Mastercard 4444",
            TestCard::VisaAuthentication => "Visa 3184 (requires authentication)",
            TestCard::VisaDeclined => "Visa 0002 (declined)",
        }
    }

    /// Brand, last four digits and behaviour.
    pub fn details(self) -> (&'static str, &'static str, CardBehaviour) {
        match self {
            TestCard::Visa => ("visa", "4242", CardBehaviour::Charge),
            TestCard::Mastercard => ("mastercard", "4444", CardBehaviour::Charge),
            TestCard::VisaAuthentication => ("visa", "3184", CardBehaviour::Authenticate),
            TestCard::VisaDeclined => ("visa", "0002", CardBehaviour::Decline),
        }
    }
}

/// A card record with a fixed ID (seeds use Stripe's `pm_card_…` names).
pub fn record(
    id: &str,
    org_id: &str,
    card: TestCard,
    exp: (i64, i64),
    is_default: bool,
    at: Millis,
) -> CardRow {
    let (brand, last4, behaviour) = card.details();
    CardRow {
        id: id.to_string(),
        org_id: org_id.to_string(),
        brand: brand.to_string(),
        last4: last4.to_string(),
        exp_month: exp.0,
        exp_year: exp.1,
        behaviour,
        is_default,
        created_at: at,
    }
}
