//! Typed requests for the `env_vars` operations.

#[allow(unused_imports)]
use crate::{catalogue, model::*, request::*};

/// `cluster.envVar.list`: List environment variables for a cluster.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterEnvVarList {
    pub id: String,
}
impl Call for ClusterEnvVarList {
    type Response = Vec<EnvironmentVariableRepresentation>;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_ENVVAR_LIST;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/env-vars", encode_segment(&self.id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.envVar.create`: Add an environment variable to a cluster.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterEnvVarCreate {
    pub id: String,
    pub body: EnvironmentVariableRequest,
}
impl Call for ClusterEnvVarCreate {
    type Response = EnvironmentVariableRepresentation;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_ENVVAR_CREATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/env-vars", encode_segment(&self.id)),
            Query::default(),
            Body::json(&self.body),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.envVar.detail`: Get an environment variable by ID.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterEnvVarDetail {
    pub id: String,
    pub env_variable_id: String,
}
impl Call for ClusterEnvVarDetail {
    type Response = EnvironmentVariableRepresentation;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_ENVVAR_DETAIL;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/clusters/{}/env-vars/{}",
                encode_segment(&self.id),
                encode_segment(&self.env_variable_id)
            ),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.envVar.update`: Update an environment variable.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterEnvVarUpdate {
    pub id: String,
    pub env_variable_id: String,
    pub body: EnvironmentVariableRequest,
}
impl Call for ClusterEnvVarUpdate {
    type Response = EnvironmentVariableRepresentation;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_ENVVAR_UPDATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/clusters/{}/env-vars/{}",
                encode_segment(&self.id),
                encode_segment(&self.env_variable_id)
            ),
            Query::default(),
            Body::json(&self.body),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.envVar.delete`: Remove an environment variable.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterEnvVarDelete {
    pub id: String,
    pub env_variable_id: String,
}
impl Call for ClusterEnvVarDelete {
    type Response = ();
    const OPERATION: &'static Operation = &catalogue::CLUSTER_ENVVAR_DELETE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/clusters/{}/env-vars/{}",
                encode_segment(&self.id),
                encode_segment(&self.env_variable_id)
            ),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        empty(reply)
    }
}
