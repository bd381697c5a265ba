use cluster_api::{catalogue, Operation, Org};
use leptos::prelude::*;

use crate::components::ErrorPanel;
use crate::directory::Directory;
use crate::shell::Breadcrumbs;

/// What the roles allow in this console, so a person can see at a glance what they can do.
const CAPABILITIES: &[(&str, &Operation)] = &[
    ("View clusters", &catalogue::CLUSTER_LIST),
    ("Delete clusters", &catalogue::CLUSTER_DELETE),
];

#[component]
pub fn Organizations() -> impl IntoView {
    let directory = expect_context::<Directory>();
    view! {
        <Breadcrumbs crumbs=vec![("Organizations".into(), None)]/>
        <div class="page-head"><h1>"Organizations"</h1></div>
        <p class="hint">"The organizations this API secret belongs to, and the roles it holds in each."</p>
        {move || match directory.orgs.get() {
            None => view! { <p class="loading">"Loading organizations…"</p> }.into_any(),
            Some(Err(e)) => view! {
                <ErrorPanel action="Loading organizations" error=e retry=Callback::new(move |_| directory.orgs.refetch())/>
            }.into_any(),
            Some(Ok(orgs)) if orgs.is_empty() => view! {
                <div class="empty">
                    <p>"This API secret belongs to no organization, so there is nothing it can see or manage. "
                       "Create a secret from your team's API Credentials tab instead."</p>
                </div>
            }.into_any(),
            Some(Ok(orgs)) => orgs.into_iter().map(|org| view! { <OrgCard org=org/> }).collect_view().into_any(),
        }}
    }
}

#[component]
fn OrgCard(org: Org) -> impl IntoView {
    let directory = expect_context::<Directory>();
    let title = org.display_name.clone().unwrap_or_else(|| org.name.clone());
    let id = org.id.clone();
    let mut roles = org.roles.clone();
    roles.sort();
    view! {
        <section class="card" data-org=org.name.clone()>
            <h2>{title}</h2>
            <dl class="fields">
                <dt>"Name"</dt><dd>{org.name.clone()}</dd>
                <dt>"ID"</dt><dd class="mono">{org.id.clone()}</dd>
                <dt>"Roles"</dt>
                <dd class="roles">
                    {if roles.is_empty() {
                        view! { <span class="hint">"None"</span> }.into_any()
                    } else {
                        roles.into_iter().map(|r| view! { <span class="chip">{r}</span> }).collect_view().into_any()
                    }}
                </dd>
            </dl>
            <h3>"In this console"</h3>
            <ul class="capabilities">
                {CAPABILITIES.iter().map(|(label, op)| {
                    let verdict = directory.permit(&id, op);
                    let (mark, why) = match verdict {
                        Some(Ok(())) => ("✓", String::new()),
                        Some(Err(why)) => ("✗", why),
                        None => ("…", String::new()),
                    };
                    view! { <li><span class="mark">{mark}</span>" "{*label}{(!why.is_empty()).then(|| view! { <div class="sub">{why}</div> })}</li> }
                }).collect_view()}
            </ul>
        </section>
    }
}
