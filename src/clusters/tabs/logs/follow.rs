//! "Refresh automatically every 10 s": lists the window again and reads only the files that
//! are new or have grown. It waits while the tab is hidden (`poll::until_visible`), waits
//! longer after a failure (`poll::Backoff`), and stops by itself after 5 minutes, saying
//! so. The table stays at the newest line unless the person has scrolled up (the kit's
//! virtual table does that).

use leptos::prelude::*;
use leptos::task::spawn_local;

use super::window_files::Reader;
use crate::i18n::k::logs as w;
use crate::i18n::{t, tf};
use crate::poll::{Backoff, sleep_ms, until_visible};

const EVERY_MS: u32 = 10_000;
const FOR_MS: f64 = 5.0 * 60_000.0;

#[component]
pub fn Follow(reader: Reader, now: RwSignal<i64>, span: Memo<Result<(i64, i64), String>>) -> impl IntoView {
    let on = RwSignal::new(false);
    let run = StoredValue::new(0u32);
    let note = RwSignal::new(None::<String>);
    let start = move || {
        run.update_value(|r| *r = r.wrapping_add(1));
        let mine = run.get_value();
        let began = js_sys::Date::now();
        note.set(None);
        spawn_local(async move {
            let backoff = Backoff { initial_ms: EVERY_MS, factor: 2.0, max_ms: 4 * EVERY_MS };
            let mut failures = 0u32;
            loop {
                until_visible().await;
                if run.try_get_value() != Some(mine) {
                    return;
                }
                if js_sys::Date::now() - began >= FOR_MS {
                    on.try_set(false);
                    note.try_set(Some(t(w::FOLLOW_STOPPED).into()));
                    return;
                }
                let at = js_sys::Date::now() as i64;
                now.try_set(at);
                let Some(Ok((from, to))) = span.try_get_untracked() else { return };
                let wait = match reader.refresh(from, to, at).await {
                    Ok(()) => {
                        note.try_set(None);
                        failures = 0;
                        EVERY_MS
                    }
                    Err(e) => {
                        note.try_set(Some(tf(
                            w::FOLLOW_FAILED,
                            &[("title", &e.title()), ("detail", &e.detail())],
                        )));
                        failures += 1;
                        backoff.delay_ms(failures)
                    }
                };
                sleep_ms(wait).await;
            }
        });
    };
    let stop = move || run.update_value(|r| *r = r.wrapping_add(1));
    on_cleanup(move || {
        let _ = run.try_update_value(|r| *r = r.wrapping_add(1));
    });
    view! {
        <div class="field check log-follow">
            <input
                type="checkbox"
                id="log-follow"
                prop:checked=on
                on:change:target=move |ev| {
                    let checked = ev.target().checked();
                    on.set(checked);
                    if checked { start() } else { stop() }
                }
            />
            <label for="log-follow">{t(w::FOLLOW)}</label>
            {move || {
                note.get()
                    .map(|n| {
                        view! {
                            <span class="hint" id="log-follow-note" role="status">
                                {n}
                            </span>
                        }
                    })
            }}
        </div>
    }
}
