//! Typed requests for the `domains` operations.

#[allow(unused_imports)]
use crate::{catalogue, model::*, request::*};

/// `cluster.domain.list`: List custom domains for a cluster.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterDomainList {
    pub id: String,
}
impl Call for ClusterDomainList {
    type Response = Vec<CustomerDomain>;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_DOMAIN_LIST;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/domains", encode_segment(&self.id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.domain.create`: Add a custom domain to a cluster.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterDomainCreate {
    pub id: String,
    pub body: ClusterDomain,
}
impl Call for ClusterDomainCreate {
    type Response = CustomerDomainValidation;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_DOMAIN_CREATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/domains", encode_segment(&self.id)),
            Query::default(),
            Body::json(&self.body),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.domain.detail`: Get a custom domain by ID.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterDomainDetail {
    pub id: String,
    pub domain_id: String,
}
impl Call for ClusterDomainDetail {
    type Response = CustomerDomain;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_DOMAIN_DETAIL;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/domains/{}", encode_segment(&self.id), encode_segment(&self.domain_id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.domain.delete`: Remove a custom domain by ID.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterDomainDelete {
    pub id: String,
    pub domain_id: String,
}
impl Call for ClusterDomainDelete {
    type Response = ();
    const OPERATION: &'static Operation = &catalogue::CLUSTER_DOMAIN_DELETE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/domains/{}", encode_segment(&self.id), encode_segment(&self.domain_id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        empty(reply)
    }
}

/// `cluster.domain.status.detail`: Get a custom domain's provisioning status.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterDomainStatusDetail {
    pub id: String,
    pub domain_id: String,
}
impl Call for ClusterDomainStatusDetail {
    type Response = CustomerDomainValidation;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_DOMAIN_STATUS_DETAIL;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/clusters/{}/domains/{}/status",
                encode_segment(&self.id),
                encode_segment(&self.domain_id)
            ),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}
