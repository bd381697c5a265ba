//! `cluster.checkout.resume`: a browser link that gets an unpaid cluster paid for: a
//! new checkout for one that never was, the open invoice for a delinquent one.

use super::links::hosted_link;
use super::{Ctx, Outcome, ok};
use crate::engine::billing::{money, plan_of_price};
use crate::error::ApiError;
use crate::payments;
use crate::records::ClusterRow;
use crate::store::Store;
use cluster_api::{BillingPeriod, ClusterState, ResumeCheckoutRequest};

/// The period to charge: the deprecated `price_id` first, then `billing_period`, then
/// what the cluster was ordered with (monthly when unknown). Starter stays monthly.
fn period(
    store: &Store,
    cluster: &ClusterRow,
    request: &ResumeCheckoutRequest,
) -> Result<BillingPeriod, ApiError> {
    if let Some(price) = request.price_id.as_deref().map(str::trim).filter(|p| !p.is_empty()) {
        let plan = plan_of_price(price).map_err(ApiError::bad_request)?;
        if plan.tier != cluster.tier {
            return Err(ApiError::bad_request(format!(
                "price_id {price} is for the {} tier, but {} is a {} cluster.",
                plan.tier, cluster.name, cluster.tier
            )));
        }
        return Ok(plan.period);
    }
    match &request.billing_period {
        Some(BillingPeriod::Unknown(other)) => Err(ApiError::bad_request(format!(
            "billing_period {other} is not a billing period: use monthly or annual."
        ))),
        Some(known) => Ok(known.clone()),
        None => Ok(store.cluster_period(&cluster.id)?.unwrap_or(BillingPeriod::Monthly)),
    }
}

pub fn resume(ctx: &Ctx, store: &mut Store) -> Outcome {
    let cluster = ctx.cluster(store)?;
    let request: ResumeCheckoutRequest = ctx.optional_body()?;
    match cluster.status {
        ClusterState::BillingSetup | ClusterState::PendingPayment => {
            new_checkout(ctx, store, &cluster, &request)
        }
        ClusterState::BillingRequired => {
            let open = match store.subscription_of_cluster(&cluster.id)? {
                Some(sub) => store.open_invoice(&sub.id)?,
                None => None,
            };
            match open {
                Some(invoice) => {
                    let message = format!(
                        "Pay the open invoice of {} to restore {}.",
                        money(invoice.amount),
                        cluster.name
                    );
                    ok(&hosted_link(ctx, &format!("/sandbox/invoice/{}", invoice.id), Some(message)))
                }
                // Nothing to repair: start over with a new subscription.
                None => new_checkout(ctx, store, &cluster, &request),
            }
        }
        ClusterState::PendingDeletion => Err(ApiError::conflict(format!(
            "{} is scheduled for deletion (PENDING_DELETION): there is nothing to pay for.",
            cluster.name
        ))),
        ClusterState::Archived => Err(ApiError::conflict(format!(
            "{} is archived (ARCHIVED): there is nothing to pay for.",
            cluster.name
        ))),
        _ => Err(ApiError::conflict(format!(
            "{} is already paid for: there is nothing to complete.",
            cluster.name
        ))),
    }
}

fn new_checkout(
    ctx: &Ctx,
    store: &mut Store,
    cluster: &ClusterRow,
    request: &ResumeCheckoutRequest,
) -> Outcome {
    let period = period(store, cluster, request)?;
    let session = store.transaction(|s| payments::open_checkout(s, cluster, &period, ctx.now))?;
    let message = if cluster.status == ClusterState::BillingRequired {
        format!("Complete payment on the checkout page to restore {}.", cluster.name)
    } else {
        format!("Complete payment on the checkout page to start provisioning {}.", cluster.name)
    };
    ok(&hosted_link(ctx, &format!("/sandbox/checkout/{}", session.id), Some(message)))
}
