//! Page chrome: the head every route starts with, after its breadcrumbs. The head is the
//! page's only `h1`; it sets the tab's title and takes the focus when the page is
//! navigated to, so a screen reader announces where the person landed. The trail comes
//! from the route table for the route shown; a screen only names what its IDs are
//! ([`name_crumb`]).

use std::cell::RefCell;

use leptos::html;
use leptos::prelude::*;

use crate::i18n::{Msg, k, t};
use crate::routes::Match;

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

/// What the screen shown named for its trail: (an ID's name, its value or empty for the
/// address's, the name). Provided by the first [`name_crumb`] of a screen, read by its
/// [`PageHead`].
#[derive(Clone, Copy)]
struct Names(RwSignal<Vec<(&'static str, String, Signal<String>)>>);

/// Names what the ID `id` of the address is (a cluster's name for `id`), for the trail:
/// the crumb reads `name` in place of the ID. Called before the view holding the page's
/// [`PageHead`].
pub fn name_crumb(id: &'static str, name: Signal<String>) {
    name_crumb_at(id, String::new(), name);
}

/// As [`name_crumb`], for an ID the address does not hold (the cluster a realm is on):
/// its `value` too, for the crumb's link.
pub fn name_crumb_at(id: &'static str, value: String, name: Signal<String>) {
    let mut named = Some((id, value, name));
    // A context outlives a view redrawn under the same owner while its signal does not: a
    // store already disposed is replaced. A redrawn screen names its ID again: its new name
    // takes the old one's place, so the list does not grow with each redraw.
    let kept = use_context::<Names>().and_then(|names| {
        names.0.try_update(|n| {
            n.retain(|(named_id, ..)| *named_id != id);
            n.extend(named.take());
        })
    });
    if kept.is_none() {
        provide_context(Names(RwSignal::new(named.into_iter().collect())));
    }
}

/// `Clusters / acme-prod`: the trail of the route shown, from the table
/// ([`Match::crumbs`]); each crumb but the last links back up. Plain links (the router
/// still handles them): the one `aria-current="page"` belongs to the navigation.
fn trail() -> AnyView {
    let Some(here) = use_context::<Memo<Match>>() else { return ().into_any() };
    let names = use_context::<Names>();
    let crumbs = Memo::new(move |_| {
        // A name whose screen is gone is left out (`try_get`).
        let given: Vec<(&str, String, String)> = names
            .and_then(|n| {
                n.0.try_with(|n| {
                    n.iter()
                        .filter_map(|(id, value, name)| Some((*id, value.clone(), name.try_get()?)))
                        .collect()
                })
            })
            .unwrap_or_default();
        let given: Vec<(&str, &str, &str)> =
            given.iter().map(|(i, v, n)| (*i, v.as_str(), n.as_str())).collect();
        here.with(|m| m.crumbs(&given))
    });
    (move || {
        let crumbs = crumbs.get();
        (!crumbs.is_empty()).then(|| {
            view! {
                <nav class="breadcrumbs" aria-label=t(k::kit::BREADCRUMB)>
                    {crumbs
                        .into_iter()
                        .enumerate()
                        .map(|(i, (label, href))| {
                            let sep = (i > 0)
                                .then(|| {
                                    view! {
                                        <span class="sep" aria-hidden="true">
                                            "/"
                                        </span>
                                    }
                                });
                            let crumb = match href {
                                Some(href) => view! { <a href=href>{label}</a> }.into_any(),
                                None => view! { <span class="here">{label}</span> }.into_any(),
                            };
                            view! {
                                {sep}
                                {crumb}
                            }
                        })
                        .collect_view()}
                </nav>
            }
        })
    })
    .into_any()
}

/// The page's `h1` (`heading`), with whatever stands beside it (`children`: a badge, the
/// page's main button), after the breadcrumb trail of the route shown. Sets the tab's title
/// (`title`, or the heading followed by the app's name) and moves the focus to the heading
/// when it appears.
#[component]
pub fn PageHead(
    #[prop(into)] heading: Signal<String>,
    /// The whole tab title, made with [`title`]; by default `<heading> · Cluster console`.
    #[prop(optional, into)]
    title: Option<Signal<String>>,
    /// No trail: a page that is not the route's own (staff's pages explained to a customer).
    #[prop(optional)]
    no_trail: bool,
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
        {(!no_trail).then(trail)}
        <div class="page-head">
            <h1 tabindex="-1" node_ref=h1>
                {move || heading.get()}
            </h1>
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
