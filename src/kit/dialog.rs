//! The confirmation dialog for every destructive or restarting action: a real modal
//! `<dialog>` (opened with `showModal()`, so focus moves into it and stays there and the
//! page behind is inert), closed by Cancel, Escape or success, with focus given back to
//! the button that opened it. It says what will happen, can ask for a name to be typed
//! before it lets the action go, and runs the action through the kit's write runner, so
//! the busy label and the failure are shown inside it. When the action removed that button
//! (a "Make primary" that is primary now), focus goes to a fallback the screen names instead
//! of falling to the page body.
//!
//! Usage: `let confirm = Confirm::new("Deleting the cluster")`, a button whose click calls
//! `confirm.open()`, and a `<ConfirmDialog confirm=confirm …/>` next to it. The dialog is
//! only in the page while it is open.

use leptos::html;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::write::{Work, Write};
use crate::i18n::{k, t};

/// Shows the dialog at `node` as a modal once it is in the page (`showModal()`): focus
/// moves in and the rest of the page goes inert. Every modal of the console opens this way.
pub fn show_modal(node: NodeRef<html::Dialog>) {
    Effect::new(move |_| {
        if let Some(dialog) = node.get()
            && !dialog.open()
            && dialog.show_modal().is_err()
        {
            // Only when the element is not connected; show it anyway.
            dialog.set_open(true);
        }
    });
}

/// How the confirm button looks: red for what cannot be undone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConfirmStyle {
    Danger,
    Normal,
}

impl ConfirmStyle {
    fn class(self) -> &'static str {
        match self {
            ConfirmStyle::Danger => "danger",
            ConfirmStyle::Normal => "primary",
        }
    }
}

/// Opens and closes one dialog, and carries the write it runs. Copy.
#[derive(Clone, Copy)]
pub struct Confirm {
    open: RwSignal<bool>,
    /// The confirmed action: its busy flag and its failure.
    pub write: Write,
    node: NodeRef<html::Dialog>,
    /// What had focus when the dialog opened, to give it back.
    opener: StoredValue<Option<web_sys::HtmlElement>, LocalStorage>,
    /// The id of what takes focus when the opener is gone once the dialog closed.
    fallback: StoredValue<Option<String>>,
}

impl Confirm {
    /// `action` names the write for its error panel ("Removing the card").
    pub fn new(action: &'static str) -> Confirm {
        Confirm {
            open: RwSignal::new(false),
            write: Write::new(action),
            node: NodeRef::new(),
            opener: StoredValue::new_local(None),
            fallback: StoredValue::new(None),
        }
    }

    /// Opens the dialog (a click handler of the opening button calls this); a failure
    /// from an earlier attempt is forgotten.
    pub fn open(self) {
        let active = document().active_element().and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
        self.opener.set_value(active);
        self.fallback.set_value(None);
        self.write.clear();
        self.open.set(true);
    }

    /// `open`, for an action that may remove the button that opened it: when the dialog has
    /// closed and that button is gone (or focus fell to the page body), the element with id
    /// `fallback` takes focus (a heading needs `tabindex="-1"`).
    pub fn open_returning_to(self, fallback: impl Into<String>) {
        self.open();
        self.fallback.set_value(Some(fallback.into()));
    }

    /// Closes the dialog the way Escape does, so the `close` event brings everything back
    /// in step. Safe after the view is gone (a write may finish later).
    pub fn close(self) {
        match self.node.try_get_untracked().flatten() {
            Some(dialog) if dialog.open() => dialog.close(),
            _ => self.closed(),
        }
    }

    /// The dialog has closed (Cancel, Escape, success): forget it and give focus back.
    fn closed(self) {
        if self.open.try_get_untracked() != Some(true) {
            return;
        }
        self.open.set(false);
        let opener = self.opener.try_get_value().flatten();
        if let Some(opener) = &opener {
            // Detached (the row it was on is gone): focusing it does nothing, harmlessly.
            let _ = opener.focus();
        }
        if let Some(Some(fallback)) = self.fallback.try_get_value() {
            // In the next frame: the page has then redrawn after the action, which may
            // remove the opener only now (and with it the focus just given back).
            request_animation_frame(move || focus_fallback(opener, &fallback));
        }
    }

    /// Runs the confirmed work; success closes the dialog, failure is shown in it.
    fn confirmed(self, work: Work) {
        self.write.start(work, Some(Box::new(move || self.close())));
    }
}

/// Focuses the element with id `fallback` unless `opener` is still in the page and holds
/// the focus.
fn focus_fallback(opener: Option<web_sys::HtmlElement>, fallback: &str) {
    let doc = document();
    let kept = opener
        .is_some_and(|o| o.is_connected() && doc.active_element().is_some_and(|a| a.is_same_node(Some(&o))));
    if kept {
        return;
    }
    if let Some(element) =
        doc.get_element_by_id(fallback).and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
    {
        let _ = element.focus();
    }
}

/// The dialog itself, in the page only while `confirm` is open.
#[component]
pub fn ConfirmDialog(
    confirm: Confirm,
    /// A question naming the thing: "Delete acme-prod?"
    #[prop(into)]
    title: Signal<String>,
    /// What will happen, in full: consequences, what is lost, how long it takes.
    #[prop(into)]
    body: ViewFn,
    /// The confirm button: "Delete permanently", and while it runs "Deleting…".
    confirm_label: &'static str,
    busy_label: &'static str,
    style: ConfirmStyle,
    /// When set, the confirm button stays off until this name is typed.
    #[prop(optional, into)]
    type_name: Option<Signal<String>>,
    /// More that must hold before confirming (e.g. a reason was entered).
    #[prop(optional, into)]
    ready: Option<Signal<bool>>,
    /// Builds the work when the person confirms.
    work: Callback<(), Work>,
    /// An id for the confirm button (browser flows use some).
    #[prop(optional)]
    confirm_id: Option<&'static str>,
    /// Extra classes for the confirm button (browser flows find it by them).
    #[prop(optional)]
    confirm_class: &'static str,
    /// Extra classes for the dialog.
    #[prop(optional)]
    class: &'static str,
) -> impl IntoView {
    move || {
        if !confirm.open.get() {
            return None;
        }
        let typed = RwSignal::new(String::new());
        let name_ok =
            move || type_name.is_none_or(|name| name.with(|n| typed.with(|t| t.trim() == n.as_str())));
        let allowed = move || !confirm.write.busy.get() && name_ok() && ready.is_none_or(|r| r.get());
        show_modal(confirm.node);
        let name_field = type_name.map(|name| {
            // The name sits where the sentence's `{name}` is, in any language's word order.
            let (before, after) = crate::i18n::around(t(k::kit::TYPE_TO_CONFIRM), "name");
            view! {
                <label for="confirm-name">{before}<code>{move || name.get()}</code>{after}</label>
                <input
                    id="confirm-name"
                    autocomplete="off"
                    autofocus
                    prop:value=typed
                    on:input:target=move |ev| typed.set(ev.target().value())
                />
            }
        });
        let focus_cancel = type_name.is_none();
        Some(view! {
            <dialog
                node_ref=confirm.node
                class=format!("confirm-dialog {} {class}", style.class())
                aria-labelledby="confirm-title"
                aria-describedby="confirm-body"
                on:close=move |_| confirm.closed()
            >
                <h2 id="confirm-title">{move || title.get()}</h2>
                // Untracked: what the body reads must not remake the whole dialog.
                <div id="confirm-body">{untrack(|| body.run())}</div>
                {name_field}
                {confirm.write.failure()}
                <div class="actions">
                    // Cancel takes focus first when nothing needs typing: the safe choice.
                    <button
                        type="button"
                        class="button cancel"
                        autofocus=focus_cancel
                        on:click=move |_| confirm.close()
                    >
                        {t(k::kit::CANCEL)}
                    </button>
                    <button
                        type="button"
                        id=confirm_id
                        class=format!("button {} confirm {confirm_class}", style.class())
                        disabled=move || !allowed()
                        on:click=move |_| confirm.confirmed(work.run(()))
                    >
                        {confirm.write.label(confirm_label, busy_label)}
                    </button>
                </div>
            </dialog>
        })
    }
}
