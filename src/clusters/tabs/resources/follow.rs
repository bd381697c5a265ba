//! An upload in the activity center: its step and the bytes sent, Cancel while the bytes
//! go out, then the security scan. The steps run from the page (its signals are the
//! page's), so leaving the page before the file is confirmed stops the upload, and the
//! center says so; once confirmed, the scan is followed on the shared extension watch.

use cluster_api::{Extension, ScanState};
use leptos::prelude::*;

use super::run::Run;
use super::steps::{Phase, Step, percent};
use super::xhr;
use crate::activity::{Activities, Progress, Started};
use crate::i18n::Phrase;
use crate::i18n::k::resources_upload as w;
use crate::links::{self, ClusterTab};
use crate::poll::{Feed, PollKey};

/// Set by the uploader when its page goes: the phase it was in.
pub type Left = StoredValue<Option<RwSignal<Option<Phase>>>>;

/// Where an upload stands from its phase and (sent, total) bytes.
pub fn phase_progress(phase: &Phase, (sent, total): (f64, f64)) -> Progress {
    match phase {
        Phase::Running(Step::Put) => Progress::Running {
            note: Phrase::of(w::SENDING_PERCENT, [("percent", percent(sent, total).to_string().into())]),
            fraction: (total > 0.0).then(|| sent / total),
            cancellable: true,
        },
        Phase::Running(step) => Progress::running(step.message()),
        Phase::Failed { message, .. } | Phase::Refused { message } => Progress::done(false, message.clone()),
        Phase::Done => Progress::done(true, w::UPLOADED),
        Phase::Ready => Progress::done(false, w::STARTED_OVER),
    }
}

/// The scan of `version`, read from the extension watch, once the page is gone.
pub fn scan_progress(feed: &Feed<Extension>, version: Option<&str>) -> Progress {
    let scan = feed
        .value
        .as_ref()
        .and_then(|e| e.versions.iter().flatten().find(|v| Some(v.id.as_str()) == version));
    match scan.map(|v| &v.scan_state) {
        None | Some(ScanState::Scanning) => Progress::running(w::UPLOADED_SCANNING),
        Some(state) => Progress::done(
            true,
            Phrase::of(w::UPLOADED_SCAN, [("verdict", crate::words::scan_phrase(state).0)]),
        ),
    }
}

/// Lists the upload `run` is about to start in the activity center.
pub fn follow(center: Activities, run: Run, left: Left, label: Phrase) {
    let (Some(cluster), Some(extension)) = (run.ctx.cluster.id.try_get_value(), run.item.id.try_get_value())
    else {
        return;
    };
    let href = links::cluster_tab(&cluster, ClusterTab::Resources);
    let key = format!("upload {cluster} {extension} {}", js_sys::Date::now());
    let watch = run.ctx.watch;
    center.track(
        key,
        label,
        href,
        Box::new(move || {
            let gone = RwSignal::new(None::<Phase>);
            left.set_value(Some(gone));
            // Held so a scan that outlives the page is still followed (one poll per extension).
            let feed = watch.watch(PollKey::item(cluster, extension), None);
            let version = StoredValue::new(None::<String>);
            let progress = Signal::derive(move || match gone.get() {
                Some(Phase::Running(Step::Scan)) => {
                    version.with_value(|v| feed.with(|f| scan_progress(f, v.as_deref())))
                }
                Some(Phase::Done) => Progress::done(true, w::UPLOADED),
                Some(_) => Progress::done(false, w::STOPPED),
                // The page is still open: its signals are alive.
                None => {
                    version.set_value(run.job.with_value(|j| j.as_ref().and_then(|j| j.version_id.clone())));
                    phase_progress(&super::upload::current(run), run.progress.get())
                }
            });
            Started { progress, cancel: Some(Callback::new(move |()| xhr::cancel(run.in_flight))) }
        }),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phases_in_words() {
        let sending = phase_progress(&Phase::Running(Step::Put), (50.0, 200.0));
        assert_eq!(sending.note(), "Sending the file: 25%");
        assert!(
            matches!(sending, Progress::Running { fraction: Some(f), cancellable: true, .. } if f == 0.25)
        );
        assert!(matches!(
            phase_progress(&Phase::Running(Step::Confirm), (1.0, 1.0)),
            Progress::Running { cancellable: false, .. }
        ));
        let failed =
            Phase::Failed { step: Step::Put, message: "Step 3 of 5 was cancelled".into(), retry: Step::Put };
        assert_eq!(
            phase_progress(&failed, (0.0, 0.0)),
            Progress::done(false, "Step 3 of 5 was cancelled".to_string())
        );
        let done = phase_progress(&Phase::Done, (1.0, 1.0));
        assert!(matches!(done, Progress::Done { ok: true, .. }) && done.note() == "Uploaded", "{done:?}");
    }
}
