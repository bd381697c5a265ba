//! The activity drawer (its own chunk): a modal `<dialog>` at the side, opened with
//! `showModal()` so focus moves in and stays there, closed by Close, Escape or following
//! a link, with focus given back to the badge. It lists what is moving, with progress, a
//! link to its page, Cancel where cancelling exists and "Notify me when this finishes"
//! where waiting is long (`notify`), then what settled this visit.

use crate::i18n::k::activity as w;
use crate::i18n::{t, tf};
use leptos::html;
use leptos::prelude::*;

use super::notify::Asking;
use super::{Item, Progress, State, center};
use crate::kit::dialog::show_modal;
use crate::kit::{Button, Tone, toned};

fn close(node: NodeRef<html::Dialog>) {
    if let Some(dialog) = node.get_untracked()
        && dialog.open()
    {
        dialog.close();
    }
}

/// The row of a cancelled item is replaced: the focus goes to Close, not to the page behind.
fn focus_close() {
    let close = document().get_element_by_id("activity-close");
    if let Some(close) = close.and_then(|c| wasm_bindgen::JsCast::dyn_into::<web_sys::HtmlElement>(c).ok()) {
        let _ = close.focus();
    }
}

#[component]
pub fn ActivityDrawer() -> impl IntoView {
    let Some(center) = center() else { return ().into_any() };
    let node = NodeRef::<html::Dialog>::new();
    show_modal(node);
    let asking = Asking::new(center);
    let live =
        move || center.items.with(|items| items.iter().filter(|i| i.live()).cloned().collect::<Vec<_>>());
    let settled = move || {
        center.items.with(|items| items.iter().rev().filter(|i| !i.live()).cloned().collect::<Vec<_>>())
    };
    view! {
        <dialog
            node_ref=node
            class="drawer activity-drawer"
            id="activity-drawer"
            aria-labelledby="activity-title"
            on:close=move |_| center.closed()
        >
            <div class="drawer-head">
                <h2 id="activity-title">{t(w::ACTIVITY)}</h2>
                {Button::new("button subtle", t(w::CLOSE))
                    .id("activity-close")
                    .autofocus()
                    .on_click(move || close(node))
                    .view()}
            </div>
            <h3>{t(w::IN_PROGRESS)}</h3>
            {move || {
                let items = live();
                if items.is_empty() {
                    view! {
                        <p class="hint" id="activity-none">
                            {t(w::NOTHING_IN_PROGRESS)}
                        </p>
                    }
                        .into_any()
                } else {
                    view! {
                        <ul class="activity-list" id="activity-live">
                            {items.into_iter().map(|i| row(i, node, Some(asking))).collect_view()}
                        </ul>
                    }
                        .into_any()
                }
            }}
            <h3>{t(w::FINISHED)}</h3>
            {move || {
                let items = settled();
                if items.is_empty() {
                    view! { <p class="hint">{t(w::NOTHING_FINISHED)}</p> }.into_any()
                } else {
                    view! {
                        <ul class="activity-list" id="activity-settled">
                            {items.into_iter().map(|i| row(i, node, None)).collect_view()}
                        </ul>
                    }
                        .into_any()
                }
            }}
        </dialog>
    }
    .into_any()
}

/// One operation; `asking` offers to notify when it ends (live ones only).
fn row(item: Item, node: NodeRef<html::Dialog>, asking: Option<Asking>) -> impl IntoView {
    let notify = asking.and_then(|a| a.option(&item));
    let Item { id, label, href, state, started, ended, .. } = item;
    let label = label.read();
    let times = match ended {
        Some(ended) => {
            tf(w::FROM_TO, &[("from", &crate::format::clock(started)), ("to", &crate::format::clock(ended))])
        }
        None => tf(w::SINCE, &[("time", &crate::format::clock(started))]),
    };
    let link = view! {
        <a href=href class="activity-link" on:click=move |_| close(node)>
            {label.clone()}
        </a>
    };
    let body = match state {
        State::Settled { ok, note } => view! {
            <span class=toned("outcome", Some(if ok { Tone::Ok } else { Tone::Bad })) data-ok=ok.to_string()>
                {if ok { "✓ " } else { "✗ " }}
                {note.read()}
            </span>
        }
        .into_any(),
        State::Live { progress, cancel } => {
            let what = label.clone();
            (move || match progress.try_get() {
                Some(Progress::Running { note, fraction, cancellable }) => {
                    let bar = fraction.map(|f| {
                        let percent = (f.clamp(0.0, 1.0) * 100.0).round() as u32;
                        view! {
                            <progress
                                max="100"
                                value=percent.to_string()
                                aria-label=tf(
                                    w::PROGRESS_LABEL,
                                    &[("what", &what), ("percent", &percent.to_string())],
                                )
                            ></progress>
                        }
                    });
                    let cancel = cancel.filter(|_| cancellable).map(|cancel| {
                        // `cancel` lives with the item's owner, which goes once it settles: a
                        // click just before the drawer redraws finds nothing to run.
                        view! {
                            <button
                                type="button"
                                class="button subtle cancel-activity"
                                aria-label=tf(w::CANCEL_WHAT, &[("what", &what)])
                                on:click=move |_| {
                                    cancel.try_run(());
                                    focus_close();
                                }
                            >
                                {t(w::CANCEL)}
                            </button>
                        }
                    });
                    view! {
                        <span class="progress-note">
                            <span class="spinner" aria-hidden="true"></span>
                            " "
                            {note.read()}
                        </span>
                        {bar}
                        {cancel}
                    }
                    .into_any()
                }
                // Settling this very moment: the list is about to move it.
                Some(Progress::Done { note, .. }) => {
                    view! { <span class="progress-note">{note.read()}</span> }.into_any()
                }
                None => ().into_any(),
            })
            .into_any()
        }
    };
    view! {
        <li class="activity-item" data-activity=id.to_string()>
            {link}
            " "
            {body}
            " "
            <span class="hint activity-time">{times}</span>
            {notify}
        </li>
    }
}
