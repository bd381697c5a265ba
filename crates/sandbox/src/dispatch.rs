//! The API entry point: prefix stripping, routing through the catalogue,
//! authentication, the operation table, and coverage counting. To implement an
//! operation, write its handler under `handlers/` and add one line to [`run`].

use crate::error::ApiError;
use crate::handlers::{
    Ctx, Outcome, cluster_status, clusters, extension_versions, extensions, orgs, well_known,
};
// Billing and cluster creation.
use crate::handlers::{billing, billing_contacts, checkout, cluster_create, payment_methods};
// Realms.
use crate::handlers::{realm, realm_credentials, realms};
// API secrets.
use crate::handlers::secrets;
// IP rules, logs and telemetry export.
use crate::handlers::{ip_rules, logs, telemetry};
// Cluster configuration: domains and environment variables.
use crate::handlers::{domains, env_vars};
use crate::records::now_millis;
use crate::routing::{Route, resolve};
use crate::state::AppState;
use crate::store::Store;
use crate::strict::{self, ApiBody};
use crate::{auth::Caller, policy};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use cluster_api::{API_PREFIX, Operation};
use std::sync::Arc;

/// Both places the API lives: the console host's path and the API host's.
pub const PREFIXES: [&str; 2] = [API_PREFIX, "/v2"];

/// The operation table.
fn run(ctx: &Ctx, store: &mut Store) -> Outcome {
    match ctx.op.id {
        "org.list" => orgs::list(ctx, store),
        "cluster.list" => clusters::list(ctx, store),
        "cluster.detail" => clusters::detail(ctx, store),
        "cluster.delete" => clusters::delete(ctx, store),
        "cluster.region.list" => clusters::regions(ctx, store),
        "cluster.nameAvailability.check" => clusters::name_availability(ctx, store),
        "cluster.metrics.detail" => cluster_status::metrics(ctx, store),
        "cluster.restartStatus.detail" => cluster_status::restart_status(ctx, store),
        "cluster.systemInfo.detail" => cluster_status::system_info(ctx, store),
        "cluster.extension.list" => extensions::list(ctx, store),
        "cluster.extension.create" => extensions::create(ctx, store),
        "cluster.extension.reconcile" => extensions::reconcile(ctx, store),
        "cluster.extension.keycloakVersion.list" => extensions::keycloak_versions(ctx, store),
        "cluster.extension.detail" => extensions::detail(ctx, store),
        "cluster.extension.update" => extensions::update(ctx, store),
        "cluster.extension.delete" => extensions::delete(ctx, store),
        "cluster.extension.standalone.uploadUrl.create" => {
            extension_versions::standalone_upload_url(ctx, store)
        }
        "cluster.extension.standalone.confirm" => extension_versions::standalone_confirm(ctx, store),
        "cluster.extension.version.create" => extension_versions::create(ctx, store),
        "cluster.extension.version.delete" => extension_versions::delete(ctx, store),
        "cluster.extension.version.uploadUrl.create" => extension_versions::upload_url(ctx, store),
        "cluster.extension.version.confirm" => extension_versions::confirm(ctx, store),
        "cluster.extension.version.validate" => extension_versions::validate(ctx, store),
        "cluster.wellKnown.get" => well_known::get(ctx, store),
        "cluster.wellKnown.changePassword.set" => well_known::change_password(ctx, store),
        "cluster.wellKnown.uploadUrl.create" => well_known::upload_url(ctx, store),
        "cluster.wellKnown.confirm" => well_known::confirm(ctx, store),
        "cluster.wellKnown.delete" => well_known::delete(ctx, store),
        "cluster.create" => cluster_create::create(ctx, store),
        "cluster.checkout.resume" => checkout::resume(ctx, store),
        "cluster.subscription.detail" => billing::subscription_detail(ctx, store),
        "cluster.billingSession.create" => billing::cluster_portal_session(ctx, store),
        "org.billingPortalSession.create" => billing::portal_session(ctx, store),
        "org.subscription.list" => billing::subscription_list(ctx, store),
        "org.paymentMethod.list" => payment_methods::list(ctx, store),
        "org.paymentMethod.setupSession.create" => payment_methods::setup_session(ctx, store),
        "org.paymentMethod.setDefault" => payment_methods::set_default(ctx, store),
        "org.paymentMethod.delete" => payment_methods::delete(ctx, store),
        "org.billingContact.list" => billing_contacts::list(ctx, store),
        "org.billingContact.create" => billing_contacts::create(ctx, store),
        "org.billingContact.delete" => billing_contacts::delete(ctx, store),
        "cluster.deployment.list" => realms::list(ctx, store),
        "cluster.deployment.create" => realms::create(ctx, store),
        "cluster.deployment.import" => realms::import(ctx, store),
        "cluster.deployment.nameAvailability.check" => realms::name_availability(ctx, store),
        "deployment.detail" => realm::detail(ctx, store),
        "deployment.update" => realm::update(ctx, store),
        "deployment.delete" => realm::delete(ctx, store),
        "deployment.metrics.detail" => realm::metrics(ctx, store),
        "deployment.consoleLink.create" => realm::console_link(ctx, store),
        "deployment.appLink.create" => realm::app_link(ctx, store),
        "deployment.token.create" => realm::token(ctx, store),
        "deployment.credential.list" => realm_credentials::list(ctx, store),
        "deployment.credential.create" => realm_credentials::create(ctx, store),
        "deployment.credential.delete" => realm_credentials::delete(ctx, store),
        "deployment.credential.secret.read" => realm_credentials::secret(ctx, store),
        "org.apiSecret.list" => secrets::list(ctx, store),
        "org.apiSecret.create" => secrets::create(ctx, store),
        "org.apiSecret.count" => secrets::count(ctx, store),
        "org.apiSecret.detail" => secrets::detail(ctx, store),
        "org.apiSecret.delete" => secrets::delete(ctx, store),
        "cluster.ipRule.list" => ip_rules::list(ctx, store),
        "cluster.ipRule.update" => ip_rules::update(ctx, store),
        "cluster.ipRule.detail" => ip_rules::detail(ctx, store),
        "cluster.log.list" => logs::list(ctx, store),
        "cluster.log.detail" => logs::detail(ctx, store),
        "cluster.telemetryExport.detail" => telemetry::detail(ctx, store),
        "cluster.telemetryExport.update" => telemetry::update(ctx, store),
        "cluster.telemetryExport.endpoint.validate" => telemetry::validate(ctx, store),
        "cluster.domain.list" => domains::list(ctx, store),
        "cluster.domain.create" => domains::create(ctx, store),
        "cluster.domain.detail" => domains::detail(ctx, store),
        "cluster.domain.delete" => domains::delete(ctx, store),
        "cluster.domain.status.detail" => domains::status(ctx, store),
        "cluster.host.update" => domains::update_host(ctx, store),
        "cluster.envVar.list" => env_vars::list(ctx, store),
        "cluster.envVar.create" => env_vars::create(ctx, store),
        "cluster.envVar.detail" => env_vars::detail(ctx, store),
        "cluster.envVar.update" => env_vars::update(ctx, store),
        "cluster.envVar.delete" => env_vars::delete(ctx, store),
        "cluster.extension.version.report" => crate::handlers::reviews::report(ctx, store),
        "cluster.extension.version.adminBlock" => crate::handlers::reviews::admin_block(ctx, store),
        other => Err(ApiError::not_implemented(other)),
    }
}

/// The axum handler mounted under every prefix.
pub async fn api(
    State(app): State<Arc<AppState>>,
    method: Method,
    uri: Uri,
    headers: HeaderMap,
    body: ApiBody,
) -> Response {
    let ApiBody(body) = body;
    let path = uri.path();
    let relative = PREFIXES.iter().find_map(|prefix| path.strip_prefix(prefix)).unwrap_or(path);
    // HEAD is a GET without the body (hyper leaves it out); OPTIONS names the methods.
    let routed = if method == Method::HEAD { Method::GET } else { method.clone() };
    match resolve(routed.as_str(), relative) {
        Route::NotFound => {
            ApiError::not_found(format!("No API operation has the path {relative}.")).into_response()
        }
        Route::MethodNotAllowed(allowed) if method == Method::OPTIONS => options(&allowed),
        Route::MethodNotAllowed(allowed) => method_not_allowed(method.as_str(), relative, &allowed),
        Route::Found(op, params) => {
            if !app.settings.delay.is_zero() {
                tokio::time::sleep(app.settings.delay).await;
            }
            let response = call(&app, op, params, uri.query(), &headers, body)
                .unwrap_or_else(IntoResponse::into_response);
            app.coverage.record(op.id, response.status().as_u16());
            response
        }
    }
}

/// The methods a path takes, HEAD with GET, and OPTIONS itself.
fn allow_list(allowed: &[&str]) -> String {
    let mut list: Vec<&str> = allowed.to_vec();
    if list.contains(&"GET") {
        list.push("HEAD");
    }
    list.push("OPTIONS");
    list.join(", ")
}

fn options(allowed: &[&str]) -> Response {
    let mut response = StatusCode::NO_CONTENT.into_response();
    if let Ok(value) = HeaderValue::from_str(&allow_list(allowed)) {
        response.headers_mut().insert(header::ALLOW, value);
    }
    response
}

fn method_not_allowed(method: &str, path: &str, allowed: &[&str]) -> Response {
    let list = allow_list(allowed);
    let message = format!("{method} is not allowed on {path}; use {list}.");
    let mut response = ApiError::new(StatusCode::METHOD_NOT_ALLOWED, message).into_response();
    if let Ok(value) = HeaderValue::from_str(&list) {
        response.headers_mut().insert(header::ALLOW, value);
    }
    response
}

fn call(
    app: &AppState,
    op: &'static Operation,
    params: Vec<String>,
    query: Option<&str>,
    headers: &HeaderMap,
    body: Bytes,
) -> Outcome {
    let caller: Caller = app.tokens.authenticate(headers.get(header::AUTHORIZATION))?;
    let query = serde_urlencoded::from_str::<Vec<(String, String)>>(query.unwrap_or(""))
        .map_err(|e| ApiError::bad_request(format!("The query string is malformed: {e}")))?;
    strict::check_request(op.id, headers, &body)?;
    strict::check_query(op.id, &query)?;
    let ctx = Ctx {
        op,
        params,
        query,
        body,
        caller,
        need: policy::need(op),
        now: now_millis(),
        settings: &app.settings,
        headers,
    };
    let mut store = app.lock_store()?;
    run(&ctx, &mut store)
}
