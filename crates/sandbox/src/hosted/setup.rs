//! The card setup page (`/sandbox/setup/{session}`), Stripe Checkout in setup mode: pick
//! a test card and save it to the organization. The browser returns to the session's
//! `redirect_uri` with `payment_method_setup=success|cancelled` appended.

use super::html::{PageResult, esc, finish, notice, page, see_other};
use super::with_store;
use crate::engine::billing::DAY;
use crate::payments::cards::{self, TestCard};
use crate::records::{BillingSessionRow, Millis, SessionKind};
use crate::state::AppState;
use crate::store::{Store, StoreError};
use axum::Form;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use serde::Deserialize;
use std::sync::Arc;

/// `uri` with `payment_method_setup=<outcome>` added to its query, before any fragment.
pub fn with_outcome(uri: &str, outcome: &str) -> String {
    let (base, fragment) = match uri.split_once('#') {
        Some((base, fragment)) => (base, format!("#{fragment}")),
        None => (uri, String::new()),
    };
    let joiner = if !base.contains('?') {
        "?"
    } else if base.ends_with('?') || base.ends_with('&') {
        ""
    } else {
        "&"
    };
    format!("{base}{joiner}payment_method_setup={outcome}{fragment}")
}

fn open(store: &Store, id: &str, now: Millis) -> Result<Result<BillingSessionRow, Response>, StoreError> {
    let Some(session) = store.session(SessionKind::Setup, id)? else {
        let text = "This card setup link is not known to the sandbox. Start again from the console.";
        return Ok(Err(notice(StatusCode::NOT_FOUND, "Setup not found", text)));
    };
    if session.used {
        return Ok(Err(notice(StatusCode::GONE, "Setup closed", "This card setup is already complete.")));
    }
    if session.created_at + DAY < now {
        return Ok(Err(notice(StatusCode::GONE, "Setup closed", "This card setup link has expired.")));
    }
    Ok(Ok(session))
}

fn show_page(store: &Store, id: &str, now: Millis) -> PageResult {
    let session = match open(store, id, now)? {
        Ok(session) => session,
        Err(page) => return Ok(page),
    };
    let org = store.org(&session.org_id)?.map(|org| org.label().to_string()).unwrap_or_default();
    let options: String = TestCard::ALL
        .iter()
        .map(|card| format!("<option value=\"{}\">{}</option>", esc(card.value()), esc(card.label())))
        .collect();
    let base = format!("/sandbox/setup/{}", esc(&session.id));
    let body = format!(
        "<h1>Add a card</h1><p>The card is saved to {} without being charged.</p>\
         <form method=\"post\" action=\"{base}/save\" id=\"setup-form\">\
         <label for=\"setup-card\">Test card</label> <select id=\"setup-card\" \
         name=\"card\">{options}</select>\
         <div class=\"actions\">\
         <button type=\"submit\" id=\"setup-save\" class=\"primary\">Save card</button></div></form>\
         <form method=\"post\" action=\"{base}/cancel\"><div class=\"actions\">\
         <button type=\"submit\" id=\"setup-cancel\">Cancel</button></div></form>",
        esc(&org)
    );
    Ok(page(StatusCode::OK, "Add a card", &body))
}

pub async fn show(State(app): State<Arc<AppState>>, Path(id): Path<String>) -> Response {
    with_store(&app, |store, now| finish(show_page(store, &id, now)))
}

#[derive(Deserialize)]
pub struct SaveForm {
    #[serde(default)]
    card: String,
}

fn save_now(store: &mut Store, id: &str, choice: &str, now: Millis) -> PageResult {
    let session = match open(store, id, now)? {
        Ok(session) => session,
        Err(page) => return Ok(page),
    };
    let Some(card) = TestCard::from_value(choice) else {
        let text = format!("{choice:?} is not one of the test cards; go back and pick one from the list.");
        return Ok(notice(StatusCode::BAD_REQUEST, "Unknown card", &text));
    };
    store.transaction(|s| {
        cards::add(s, &session.org_id, card, now)?;
        s.mark_session_used(&session.id)
    })?;
    Ok(see_other(&with_outcome(session.redirect_uri.as_deref().unwrap_or("/billing"), "success")))
}

pub async fn save(
    State(app): State<Arc<AppState>>,
    Path(id): Path<String>,
    Form(form): Form<SaveForm>,
) -> Response {
    with_store(&app, |store, now| finish(save_now(store, &id, &form.card, now)))
}

pub async fn cancel(State(app): State<Arc<AppState>>, Path(id): Path<String>) -> Response {
    with_store(&app, |store, _| {
        finish(store.session(SessionKind::Setup, &id).map(|session| match session {
            Some(session) => {
                see_other(&with_outcome(session.redirect_uri.as_deref().unwrap_or("/billing"), "cancelled"))
            }
            None => notice(
                StatusCode::NOT_FOUND,
                "Setup not found",
                "This card setup link is not known to the sandbox.",
            ),
        }))
    })
}

#[cfg(test)]
mod tests {
    use super::with_outcome;

    #[test]
    fn appends_the_outcome() {
        assert_eq!(
            with_outcome("http://h/billing", "success"),
            "http://h/billing?payment_method_setup=success"
        );
        assert_eq!(
            with_outcome("http://h/b?org=a", "success"),
            "http://h/b?org=a&payment_method_setup=success"
        );
        assert_eq!(with_outcome("http://h/b?", "cancelled"), "http://h/b?payment_method_setup=cancelled");
        assert_eq!(
            with_outcome("http://h/b?x=1#top", "success"),
            "http://h/b?x=1&payment_method_setup=success#top"
        );
    }
}
