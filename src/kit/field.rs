//! A labelled text input: the `<label for=…>` and its `<input id=…>` (or `<textarea>`, given
//! `lines`) bound to a `RwSignal<String>`, the markup most forms wrote by hand. Browser flows find fields by
//! these ids and axe checks that each input has its label, so the piece draws only what a
//! screen asked for: an attribute not set is not in the page.
//!
//! Not generic: plain strings, the signal and boxed hooks, so it compiles once however
//! many forms use it. Not used by the sign-in form, which is in the boot module: calling
//! it there would pull this into every visit's download for two inputs (so it has no
//! `name` either: no other form needs one).

use leptos::prelude::*;

/// What runs after a keystroke set the value, or when the input loses focus.
pub type Hook = Box<dyn Fn()>;

/// One labelled text input, described then drawn with [`TextField::view`].
pub struct TextField {
    id: &'static str,
    label: &'static str,
    value: RwSignal<String>,
    /// A class on the label (`visually-hidden` where the form says enough without it).
    label_class: Option<&'static str>,
    kind: Option<&'static str>,
    class: Option<&'static str>,
    autocomplete: Option<&'static str>,
    spellcheck: Option<&'static str>,
    maxlength: Option<&'static str>,
    placeholder: Option<&'static str>,
    described_by: Option<&'static str>,
    /// A `<textarea>` this many rows high instead of an `<input>`.
    lines: Option<&'static str>,
    required: bool,
    autofocus: bool,
    disabled: Option<Signal<bool>>,
    on_input: Option<Hook>,
    on_blur: Option<Hook>,
}

impl TextField {
    /// The input `id` (the label's `for`), the label's words and the value it edits.
    pub fn new(id: &'static str, label: &'static str, value: RwSignal<String>) -> TextField {
        TextField {
            id,
            label,
            value,
            label_class: None,
            kind: None,
            class: None,
            autocomplete: None,
            spellcheck: None,
            maxlength: None,
            placeholder: None,
            described_by: None,
            lines: None,
            required: false,
            autofocus: false,
            disabled: None,
            on_input: None,
            on_blur: None,
        }
    }

    pub fn label_class(mut self, class: &'static str) -> TextField {
        self.label_class = Some(class);
        self
    }

    /// The input's `type` (`url`, `password`, `datetime-local`…); without it, none is set.
    pub fn kind(mut self, kind: &'static str) -> TextField {
        self.kind = Some(kind);
        self
    }

    pub fn class(mut self, class: &'static str) -> TextField {
        self.class = Some(class);
        self
    }

    /// `autocomplete="off"` for names and codes the browser has no business suggesting.
    pub fn autocomplete(mut self, autocomplete: &'static str) -> TextField {
        self.autocomplete = Some(autocomplete);
        self
    }

    /// `spellcheck="false"`: identifiers are not words.
    pub fn no_spellcheck(mut self) -> TextField {
        self.spellcheck = Some("false");
        self
    }

    pub fn maxlength(mut self, maxlength: &'static str) -> TextField {
        self.maxlength = Some(maxlength);
        self
    }

    pub fn placeholder(mut self, placeholder: &'static str) -> TextField {
        self.placeholder = Some(placeholder);
        self
    }

    /// `aria-describedby`: the ids of the hint or problem line that goes with the field.
    pub fn described_by(mut self, ids: &'static str) -> TextField {
        self.described_by = Some(ids);
        self
    }

    /// A `<textarea rows=…>` for text of several lines (a pasted file, a reason).
    pub fn lines(mut self, rows: &'static str) -> TextField {
        self.lines = Some(rows);
        self
    }

    pub fn required(mut self) -> TextField {
        self.required = true;
        self
    }

    /// `autofocus`: the first thing a dialog asks for.
    pub fn autofocus(mut self) -> TextField {
        self.autofocus = true;
        self
    }

    /// Off while `when` holds (a form whose save is under way).
    pub fn disabled(mut self, when: Signal<bool>) -> TextField {
        self.disabled = Some(when);
        self
    }

    /// Runs after each keystroke has set the value (a form that marks itself touched).
    pub fn on_input(mut self, hook: impl Fn() + 'static) -> TextField {
        self.on_input = Some(Box::new(hook));
        self
    }

    pub fn on_blur(mut self, hook: impl Fn() + 'static) -> TextField {
        self.on_blur = Some(Box::new(hook));
        self
    }

    pub fn view(self) -> AnyView {
        let TextField {
            id,
            label,
            value,
            label_class,
            kind,
            class,
            autocomplete,
            spellcheck,
            maxlength,
            placeholder,
            described_by,
            lines,
            required,
            autofocus,
            disabled,
            on_input,
            on_blur,
        } = self;
        // One set of attributes and handlers, spread onto whichever element draws the field
        // (read by name, the value is an input's or a textarea's alike).
        let common = view! {
            <{..}
                id=id
                class=class
                autocomplete=autocomplete
                spellcheck=spellcheck
                maxlength=maxlength
                placeholder=placeholder
                aria-describedby=described_by
                required=required
                autofocus=autofocus
                disabled=disabled
                prop:value=value
                on:input=move |ev| {
                    let target = ev.target();
                    let now = target.and_then(|t| js_sys::Reflect::get(&t, &"value".into()).ok());
                    if let Some(now) = now.and_then(|v| v.as_string()) {
                        value.set(now);
                    }
                    if let Some(hook) = &on_input {
                        hook();
                    }
                }
                on:blur=move |_| {
                    if let Some(hook) = &on_blur {
                        hook();
                    }
                }
            />
        };
        let control = match lines {
            Some(rows) => view! { <textarea {..common} rows=rows></textarea> }.into_any(),
            None => view! { <input {..common} type=kind /> }.into_any(),
        };
        view! {
            <label for=id class=label_class>
                {label}
            </label>
            {control}
        }
        .into_any()
    }
}
