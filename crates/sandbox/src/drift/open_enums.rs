//! The enums `--drift` may answer outside of: those API-NOTES marks as open or incompletely
//! known. Every other enum keeps to its listed values. Each drift value is a plausible new
//! state the service could add, never one of the listed ones.

/// An enum open to new values: where it sits in the contract, the value drift answers, and
/// the note that makes it open.
#[derive(Debug, Clone, Copy, serde::Serialize)]
pub struct OpenEnum {
    /// A named enum schema (`ClusterState`), or `Schema.property` for a string the contract
    /// leaves untyped.
    pub schema: &'static str,
    pub value: &'static str,
    pub note: &'static str,
}

pub const OPEN_ENUMS: &[OpenEnum] = &[
    OpenEnum {
        schema: "ClusterState",
        value: "MIGRATING",
        note: "API-NOTES §4.1: whether cluster.list includes PENDING_DELETION is ✗ not \
               stated; the lifecycle is only partly documented",
    },
    OpenEnum {
        schema: "DeploymentState",
        value: "SUSPENDED",
        note: "API-NOTES §5.1/§5.3: DeploymentState lists four values with no transitions \
               documented beyond `Starts PENDING`",
    },
    OpenEnum {
        schema: "DomainStatusMapping",
        value: "PENDING_PROPAGATION",
        note: "API-NOTES §9 #2: domain status fields are ✗ not verified live",
    },
    OpenEnum {
        schema: "CertificateStatusMapping",
        value: "RENEWING",
        note: "API-NOTES §9 #2: certificate status fields are ✗ not verified live",
    },
    OpenEnum {
        schema: "ResourceType",
        value: "PROVIDER_BUNDLE",
        note: "API-NOTES §4.4 (well-known files): the WELL_KNOWN mapping is ✗ NOT documented",
    },
    OpenEnum {
        schema: "ExtensionVersion.scan_state",
        value: "QUARANTINED",
        note: "API-NOTES §5.1: scan_state is not a formal enum, typed string; its values come \
               from a description",
    },
];

/// The open enum a string typed by `enum_name` (a `$ref`) or sitting at `at`
/// (`Schema.property`) belongs to.
pub fn open_enum(enum_name: Option<&str>, at: &str) -> Option<&'static OpenEnum> {
    OPEN_ENUMS.iter().find(|e| Some(e.schema) == enum_name || e.schema == at)
}
