//! A button: `<button type=… class=… id=…>` with its words, its click, and when it is
//! off, the markup screens wrote by hand. Browser flows find buttons by these ids, classes
//! and words, so the piece draws only what a screen asked for: an attribute not set is not
//! in the page (a button with no `disabled` has none). Its `type` is always said (`button`
//! unless `submit`): a button in a form that says none submits it.
//!
//! Not generic: plain strings, signals and a boxed click, so it compiles once however many
//! screens use it (a closure in `view!` is monomorphised at each use, and costs wasm bytes
//! each time). Buttons whose content is more than words (the activity badge's count) or
//! that the sign-in form or the shell draw (the boot module, the first visit: the piece
//! would add its code there) stay hand-written.

use leptos::prelude::*;

use super::Write;

/// What a click runs.
pub type Click = Box<dyn Fn()>;

/// One button, described then drawn with [`Button::view`].
pub struct Button {
    label: &'static str,
    class: &'static str,
    id: Option<&'static str>,
    submit: bool,
    /// Off while this is true.
    disabled: Option<Signal<bool>>,
    /// The write its click (or its form's submit) starts: off while that runs, and named by
    /// the second words meanwhile.
    write: Option<(Write, &'static str)>,
    /// `aria-busy="true"` while `disabled` holds (work under way, not a refusal).
    busy: bool,
    autofocus: bool,
    on_click: Option<Click>,
}

impl Button {
    /// A `type="button"` button with these classes (`button subtle`…) and words.
    pub fn new(class: &'static str, label: &'static str) -> Button {
        Button {
            label,
            class,
            id: None,
            submit: false,
            disabled: None,
            write: None,
            busy: false,
            autofocus: false,
            on_click: None,
        }
    }

    pub fn id(mut self, id: &'static str) -> Button {
        self.id = Some(id);
        self
    }

    /// `type="submit"`: the form's own `on:submit` does the work.
    pub fn submit(mut self) -> Button {
        self.submit = true;
        self
    }

    /// Off while `when` is true (a refusal, a form not yet complete…).
    pub fn disabled(mut self, when: impl Fn() -> bool + Send + Sync + 'static) -> Button {
        self.disabled = Some(Signal::derive(when));
        self
    }

    /// Off while `when` is true because work is under way: `aria-busy` says so too.
    pub fn busy(mut self, when: impl Fn() -> bool + Send + Sync + 'static) -> Button {
        self.busy = true;
        self.disabled(when)
    }

    /// The button's click or form starts `write` (the caller's code does): off while it runs
    /// (and while `disabled` holds), its words `busy_label` ("Saving…") meanwhile.
    pub fn write(mut self, write: Write, busy_label: &'static str) -> Button {
        self.write = Some((write, busy_label));
        self
    }

    /// `autofocus`: the first thing a dialog offers.
    pub fn autofocus(mut self) -> Button {
        self.autofocus = true;
        self
    }

    pub fn on_click(mut self, click: impl Fn() + 'static) -> Button {
        self.on_click = Some(Box::new(click));
        self
    }

    pub fn view(self) -> AnyView {
        let Button { label, class, id, submit, disabled, write, busy, autofocus, on_click } = self;
        let running = write.map(|(w, _)| w.busy);
        let off = match (disabled, running) {
            (Some(d), Some(r)) => Some(Signal::derive(move || r.get() || d.get())),
            (Some(d), None) => Some(d),
            (None, Some(r)) => Some(r.into()),
            (None, None) => None,
        };
        let aria_busy = off.filter(|_| busy).map(|off| move || off.get().then_some("true"));
        let words = match write {
            Some((w, busy_label)) => w.label(label, busy_label).into_any(),
            None => label.into_any(),
        };
        view! {
            <button
                type=if submit { "submit" } else { "button" }
                class=class
                id=id
                disabled=off
                aria-busy=aria_busy
                autofocus=autofocus
                on:click=move |_| {
                    if let Some(click) = &on_click {
                        click();
                    }
                }
            >
                {words}
            </button>
        }
        .into_any()
    }
}
