//! Typed requests for the `clusters` operations.

#[allow(unused_imports)]
use crate::{catalogue, model::*, request::*};

/// `cluster.list`: List your dedicated clusters.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterList;
impl Call for ClusterList {
    type Response = Vec<Cluster>;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_LIST;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(Self::OPERATION, "/clusters".to_string(), Query::default(), Body::Empty)
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.create`: Create a dedicated cluster.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterCreate {
    pub body: DedicatedClusterRequest,
}
impl Call for ClusterCreate {
    type Response = ClusterCreationResult;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_CREATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(Self::OPERATION, "/clusters".to_string(), Query::default(), Body::json(&self.body))
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.nameAvailability.check`: Check whether a cluster name is available.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterNameAvailabilityCheck {
    pub name: String,
}
impl Call for ClusterNameAvailabilityCheck {
    type Response = NameAvailability;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_NAMEAVAILABILITY_CHECK;
    fn request(&self) -> ApiRequest {
        let mut q = Query::default();
        q.push("name", &self.name);
        ApiRequest::new(Self::OPERATION, "/clusters/name-available".to_string(), q, Body::Empty)
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.region.list`: List regions available for dedicated clusters.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterRegionList;
impl Call for ClusterRegionList {
    type Response = Vec<Region>;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_REGION_LIST;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(Self::OPERATION, "/clusters/regions".to_string(), Query::default(), Body::Empty)
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.detail`: Get a dedicated cluster by ID.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterDetail {
    pub id: String,
}
impl Call for ClusterDetail {
    type Response = Cluster;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_DETAIL;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}", encode_segment(&self.id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.delete`: Remove a dedicated cluster.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterDelete {
    pub id: String,
}
impl Call for ClusterDelete {
    type Response = ();
    const OPERATION: &'static Operation = &catalogue::CLUSTER_DELETE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}", encode_segment(&self.id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        empty(reply)
    }
}

/// `cluster.subscription.detail`: Get subscription and billing information for a dedicated cluster.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterSubscriptionDetail {
    pub id: String,
}
impl Call for ClusterSubscriptionDetail {
    type Response = Subscription;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_SUBSCRIPTION_DETAIL;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/billing", encode_segment(&self.id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.billingSession.create`: Create a Stripe billing portal session link for a cluster. (deprecated)
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterBillingSessionCreate {
    pub id: String,
}
impl Call for ClusterBillingSessionCreate {
    type Response = RedirectLink;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_BILLINGSESSION_CREATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/billing", encode_segment(&self.id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.checkout.resume`: Resume Stripe checkout for a cluster whose billing setup was not completed. Returns a link to complete payment setup within a browser.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterCheckoutResume {
    pub id: String,
    pub body: Option<ResumeCheckoutRequest>,
}
impl Call for ClusterCheckoutResume {
    type Response = RedirectLink;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_CHECKOUT_RESUME;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/checkout", encode_segment(&self.id)),
            Query::default(),
            Body::json_opt(self.body.as_ref()),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.deployment.list`: List deployments for a dedicated cluster.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterDeploymentList {
    pub id: String,
    pub search: Option<String>,
}
impl Call for ClusterDeploymentList {
    type Response = Vec<Deployment>;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_DEPLOYMENT_LIST;
    fn request(&self) -> ApiRequest {
        let mut q = Query::default();
        q.push_opt("search", self.search.as_ref());
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/deployments", encode_segment(&self.id)),
            q,
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.deployment.create`: Create a deployment for a dedicated cluster.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterDeploymentCreate {
    pub id: String,
    pub body: ClusterDeploymentRequest,
}
impl Call for ClusterDeploymentCreate {
    type Response = Created;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_DEPLOYMENT_CREATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/deployments", encode_segment(&self.id)),
            Query::default(),
            Body::json(&self.body),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        created(reply)
    }
}

/// `cluster.deployment.import`: Create a deployment from a realm export.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterDeploymentImport {
    pub id: String,
    pub file: Part,
    pub deployment_name: String,
}
impl Call for ClusterDeploymentImport {
    type Response = Created;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_DEPLOYMENT_IMPORT;
    fn request(&self) -> ApiRequest {
        // The contract names the part `file`, whatever name the caller's `Part` carries.
        let file = Part { name: "file".to_string(), ..self.file.clone() };
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/deployments/import", encode_segment(&self.id)),
            Query::default(),
            Body::Multipart(vec![file, Part::text("deployment-name", &self.deployment_name)]),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        created(reply)
    }
}

/// `cluster.deployment.nameAvailability.check`: Check whether a deployment name is available on a cluster.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterDeploymentNameAvailabilityCheck {
    pub id: String,
    pub name: String,
}
impl Call for ClusterDeploymentNameAvailabilityCheck {
    type Response = NameAvailability;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_DEPLOYMENT_NAMEAVAILABILITY_CHECK;
    fn request(&self) -> ApiRequest {
        let mut q = Query::default();
        q.push("name", &self.name);
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/deployments/name-available", encode_segment(&self.id)),
            q,
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.host.update`: Change the cluster's primary hostname.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterHostUpdate {
    pub id: String,
    pub body: ClusterDomain,
}
impl Call for ClusterHostUpdate {
    type Response = Cluster;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_HOST_UPDATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/host", encode_segment(&self.id)),
            Query::default(),
            Body::json(&self.body),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.metrics.detail`: Get health metrics for a dedicated cluster.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterMetricsDetail {
    pub id: String,
}
impl Call for ClusterMetricsDetail {
    type Response = Metrics;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_METRICS_DETAIL;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/metrics", encode_segment(&self.id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.restartStatus.detail`: Check whether a cluster restart is in progress.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterRestartStatusDetail {
    pub id: String,
}
impl Call for ClusterRestartStatusDetail {
    type Response = RestartStatus;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_RESTARTSTATUS_DETAIL;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/restart-status", encode_segment(&self.id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.systemInfo.detail`: Get system info for a dedicated cluster.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterSystemInfoDetail {
    pub id: String,
}
impl Call for ClusterSystemInfoDetail {
    type Response = SystemInfoRepresentation;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_SYSTEMINFO_DETAIL;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/systeminfo", encode_segment(&self.id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}
