//! Typed requests for the `orgs` operations.

#[allow(unused_imports)]
use crate::{catalogue, model::*, request::*};

/// `org.list`: List your organizations.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OrgList;
impl Call for OrgList {
    type Response = Vec<Org>;
    const OPERATION: &'static Operation = &catalogue::ORG_LIST;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(Self::OPERATION, "/orgs".to_string(), Query::default(), Body::Empty)
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `org.apiSecret.list`: List API secrets for this organization.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OrgApiSecretList {
    pub org_id: String,
}
impl Call for OrgApiSecretList {
    type Response = Vec<Secret>;
    const OPERATION: &'static Operation = &catalogue::ORG_APISECRET_LIST;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/orgs/{}/secrets", encode_segment(&self.org_id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `org.apiSecret.create`: Create an API secret for this organization.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OrgApiSecretCreate {
    pub org_id: String,
    pub body: SecretRequest,
}
impl Call for OrgApiSecretCreate {
    type Response = Secret;
    const OPERATION: &'static Operation = &catalogue::ORG_APISECRET_CREATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/orgs/{}/secrets", encode_segment(&self.org_id)),
            Query::default(),
            Body::json(&self.body),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `org.apiSecret.count`: Count API secrets for this organization.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OrgApiSecretCount {
    pub org_id: String,
}
impl Call for OrgApiSecretCount {
    type Response = i64;
    const OPERATION: &'static Operation = &catalogue::ORG_APISECRET_COUNT;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/orgs/{}/secrets/count", encode_segment(&self.org_id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `org.apiSecret.detail`: Get an API secret.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OrgApiSecretDetail {
    pub org_id: String,
    pub secret_id: String,
}
impl Call for OrgApiSecretDetail {
    type Response = Secret;
    const OPERATION: &'static Operation = &catalogue::ORG_APISECRET_DETAIL;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/orgs/{}/secrets/{}", encode_segment(&self.org_id), encode_segment(&self.secret_id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `org.apiSecret.delete`: Remove an API secret.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct OrgApiSecretDelete {
    pub org_id: String,
    pub secret_id: String,
}
impl Call for OrgApiSecretDelete {
    type Response = ();
    const OPERATION: &'static Operation = &catalogue::ORG_APISECRET_DELETE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/orgs/{}/secrets/{}", encode_segment(&self.org_id), encode_segment(&self.secret_id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        empty(reply)
    }
}
