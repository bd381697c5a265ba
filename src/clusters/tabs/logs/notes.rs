//! What the viewer says about what it read: the listing's failure, a window that reaches
//! past the newest file (files are hourly), a window with no file although files exist
//! just outside it (with a wider window offered), reading in progress, a search that read
//! its round of files without filling the limit ("Searched 48 of 720 files"), the held
//! lines' cap, and each file that could not be read, with Retry, while the others' lines
//! still show.

use leptos::prelude::*;

use super::filters::Filters;
use super::matching::HOLD_CAP;
use super::viewer::Shown;
use super::window::{Window, ago, clock, newest_note, widen_to};
use super::window_files::{FileState, Reader};
use crate::i18n::k::logs as w;
use crate::i18n::{t, tf, tp};
use crate::kit::dynamic::dynamic;
use crate::kit::{Button, ErrorPanel, Loaded};

/// The note on the lines a realm filter hides (or shows), and the button that turns that over.
fn no_realm_note(words: String, id: &'static str, label: &'static str, turn: impl Fn() + 'static) -> AnyView {
    view! {
        <p class="hint" id="log-no-realm" role="note">
            {words}
            " "
            {Button::new("button subtle", label).id(id).on_click(turn).view()}
        </p>
    }
    .into_any()
}

#[component]
pub fn Notes(
    reader: Reader,
    filters: Memo<Filters>,
    go: Callback<(Filters, bool)>,
    span: Memo<Result<(i64, i64), String>>,
    now: RwSignal<i64>,
    shown: Shown,
) -> impl IntoView {
    let widen = move |preset: &'static str| {
        let mut f = filters.get_untracked();
        f.window = Window::Preset(preset);
        f.start = 0;
        f.around = None;
        go.run((f, false));
    };
    let listing = dynamic(move || {
        reader.listing.get().and_then(Result::err).map(|error| {
            view! {
                <ErrorPanel
                    action=t(w::LISTING_FILES)
                    error=error
                    retry=Callback::new(move |()| reader.reload.update(|n| *n += 1))
                />
            }
        })
    });
    let newest = dynamic(move || {
        let (_, to) = span.get().ok()?;
        let files = reader.files.get();
        let newest = files.first()?;
        newest_note(newest.info.end, to, now.get()).map(|note| {
            view! {
                <p class="hint" id="log-newest" role="note">
                    {note}
                </p>
            }
        })
    });
    // A realm filter hides the lines that name no realm: say how many, and offer them.
    let show_no_realm = move |on: bool| {
        let mut f = filters.get_untracked();
        f.no_realm = on;
        go.run((f, false));
    };
    let without_realm = dynamic(move || {
        let hidden = shown.without_realm.get();
        if hidden > 0 {
            let words = tp(w::NO_REALM_HIDDEN, hidden as f64, &[("count", &hidden.to_string())]);
            return Some(no_realm_note(words, "log-show-no-realm", t(w::SHOW_NO_REALM), move || {
                show_no_realm(true)
            }));
        }
        filters.with(|f| f.no_realm && !f.realm.is_empty()).then(|| {
            no_realm_note(t(w::NO_REALM_SHOWN).into(), "log-hide-no-realm", t(w::HIDE_NO_REALM), move || {
                show_no_realm(false)
            })
        })
    });
    let capped = dynamic(move || {
        reader.capped.get().then(|| {
            view! {
                <p class="hint" id="log-list-capped" role="note">
                    {t(w::LIST_CAPPED)}
                </p>
            }
        })
    });
    let empty = dynamic(move || {
        let listed = matches!(reader.listing.get(), Some(Ok(())));
        if !listed || !reader.files.with(Vec::is_empty) || span.get().is_err() {
            return None;
        }
        // The newest file is looked for only when the window has none.
        let newest = Loaded::from_fn(t(w::LOOKING_FOR_NEWEST_ACTION), move || reader.newest.get(), None)
            .loading(t(w::LOOKING_FOR_NEWEST));
        Some(newest.ready(move |newest| {
            let Some(file) = newest else {
                return view! {
                    <div class="empty" id="no-log-files">
                        <p>{t(w::NO_LOG_FILES)}</p>
                    </div>
                }
                .into_any();
            };
            let at = now.get();
            let wider = widen_to(file.start, at);
            view! {
                <div class="empty" id="no-log-files-here">
                    <p>
                        {tf(w::NO_FILE_HERE, &[("until", &clock(file.end, at)), ("ago", &ago(file.end, at))])}
                    </p>
                    {wider
                        .map(|p| {
                            let label = super::window::PRESETS
                                .iter()
                                .find(|x| x.0 == p)
                                .map_or(p, |x| t(x.1));
                            view! {
                                <button
                                    type="button"
                                    class="button"
                                    id="log-widen"
                                    on:click=move |_| widen(p)
                                >
                                    {tf(w::WIDEN_TO, &[("window", label)])}
                                </button>
                            }
                        })}
                </div>
            }
            .into_any()
        }))
    });
    let progress = dynamic(move || {
        let reading = reader
            .files
            .with(|f| f.iter().find(|f| f.state == FileState::Reading).map(|f| f.info.name.clone()))?;
        Some({
            let (before, after) = super::around(t(w::READING_FILE), "name");
            view! {
                <p class="hint" role="status" id="log-reading">
                    {before}
                    <code>{reading}</code>
                    {after}
                </p>
            }
        })
    });
    let searched = dynamic(move || {
        let (read, unread, total) = reader.files.with(|f| {
            let unread = f.iter().filter(|f| f.state == FileState::Unread).count();
            let read =
                f.iter().filter(|f| matches!(f.state, FileState::Read { .. } | FileState::Failed(_))).count();
            (read, unread, f.len())
        });
        let short = filters.with(|f| f.view == super::filters::View::Events)
            || shown.matches.with(|m| m.as_ref().is_ok_and(|m| m.len() < shown.wanted.get()));
        let stopped = !reader.busy.get() && reader.round.get() >= reader.budget.get();
        (short && stopped && unread > 0 && !reader.held.with(|h| h.is_full())).then(|| view! {
            <p class="hint" id="log-searched" role="status">
                {tf(w::SEARCHED, &[("read", &read.to_string()), ("total", &total.to_string())])}
                " "
                <button
                    type="button"
                    class="button subtle"
                    id="log-search-further"
                    on:click=move |_| {
                        reader
                            .search_further(
                                Callback::new(move |()| {
                                    shown
                                        .matches
                                        .with_untracked(|m| {
                                            m.as_ref().is_ok_and(|m| m.len() < shown.wanted.get_untracked())
                                        })
                                }),
                            )
                    }
                >
                    {tf(w::SEARCH_MORE, &[("count", &super::window_files::ROUND.min(unread).to_string())])}
                </button>
            </p>
        })
    });
    let cap = dynamic(move || {
        reader.held.with(|h| h.is_full()).then(|| {
            view! {
                <p class="hint" id="log-cap" role="note">
                    {tf(w::HELD_CAP, &[("cap", &HOLD_CAP.to_string())])}
                </p>
            }
        })
    });
    let failed = dynamic(move || {
        let failed: Vec<(String, String)> = reader.files.with(|f| {
            f.iter()
                .filter_map(|f| match &f.state {
                    FileState::Failed(why) => Some((f.info.name.clone(), why.clone())),
                    _ => None,
                })
                .collect()
        });
        (!failed.is_empty()).then(|| {
            view! {
                <div class="error-panel" id="log-file-errors" role="alert">
                    <p class="error-title">{tp(w::FILES_FAILED, failed.len() as f64, &[])}</p>
                    <ul>
                        {failed
                            .into_iter()
                            .map(|(name, why)| {
                                let (again, tag) = (name.clone(), name.clone());
                                view! {
                                    <li class="failed-file" data-file=tag>
                                        <code>{name}</code>
                                        ": "
                                        {why}
                                        " "
                                        {Button::new("button subtle retry-file", t(w::RETRY))
                                            .on_click(move || reader.retry(again.clone()))
                                            .view()}
                                    </li>
                                }
                            })
                            .collect_view()}
                    </ul>
                </div>
            }
        })
    });
    view! {
        {listing}
        {newest}
        {capped}
        {without_realm}
        {empty}
        {progress}
        {searched}
        {cap}
        {failed}
    }
}
