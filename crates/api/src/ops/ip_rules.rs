//! Typed requests for the `ip_rules` operations.

#[allow(unused_imports)]
use crate::{catalogue, model::*, request::*};

/// `cluster.ipRule.list`: List IP rules for a cluster.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterIpRuleList {
    pub id: String,
}
impl Call for ClusterIpRuleList {
    type Response = IpRulesRepresentation;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_IPRULE_LIST;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/ip-rules", encode_segment(&self.id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.ipRule.update`: Replace IP rules for a cluster.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterIpRuleUpdate {
    pub id: String,
    pub body: IpRestrictionsRequest,
}
impl Call for ClusterIpRuleUpdate {
    type Response = IpRulesRepresentation;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_IPRULE_UPDATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/ip-rules", encode_segment(&self.id)),
            Query::default(),
            Body::json(&self.body),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.ipRule.detail`: Get an IP rule by ID.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterIpRuleDetail {
    pub id: String,
    pub ip_rule_id: String,
}
impl Call for ClusterIpRuleDetail {
    type Response = IpRuleRepresentation;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_IPRULE_DETAIL;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/ip-rules/{}", encode_segment(&self.id), encode_segment(&self.ip_rule_id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}
