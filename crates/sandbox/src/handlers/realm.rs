//! One realm: `deployment.detail`, `.update`, `.delete`, `.metrics.detail`,
//! `.consoleLink.create`, `.appLink.create` and `.token.create`. Sign-in links point to
//! the sandbox's stand-in admin console (`hosted::realm_console`) and work once.

use super::realms::{load_realm, require_active, to_wire};
use super::{Ctx, Outcome, no_content, ok};
use crate::engine::realms::DEFAULT_CLIENTS;
use crate::error::ApiError;
use crate::records::RealmLinkRow;
use crate::store::Store;
use cluster_api::{AppLinkRequest, ConsoleLink, DeploymentState, Metrics, TokenResponse};
use serde_json::Value;
use std::collections::BTreeMap;

/// How long a sign-in link works, in seconds.
pub const LINK_SECONDS: i32 = 60;
/// How long a realm admin token lives, in seconds.
pub const TOKEN_SECONDS: i64 = 300;

pub fn detail(ctx: &Ctx, store: &mut Store) -> Outcome {
    let (realm, cluster) = load_realm(ctx, store)?;
    ok(&to_wire(store, &realm, &cluster)?)
}

fn text<'a>(body: &'a Value, field: &str) -> Option<&'a str> {
    body.get(field).and_then(Value::as_str)
}

/// The whole `Deployment` comes back with a new `display_name`; the name never changes.
pub fn update(ctx: &Ctx, store: &mut Store) -> Outcome {
    let (mut realm, cluster) = load_realm(ctx, store)?;
    let body: Value = ctx.json_body()?;
    let name = text(&body, "name").map(str::trim).filter(|n| !n.is_empty());
    let Some(name) = name else {
        return Err(ApiError::bad_request(
            "name is required: send the whole Deployment back with the new display_name.",
        ));
    };
    if text(&body, "org_id").is_none_or(|o| o.trim().is_empty()) {
        return Err(ApiError::bad_request(
            "org_id is required: send the whole Deployment back with the new display_name.",
        ));
    }
    if name != realm.name {
        return Err(ApiError::bad_request(format!(
            "A realm's name cannot change; this one is {}.",
            realm.name
        )));
    }
    if text(&body, "org_id") != Some(cluster.org_id.as_str()) {
        return Err(ApiError::bad_request("org_id must be the realm's own organization."));
    }
    realm.display_name =
        text(&body, "display_name").map(str::trim).filter(|d| !d.is_empty()).map(str::to_string);
    store.update_realm(&realm)?;
    no_content()
}

pub fn delete(ctx: &Ctx, store: &mut Store) -> Outcome {
    let (realm, _) = load_realm(ctx, store)?;
    store.delete_realm(&realm.id)?;
    no_content()
}

/// Like cluster metrics: only what the sandbox models. Its clients once the realm runs
/// (zero before); it does not model users or sessions, so those are not reported.
pub fn metrics(ctx: &Ctx, store: &mut Store) -> Outcome {
    let (realm, _) = load_realm(ctx, store)?;
    let active = realm.state == DeploymentState::Active;
    let clients =
        (DEFAULT_CLIENTS.len() + realm.clients.len() + store.credentials_of(&realm.id)?.len()) as i64;
    let mut counts = BTreeMap::new();
    counts.insert("clients".to_string(), if active { clients } else { 0 });
    ok(&Metrics { name: realm.name, counts: Some(counts), healthy: active })
}

fn issue_link(ctx: &Ctx, store: &Store, realm_id: &str, app: Option<AppLinkRequest>) -> Outcome {
    let token = uuid::Uuid::new_v4().simple().to_string();
    let kind = if app.is_some() { "app" } else { "console" };
    let link = RealmLinkRow {
        token: token.clone(),
        realm_id: realm_id.to_string(),
        client_id: app.as_ref().map(|a| a.client_id.clone()),
        redirect_uri: app.map(|a| a.redirect_uri),
        expires_at: ctx.now + i64::from(LINK_SECONDS) * 1000,
        used: false,
    };
    store.insert_realm_link(&link)?;
    ok(&ConsoleLink {
        user_id: format!("admin@{realm_id}"),
        link: format!("{}/sandbox/realm-{kind}/{token}", crate::storage::origin(ctx.settings, ctx.headers)),
        expiration_seconds: LINK_SECONDS,
    })
}

pub fn console_link(ctx: &Ctx, store: &mut Store) -> Outcome {
    let (realm, _) = load_realm(ctx, store)?;
    require_active(&realm)?;
    issue_link(ctx, store, &realm.id, None)
}

pub fn app_link(ctx: &Ctx, store: &mut Store) -> Outcome {
    let (realm, _) = load_realm(ctx, store)?;
    let body: Value = ctx.json_body()?;
    let field = |name: &str| text(&body, name).map(str::trim).filter(|v| !v.is_empty()).map(str::to_string);
    let client_id = field("client_id").ok_or_else(|| ApiError::bad_request("client_id is required"))?;
    let redirect_uri =
        field("redirect_uri").ok_or_else(|| ApiError::bad_request("redirect_uri is required"))?;
    if !(redirect_uri.starts_with("https://") || redirect_uri.starts_with("http://")) {
        return Err(ApiError::bad_request("redirect_uri must be an http(s) URL."));
    }
    require_active(&realm)?;
    let credentials = store.credentials_of(&realm.id)?;
    let known = DEFAULT_CLIENTS.contains(&client_id.as_str())
        || realm.clients.contains(&client_id)
        || credentials.iter().any(|c| c.client_id == client_id);
    if !known {
        return Err(ApiError::bad_request(format!("Realm {} has no client {client_id}.", realm.name)));
    }
    issue_link(ctx, store, &realm.id, Some(AppLinkRequest { client_id, redirect_uri }))
}

pub fn token(ctx: &Ctx, store: &mut Store) -> Outcome {
    let (realm, cluster) = load_realm(ctx, store)?;
    require_active(&realm)?;
    ok(&TokenResponse {
        base_url: cluster.host(),
        access_token: format!("rt-{}", uuid::Uuid::new_v4().simple()),
        token_type: "Bearer".into(),
        expires_in: Some(TOKEN_SECONDS),
        scope: Some("openid".into()),
    })
}
