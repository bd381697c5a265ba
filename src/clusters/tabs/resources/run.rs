//! Runs an upload's steps against the service and storage, from any step on, so a
//! failed step is retried without repeating the ones before it. The steps (the upload
//! calls, the PUT to storage) load as a chunk of their own (`resource_upload`) when the
//! first upload starts: most visits to the Resources tab upload nothing.

use std::future::Future;
use std::pin::Pin;

use cluster_api::{
    ExtensionVersionLocationValidationRequest, ExtensionVersionRequest, ExtensionVersionUploadUrlRequest,
    PresignedUrl, WellKnown, ops,
};
use leptos::prelude::*;
use wasm_bindgen_futures::JsFuture;
use web_sys::File;

use super::steps::{Phase, Step, StepError, Target, failed, label_for, refused};
use super::xhr::{self, InFlight};
use super::{ExtCtx, Item};
use crate::api::{self, Api, ApiError};
use crate::chunk::ChunkError;
use crate::i18n::k::resources_upload as w;
use crate::i18n::{t, tf};
use crate::redirect::safe_external;

pub struct Job {
    pub target: Target,
    pub plan: Vec<Step>,
    pub version_id: Option<String>,
    pub presigned: Option<PresignedUrl>,
}

/// Everything a running upload touches; Copy, so each step can be awaited from a task.
#[derive(Clone, Copy)]
pub struct Run {
    pub api: Api,
    pub ctx: ExtCtx,
    pub item: Item,
    pub job: StoredValue<Option<Job>>,
    pub file: StoredValue<Option<File>, LocalStorage>,
    pub phase: RwSignal<Phase>,
    pub progress: RwSignal<(f64, f64)>,
    pub in_flight: InFlight,
    pub published: Option<RwSignal<Option<WellKnown>>>,
}

fn gone() -> StepError {
    StepError::Local(t(w::PAGE_CLOSED).into())
}

type Steps = fn(Run, Step) -> Pin<Box<dyn Future<Output = ()>>>;

#[leptos::wasm_split::wasm_split(resource_upload, fallible, wasm_split_path = ::leptos::wasm_split)]
fn steps() -> Result<Steps, ChunkError> {
    Ok(|run, first| Box::pin(run.steps_from(first)))
}

impl Run {
    fn plan(self) -> Vec<Step> {
        self.job.try_with_value(|j| j.as_ref().map(|j| j.plan.clone())).flatten().unwrap_or_default()
    }

    /// Runs the plan from `first`; the scan step is finished by the view, when the
    /// polled verdict settles. When the steps' code cannot be downloaded, `first` fails
    /// with that reason and Retry tries again.
    pub async fn go(self, first: Step) {
        match steps().await {
            Ok(run) => run(self, first).await,
            Err(ChunkError) => {
                let why = tf(w::CHUNK_FAILED, &[("likely", ChunkError::likely())]);
                self.phase.try_set(failed(&self.plan(), first, &StepError::Local(why)));
            }
        }
    }

    async fn steps_from(self, first: Step) {
        let Some(file) = self.file.try_get_value().flatten() else { return };
        let plan = self.plan();
        let start = plan.iter().position(|s| *s == first).unwrap_or(0);
        for step in plan.iter().copied().skip(start) {
            self.phase.try_set(Phase::Running(step));
            if step == Step::Scan {
                return;
            }
            if let Err(e) = self.step(step, &file).await {
                // The file itself was refused: retrying cannot help, and a version record
                // this upload created would be left without a file.
                if let (Step::Confirm, StepError::Api(ApiError::BadRequest(said))) = (step, &e) {
                    let removed = if plan.contains(&Step::CreateVersion) {
                        Some(self.remove_created_version().await)
                    } else {
                        None
                    };
                    self.phase.try_set(refused(&file.name(), said, removed));
                    return;
                }
                self.phase.try_set(failed(&plan, step, &e));
                return;
            }
        }
        self.phase.try_set(Phase::Done);
    }

    /// Deletes the version record this upload created (it has no usable file).
    async fn remove_created_version(self) -> Result<(), String> {
        let version_id = self.job.try_with_value(|j| j.as_ref().and_then(|j| j.version_id.clone())).flatten();
        let (Some(id), Some(extension_id), Some(version_id)) =
            (self.ctx.cluster.id.try_get_value(), self.item.id.try_get_value(), version_id)
        else {
            return Err(t(w::PAGE_GONE).into());
        };
        let op = ops::ClusterExtensionVersionDelete { id, extension_id, version_id };
        let done = api::call(self.api, &op).await.map_err(|e| format!("{} {}", e.title(), e.detail()));
        self.item.refresh();
        done
    }

    async fn step(self, step: Step, file: &File) -> Result<(), StepError> {
        let (Some(id), Some(extension_id)) =
            (self.ctx.cluster.id.try_get_value(), self.item.id.try_get_value())
        else {
            return Err(gone());
        };
        let state = self.job.try_with_value(|j| {
            j.as_ref().map(|j| (j.target.clone(), j.version_id.clone(), j.presigned.clone()))
        });
        let Some((target, version_id, presigned)) = state.flatten() else { return Err(gone()) };
        let version_id = version_id.unwrap_or_default();
        let api = self.api;
        match (step, target) {
            (Step::CreateVersion, Target::Version { major, .. }) => {
                let body = ExtensionVersionRequest { keycloak_major_version: major };
                let v = api::call(api, &ops::ClusterExtensionVersionCreate { id, extension_id, body })
                    .await
                    .map_err(StepError::Api)?;
                self.job.try_update_value(|j| j.as_mut().map(|j| j.version_id = Some(v.id.clone())));
                self.item.patch(v);
            }
            (Step::UploadUrl, target) => {
                let body = ExtensionVersionUploadUrlRequest { label: Some(label_for(&file.name())) };
                let link = match target {
                    Target::Version { .. } => {
                        let op = ops::ClusterExtensionVersionUploadUrlCreate {
                            id,
                            extension_id,
                            version_id,
                            body,
                        };
                        api::call(api, &op).await
                    }
                    Target::Standalone => {
                        api::call(
                            api,
                            &ops::ClusterExtensionStandaloneUploadUrlCreate { id, extension_id, body },
                        )
                        .await
                    }
                    Target::WellKnown { file } => {
                        api::call(api, &ops::ClusterWellKnownUploadUrlCreate { id, extension_id, file }).await
                    }
                };
                let link = link.map_err(StepError::Api)?;
                if safe_external(&link.url).is_none() {
                    return Err(StepError::Local(tf(w::BAD_LINK, &[("url", &link.url)])));
                }
                self.job.try_update_value(|j| j.as_mut().map(|j| j.presigned = Some(link)));
            }
            (Step::Put, _) => {
                let link = presigned.ok_or_else(|| StepError::Local(t(w::NO_LINK).into()))?;
                xhr::put(&link.method, &link.url, file, self.progress, self.in_flight)
                    .await
                    .map_err(StepError::Put)?;
            }
            (Step::Confirm, target) => {
                let link = presigned.ok_or_else(|| StepError::Local(t(w::NO_LINK).into()))?;
                let body = ExtensionVersionLocationValidationRequest { resource_key: link.resource_key };
                match target {
                    Target::Version { .. } => {
                        let op = ops::ClusterExtensionVersionConfirm { id, extension_id, version_id, body };
                        self.item.patch(api::call(api, &op).await.map_err(StepError::Api)?);
                    }
                    Target::Standalone => {
                        let op = ops::ClusterExtensionStandaloneConfirm { id, extension_id, body };
                        let v = api::call(api, &op).await.map_err(StepError::Api)?;
                        self.job.try_update_value(|j| j.as_mut().map(|j| j.version_id = Some(v.id.clone())));
                        self.item.patch(v);
                    }
                    Target::WellKnown { file } => {
                        let known =
                            api::call(api, &ops::ClusterWellKnownConfirm { id, extension_id, file }).await;
                        let known = known.map_err(StepError::Api)?;
                        if let Some(published) = self.published {
                            published.try_set(Some(known));
                        }
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }
}

/// The file's bytes (at most `MAX_FILE_BYTES`: the size is checked first).
pub async fn read_bytes(file: &File) -> Result<Vec<u8>, String> {
    let buffer = JsFuture::from(file.array_buffer())
        .await
        .map_err(|_| tf(w::UNREADABLE, &[("name", &file.name())]))?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

pub async fn read_text(file: &File) -> Result<String, String> {
    let text = JsFuture::from(file.text()).await.map_err(|_| tf(w::UNREADABLE, &[("name", &file.name())]))?;
    text.as_string().ok_or_else(|| tf(w::NOT_TEXT, &[("name", &file.name())]))
}
