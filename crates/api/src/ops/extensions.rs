//! Typed requests for the `extensions` operations.

#[allow(unused_imports)]
use crate::{catalogue, model::*, request::*};

/// `cluster.extension.list`: List extensions for a cluster.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterExtensionList {
    pub id: String,
    pub r#type: Option<ResourceType>,
}
impl Call for ClusterExtensionList {
    type Response = Vec<Extension>;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_EXTENSION_LIST;
    fn request(&self) -> ApiRequest {
        let mut q = Query::default();
        q.push_opt("type", self.r#type.as_ref());
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/extensions", encode_segment(&self.id)),
            q,
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.extension.create`: Create an extension for a cluster.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterExtensionCreate {
    pub id: String,
    pub body: ExtensionRequest,
}
impl Call for ClusterExtensionCreate {
    type Response = Created;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_EXTENSION_CREATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/extensions", encode_segment(&self.id)),
            Query::default(),
            Body::json(&self.body),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        created(reply)
    }
}

/// `cluster.extension.reconcile`: Restart a cluster to apply extension changes.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterExtensionReconcile {
    pub id: String,
}
impl Call for ClusterExtensionReconcile {
    type Response = ();
    const OPERATION: &'static Operation = &catalogue::CLUSTER_EXTENSION_RECONCILE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/extensions/cluster-update", encode_segment(&self.id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        empty(reply)
    }
}

/// `cluster.extension.keycloakVersion.list`: List Keycloak major versions supported for extensions.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterExtensionKeycloakVersionList {
    pub id: String,
}
impl Call for ClusterExtensionKeycloakVersionList {
    type Response = Vec<i32>;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_EXTENSION_KEYCLOAKVERSION_LIST;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!("/clusters/{}/extensions/keycloak-versions", encode_segment(&self.id)),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.extension.detail`: Get an extension by ID.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterExtensionDetail {
    pub id: String,
    pub extension_id: String,
}
impl Call for ClusterExtensionDetail {
    type Response = Extension;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_EXTENSION_DETAIL;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/clusters/{}/extensions/{}",
                encode_segment(&self.id),
                encode_segment(&self.extension_id)
            ),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.extension.update`: Enable or disable an extension.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterExtensionUpdate {
    pub id: String,
    pub extension_id: String,
    pub body: ToggleExtensionRequest,
}
impl Call for ClusterExtensionUpdate {
    type Response = Extension;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_EXTENSION_UPDATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/clusters/{}/extensions/{}",
                encode_segment(&self.id),
                encode_segment(&self.extension_id)
            ),
            Query::default(),
            Body::json(&self.body),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.extension.delete`: Remove an extension by ID.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterExtensionDelete {
    pub id: String,
    pub extension_id: String,
}
impl Call for ClusterExtensionDelete {
    type Response = ();
    const OPERATION: &'static Operation = &catalogue::CLUSTER_EXTENSION_DELETE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/clusters/{}/extensions/{}",
                encode_segment(&self.id),
                encode_segment(&self.extension_id)
            ),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        empty(reply)
    }
}

/// `cluster.extension.standalone.uploadUrl.create`: Create an upload URL for a standalone extension.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterExtensionStandaloneUploadUrlCreate {
    pub id: String,
    pub extension_id: String,
    pub body: ExtensionVersionUploadUrlRequest,
}
impl Call for ClusterExtensionStandaloneUploadUrlCreate {
    type Response = PresignedUrl;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_EXTENSION_STANDALONE_UPLOADURL_CREATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/clusters/{}/extensions/{}/standalone",
                encode_segment(&self.id),
                encode_segment(&self.extension_id)
            ),
            Query::default(),
            Body::json(&self.body),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.extension.standalone.confirm`: Confirm a standalone extension upload.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterExtensionStandaloneConfirm {
    pub id: String,
    pub extension_id: String,
    pub body: ExtensionVersionLocationValidationRequest,
}
impl Call for ClusterExtensionStandaloneConfirm {
    type Response = ExtensionVersion;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_EXTENSION_STANDALONE_CONFIRM;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/clusters/{}/extensions/{}/standalone/confirm",
                encode_segment(&self.id),
                encode_segment(&self.extension_id)
            ),
            Query::default(),
            Body::json(&self.body),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.extension.version.create`: Create a new extension version.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterExtensionVersionCreate {
    pub id: String,
    pub extension_id: String,
    pub body: ExtensionVersionRequest,
}
impl Call for ClusterExtensionVersionCreate {
    type Response = ExtensionVersion;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_EXTENSION_VERSION_CREATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/clusters/{}/extensions/{}/versions",
                encode_segment(&self.id),
                encode_segment(&self.extension_id)
            ),
            Query::default(),
            Body::json(&self.body),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.extension.version.delete`: Remove an extension version by ID.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterExtensionVersionDelete {
    pub id: String,
    pub extension_id: String,
    pub version_id: String,
}
impl Call for ClusterExtensionVersionDelete {
    type Response = ();
    const OPERATION: &'static Operation = &catalogue::CLUSTER_EXTENSION_VERSION_DELETE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/clusters/{}/extensions/{}/versions/{}",
                encode_segment(&self.id),
                encode_segment(&self.extension_id),
                encode_segment(&self.version_id)
            ),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        empty(reply)
    }
}

/// `cluster.extension.version.confirm`: Confirm an extension version upload.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterExtensionVersionConfirm {
    pub id: String,
    pub extension_id: String,
    pub version_id: String,
    pub body: ExtensionVersionLocationValidationRequest,
}
impl Call for ClusterExtensionVersionConfirm {
    type Response = ExtensionVersion;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_EXTENSION_VERSION_CONFIRM;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/clusters/{}/extensions/{}/versions/{}/confirm",
                encode_segment(&self.id),
                encode_segment(&self.extension_id),
                encode_segment(&self.version_id)
            ),
            Query::default(),
            Body::json(&self.body),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.extension.version.uploadUrl.create`: Create an upload URL for an extension version.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterExtensionVersionUploadUrlCreate {
    pub id: String,
    pub extension_id: String,
    pub version_id: String,
    pub body: ExtensionVersionUploadUrlRequest,
}
impl Call for ClusterExtensionVersionUploadUrlCreate {
    type Response = PresignedUrl;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_EXTENSION_VERSION_UPLOADURL_CREATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/clusters/{}/extensions/{}/versions/{}/upload-url",
                encode_segment(&self.id),
                encode_segment(&self.extension_id),
                encode_segment(&self.version_id)
            ),
            Query::default(),
            Body::json(&self.body),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.extension.version.validate`: Approve or reject an extension version.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterExtensionVersionValidate {
    pub id: String,
    pub extension_id: String,
    pub version_id: String,
    pub body: ToggleExtensionVersionValidRequest,
}
impl Call for ClusterExtensionVersionValidate {
    type Response = ExtensionVersion;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_EXTENSION_VERSION_VALIDATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/clusters/{}/extensions/{}/versions/{}/validate",
                encode_segment(&self.id),
                encode_segment(&self.extension_id),
                encode_segment(&self.version_id)
            ),
            Query::default(),
            Body::json(&self.body),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.wellKnown.get`: Get app association file state for a custom domain.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterWellKnownGet {
    pub id: String,
    pub extension_id: String,
}
impl Call for ClusterWellKnownGet {
    type Response = WellKnown;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_WELLKNOWN_GET;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/clusters/{}/extensions/{}/well-known",
                encode_segment(&self.id),
                encode_segment(&self.extension_id)
            ),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.wellKnown.changePassword.set`: Set the change-password redirect for a custom domain.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterWellKnownChangePasswordSet {
    pub id: String,
    pub extension_id: String,
    pub body: Option<WellKnown>,
}
impl Call for ClusterWellKnownChangePasswordSet {
    type Response = WellKnown;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_WELLKNOWN_CHANGEPASSWORD_SET;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/clusters/{}/extensions/{}/well-known/change-password",
                encode_segment(&self.id),
                encode_segment(&self.extension_id)
            ),
            Query::default(),
            Body::json_opt(self.body.as_ref()),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.wellKnown.delete`: Remove an app association file from a custom domain.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterWellKnownDelete {
    pub id: String,
    pub extension_id: String,
    pub file: String,
}
impl Call for ClusterWellKnownDelete {
    type Response = WellKnown;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_WELLKNOWN_DELETE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/clusters/{}/extensions/{}/well-known/{}",
                encode_segment(&self.id),
                encode_segment(&self.extension_id),
                encode_segment(&self.file)
            ),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.wellKnown.confirm`: Validate and publish an uploaded app association file.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterWellKnownConfirm {
    pub id: String,
    pub extension_id: String,
    pub file: String,
}
impl Call for ClusterWellKnownConfirm {
    type Response = WellKnown;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_WELLKNOWN_CONFIRM;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/clusters/{}/extensions/{}/well-known/{}/confirm",
                encode_segment(&self.id),
                encode_segment(&self.extension_id),
                encode_segment(&self.file)
            ),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.wellKnown.uploadUrl.create`: Create an upload URL for an app association file.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterWellKnownUploadUrlCreate {
    pub id: String,
    pub extension_id: String,
    pub file: String,
}
impl Call for ClusterWellKnownUploadUrlCreate {
    type Response = PresignedUrl;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_WELLKNOWN_UPLOADURL_CREATE;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/clusters/{}/extensions/{}/well-known/{}/upload-url",
                encode_segment(&self.id),
                encode_segment(&self.extension_id),
                encode_segment(&self.file)
            ),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.extension.version.adminBlock` (openapi-v2-next.yaml, staff only): block or unblock a version.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterExtensionVersionAdminBlock {
    pub id: String,
    pub extension_id: String,
    pub version_id: String,
    pub body: AdminBlockExtensionVersionRequest,
}
impl Call for ClusterExtensionVersionAdminBlock {
    type Response = ExtensionVersion;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_EXTENSION_VERSION_ADMINBLOCK;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/clusters/{}/extensions/{}/versions/{}/admin-block",
                encode_segment(&self.id),
                encode_segment(&self.extension_id),
                encode_segment(&self.version_id)
            ),
            Query::default(),
            Body::json(&self.body),
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}

/// `cluster.extension.version.report` (openapi-v2-next.yaml, staff only): the scanner's report,
/// a JSON object the contract gives no schema.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ClusterExtensionVersionReport {
    pub id: String,
    pub extension_id: String,
    pub version_id: String,
}
impl Call for ClusterExtensionVersionReport {
    type Response = serde_json::Value;
    const OPERATION: &'static Operation = &catalogue::CLUSTER_EXTENSION_VERSION_REPORT;
    fn request(&self) -> ApiRequest {
        ApiRequest::new(
            Self::OPERATION,
            format!(
                "/clusters/{}/extensions/{}/versions/{}/report",
                encode_segment(&self.id),
                encode_segment(&self.extension_id),
                encode_segment(&self.version_id)
            ),
            Query::default(),
            Body::Empty,
        )
    }
    fn decode(reply: Reply<'_>) -> Result<Self::Response, DecodeError> {
        json(reply)
    }
}
