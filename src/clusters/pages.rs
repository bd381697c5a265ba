//! The clusters list's organization filter and pages (`?org=…&page=…`, beside the name and
//! status filter): support staff see hundreds of clusters from every organization.

use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_location, use_navigate};

use crate::directory::Directory;

/// Clusters per page.
pub const PAGE: usize = 50;

/// (pages, the index range of page `page`), clamped to what exists.
pub fn range(count: usize, page: usize) -> (usize, std::ops::Range<usize>) {
    let pages = count.div_ceil(PAGE).max(1);
    let start = (page.clamp(1, pages) - 1) * PAGE;
    (pages, start..(start + PAGE).min(count))
}

/// The current list URL with `name` set to `value` (removed when empty) and the page reset
/// unless it is the page itself that changes.
fn with_param(search: &str, name: &str, value: &str) -> String {
    let mut pairs: Vec<(String, String)> = search
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .filter_map(|p| p.split_once('=').map(|(k, v)| (k.to_string(), v.to_string())))
        .filter(|(k, _)| k != name && (name == "page" || k != "page"))
        .collect();
    if !value.is_empty() {
        pairs.push((name.to_string(), String::from(js_sys::encode_uri_component(value))));
    }
    let query = pairs.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&");
    if query.is_empty() {
        crate::links::CLUSTERS.to_string()
    } else {
        format!("{}?{query}", crate::links::CLUSTERS)
    }
}

#[component]
pub fn OrgFilter(org: Memo<Option<String>>) -> impl IntoView {
    let directory = expect_context::<Directory>();
    let location = use_location();
    let navigate = use_navigate();
    move || {
        let orgs =
            directory.orgs.with(|o| o.as_ref().and_then(|r| r.as_ref().ok()).cloned()).unwrap_or_default();
        let navigate = navigate.clone();
        (orgs.len() > 1).then(|| view! {
            <div class="filters">
                <label>"Organization "
                    <select id="filter-org" on:change:target=move |ev| {
                        let href = location.search.with_untracked(|s| with_param(s, "org", &ev.target().value()));
                        navigate(&href, NavigateOptions { replace: true, scroll: false, ..Default::default() });
                    }>
                        <option value="" selected=move || org.get().is_none()>"Any organization"</option>
                        {orgs.into_iter().map(|o| {
                            let id = o.id.clone();
                            let label = o.display_name.clone().unwrap_or(o.name.clone());
                            view! { <option value=o.id selected=move || org.get().as_deref() == Some(id.as_str())>{label}</option> }
                        }).collect_view()}
                    </select>
                </label>
            </div>
        })
    }
}

#[component]
pub fn Pager(range: Memo<(usize, std::ops::Range<usize>)>) -> impl IntoView {
    let location = use_location();
    move || {
        let (pages, r) = range.get();
        let current = r.start / PAGE + 1;
        let href = move |to: usize| {
            location
                .search
                .with(|s| with_param(s, "page", &if to > 1 { to.to_string() } else { String::new() }))
        };
        (pages > 1).then(|| view! {
            <nav class="pager" aria-label="Pages">
                {(current > 1).then(|| view! { <a class="button" id="clusters-prev" href=href(current - 1)>"Previous"</a> })}
                <span>{format!("Page {current} of {pages}")}</span>
                {(current < pages).then(|| view! { <a class="button" id="clusters-next" href=href(current + 1)>"Next"</a> })}
            </nav>
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pages_are_clamped() {
        assert_eq!(range(0, 1), (1, 0..0));
        assert_eq!(range(120, 2), (3, 50..100));
        assert_eq!(range(120, 7), (3, 100..120));
    }
}
