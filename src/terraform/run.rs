//! Export as Terraform in the browser: every read, one after another with progress, then the
//! download. Lives in its own lazy chunk with the writer; a read that fails stops everything
//! and says what could not be read, so there is never a partial file that looks complete.

use cluster_api::{Call, Extension, ResourceType, ops};
use leptos::prelude::*;
use leptos::task::spawn_local;

use super::progress::ExportState;
use super::tf_file::{Snapshot, export, file_name};
use crate::api::{self, Api, ApiError, page_origin};
use crate::i18n::k::terraform as w;
use crate::i18n::{Msg, tf};
use crate::kit::save::{Body, save};

/// One read of the export: its step, and its two sentences (reading it, and stopping on it),
/// each whole in the catalogue with the realm's or extension's `{name}`.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Read {
    Cluster,
    Realms,
    Credentials,
    Domains,
    EnvVars,
    IpRules,
    Extensions,
    Versions,
}

impl Read {
    fn words(self) -> (u8, Msg, Msg) {
        match self {
            Read::Cluster => (1, w::READING_CLUSTER, w::FAILED_CLUSTER),
            Read::Realms => (2, w::READING_REALMS, w::FAILED_REALMS),
            Read::Credentials => (3, w::READING_CREDENTIALS, w::FAILED_CREDENTIALS),
            Read::Domains => (4, w::READING_DOMAINS, w::FAILED_DOMAINS),
            Read::EnvVars => (5, w::READING_ENV_VARS, w::FAILED_ENV_VARS),
            Read::IpRules => (6, w::READING_IP_RULES, w::FAILED_IP_RULES),
            Read::Extensions => (7, w::READING_EXTENSIONS, w::FAILED_EXTENSIONS),
            Read::Versions => (7, w::READING_VERSIONS, w::FAILED_VERSIONS),
        }
    }

    /// "Reading the realms (step 2)…".
    pub fn progress(self, name: &str) -> String {
        let (step, reading, _) = self.words();
        tf(reading, &[("step", &step.to_string()), ("name", name)])
    }
}

/// Why the export stopped: what could not be read, and the service's reason.
pub fn stopped(read: Read, name: &str, error: &ApiError) -> String {
    let (_, _, failed) = read.words();
    tf(failed, &[("name", name), ("title", &error.title()), ("detail", &error.detail())])
}

/// Starts the export of cluster `id`, reporting into `state`.
pub fn start(api: Api, id: String, state: RwSignal<ExportState>) {
    spawn_local(async move {
        let outcome = read_all(api, &id, state).await.and_then(|snap| {
            let origin = api.environment().map(|e| e.origin(&page_origin())).unwrap_or_else(page_origin);
            let name = file_name(&snap.cluster.name);
            save(&name, Body::Text(&export(&snap, &origin)), "text/plain;charset=utf-8")
                .map(|()| name.clone())
                .map_err(|()| tf(w::NOT_SAVED, &[("name", &name)]))
        });
        state.try_set(match outcome {
            Ok(name) => ExportState::Done(tf(w::DONE, &[("name", &name)])),
            Err(why) => ExportState::Failed(why),
        });
    });
}

/// Says what is being read, reads it, and on a failure says what stopped the export.
async fn read<C: Call>(
    api: Api,
    state: RwSignal<ExportState>,
    what: (Read, &str),
    op: &C,
) -> Result<C::Response, String> {
    state.try_set(ExportState::Busy(what.0.progress(what.1)));
    api::call(api, op).await.map_err(|e| stopped(what.0, what.1, &e))
}

async fn read_all(api: Api, id: &str, state: RwSignal<ExportState>) -> Result<Snapshot, String> {
    let id = id.to_string();
    let cluster = read(api, state, (Read::Cluster, ""), &ops::ClusterDetail { id: id.clone() }).await?;
    let op = ops::ClusterDeploymentList { id: id.clone(), search: None };
    let realms = read(api, state, (Read::Realms, ""), &op).await?;
    let mut with_credentials = Vec::new();
    for realm in realms {
        let op = ops::DeploymentCredentialList { id: realm.id.clone() };
        let credentials = read(api, state, (Read::Credentials, &realm.name), &op).await?;
        with_credentials.push((realm, credentials));
    }
    let domains = read(api, state, (Read::Domains, ""), &ops::ClusterDomainList { id: id.clone() }).await?;
    let env_vars = read(api, state, (Read::EnvVars, ""), &ops::ClusterEnvVarList { id: id.clone() }).await?;
    let ip_rules = read(api, state, (Read::IpRules, ""), &ops::ClusterIpRuleList { id: id.clone() }).await?;
    let op = ops::ClusterExtensionList { id: id.clone(), r#type: None };
    let listed = read(api, state, (Read::Extensions, ""), &op).await?;
    let mut extensions: Vec<Extension> = Vec::new();
    for ext in listed {
        // A list without versions is read in full: a missing version would be a missing resource.
        if ext.versions.is_none() && ext.resource_type != ResourceType::WellKnown {
            let op = ops::ClusterExtensionDetail { id: id.clone(), extension_id: ext.id.clone() };
            extensions.push(read(api, state, (Read::Versions, &ext.name), &op).await?);
        } else {
            extensions.push(ext);
        }
    }
    Ok(Snapshot { cluster, realms: with_credentials, domains, env_vars, ip_rules, extensions })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_read_names_what_and_why_and_says_no_file_was_made() {
        let refused = ApiError::Forbidden { message: String::new(), role: Some("manage-clusters") };
        let text = stopped(Read::Credentials, "customers", &refused);
        assert!(
            text.starts_with("Export stopped: the credentials of realm customers could not be read."),
            "{text}"
        );
        assert!(text.contains("manage-clusters") && text.ends_with("No file was downloaded."), "{text}");
    }

    #[test]
    fn progress_names_the_read_and_its_step() {
        assert_eq!(Read::Cluster.progress(""), "Reading the cluster (step 1)…");
        assert_eq!(
            Read::Credentials.progress("customers"),
            "Reading the credentials of realm customers (step 3)…"
        );
        assert_eq!(Read::Versions.progress("theme"), "Reading the versions of extension theme (step 7)…");
    }
}
