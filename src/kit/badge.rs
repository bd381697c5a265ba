//! State badges: words in a [`Tone`], with a spinner while the state is still changing.
//! The one renderer of `span.badge` for the table's badge cells, the live status badges
//! and the badges screens show outside tables.

use leptos::attr::custom::custom_attribute;
use leptos::prelude::*;

pub use crate::tone::{Tone, toned};

/// One badge, described then drawn with [`Badge::view`].
pub struct Badge {
    label: String,
    tone: Tone,
    spinner: bool,
    class: Option<&'static str>,
    id: Option<&'static str>,
    /// The state's code, as a data attribute tests and scripts find badges by.
    code: Option<(&'static str, String)>,
    /// Whether the code is the tooltip too (for support tickets and the API docs).
    titled: bool,
}

impl Badge {
    pub fn new(label: impl Into<String>, tone: Tone) -> Badge {
        Badge { label: label.into(), tone, spinner: false, class: None, id: None, code: None, titled: false }
    }

    /// A spinner before the words, for a state still changing by itself.
    pub fn spinner(mut self, spinner: bool) -> Badge {
        self.spinner = spinner;
        self
    }

    /// A class besides `badge badge-<tone>` that pages and tests find the badge by.
    pub fn class(mut self, class: &'static str) -> Badge {
        self.class = Some(class);
        self
    }

    /// `id` names the badge when a page needs to find it (the header's restart badge).
    pub fn id(mut self, id: &'static str) -> Badge {
        self.id = Some(id);
        self
    }

    /// The state's code as `attribute` (e.g. `data-status`) and as the tooltip.
    pub fn code(self, attribute: &'static str, code: impl Into<String>) -> Badge {
        Badge { titled: true, ..self.data(attribute, code) }
    }

    /// The state's code as `attribute` only (the words say enough).
    pub fn data(mut self, attribute: &'static str, code: impl Into<String>) -> Badge {
        self.code = Some((attribute, code.into()));
        self
    }

    pub fn view(self) -> AnyView {
        let Badge { label, tone, spinner, class, id, code, titled } = self;
        let class = match class {
            Some(extra) => format!("badge badge-{} {extra}", tone.name()),
            None => format!("badge badge-{}", tone.name()),
        };
        let title = code.as_ref().filter(|_| titled).map(|(_, code)| code.clone());
        let spinner = spinner.then(|| view! { <span class="spinner" aria-hidden="true"></span> });
        let badge = view! {
            <span class=class id=id title=title>
                {spinner}
                {label}
            </span>
        };
        match code {
            Some((attribute, code)) => badge.add_any_attr(custom_attribute(attribute, code)).into_any(),
            None => badge.into_any(),
        }
    }
}

/// The badge every restart shows while it lasts.
pub fn restart_in_progress() -> AnyView {
    Badge::new(crate::i18n::t(crate::i18n::k::kit::RESTART_IN_PROGRESS), Tone::Busy).spinner(true).view()
}
