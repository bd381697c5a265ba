//! What the store keeps about billing: the sandbox's stand-ins for Stripe's cards,
//! subscriptions, invoices, hosted sessions and payment intents.

use super::Millis;
use crate::engine::billing::{customer_id, description, ending};
use cluster_api::{BillingPeriod, ClusterState, EpochMillis, PaymentMethod, Subscription, Tier};

/// How a saved card behaves when charged, like Stripe's test cards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardBehaviour {
    /// Charges succeed at once.
    Charge,
    /// The bank asks for 3-D Secure first (`pm_card_authenticationRequired`).
    Authenticate,
    /// Every charge is declined (`pm_card_chargeDeclined`).
    Decline,
}

impl CardBehaviour {
    pub fn as_str(self) -> &'static str {
        match self {
            CardBehaviour::Charge => "charge",
            CardBehaviour::Authenticate => "authenticate",
            CardBehaviour::Decline => "decline",
        }
    }

    /// Unknown stored values charge: a card that cannot be classified is a plain one.
    pub fn from_stored(value: &str) -> CardBehaviour {
        match value {
            "authenticate" => CardBehaviour::Authenticate,
            "decline" => CardBehaviour::Decline,
            _ => CardBehaviour::Charge,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct CardRow {
    pub id: String,
    pub org_id: String,
    pub brand: String,
    pub last4: String,
    pub exp_month: i64,
    pub exp_year: i64,
    pub behaviour: CardBehaviour,
    pub is_default: bool,
    pub created_at: Millis,
}

impl CardRow {
    /// "Visa ending 4242", how pages and messages name a card.
    pub fn label(&self) -> String {
        let mut brand = self.brand.clone();
        if let Some(first) = brand.get_mut(0..1) {
            first.make_ascii_uppercase();
        }
        format!("{brand} ending {}", self.last4)
    }

    /// `in_use_by` holds the names of the clusters whose live subscriptions it pays.
    pub fn to_wire(&self, in_use_by: Vec<String>) -> PaymentMethod {
        PaymentMethod {
            id: self.id.clone(),
            r#type: "card".to_string(),
            brand: Some(self.brand.clone()),
            last4: Some(self.last4.clone()),
            exp_month: Some(self.exp_month),
            exp_year: Some(self.exp_year),
            is_default: self.is_default,
            in_use_by_active_subscription: !in_use_by.is_empty(),
            in_use_by: Some(in_use_by),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct SubscriptionRow {
    pub id: String,
    pub org_id: String,
    pub cluster_id: String,
    /// Kept so descriptions and invoices still read well however the cluster changes.
    pub cluster_name: String,
    pub payment_method_id: String,
    pub tier: Tier,
    pub period: BillingPeriod,
    /// Charged per period, in cents.
    pub amount: i64,
    /// Stripe's status: trialing, active, past_due, canceled.
    pub status: String,
    pub start_date: Millis,
    pub trial_end: Option<Millis>,
    pub current_period_start: Millis,
    pub current_period_end: Millis,
    /// Set once the subscription has ended.
    pub ended_at: Option<Millis>,
}

impl SubscriptionRow {
    /// `cluster_status` decides whether the subscription ends with its period;
    /// `open_due` is the amount of its open invoice, if any.
    pub fn to_wire(&self, cluster_status: Option<&ClusterState>, open_due: Option<i64>) -> Subscription {
        let end_date = self
            .ended_at
            .or_else(|| cluster_status.filter(|status| ending(status)).map(|_| self.current_period_end));
        Subscription {
            id: self.id.clone(),
            customer_id: Some(customer_id(&self.org_id)),
            start_date: Some(EpochMillis(self.start_date)),
            end_date: end_date.map(EpochMillis),
            current_period_start: Some(EpochMillis(self.current_period_start)),
            current_period_end: Some(EpochMillis(self.current_period_end)),
            status: self.status.clone(),
            description: Some(description(&self.tier, &self.period, &self.cluster_name)),
            open_invoice: open_due.map(|_| true),
            open_invoice_amount_due: open_due,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct InvoiceRow {
    pub id: String,
    pub org_id: String,
    pub subscription_id: String,
    pub cluster_name: String,
    pub description: String,
    pub amount: i64,
    /// `paid` or `open`.
    pub status: String,
    pub created_at: Millis,
    pub paid_at: Option<Millis>,
}

/// What a hosted-page session is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionKind {
    Checkout,
    Setup,
    Portal,
}

impl SessionKind {
    pub fn as_str(self) -> &'static str {
        match self {
            SessionKind::Checkout => "checkout",
            SessionKind::Setup => "setup",
            SessionKind::Portal => "portal",
        }
    }

    pub fn from_stored(value: &str) -> Option<SessionKind> {
        match value {
            "checkout" => Some(SessionKind::Checkout),
            "setup" => Some(SessionKind::Setup),
            "portal" => Some(SessionKind::Portal),
            _ => None,
        }
    }
}

/// A link to a hosted page: checkout (pay for a cluster), setup (save a card) or the
/// billing portal.
#[derive(Debug, Clone, PartialEq)]
pub struct BillingSessionRow {
    pub id: String,
    pub kind: SessionKind,
    pub org_id: String,
    pub cluster_id: Option<String>,
    /// The billing period a checkout charges for.
    pub period: Option<BillingPeriod>,
    pub redirect_uri: Option<String>,
    pub used: bool,
    pub created_at: Millis,
}

/// A charge waiting for 3-D Secure (`requires_action`).
#[derive(Debug, Clone, PartialEq)]
pub struct PaymentIntentRow {
    pub id: String,
    pub client_secret: String,
    pub org_id: String,
    pub cluster_id: String,
    pub payment_method_id: String,
    pub period: BillingPeriod,
    /// requires_action, succeeded, requires_payment_method (after a failed challenge), canceled.
    pub status: String,
    pub created_at: Millis,
}
