//! Where an export is, as data: the cluster page's button shows it, and the export's chunk
//! (`run.rs`) moves it on. It sits here, with the export, so the chunk names nothing of the
//! cluster page (no circle between the folders).

/// Where an export is: what the person sees under the button.
#[derive(Debug, Clone, PartialEq)]
pub enum ExportState {
    Idle,
    Busy(String),
    Failed(String),
    Done(String),
}
