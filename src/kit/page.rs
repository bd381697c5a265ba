//! Page chrome: the breadcrumbs, and the head every route starts with. The head is the
//! page's only `h1`; it sets the tab's title and takes the focus when the page is
//! navigated to, so a screen reader announces where the person landed.

use std::cell::RefCell;

use leptos::html;
use leptos::prelude::*;

use crate::i18n::{Msg, k, t};

/// The last part of every tab title.
pub const APP: Msg = k::kit::APP;

/// `acme-prod · Clusters · Cluster console` from `["acme-prod", "Clusters"]`; blank parts
/// are left out.
pub fn title(parts: &[&str]) -> String {
    parts.iter().map(|p| p.trim()).filter(|p| !p.is_empty()).chain([t(APP)]).collect::<Vec<_>>().join(" · ")
}

thread_local! {
    /// What stands before every title for now (the activity center's "(1) " while the
    /// person is away); the routes never see it, so they keep setting theirs.
    static PREFIX: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Sets the tab's title now.
pub fn set_title(text: &str) {
    if let Some(document) = web_sys::window().and_then(|w| w.document()) {
        document.set_title(&PREFIX.with_borrow(|prefix| format!("{prefix}{text}")));
    }
}

/// Puts `prefix` before the tab's title, now and for every title set later ("" removes it).
pub fn set_title_prefix(prefix: &str) {
    let old = PREFIX.replace(prefix.to_string());
    if let Some(document) = web_sys::window().and_then(|w| w.document()) {
        document.set_title(&retitled(&document.title(), &old, prefix));
    }
}

/// `current` with its prefix `old` replaced by `new`.
fn retitled(current: &str, old: &str, new: &str) -> String {
    format!("{new}{}", current.strip_prefix(old).unwrap_or(current))
}

/// Keeps `document.title` at `text` (tracked) for as long as the calling view lives.
pub fn use_title(text: Signal<String>) {
    Effect::new(move |_| text.with(|t| set_title(t)));
}

/// `Clusters / acme-prod`: each crumb but the last links back up. Plain links (the router
/// still handles them): the one `aria-current="page"` belongs to the navigation.
#[component]
pub fn Breadcrumbs(crumbs: Vec<(String, Option<String>)>) -> impl IntoView {
    let last = crumbs.len().saturating_sub(1);
    view! {
        <nav class="breadcrumbs" aria-label=t(k::kit::BREADCRUMB)>
            {crumbs
                .into_iter()
                .enumerate()
                .map(|(i, (label, href))| {
                    let sep = (i > 0).then(|| view! { <span class="sep" aria-hidden="true">"/"</span> });
                    let crumb = match href.filter(|_| i < last) {
                        Some(href) => view! { <a href=href>{label}</a> }.into_any(),
                        None => view! { <span class="here">{label}</span> }.into_any(),
                    };
                    view! { {sep} {crumb} }
                })
                .collect_view()}
        </nav>
    }
}

/// The page's `h1` (`heading`), with whatever stands beside it (`children`: a badge, the
/// page's main button). Sets the tab's title (`title`, or the heading followed by the
/// app's name) and moves the focus to the heading when it appears.
#[component]
pub fn PageHead(
    #[prop(into)] heading: Signal<String>,
    /// The whole tab title, made with [`title`]; by default `<heading> · Cluster console`.
    #[prop(optional, into)]
    title: Option<Signal<String>>,
    #[prop(optional)] children: Option<Children>,
) -> impl IntoView {
    let tab_title = title.unwrap_or_else(|| Signal::derive(move || self::title(&[&heading.get()])));
    use_title(tab_title);
    let h1 = NodeRef::<html::H1>::new();
    // Once, when mounted: after a navigation the new page's heading takes the focus.
    Effect::new(move |_| {
        if let Some(h1) = h1.get() {
            let _ = h1.focus();
        }
    });
    view! {
        <div class="page-head">
            <h1 tabindex="-1" node_ref=h1>{move || heading.get()}</h1>
            {children.map(|c| c())}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_read_from_the_page_outwards() {
        assert_eq!(title(&["acme-prod", "Clusters"]), "acme-prod · Clusters · Cluster console");
        assert_eq!(title(&["Billing"]), "Billing · Cluster console");
        assert_eq!(
            title(&["Billing", " ", "acme-prod", "Clusters"]),
            "Billing · acme-prod · Clusters · Cluster console"
        );
        assert_eq!(title(&[]), "Cluster console");
    }

    #[test]
    fn a_prefix_is_replaced_not_stacked() {
        assert_eq!(retitled("Clusters · Cluster console", "", "(1) "), "(1) Clusters · Cluster console");
        assert_eq!(
            retitled("(1) Clusters · Cluster console", "(1) ", "(2) "),
            "(2) Clusters · Cluster console"
        );
        assert_eq!(retitled("(2) Billing · Cluster console", "(2) ", ""), "Billing · Cluster console");
    }
}
