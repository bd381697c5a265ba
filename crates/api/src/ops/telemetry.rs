//! Typed requests for the telemetry export operations of `openapi-v2-next.yaml`.

use crate::{catalogue, model::*, request::*};

/// `cluster.telemetryExport.detail`: the cluster's export configuration. The
/// contract attaches no schema to the 200; it is read as a `TelemetryExport`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterTelemetryExportDetail {
    pub id: String,
}
impl Call for ClusterTelemetryExportDetail {
    type Response = TelemetryExport;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_TELEMETRYEXPORT_DETAIL;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/telemetry-export", encode_segment(&self.id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.telemetryExport.update` (PUT): store the configuration; omit `token` to
/// keep the stored one.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterTelemetryExportUpdate {
    pub id: String,
    pub body: TelemetryExport,
}
impl Call for ClusterTelemetryExportUpdate {
    type Response = TelemetryExport;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_TELEMETRYEXPORT_UPDATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/telemetry-export", encode_segment(&self.id)),
            Query::default(),
            Body::json(&self.body),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.telemetryExport.endpoint.validate`: check an endpoint without saving.
/// The 200 "validation outcome" has no schema in the contract: it is read tolerantly
/// (`EndpointValidation::read`).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterTelemetryExportEndpointValidate {
    pub id: String,
    pub endpoint: String,
}
impl Call for ClusterTelemetryExportEndpointValidate {
    type Response = EndpointValidation;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_TELEMETRYEXPORT_ENDPOINT_VALIDATE;
    fn request(&self) -> ApiRequest {
        let mut q = Query::default();
        q.push("endpoint", &self.endpoint);
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/telemetry-export/validate-endpoint", encode_segment(&self.id)),
            q,
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        EndpointValidation::read(reply.body).map_err(|e| DecodeError::Json(e.to_string()))
    }
}
