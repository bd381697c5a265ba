//! Typed requests for the `logs` operations.

#[allow(unused_imports)]
use crate::{catalogue, model::*, request::*};

/// `cluster.log.list`: List log files for a cluster.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterLogList {
    pub id: String,
    pub from: Option<String>,
    pub max: Option<i32>,
    pub start: Option<i32>,
    pub to: Option<String>,
}
impl Call for ClusterLogList {
    type Response = Vec<LogFile>;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_LOG_LIST;
    fn request(&self) -> ApiRequest {
        let mut q = Query::default();
        q.push_opt("from", self.from.as_ref());
        q.push_opt("max", self.max.as_ref());
        q.push_opt("start", self.start.as_ref());
        q.push_opt("to", self.to.as_ref());
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/logs", encode_segment(&self.id)),
            q,
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.log.detail`: Get a cluster log file.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterLogDetail {
    pub id: String,
    pub path: String,
    pub minutes: Option<i32>,
}
impl Call for ClusterLogDetail {
    type Response = LogFile;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_LOG_DETAIL;
    fn request(&self) -> ApiRequest {
        let mut q = Query::default();
        q.push_opt("minutes", self.minutes.as_ref());
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/logs/{}", encode_segment(&self.id), encode_segment(&self.path)),
            q,
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}
