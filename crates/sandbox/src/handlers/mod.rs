//! Operation handlers, one file per resource group. A handler is a plain function
//! `fn(&Ctx, &mut Store) -> Outcome`: the dispatcher has already authenticated the
//! caller and locked the store; the handler finds the owning organization, asks
//! [`Ctx::authorize`], and answers with a `cluster_api` type.
//!
//! What several handlers share lives here: the resource the path names
//! ([`Ctx::cluster`], [`Ctx::org`], [`Ctx::visible_org`]), body decoding
//! ([`Ctx::json_body`], [`Ctx::optional_body`]) and message wording ([`end_sentence`]).
//! Links to the sandbox's hosted pages are in [`links`].

pub mod billing;
pub mod billing_contacts;
pub mod checkout;
pub mod cluster_create;
pub mod cluster_status;
pub mod clusters;
pub mod domains;
pub mod env_vars;
pub mod extension_versions;
pub mod extensions;
pub mod ip_rules;
pub mod links;
pub mod logs;
pub mod multipart;
pub mod orgs;
pub mod payment_methods;
pub mod realm;
pub mod realm_credentials;
pub mod realms;
pub mod reviews;
pub mod secrets;
pub mod telemetry;
pub mod uploads;
pub mod well_known;

use crate::caller::Caller;
use crate::engine;
use crate::error::ApiError;
use crate::policy::{self, Need};
use crate::records::{ClusterRow, Millis, OrgRow};
use crate::state::Settings;
use crate::store::{Store, StoreResult};
use axum::Json;
use axum::body::Bytes;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use cluster_api::Operation;
use serde::Serialize;
use serde::de::DeserializeOwned;

pub type Outcome = Result<Response, ApiError>;

/// Everything a handler knows about the call.
pub struct Ctx<'a> {
    pub op: &'static Operation,
    /// Decoded path parameters in template order.
    pub params: Vec<String>,
    pub query: Vec<(String, String)>,
    pub body: Bytes,
    pub caller: Caller,
    /// The role this operation needs in the owning organization (`policy::need`).
    pub need: Need,
    /// The instant the call is evaluated at (epoch ms).
    pub now: Millis,
    pub settings: &'a Settings,
    /// The request's headers: `Host` decides the absolute URLs handed back
    /// (`Location`, presigned upload URLs).
    pub headers: &'a HeaderMap,
}

impl Ctx<'_> {
    /// Path parameter `index`. The router only matches when every parameter is
    /// present, so a miss is a sandbox bug, reported as 500 rather than a panic.
    pub fn param(&self, index: usize) -> Result<&str, ApiError> {
        self.params.get(index).map(String::as_str).ok_or_else(|| {
            ApiError::internal(format!("{} was routed without path parameter {index}.", self.op.id))
        })
    }

    pub fn query_param(&self, name: &str) -> Option<&str> {
        self.query.iter().find(|(key, _)| key == name).map(|(_, value)| value.as_str())
    }

    /// A query parameter that must be present and non-blank.
    pub fn required_query(&self, name: &str) -> Result<&str, ApiError> {
        self.query_param(name)
            .filter(|value| !value.trim().is_empty())
            .ok_or_else(|| ApiError::bad_request(format!("{name} is required")))
    }

    /// The JSON body as a contract type, read strictly (`crate::strict::decode`): 400 naming
    /// the field when one is missing, and for arrays, wrong types and unknown enum values.
    pub fn json_body<T: DeserializeOwned + Serialize>(&self) -> Result<T, ApiError> {
        crate::strict::decode(&self.body)
    }

    /// A body the contract makes optional: absent or blank means the default.
    pub fn optional_body<T: DeserializeOwned + Serialize + Default>(&self) -> Result<T, ApiError> {
        if self.body.iter().all(u8::is_ascii_whitespace) { Ok(T::default()) } else { self.json_body() }
    }

    /// The cluster named by the first path parameter (`/clusters/{id}/…`), settled to
    /// `now` and checked against the operation's role. Clusters of organizations the
    /// caller does not belong to are reported exactly like missing ones.
    pub fn cluster(&self, store: &Store) -> Result<ClusterRow, ApiError> {
        let id = self.param(0)?;
        let mut cluster = store
            .cluster(id)?
            .filter(|cluster| self.caller.member_of(&cluster.org_id))
            .ok_or_else(|| ApiError::not_found(format!("No cluster with ID {id} was found.")))?;
        settle(store, &mut cluster, self.now)?;
        self.authorize(store, &cluster.org_id)?;
        Ok(cluster)
    }

    /// The organization named by the first path parameter (`/orgs/{orgId}/…`).
    pub fn org(&self, store: &Store) -> Result<OrgRow, ApiError> {
        self.visible_org(store, self.param(0)?)
    }

    /// The organization `org_id`, checked against the operation's role. Organizations the
    /// caller does not belong to are reported exactly like missing ones.
    pub fn visible_org(&self, store: &Store, org_id: &str) -> Result<OrgRow, ApiError> {
        let org = store
            .org(org_id)?
            .filter(|org| self.caller.member_of(&org.id))
            .ok_or_else(|| ApiError::not_found(format!("No organization with ID {org_id} was found.")))?;
        self.authorize(store, &org.id)?;
        Ok(org)
    }

    /// 403 unless the caller holds the operation's role in `org_id`. Call it after
    /// establishing the resource is visible (a member's), so strangers get 404.
    ///
    /// Support staff pass for reads (`roles::staff_may`) in every organization and get 403
    /// on every customer write and on reads that hand over a credential or a session.
    pub fn authorize(&self, store: &Store, org_id: &str) -> Result<(), ApiError> {
        let role = match self.need {
            Need::Member => return Ok(()),
            Need::ClientRole { client, role } => return self.authorize_client(client, role),
            Need::Role(role) => role,
        };
        if self.caller.has(org_id, role) || policy::staff_reads(&self.caller, self.op) {
            return Ok(());
        }
        let org = store.org(org_id)?.map_or_else(|| org_id.to_string(), |org| org.label().to_string());
        let org = end_sentence(&org);
        if self.caller.is_staff() {
            return Err(ApiError::forbidden(format!(
                "Support staff have read-only access to customers' clusters: {} needs the {role} role in \
                 organization {org} Staff hold no organization role, so this is refused.",
                self.op.id
            )));
        }
        let who = if self.caller.person_id.is_some() { "Your account" } else { "This API secret" };
        Err(ApiError::forbidden(format!("{who} lacks the {role} role in organization {org}")))
    }

    /// The staff operations: the client role, whatever organization roles the caller holds.
    fn authorize_client(&self, client: &str, role: &str) -> Result<(), ApiError> {
        if self.caller.has_client_role(client, role) {
            return Ok(());
        }
        Err(ApiError::forbidden(format!(
            "{} is for support staff: it needs the {role} role on the {client} client, which no organization \
             role grants.",
            self.op.id
        )))
    }

    /// The organizations whose resources this operation may list for the caller: those where
    /// it holds the operation's role, or every one for staff reads.
    pub fn listable_orgs(&self, store: &Store) -> Result<Vec<String>, ApiError> {
        let role = match self.need {
            Need::Role(role) => role,
            _ => {
                return Ok(store
                    .orgs()?
                    .into_iter()
                    .map(|o| o.id)
                    .filter(|id| self.caller.member_of(id))
                    .collect());
            }
        };
        if policy::staff_reads(&self.caller, self.op) {
            return Ok(store.orgs()?.into_iter().map(|o| o.id).collect());
        }
        Ok(self.caller.orgs_with(role).map(str::to_string).collect())
    }

    /// For operations that belong to no organization (regions, name checks): the
    /// caller needs the operation's role in at least one.
    pub fn authorize_somewhere(&self) -> Result<(), ApiError> {
        match self.need {
            Need::Member => Ok(()),
            Need::ClientRole { client, role } => self.authorize_client(client, role),
            Need::Role(_) if policy::staff_reads(&self.caller, self.op) => Ok(()),
            Need::Role(role) if self.caller.orgs_with(role).next().is_some() => Ok(()),
            Need::Role(role) => Err(ApiError::forbidden(format!(
                "This API secret lacks the {role} role in every organization it belongs to."
            ))),
        }
    }
}

/// Applies a cluster's due transitions and writes them back, so the stored state never
/// lags what callers have already seen.
pub fn settle(store: &Store, cluster: &mut ClusterRow, now: Millis) -> StoreResult<()> {
    if engine::settle(cluster, now) {
        store.update_cluster(cluster)?;
    }
    Ok(())
}

/// "Acme Inc." stays as it is, "Initech" becomes "Initech.": for names ending a sentence.
pub fn end_sentence(name: &str) -> String {
    if name.ends_with('.') { name.to_string() } else { format!("{name}.") }
}

/// 200 with a contract type as JSON.
pub fn ok<T: Serialize>(value: &T) -> Outcome {
    Ok((StatusCode::OK, Json(value)).into_response())
}

pub fn no_content() -> Outcome {
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// 201 with a `Location` naming what was made: `detail`'s path (from the catalogue, so it
/// is the path the API routes) filled with `params`, absolute from the request's origin.
pub fn created(ctx: &Ctx, detail: &Operation, params: &[(&str, &str)]) -> Outcome {
    let location = format!(
        "{}{}{}",
        crate::storage::origin(ctx.settings, ctx.headers),
        cluster_api::API_PREFIX,
        detail.fill(params)
    );
    let value = HeaderValue::from_str(&location)
        .map_err(|_| ApiError::internal(format!("The Location {location:?} is not a valid header value.")))?;
    let mut response = StatusCode::CREATED.into_response();
    response.headers_mut().insert(header::LOCATION, value);
    Ok(response)
}

/// Who did something, as records name them: a person by email (their token names them),
/// an API secret by its client ID. Never the console's own client ID: a person signed in
/// through the console is the actor, not the console.
pub fn actor(ctx: &Ctx, store: &Store) -> Result<String, ApiError> {
    Ok(match &ctx.caller.person_id {
        Some(person_id) => store.person(person_id)?.map_or_else(|| person_id.clone(), |p| p.email),
        None => ctx.caller.client_id.clone(),
    })
}
