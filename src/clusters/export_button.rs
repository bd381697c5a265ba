//! The "Export as Terraform" button on a cluster's page. Only the button and its status are
//! here; the reads, the HCL writer and the download load as their own chunk on the first click.

use leptos::prelude::*;
use leptos::task::spawn_local;

use crate::api::{Api, use_api};
use crate::chunk::ChunkError;
use crate::i18n::k::clusters_page as w;
use crate::i18n::t;
use crate::kit::Button;
use crate::terraform::progress::ExportState;

/// What the chunk hands back: the function that runs an export.
pub type Start = fn(Api, String, RwSignal<ExportState>);

#[allow(non_snake_case)]
#[leptos::wasm_split::wasm_split(terraform_export, fallible, wasm_split_path = ::leptos::wasm_split)]
fn TERRAFORM_EXPORT() -> Result<Start, ChunkError> {
    Ok(crate::terraform::run::start)
}

#[component]
pub fn ExportButton(id: String) -> impl IntoView {
    let api = use_api();
    let state = RwSignal::new(ExportState::Idle);
    let id = StoredValue::new(id);
    let busy = move || matches!(state.get(), ExportState::Busy(_));
    let run = move || {
        state.set(ExportState::Busy(t(w::EXPORT_LOADING).into()));
        // Read now: the page may be gone when the export's code has downloaded.
        let id = id.get_value();
        spawn_local(async move {
            match TERRAFORM_EXPORT().await {
                Ok(start) => start(api, id, state),
                Err(ChunkError) => {
                    state.try_set(ExportState::Failed(t(w::EXPORT_CHUNK_FAILED).into()));
                }
            }
        });
    };
    view! {
        <div class="export">
            {Button::new("button secondary", t(w::EXPORT))
                .id("export-terraform")
                .busy(busy)
                .on_click(run)
                .view()}
            {move || match state.get() {
                ExportState::Idle => ().into_any(),
                ExportState::Busy(text) => {
                    view! {
                        <p class="export-status" id="export-progress" role="status">
                            <progress></progress>
                            " "
                            {text}
                        </p>
                    }
                        .into_any()
                }
                ExportState::Done(text) => {
                    view! {
                        <p class="export-status" id="export-done" role="status">
                            {text}
                        </p>
                    }
                        .into_any()
                }
                ExportState::Failed(text) => {
                    view! {
                        <div class="error-panel" role="alert" id="export-error">
                            <p class="error-detail">{text}</p>
                        </div>
                    }
                        .into_any()
                }
            }}
        </div>
    }
}
