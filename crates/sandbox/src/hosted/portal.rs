//! The billing portal (`/sandbox/portal/{session}`), Stripe's customer portal stand-in:
//! the organization's subscriptions, invoices (open ones link to their payment page) and
//! cards. Links are single-use and short-lived, like the real portal's.

use super::html::{PageResult, date, esc, finish, notice, page};
use super::with_store;
use crate::engine::billing::money;
use crate::payments;
use crate::records::{Millis, SessionKind};
use crate::state::AppState;
use crate::store::Store;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use std::sync::Arc;

const LIFETIME: Millis = 30 * 60_000;

fn table(head: &[&str], rows: Vec<String>, empty: &str) -> String {
    if rows.is_empty() {
        return format!("<p>{}</p>", esc(empty));
    }
    let head: String = head.iter().map(|h| format!("<th>{}</th>", esc(h))).collect();
    format!("<table><thead><tr>{head}</tr></thead><tbody>{}</tbody></table>", rows.concat())
}

fn cells(values: &[String]) -> String {
    format!("<tr>{}</tr>", values.iter().map(|v| format!("<td>{v}</td>")).collect::<String>())
}

fn show_page(store: &mut Store, id: &str, now: Millis) -> PageResult {
    let Some(session) = store.session(SessionKind::Portal, id)? else {
        let text =
            "This billing portal link is not known to the sandbox. Open the billing portal from the console.";
        return Ok(notice(StatusCode::NOT_FOUND, "Portal not found", text));
    };
    if session.used || session.created_at + LIFETIME < now {
        let text = "This billing portal link has expired: links work once and only for a short while. \
                    Open the billing portal again from the console.";
        return Ok(notice(StatusCode::GONE, "Portal link expired", text));
    }
    store.mark_session_used(&session.id)?;
    let org = store.org(&session.org_id)?.map(|org| org.label().to_string()).unwrap_or_default();

    let subscriptions: Vec<String> = payments::subscriptions(store, &session.org_id, now)?
        .into_iter()
        .map(|sub| {
            let until = sub.end_date.map_or_else(
                || format!("renews {}", date(sub.current_period_end.map_or(0, |at| at.0))),
                |end| format!("ends {}", date(end.0)),
            );
            cells(&[esc(sub.description.as_deref().unwrap_or(&sub.id)), esc(&sub.status), esc(&until)])
        })
        .collect();
    let invoices: Vec<String> = store
        .invoices_of(&session.org_id)?
        .into_iter()
        .map(|invoice| {
            let status = if invoice.status == "open" {
                format!("Open: <a href=\"/sandbox/invoice/{}\">pay</a>", esc(&invoice.id))
            } else {
                esc(&invoice.status)
            };
            let when = esc(&date(invoice.created_at));
            cells(&[when, esc(&invoice.cluster_name), esc(&money(invoice.amount)), status])
        })
        .collect();
    let cards: Vec<String> = store
        .cards_of(&session.org_id)?
        .into_iter()
        .map(|card| {
            let default = if card.is_default { "Default" } else { "" };
            let expires = format!("{:02}/{}", card.exp_month, card.exp_year);
            cells(&[esc(&card.label()), esc(&expires), esc(default)])
        })
        .collect();
    let return_to =
        session.redirect_uri.clone().unwrap_or_else(|| format!("/billing?org={}", session.org_id));
    let body = format!(
        "<h1>Billing: {}</h1><h2>Subscriptions</h2>{}<h2>Invoices</h2>{}<h2>Cards</h2>{}\
         <p><a id=\"portal-return\" href=\"{}\">Return to the console</a></p>",
        esc(&org),
        table(&["Plan", "Status", "Period"], subscriptions, "No subscriptions yet."),
        table(&["Date", "Cluster", "Amount", "Status"], invoices, "No invoices yet."),
        table(&["Card", "Expires", ""], cards, "No cards saved."),
        esc(&return_to)
    );
    Ok(page(StatusCode::OK, &format!("Billing: {org}"), &body))
}

pub async fn show(State(app): State<Arc<AppState>>, Path(id): Path<String>) -> Response {
    with_store(&app, |store, now| finish(show_page(store, &id, now)))
}
