//! Export as Terraform in the browser: every read, one after another with progress, then the
//! download. Lives in its own lazy chunk with the writer; a read that fails stops everything
//! and says what could not be read, so there is never a partial file that looks complete.

use cluster_api::{Extension, ResourceType, ops};
use leptos::prelude::*;
use leptos::task::spawn_local;
use wasm_bindgen::JsCast;

use super::export::{Snapshot, export, file_name};
use crate::api::{self, Api, ApiError, page_origin};
use crate::clusters::export::ExportState;

/// Why the export stopped: what could not be read, and the service's reason.
pub fn stopped(what: &str, error: &ApiError) -> String {
    format!(
        "Export stopped: {what} could not be read. {} {} No file was downloaded.",
        error.title(),
        error.detail()
    )
}

/// Starts the export of cluster `id`, reporting into `state`.
pub fn start(api: Api, id: String, state: RwSignal<ExportState>) {
    spawn_local(async move {
        let outcome = read_all(api, &id, state).await.and_then(|snap| {
            let origin = api.environment().map(|e| e.origin(&page_origin())).unwrap_or_else(page_origin);
            let name = file_name(&snap.cluster.name);
            download(&name, &export(&snap, &origin)).map(|()| name)
        });
        state.try_set(match outcome {
            Ok(name) => ExportState::Done(format!(
                "Downloaded {name}. Run terraform plan in its folder to adopt what exists."
            )),
            Err(why) => ExportState::Failed(why),
        });
    });
}

fn step(state: RwSignal<ExportState>, n: usize, text: String) {
    state.try_set(ExportState::Busy(format!("Reading {text} (step {n})…")));
}

async fn read_all(api: Api, id: &str, state: RwSignal<ExportState>) -> Result<Snapshot, String> {
    let id = id.to_string();
    step(state, 1, "the cluster".into());
    let cluster = api::call(api, &ops::ClusterDetail { id: id.clone() })
        .await
        .map_err(|e| stopped("the cluster", &e))?;
    step(state, 2, "the realms".into());
    let realms = api::call(api, &ops::ClusterDeploymentList { id: id.clone(), search: None })
        .await
        .map_err(|e| stopped("the list of realms", &e))?;
    let mut with_credentials = Vec::new();
    for realm in realms {
        step(state, 3, format!("the credentials of realm {}", realm.name));
        let what = format!("the credentials of realm {}", realm.name);
        let credentials = api::call(api, &ops::DeploymentCredentialList { id: realm.id.clone() })
            .await
            .map_err(|e| stopped(&what, &e))?;
        with_credentials.push((realm, credentials));
    }
    step(state, 4, "the custom domains".into());
    let domains = api::call(api, &ops::ClusterDomainList { id: id.clone() })
        .await
        .map_err(|e| stopped("the custom domains", &e))?;
    step(state, 5, "the environment variables".into());
    let env_vars = api::call(api, &ops::ClusterEnvVarList { id: id.clone() })
        .await
        .map_err(|e| stopped("the environment variables", &e))?;
    step(state, 6, "the IP rules".into());
    let ip_rules = api::call(api, &ops::ClusterIpRuleList { id: id.clone() })
        .await
        .map_err(|e| stopped("the IP rules", &e))?;
    step(state, 7, "the extensions".into());
    let listed = api::call(api, &ops::ClusterExtensionList { id: id.clone(), r#type: None })
        .await
        .map_err(|e| stopped("the extensions", &e))?;
    let mut extensions: Vec<Extension> = Vec::new();
    for ext in listed {
        // A list without versions is read in full: a missing version would be a missing resource.
        if ext.versions.is_none() && ext.resource_type != ResourceType::WellKnown {
            let what = format!("the versions of extension {}", ext.name);
            step(state, 7, what.clone());
            let op = ops::ClusterExtensionDetail { id: id.clone(), extension_id: ext.id.clone() };
            extensions.push(api::call(api, &op).await.map_err(|e| stopped(&what, &e))?);
        } else {
            extensions.push(ext);
        }
    }
    Ok(Snapshot { cluster, realms: with_credentials, domains, env_vars, ip_rules, extensions })
}

/// Saves `text` as `name`: a Blob, an object URL and an `<a download>`; the URL is revoked
/// once the browser has taken the file.
fn download(name: &str, text: &str) -> Result<(), String> {
    let failed = |_| {
        format!(
            "Export stopped: the browser did not save {name}. Try again, or allow downloads for this site."
        )
    };
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type("text/plain;charset=utf-8");
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(failed)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(failed)?;
    let document =
        web_sys::window().and_then(|w| w.document()).ok_or_else(|| failed(wasm_bindgen::JsValue::NULL))?;
    let link = document.create_element("a").map_err(failed)?;
    link.set_attribute("href", &url).map_err(failed)?;
    link.set_attribute("download", name).map_err(failed)?;
    let link: web_sys::HtmlElement = link.dyn_into().map_err(|_| failed(wasm_bindgen::JsValue::NULL))?;
    link.click();
    set_timeout(
        move || {
            let _ = web_sys::Url::revoke_object_url(&url);
        },
        std::time::Duration::from_secs(1),
    );
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refused_read_names_what_and_why_and_says_no_file_was_made() {
        let refused = ApiError::Forbidden { message: String::new(), role: Some("manage-clusters") };
        let text = stopped("the credentials of realm customers", &refused);
        assert!(
            text.starts_with("Export stopped: the credentials of realm customers could not be read."),
            "{text}"
        );
        assert!(text.contains("manage-clusters") && text.ends_with("No file was downloaded."), "{text}");
    }
}
