//! The clusters list's organization filter (`?org=…`, beside the name and status filter):
//! support staff see clusters from every organization.

use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_location, use_navigate};

use crate::directory::Directory;
use crate::i18n::k::clusters_list as w;
use crate::i18n::t;
use crate::kit::pager::with_param;
use crate::links;

#[component]
pub fn OrgFilter(org: Memo<Option<String>>) -> impl IntoView {
    let directory = expect_context::<Directory>();
    let location = use_location();
    let navigate = use_navigate();
    move || {
        let orgs =
            directory.orgs.with(|o| o.as_ref().and_then(|r| r.as_ref().ok()).cloned()).unwrap_or_default();
        let navigate = navigate.clone();
        (orgs.len() > 1).then(|| {
            view! {
                <div class="filters">
                    <label>
                        {t(w::ORG_FILTER)}" "
                        <select
                            id="filter-org"
                            on:change:target=move |ev| {
                                let href = location
                                    .search
                                    .with_untracked(|s| with_param(
                                        links::CLUSTERS,
                                        s,
                                        "org",
                                        &ev.target().value(),
                                    ));
                                navigate(
                                    &href,
                                    NavigateOptions {
                                        replace: true,
                                        scroll: false,
                                        ..Default::default()
                                    },
                                );
                            }
                        >
                            <option value="" selected=move || org.get().is_none()>
                                {t(w::ANY_ORG)}
                            </option>
                            {orgs
                                .into_iter()
                                .map(|o| {
                                    let id = o.id.clone();
                                    let label = o.display_name.clone().unwrap_or(o.name.clone());
                                    view! {
                                        <option
                                            value=o.id
                                            selected=move || org.get().as_deref() == Some(id.as_str())
                                        >
                                            {label}
                                        </option>
                                    }
                                })
                                .collect_view()}
                        </select>
                    </label>
                </div>
            }
        })
    }
}
