//! Adding a resource: a name and a type. Types the cluster's tier does not allow (or
//! whose cap is used up) are shown disabled, with the reason.

use cluster_api::{Cluster, Extension, ExtensionRequest, ResourceType, ops};
use leptos::prelude::*;

use super::ExtCtx;
use super::caps::{refusal, type_label};
use super::checks::name_problem;
use crate::api::{self, ApiError};
use crate::i18n::k::resources as w;
use crate::i18n::{t, tf};
use crate::kit::Write;
use crate::kit::code::CodePanel;
use crate::poll::PollKey;

/// Each type with the reason it cannot be added now (`None`: it can).
pub fn choices(cluster: &Cluster, existing: &[Extension]) -> Vec<(ResourceType, Option<String>)> {
    ResourceType::KNOWN
        .iter()
        .map(|t| (t.clone(), refusal(&cluster.tier, &cluster.resource_limits, existing, t)))
        .collect()
}

#[component]
pub fn AddResource(#[prop(into)] cluster: Signal<Cluster>) -> impl IntoView {
    let ctx = expect_context::<ExtCtx>();
    let api = ctx.cluster.api;
    let name = RwSignal::new(String::new());
    let picked = RwSignal::new(None::<ResourceType>);
    let adding = Write::new(t(w::ADDING));
    let (error, busy) = (adding.error, adding.busy);
    let added = RwSignal::new(None::<String>);
    let options = move || {
        let existing =
            ctx.list.with(|l| l.as_ref().and_then(|r| r.as_ref().ok()).cloned()).unwrap_or_default();
        cluster.with(|c| choices(c, &existing))
    };
    // The chosen type, or the first one allowed.
    let chosen = move || {
        let all = options();
        let allowed = |t: &ResourceType| all.iter().any(|(o, why)| o == t && why.is_none());
        picked
            .get()
            .filter(allowed)
            .or_else(|| all.iter().find(|(_, why)| why.is_none()).map(|(t, _)| t.clone()))
    };
    let (code, hcl) = super::code::add(ctx, name, Signal::derive(chosen));
    let problem = move || name.with(|n| (!n.is_empty()).then(|| name_problem(n)).flatten());
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        error.set(None);
        added.set(None);
        let Some(resource_type) = untrack(chosen) else { return };
        let typed = name.get_untracked().trim().to_string();
        if let Some(why) = name_problem(&typed) {
            return error.set(Some(ApiError::BadRequest(why)));
        }
        let op = ops::ClusterExtensionCreate {
            id: ctx.cluster.id.get_value(),
            body: ExtensionRequest { name: typed.clone(), resource_type },
        };
        adding.run(async move { api::call(api, &op).await }, move |_| {
            added.try_set(Some(typed));
            name.try_set(String::new());
            ctx.list.refetch();
        });
    };

    view! {
        <form class="inline-form add-resource" on:submit=submit>
            <label>
                {t(w::ADD_NAME)}
                <input
                    id="resource-name"
                    autocomplete="off"
                    maxlength="63"
                    placeholder=t(w::ADD_NAME_PLACEHOLDER)
                    prop:value=name
                    on:input:target=move |ev| name.set(ev.target().value())
                />
            </label>
            <label>
                {t(w::ADD_TYPE)}
                <select
                    id="resource-type"
                    on:change:target=move |ev| picked.set(Some(ResourceType::from_wire(&ev.target().value())))
                >
                    {move || {
                        options()
                            .into_iter()
                            .map(|(t, why)| {
                                let selected = chosen().as_ref() == Some(&t);
                                let label = if why.is_some() {
                                    tf(w::TYPE_UNAVAILABLE, &[("type", &type_label(&t))])
                                } else {
                                    type_label(&t)
                                };
                                view! {
                                    <option
                                        value=t.as_str().to_string()
                                        disabled=why.is_some()
                                        selected=selected
                                        title=why.unwrap_or_default()
                                    >
                                        {label}
                                    </option>
                                }
                            })
                            .collect_view()
                    }}
                </select>
            </label>
            <button
                type="submit"
                class="button primary"
                id="add-resource"
                disabled=move || busy.get() || chosen().is_none() || name.with(|n| name_problem(n).is_some())
            >
                {t(w::ADD_SUBMIT)}
            </button>
        </form>
        {move || problem().map(|p| view! { <p class="hint reason">{p}</p> })}
        <ul class="hint type-limits" id="type-limits">
            {move || {
                options()
                    .into_iter()
                    .filter_map(|(t, why)| {
                        why.map(|why| {
                            view! {
                                <li data-type=t
                                    .as_str()
                                    .to_string()>
                                    {tf(w::TYPE_LIMIT, &[("type", &type_label(&t)), ("why", &why)])}
                                </li>
                            }
                        })
                    })
                    .collect_view()
            }}
        </ul>
        {move || added.get().map(|name| view! { <AddedBanner name=name /> })}
        {adding.failure()}
        <CodePanel curl=code hcl=hcl />
    }
}

/// "ux-theme was added. Upload its file below.", for as long as that is still the thing to
/// do: it goes once the resource has a version (its upload is done).
#[component]
fn AddedBanner(name: String) -> impl IntoView {
    let ctx = expect_context::<ExtCtx>();
    let text = tf(w::ADDED, &[("name", &name)]);
    let id = Memo::new(move |_| {
        ctx.list.with(|l| {
            l.as_ref()
                .and_then(|r| r.as_ref().ok())
                .and_then(|all| all.iter().find(|e| e.name == name).map(|e| e.id.clone()))
        })
    });
    move || match id.get() {
        None => view! {
            <p class="flash" id="resource-added" role="status">
                {text.clone()}
            </p>
        }
        .into_any(),
        Some(id) => view! { <UploadPending id=id text=text.clone() /> }.into_any(),
    }
}

#[component]
fn UploadPending(id: String, text: String) -> impl IntoView {
    let ctx = expect_context::<ExtCtx>();
    let feed = ctx.watch.watch(PollKey::item(ctx.cluster.id.get_value(), id), None);
    let uploaded =
        move || feed.with(|f| f.value.as_ref().is_some_and(|e| e.versions.iter().flatten().next().is_some()));
    move || {
        (!uploaded()).then(|| {
            view! {
                <p class="flash" id="resource-added" role="status">
                    {text.clone()}
                </p>
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use cluster_api::Tier;

    #[test]
    fn starter_offers_only_a_theme() {
        let starter = Cluster { tier: Tier::Starter, ..Cluster::default() };
        let all = choices(&starter, &[]);
        let allowed: Vec<&ResourceType> =
            all.iter().filter(|(_, why)| why.is_none()).map(|(t, _)| t).collect();
        assert_eq!(allowed, vec![&ResourceType::Theme, &ResourceType::WellKnown]);
        let theme = Extension { resource_type: ResourceType::Theme, ..Extension::default() };
        let after = choices(&starter, &[theme]);
        assert!(after.iter().find(|(t, _)| *t == ResourceType::Theme).is_some_and(|(_, why)| why.is_some()));
    }
}
