//! Extensions: adding one (its ID comes back in `Location`), and the versioned upload of
//! a file: a version record, an upload link, the PUT to storage, the confirmation, and
//! applying the change to the cluster.

use cluster_api::{
    Call, ExtensionRequest, ExtensionVersionLocationValidationRequest, ExtensionVersionRequest,
    ExtensionVersionUploadUrlRequest, ResourceType, ops,
};

use super::shell::{placeholder, single_quote};
use super::{Capture, Script, Target, named};

const LINK: Capture = Capture::Json(&[("UPLOAD_URL", ".url"), ("RESOURCE_KEY", ".resourceKey")]);

/// Add resource: create the extension and keep its ID.
pub fn create(target: &Target, cluster_id: &str, name: &str, resource_type: &ResourceType) -> String {
    let what = named("Add the resource", name);
    let mut script = Script::new(target, &what);
    let body = ExtensionRequest { name: name.to_string(), resource_type: resource_type.clone() };
    let request = ops::ClusterExtensionCreate { id: cluster_id.to_string(), body }.request();
    script.call(&what, &request, Capture::Location("EXTENSION_ID"));
    script.raw("echo \"Added: extension $EXTENSION_ID. Upload its file next.\"");
    script.finish()
}

/// Where an upload goes.
#[derive(Debug, Clone, PartialEq)]
pub enum Slot {
    /// A jar for one Keycloak major; `version` when that major already has a record.
    Version { major: i32, version: Option<String> },
    /// A password denylist: the extension's single file.
    Standalone,
    /// One of a WELL_KNOWN extension's app-association files.
    WellKnown { file: String },
}

/// The upload of `file_name` (with the label the console derives, `label`) into `slot`
/// of the extension `extension_id`, then applying it to the cluster.
pub fn upload(
    target: &Target,
    cluster_id: &str,
    extension: (&str, &str),
    slot: &Slot,
    file_name: &str,
    label: &str,
) -> String {
    let (extension_id, extension_name) = extension;
    let what = named("Upload a file to", extension_name);
    let mut script = Script::new(target, &what);
    script.raw(&format!("EXTENSION_ID={}", single_quote(extension_id)));
    let id = cluster_id.to_string();
    let ext = placeholder("EXTENSION_ID");
    let label = (!label.is_empty()).then(|| label.to_string());
    let key = ExtensionVersionLocationValidationRequest { resource_key: placeholder("RESOURCE_KEY") };
    match slot {
        Slot::Version { major, version } => {
            match version {
                Some(version) => script.raw(&format!(
                    "VERSION_ID={}  # the version record for Keycloak {major}",
                    single_quote(version)
                )),
                None => {
                    let body = ExtensionVersionRequest { keycloak_major_version: *major };
                    let op = ops::ClusterExtensionVersionCreate {
                        id: id.clone(),
                        extension_id: ext.clone(),
                        body,
                    };
                    script.call(
                        &format!("Create the version record for Keycloak {major}"),
                        &op.request(),
                        Capture::Json(&[("VERSION_ID", ".id")]),
                    );
                }
            }
            let version_id = placeholder("VERSION_ID");
            let body = ExtensionVersionUploadUrlRequest { label };
            let op = ops::ClusterExtensionVersionUploadUrlCreate {
                id: id.clone(),
                extension_id: ext.clone(),
                version_id: version_id.clone(),
                body,
            };
            script.call("Get an upload link", &op.request(), LINK);
            script.upload(file_name);
            let op = ops::ClusterExtensionVersionConfirm {
                id: id.clone(),
                extension_id: ext,
                version_id,
                body: key,
            };
            script.call("Confirm the upload (the version is then scanned)", &op.request(), Capture::Nothing);
        }
        Slot::Standalone => {
            let body = ExtensionVersionUploadUrlRequest { label };
            let op = ops::ClusterExtensionStandaloneUploadUrlCreate {
                id: id.clone(),
                extension_id: ext.clone(),
                body,
            };
            script.call("Get an upload link", &op.request(), LINK);
            script.upload(file_name);
            let op = ops::ClusterExtensionStandaloneConfirm { id: id.clone(), extension_id: ext, body: key };
            script.call("Confirm the upload (the file is then scanned)", &op.request(), Capture::Nothing);
        }
        Slot::WellKnown { file } => {
            let op = ops::ClusterWellKnownUploadUrlCreate {
                id: id.clone(),
                extension_id: ext.clone(),
                file: file.clone(),
            };
            script.call("Get an upload link", &op.request(), LINK);
            script.upload(file_name);
            let op = ops::ClusterWellKnownConfirm { id: id.clone(), extension_id: ext, file: file.clone() };
            script.call("Confirm the upload", &op.request(), Capture::Nothing);
            return script.finish();
        }
    }
    let op = ops::ClusterExtensionReconcile { id };
    script.call(
        "Apply the resources to the cluster (Keycloak restarts; a version that fails its scan is not \
         deployed)",
        &op.request(),
        Capture::Nothing,
    );
    script.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::testing::{HOSTILE, sandbox, shell_read};

    #[test]
    fn adding_keeps_the_id_from_location() {
        let text = create(&sandbox(), "c1", "acme-login", &ResourceType::Theme);
        assert!(
            text.contains(
                "EXTENSION_ID=$(curl -sS --fail-with-body -X POST \
                 'http://127.0.0.1:8080/auth/realms/self/v2/clusters/c1/\
                 extensions'"
            ),
            "{text}"
        );
        assert!(text.contains("--data-raw '{\"name\":\"acme-login\",\"resourceType\":\"THEME\"}'"), "{text}");
        assert!(
            text.contains(
                "-D - -o /dev/null | tr -d '\\r' | awk -F/ 'tolower($0) ~ /^location:/ {print $NF}')"
            ),
            "{text}"
        );
    }

    #[test]
    fn a_new_version_runs_every_step_in_order() {
        let slot = Slot::Version { major: 26, version: None };
        let text = upload(&sandbox(), "c1", ("e1", "acme-login"), &slot, "acme-login.jar", "acme-login");
        let order = [
            "EXTENSION_ID='e1'",
            "VERSION_ID=$(curl -sS --fail-with-body -X POST \
             'http://127.0.0.1:8080/auth/realms/self/v2/clusters/c1/extensions/'\"$EXTENSION_ID\"'/versions'",
            "--data-raw '{\"keycloak_major_version\":26}' | jq -r .id)",
            "ANSWER=$(curl -sS --fail-with-body -X POST \
             'http://127.0.0.1:8080/auth/realms/self/v2/clusters/c1/extensions/'\"$EXTENSION_ID\"'/versions/\
             '\"$VERSION_ID\"'/upload-url'",
            "UPLOAD_URL=$(printf '%s' \"$ANSWER\" | jq -r .url)",
            "RESOURCE_KEY=$(printf '%s' \"$ANSWER\" | jq -r .resourceKey)",
            "FILE='acme-login.jar'",
            "curl -sS --fail-with-body -X PUT --upload-file \"$FILE\" \"$UPLOAD_URL\"",
            "/versions/'\"$VERSION_ID\"'/confirm'",
            "--data-raw '{\"resource_key\":\"'\"$RESOURCE_KEY\"'\"}'",
            "/clusters/c1/extensions/cluster-update'",
        ];
        let mut at = 0;
        for step in order {
            let found =
                text[at..].find(step).unwrap_or_else(|| panic!("{step} not after byte {at} in\n{text}"));
            at += found + step.len();
        }
        // The PUT goes to storage: the only line with UPLOAD_URL has no bearer token.
        let put = text.lines().find(|l| l.contains("--upload-file")).unwrap_or_default();
        assert!(!put.contains("Authorization"), "{put}");
        assert_eq!(text.matches("Authorization: Bearer $TOKEN").count(), 4, "{text}");
    }

    #[test]
    fn an_existing_version_and_the_other_slots() {
        let slot = Slot::Version { major: 26, version: Some("v26".into()) };
        let text = upload(&sandbox(), "c1", ("e1", "x"), &slot, "x.jar", "x");
        assert!(text.contains("VERSION_ID='v26'") && !text.contains("/versions' "), "{text}");
        let text = upload(&sandbox(), "c1", ("e1", "deny"), &Slot::Standalone, "common.txt", "common.txt");
        assert!(text.contains("/standalone/confirm'") && text.contains("cluster-update"), "{text}");
        let text = upload(
            &sandbox(),
            "c1",
            ("e1", "wk"),
            &Slot::WellKnown { file: "assetlinks.json".into() },
            "a.json",
            "",
        );
        assert!(text.contains("'\"$EXTENSION_ID\"'/well-known/assetlinks.json/upload-url'"), "{text}");
        assert!(!text.contains("cluster-update"), "{text}");
    }

    #[test]
    fn hostile_file_names_and_labels_stay_data() {
        for name in HOSTILE {
            let slot = Slot::Version { major: 26, version: None };
            let text = upload(&sandbox(), "c1", ("e1", name), &slot, name, name);
            let file = text
                .split("\nFILE=")
                .nth(1)
                .and_then(|rest| rest.split("  # the path").next())
                .unwrap_or_default();
            assert_eq!(shell_read(file, &[]), *name);
            let first = text.lines().nth(1).unwrap_or_default();
            assert!(
                first.starts_with("# Upload a file to") && !first.chars().any(char::is_control),
                "{first:?}"
            );
        }
    }
}
