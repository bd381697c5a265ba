//! Wire types of the `billing` resource group, with the exact names of `openapi-v2.yaml`.

use crate::time::EpochMillis;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct BillingContact {
    pub id: String,
    pub username: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    #[serde(rename = "firstName", default, skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    #[serde(rename = "lastName", default, skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct PaymentMethod {
    pub id: String,
    pub r#type: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub brand: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last4: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exp_month: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exp_year: Option<i64>,
    pub is_default: bool,
    pub in_use_by_active_subscription: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub in_use_by: Option<Vec<String>>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct RedirectLink {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    pub link: String,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct RedirectRequest {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub redirect_uri: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct Subscription {
    pub id: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub customer_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub start_date: Option<EpochMillis>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_date: Option<EpochMillis>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_period_start: Option<EpochMillis>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub current_period_end: Option<EpochMillis>,
    pub status: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// From `openapi-v2-next.yaml`: an unpaid invoice whose payment repairs the subscription.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open_invoice: Option<bool>,
    /// From `openapi-v2-next.yaml`: in the currency's smallest unit, when `open_invoice`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub open_invoice_amount_due: Option<i64>,
}
