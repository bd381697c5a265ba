//! `org.paymentMethod.list`, `.setupSession.create`, `.setDefault` and `.delete`.

use super::links::{check_redirect_uri, hosted_link};
use super::{Ctx, Outcome, end_sentence, no_content, ok};
use crate::engine::billing::live;
use crate::error::ApiError;
use crate::payments::{self, new_id};
use crate::records::{BillingSessionRow, CardRow, OrgRow, SessionKind};
use crate::store::Store;
use cluster_api::{PaymentMethod, RedirectRequest};

/// Names of the clusters whose live subscriptions each card pays, settled to `now`.
fn usage(store: &Store, org_id: &str, now: i64) -> Result<Vec<(String, String)>, ApiError> {
    let mut uses = Vec::new();
    for mut sub in store.subscriptions_of(org_id)? {
        payments::settle_subscription(store, &mut sub, now)?;
        if live(&sub.status) {
            uses.push((sub.payment_method_id, sub.cluster_name));
        }
    }
    Ok(uses)
}

fn names_for(uses: &[(String, String)], card_id: &str) -> Vec<String> {
    uses.iter().filter(|(card, _)| card == card_id).map(|(_, name)| name.clone()).collect()
}

pub fn list(ctx: &Ctx, store: &mut Store) -> Outcome {
    let org = ctx.org(store)?;
    let uses = usage(store, &org.id, ctx.now)?;
    let cards: Vec<PaymentMethod> =
        store.cards_of(&org.id)?.iter().map(|card| card.to_wire(names_for(&uses, &card.id))).collect();
    ok(&cards)
}

pub fn setup_session(ctx: &Ctx, store: &mut Store) -> Outcome {
    let org = ctx.org(store)?;
    let request: RedirectRequest = ctx.optional_body()?;
    let uri = request
        .redirect_uri
        .map(|uri| uri.trim().to_string())
        .filter(|uri| !uri.is_empty())
        .ok_or_else(|| ApiError::bad_request("redirect_uri is required"))?;
    check_redirect_uri(&uri)?;
    let session = BillingSessionRow {
        id: new_id("cs_test"),
        kind: SessionKind::Setup,
        org_id: org.id.clone(),
        cluster_id: None,
        period: None,
        redirect_uri: Some(uri),
        used: false,
        created_at: ctx.now,
    };
    store.insert_session(&session)?;
    let message = format!("Add a card to {} on the setup page.", org.label());
    ok(&hosted_link(ctx, &format!("/sandbox/setup/{}", session.id), Some(message)))
}

fn load_card(ctx: &Ctx, store: &Store, org: &OrgRow) -> Result<CardRow, ApiError> {
    let id = ctx.param(1)?;
    store.card(&org.id, id)?.ok_or_else(|| {
        ApiError::not_found(format!(
            "No payment method with ID {id} was found in {}",
            end_sentence(org.label())
        ))
    })
}

pub fn set_default(ctx: &Ctx, store: &mut Store) -> Outcome {
    let org = ctx.org(store)?;
    let card = load_card(ctx, store, &org)?;
    store.set_default_card(&org.id, &card.id)?;
    no_content()
}

/// "a", "a and b", "a, b and c".
fn and_list(names: &[String]) -> String {
    match names {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

pub fn delete(ctx: &Ctx, store: &mut Store) -> Outcome {
    let org = ctx.org(store)?;
    let card = load_card(ctx, store, &org)?;
    let clusters = names_for(&usage(store, &org.id, ctx.now)?, &card.id);
    if !clusters.is_empty() {
        let (those, subs) = if clusters.len() == 1 {
            ("that subscription", "the cluster")
        } else {
            ("those subscriptions", "the clusters")
        };
        return Err(ApiError::conflict(format!(
            "This card pays for {}. Make another card the default and move {those}, or delete {subs}, before \
             removing it.",
            and_list(&clusters)
        )));
    }
    store.transaction(|s| {
        s.delete_card(&org.id, &card.id)?;
        // The organization keeps a default while it has cards: the oldest remaining one.
        if card.is_default
            && let Some(next) = s.cards_of(&org.id)?.first()
        {
            s.set_default_card(&org.id, &next.id)?;
        }
        Ok(())
    })?;
    no_content()
}
