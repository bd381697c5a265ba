//! Typed requests for the `deployments` operations.

#[allow(unused_imports)]
use crate::{catalogue, model::*, request::*};

/// `deployment.detail`: Get a deployment by ID.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DeploymentDetail {
    pub id: String,
}
impl Call for DeploymentDetail {
    type Response = Deployment;
    const OPERATION: &'static Operation = &catalogue::DEPLOYMENT_DETAIL;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/deployments/{}", encode_segment(&self.id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `deployment.update`: Update a deployment by ID.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DeploymentUpdate {
    pub id: String,
    pub body: Deployment,
}
impl Call for DeploymentUpdate {
    type Response = ();
    const OPERATION: &'static Operation = &catalogue::DEPLOYMENT_UPDATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/deployments/{}", encode_segment(&self.id)),
            Query::default(),
            Body::json(&self.body),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        empty(reply)
    }
}

/// `deployment.delete`: Remove a deployment by ID.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DeploymentDelete {
    pub id: String,
}
impl Call for DeploymentDelete {
    type Response = ();
    const OPERATION: &'static Operation = &catalogue::DEPLOYMENT_DELETE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/deployments/{}", encode_segment(&self.id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        empty(reply)
    }
}

/// `deployment.appLink.create`: Create an app link for a deployment.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DeploymentAppLinkCreate {
    pub id: String,
    pub body: AppLinkRequest,
}
impl Call for DeploymentAppLinkCreate {
    type Response = ConsoleLink;
    const OPERATION: &'static Operation = &catalogue::DEPLOYMENT_APPLINK_CREATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/deployments/{}/app-link", encode_segment(&self.id)),
            Query::default(),
            Body::json(&self.body),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `deployment.consoleLink.create`: Create an admin console link for a deployment.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DeploymentConsoleLinkCreate {
    pub id: String,
}
impl Call for DeploymentConsoleLinkCreate {
    type Response = ConsoleLink;
    const OPERATION: &'static Operation = &catalogue::DEPLOYMENT_CONSOLELINK_CREATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/deployments/{}/console-link", encode_segment(&self.id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `deployment.metrics.detail`: Get metrics for a deployment by ID.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DeploymentMetricsDetail {
    pub id: String,
}
impl Call for DeploymentMetricsDetail {
    type Response = Metrics;
    const OPERATION: &'static Operation = &catalogue::DEPLOYMENT_METRICS_DETAIL;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/deployments/{}/metrics", encode_segment(&self.id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `deployment.token.create`: Exchange a token for a deployment access token.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DeploymentTokenCreate {
    pub id: String,
}
impl Call for DeploymentTokenCreate {
    type Response = TokenResponse;
    const OPERATION: &'static Operation = &catalogue::DEPLOYMENT_TOKEN_CREATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/deployments/{}/token", encode_segment(&self.id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `deployment.credential.list`: List admin credentials for a deployment (no secrets).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DeploymentCredentialList {
    pub id: String,
}
impl Call for DeploymentCredentialList {
    type Response = Vec<DeploymentCredential>;
    const OPERATION: &'static Operation = &catalogue::DEPLOYMENT_CREDENTIAL_LIST;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/deployments/{}/credentials", encode_segment(&self.id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `deployment.credential.create`: Create an admin credential (the body is optional).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DeploymentCredentialCreate {
    pub id: String,
    pub body: Option<DeploymentCredentialRequest>,
}
impl Call for DeploymentCredentialCreate {
    type Response = DeploymentCredential;
    const OPERATION: &'static Operation = &catalogue::DEPLOYMENT_CREDENTIAL_CREATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/deployments/{}/credentials", encode_segment(&self.id)),
            Query::default(),
            Body::json_opt(self.body.as_ref()),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `deployment.credential.delete`: Revoke an admin credential.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DeploymentCredentialDelete {
    pub id: String,
    pub client_id: String,
}
impl Call for DeploymentCredentialDelete {
    type Response = ();
    const OPERATION: &'static Operation = &catalogue::DEPLOYMENT_CREDENTIAL_DELETE;
    fn request(&self) -> ApiRequest {
        let path = format!(
            "/deployments/{}/credentials/{}",
            encode_segment(&self.id),
            encode_segment(&self.client_id)
        );
        ApiRequest::new(Self::OPERATION, path, Query::default(), Body::Empty)
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        empty(reply)
    }
}

/// `deployment.credential.secret.read`: Read an admin credential's secret, live from the realm.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct DeploymentCredentialSecretRead {
    pub id: String,
    pub client_id: String,
}
impl Call for DeploymentCredentialSecretRead {
    type Response = DeploymentCredential;
    const OPERATION: &'static Operation = &catalogue::DEPLOYMENT_CREDENTIAL_SECRET_READ;
    fn request(&self) -> ApiRequest {
        let path = format!(
            "/deployments/{}/credentials/{}/secret",
            encode_segment(&self.id),
            encode_segment(&self.client_id)
        );
        ApiRequest::new(Self::OPERATION, path, Query::default(), Body::Empty)
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}
