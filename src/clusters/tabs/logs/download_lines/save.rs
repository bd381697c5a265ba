//! Saving the viewer's lines, in the tab's split-off module (`mod.rs` holds the buttons):
//! "the lines shown" as the table has them, and "the whole window" from the files already
//! read and the rest read for it, not kept.

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::super::window::iso;
use super::{Download, Which};
use crate::i18n::k::logs as w;
use crate::i18n::{t, tf};
use crate::kit::save::{Body, save};

const TEXT: &str = "text/plain;charset=utf-8";

/// `acme-prod-2026-11-27T1400Z-2026-11-27T1500Z` (`-shown` added for the lines shown).
fn file_stem(cluster: &str, (from, to): (i64, i64)) -> String {
    format!("{cluster}-{}-{}", iso(from).replace(':', ""), iso(to).replace(':', ""))
}

/// Saves what was asked for, saying how it went in `d.outcome`.
pub fn start(d: Download, which: Which) {
    let Download { reader, span, cluster, shown, busy, outcome } = d;
    let Ok((from, to)) = span.get_untracked() else {
        busy.try_set(None);
        return;
    };
    match which {
        // What the table shows is already held: saved at once, nothing to read.
        Which::Shown => {
            let entries = shown.run(());
            let name = format!("{}-shown.log", file_stem(&cluster.get_value(), (from, to)));
            let mut text = entries.join("\n");
            text.push('\n');
            let result = save(&name, Body::Text(&text), TEXT)
                .map_err(|()| t(w::COULD_NOT_MAKE_FILE).to_string())
                .map(|()| tf(w::SAVED_SHOWN, &[("count", &entries.len().to_string()), ("name", &name)]));
            outcome.try_set(Some(result));
        }
        Which::Window => {
            busy.try_set(Some((0, 0)));
            outcome.try_set(None);
            // Named now: the screen (and `cluster` with it) may be gone when the lines are read.
            let name = format!("{}.log", file_stem(&cluster.get_value(), (from, to)));
            spawn_local(async move {
                let answer = reader
                    .window_text(from, to, move |done, total| {
                        busy.try_set(Some((done, total)));
                    })
                    .await;
                let result = answer.and_then(|text| {
                    let lines = text.lines().count();
                    save(&name, Body::Text(&text), TEXT)
                        .map_err(|()| t(w::COULD_NOT_MAKE_FILE).to_string())
                        .map(|()| tf(w::SAVED_WINDOW, &[("count", &lines.to_string()), ("name", &name)]))
                });
                busy.try_set(None);
                outcome.try_set(Some(result));
            });
        }
    }
}
