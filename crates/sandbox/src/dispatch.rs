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
use crate::strict::{self, ApiCall};
use crate::{caller::Caller, policy};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use cluster_api::{API_PREFIX, Operation, catalogue};
use std::sync::Arc;

/// Both places the API lives: the console host's path and the API host's.
pub const PREFIXES: [&str; 2] = [API_PREFIX, "/v2"];

/// The operation table.
fn run(ctx: &Ctx, store: &mut Store) -> Outcome {
    match *ctx.op {
        catalogue::ORG_LIST => orgs::list(ctx, store),
        catalogue::CLUSTER_LIST => clusters::list(ctx, store),
        catalogue::CLUSTER_DETAIL => clusters::detail(ctx, store),
        catalogue::CLUSTER_DELETE => clusters::delete(ctx, store),
        catalogue::CLUSTER_REGION_LIST => clusters::regions(ctx, store),
        catalogue::CLUSTER_NAMEAVAILABILITY_CHECK => clusters::name_availability(ctx, store),
        catalogue::CLUSTER_METRICS_DETAIL => cluster_status::metrics(ctx, store),
        catalogue::CLUSTER_RESTARTSTATUS_DETAIL => cluster_status::restart_status(ctx, store),
        catalogue::CLUSTER_SYSTEMINFO_DETAIL => cluster_status::system_info(ctx, store),
        catalogue::CLUSTER_EXTENSION_LIST => extensions::list(ctx, store),
        catalogue::CLUSTER_EXTENSION_CREATE => extensions::create(ctx, store),
        catalogue::CLUSTER_EXTENSION_RECONCILE => extensions::reconcile(ctx, store),
        catalogue::CLUSTER_EXTENSION_KEYCLOAKVERSION_LIST => extensions::keycloak_versions(ctx, store),
        catalogue::CLUSTER_EXTENSION_DETAIL => extensions::detail(ctx, store),
        catalogue::CLUSTER_EXTENSION_UPDATE => extensions::update(ctx, store),
        catalogue::CLUSTER_EXTENSION_DELETE => extensions::delete(ctx, store),
        catalogue::CLUSTER_EXTENSION_STANDALONE_UPLOADURL_CREATE => {
            extension_versions::standalone_upload_url(ctx, store)
        }
        catalogue::CLUSTER_EXTENSION_STANDALONE_CONFIRM => extension_versions::standalone_confirm(ctx, store),
        catalogue::CLUSTER_EXTENSION_VERSION_CREATE => extension_versions::create(ctx, store),
        catalogue::CLUSTER_EXTENSION_VERSION_DELETE => extension_versions::delete(ctx, store),
        catalogue::CLUSTER_EXTENSION_VERSION_UPLOADURL_CREATE => extension_versions::upload_url(ctx, store),
        catalogue::CLUSTER_EXTENSION_VERSION_CONFIRM => extension_versions::confirm(ctx, store),
        catalogue::CLUSTER_EXTENSION_VERSION_VALIDATE => extension_versions::validate(ctx, store),
        catalogue::CLUSTER_WELLKNOWN_GET => well_known::get(ctx, store),
        catalogue::CLUSTER_WELLKNOWN_CHANGEPASSWORD_SET => well_known::change_password(ctx, store),
        catalogue::CLUSTER_WELLKNOWN_UPLOADURL_CREATE => well_known::upload_url(ctx, store),
        catalogue::CLUSTER_WELLKNOWN_CONFIRM => well_known::confirm(ctx, store),
        catalogue::CLUSTER_WELLKNOWN_DELETE => well_known::delete(ctx, store),
        catalogue::CLUSTER_CREATE => cluster_create::create(ctx, store),
        catalogue::CLUSTER_CHECKOUT_RESUME => checkout::resume(ctx, store),
        catalogue::CLUSTER_SUBSCRIPTION_DETAIL => billing::subscription_detail(ctx, store),
        catalogue::CLUSTER_BILLINGSESSION_CREATE => billing::cluster_portal_session(ctx, store),
        catalogue::ORG_BILLINGPORTALSESSION_CREATE => billing::portal_session(ctx, store),
        catalogue::ORG_SUBSCRIPTION_LIST => billing::subscription_list(ctx, store),
        catalogue::ORG_PAYMENTMETHOD_LIST => payment_methods::list(ctx, store),
        catalogue::ORG_PAYMENTMETHOD_SETUPSESSION_CREATE => payment_methods::setup_session(ctx, store),
        catalogue::ORG_PAYMENTMETHOD_SETDEFAULT => payment_methods::set_default(ctx, store),
        catalogue::ORG_PAYMENTMETHOD_DELETE => payment_methods::delete(ctx, store),
        catalogue::ORG_BILLINGCONTACT_LIST => billing_contacts::list(ctx, store),
        catalogue::ORG_BILLINGCONTACT_CREATE => billing_contacts::create(ctx, store),
        catalogue::ORG_BILLINGCONTACT_DELETE => billing_contacts::delete(ctx, store),
        catalogue::CLUSTER_DEPLOYMENT_LIST => realms::list(ctx, store),
        catalogue::CLUSTER_DEPLOYMENT_CREATE => realms::create(ctx, store),
        catalogue::CLUSTER_DEPLOYMENT_IMPORT => realms::import(ctx, store),
        catalogue::CLUSTER_DEPLOYMENT_NAMEAVAILABILITY_CHECK => realms::name_availability(ctx, store),
        catalogue::DEPLOYMENT_DETAIL => realm::detail(ctx, store),
        catalogue::DEPLOYMENT_UPDATE => realm::update(ctx, store),
        catalogue::DEPLOYMENT_DELETE => realm::delete(ctx, store),
        catalogue::DEPLOYMENT_METRICS_DETAIL => realm::metrics(ctx, store),
        catalogue::DEPLOYMENT_CONSOLELINK_CREATE => realm::console_link(ctx, store),
        catalogue::DEPLOYMENT_APPLINK_CREATE => realm::app_link(ctx, store),
        catalogue::DEPLOYMENT_TOKEN_CREATE => realm::token(ctx, store),
        catalogue::DEPLOYMENT_CREDENTIAL_LIST => realm_credentials::list(ctx, store),
        catalogue::DEPLOYMENT_CREDENTIAL_CREATE => realm_credentials::create(ctx, store),
        catalogue::DEPLOYMENT_CREDENTIAL_DELETE => realm_credentials::delete(ctx, store),
        catalogue::DEPLOYMENT_CREDENTIAL_SECRET_READ => realm_credentials::secret(ctx, store),
        catalogue::ORG_APISECRET_LIST => secrets::list(ctx, store),
        catalogue::ORG_APISECRET_CREATE => secrets::create(ctx, store),
        catalogue::ORG_APISECRET_COUNT => secrets::count(ctx, store),
        catalogue::ORG_APISECRET_DETAIL => secrets::detail(ctx, store),
        catalogue::ORG_APISECRET_DELETE => secrets::delete(ctx, store),
        catalogue::CLUSTER_IPRULE_LIST => ip_rules::list(ctx, store),
        catalogue::CLUSTER_IPRULE_UPDATE => ip_rules::update(ctx, store),
        catalogue::CLUSTER_IPRULE_DETAIL => ip_rules::detail(ctx, store),
        catalogue::CLUSTER_LOG_LIST => logs::list(ctx, store),
        catalogue::CLUSTER_LOG_DETAIL => logs::detail(ctx, store),
        catalogue::CLUSTER_TELEMETRYEXPORT_DETAIL => telemetry::detail(ctx, store),
        catalogue::CLUSTER_TELEMETRYEXPORT_UPDATE => telemetry::update(ctx, store),
        catalogue::CLUSTER_TELEMETRYEXPORT_ENDPOINT_VALIDATE => telemetry::validate(ctx, store),
        catalogue::CLUSTER_DOMAIN_LIST => domains::list(ctx, store),
        catalogue::CLUSTER_DOMAIN_CREATE => domains::create(ctx, store),
        catalogue::CLUSTER_DOMAIN_DETAIL => domains::detail(ctx, store),
        catalogue::CLUSTER_DOMAIN_DELETE => domains::delete(ctx, store),
        catalogue::CLUSTER_DOMAIN_STATUS_DETAIL => domains::status(ctx, store),
        catalogue::CLUSTER_HOST_UPDATE => domains::update_host(ctx, store),
        catalogue::CLUSTER_ENVVAR_LIST => env_vars::list(ctx, store),
        catalogue::CLUSTER_ENVVAR_CREATE => env_vars::create(ctx, store),
        catalogue::CLUSTER_ENVVAR_DETAIL => env_vars::detail(ctx, store),
        catalogue::CLUSTER_ENVVAR_UPDATE => env_vars::update(ctx, store),
        catalogue::CLUSTER_ENVVAR_DELETE => env_vars::delete(ctx, store),
        catalogue::CLUSTER_EXTENSION_VERSION_REPORT => crate::handlers::reviews::report(ctx, store),
        catalogue::CLUSTER_EXTENSION_VERSION_ADMINBLOCK => crate::handlers::reviews::admin_block(ctx, store),
        _ => Err(ApiError::not_implemented(ctx.op.id)),
    }
}

/// The axum handler mounted under every prefix.
pub async fn api(
    State(app): State<Arc<AppState>>,
    ApiCall { method, uri, headers, body }: ApiCall,
) -> Response {
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
            let caller = crate::auth::authenticate(&app, headers.get(header::AUTHORIZATION)).await;
            let response = caller
                .and_then(|caller| call(&app, op, caller, params, uri.query(), &headers, body))
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
    caller: Caller,
    params: Vec<String>,
    query: Option<&str>,
    headers: &HeaderMap,
    body: Bytes,
) -> Outcome {
    let query = serde_urlencoded::from_str::<Vec<(String, String)>>(query.unwrap_or(""))
        .map_err(|e| ApiError::bad_request(format!("The query string is malformed: {e}")))?;
    strict::check_request(op, headers, &body)?;
    strict::check_query(op, &query)?;
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
