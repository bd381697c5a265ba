use leptos::prelude::*;
use leptos_router::components::A;

/// `Clusters / acme-prod`: each crumb but the last links back up.
#[component]
pub fn Breadcrumbs(crumbs: Vec<(String, Option<String>)>) -> impl IntoView {
    let last = crumbs.len().saturating_sub(1);
    view! {
        <nav class="breadcrumbs" aria-label="Breadcrumb">
            {crumbs
                .into_iter()
                .enumerate()
                .map(|(i, (label, href))| {
                    let sep = (i > 0).then(|| view! { <span class="sep" aria-hidden="true">"/"</span> });
                    let crumb = match href.filter(|_| i < last) {
                        Some(href) => view! { <A href=href>{label}</A> }.into_any(),
                        None => view! { <span aria-current="page">{label}</span> }.into_any(),
                    };
                    view! { {sep} {crumb} }
                })
                .collect_view()}
        </nav>
    }
}
