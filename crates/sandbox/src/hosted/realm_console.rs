//! The stand-in for a realm's Keycloak admin console and for app sign-in, reached through
//! the single-use links of `deployment.consoleLink.create` / `.appLink.create`. The first
//! visit signs in ("signed in as admin to realm X"); any later visit says the link was used.

use super::html::{PageResult, esc, finish, framed};
use super::with_store;
use crate::records::Millis;
use crate::state::AppState;
use crate::store::Store;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use std::sync::Arc;

const BANNER: &str = "Sandbox stand-in for a realm's Keycloak: nothing real runs behind it.";

fn refusal(status: StatusCode, title: &str, text: &str) -> Response {
    framed(status, title, BANNER, &format!("<h1>{}</h1><p id=\"notice\">{}</p>", esc(title), esc(text)))
}

fn show(store: &mut Store, token: &str, now: Millis, app: bool) -> PageResult {
    let link = store.realm_link(token)?.filter(|l| l.client_id.is_some() == app);
    let again = "Sign-in links work once and for a short while: open a new one from the cluster console.";
    let Some(link) = link else {
        return Ok(refusal(
            StatusCode::NOT_FOUND,
            "Link not found",
            &format!("This sign-in link is not known. {again}"),
        ));
    };
    if link.used {
        return Ok(refusal(
            StatusCode::GONE,
            "Link already used",
            &format!("This sign-in link was already used. {again}"),
        ));
    }
    if link.expires_at < now {
        return Ok(refusal(
            StatusCode::GONE,
            "Link expired",
            &format!("This sign-in link has expired. {again}"),
        ));
    }
    store.use_realm_link(token)?;
    let Some(realm) = store.realm(&link.realm_id)? else {
        return Ok(refusal(
            StatusCode::NOT_FOUND,
            "Realm deleted",
            "The realm of this link no longer exists.",
        ));
    };
    let who = format!("Signed in as admin to realm {}", realm.name);
    let body = match (&link.client_id, &link.redirect_uri) {
        (Some(client), Some(redirect)) => format!(
            "<h1 id=\"realm-signed-in\">{}</h1><p>Client: <code id=\"realm-app-client\">{}</code></p>\
             <p><a id=\"realm-app-continue\" href=\"{}\">Continue to {}</a></p>",
            esc(&format!("{who} through {client}")),
            esc(client),
            esc(redirect),
            esc(redirect)
        ),
        _ => format!(
            "<h1 id=\"realm-signed-in\">{}</h1>\
             <p>This is the realm's admin console. Realm settings, clients, users \
             and identity providers would be managed here.</p>",
            esc(&who)
        ),
    };
    Ok(framed(StatusCode::OK, &format!("{} admin console", realm.name), BANNER, &body))
}

pub async fn console(State(app): State<Arc<AppState>>, Path(token): Path<String>) -> Response {
    with_store(&app, |store, now| finish(show(store, &token, now, false)))
}

pub async fn app(State(app): State<Arc<AppState>>, Path(token): Path<String>) -> Response {
    with_store(&app, |store, now| finish(show(store, &token, now, true)))
}
