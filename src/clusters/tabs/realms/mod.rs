//! `/clusters/:id/realms`, the cluster's Realms: usage against the tier's cap, the reason
//! when no realm can be added, Add realm, Import realm, and the list with its search and
//! state filter kept in the URL. Pending realms turn Active in the list by themselves.

mod add;
mod checks;
mod import;

use cluster_api::realms::realm_cap;
use cluster_api::{Deployment, DeploymentState, catalogue, ops};
use leptos::prelude::*;

use crate::api::{self, ApiError};
use crate::clusters::ClusterCtx;
use crate::directory::Directory;
use crate::i18n::k::cluster_realms as w;
use crate::i18n::t;
use crate::kit::Writable;
use crate::kit::filter::{FilterBar, FilterSpec, use_url_filter};
use crate::kit::table::{ResourceTable, empty_note};
use crate::links::{self, ClusterTab};
use crate::realms::rows::{RowCtx, TAB_COLUMNS, realm_row};
use crate::realms::{describe, realm_watch};
use crate::view_read::{Load, load};

const FILTER: FilterSpec = FilterSpec {
    name_param: "name",
    choice_param: "state",
    name_id: "filter-realm-name",
    choice_id: "filter-realm-state",
    clear_id: "clear-realm-filters",
    name_label: w::FILTER_NAME,
    placeholder: w::FILTER_PLACEHOLDER,
    choice_label: w::FILTER_STATE,
    any_label: w::FILTER_ANY_STATE,
};

/// What the forms of the tab share.
#[derive(Clone, Copy)]
pub struct RealmsCtx {
    pub cluster: ClusterCtx,
    pub list: Load<Result<Vec<Deployment>, ApiError>>,
}

#[component]
pub fn ClusterRealms() -> impl IntoView {
    let cluster_ctx = expect_context::<ClusterCtx>();
    let (cluster, api, cluster_id) = (cluster_ctx.cluster, cluster_ctx.api, cluster_ctx.id);
    let directory = expect_context::<Directory>();
    let watch = crate::poll::app_wide(realm_watch);
    let list = load(move || {
        let op = ops::ClusterDeploymentList { id: cluster_id.get_value(), search: None };
        let op_cluster = op.id.clone();
        async move {
            let answer = api::call(api, &op).await;
            if let Ok(realms) = &answer {
                crate::palette::known::realms_read(&op_cluster, realms);
            }
            answer
        }
    });
    provide_context(RealmsCtx { cluster: cluster_ctx, list });

    let count = move || list.with(|l| l.as_ref().and_then(|r| r.as_ref().ok()).map(Vec::len));
    let cap = move || cluster.with(|c| realm_cap(&c.tier, &c.resource_limits));
    // A caller who may not add realms gets the kit's one read-only line in place of the
    // forms; for others, the cluster's state and the cap may stop an add for now.
    let refused = Signal::derive(move || cluster_ctx.denied(&catalogue::CLUSTER_DEPLOYMENT_CREATE));
    let blocked = Memo::new(move |_| {
        let (name, status, tier) = cluster.with(|c| (c.name.clone(), c.status.clone(), c.tier.to_string()));
        checks::intake_problem(&name, &status, &tier, count()?, cap())
    });

    // The forms stay mounted while the list reloads after an add (they hold its outcome).
    let forms = Memo::new(move |_| (blocked.get(), count().is_some()));

    let spec = &FILTER;
    let filter = use_url_filter(spec);
    let base = links::cluster_tab(&cluster_id.get_value(), ClusterTab::Realms);
    let options = [
        DeploymentState::Active,
        DeploymentState::Pending,
        DeploymentState::Failed,
        DeploymentState::Disabled,
    ]
    .iter()
    .map(|s| (s.as_str().to_string(), describe(s).0.to_string()))
    .collect();
    let listed_at = list.answered_at();
    let rows = list
        .table(t(w::LOADING), move |all| {
            let f = filter.get();
            let ctx = RowCtx { api, directory, watch, listed_at: listed_at.get_untracked() };
            all.iter()
                .filter(|d| f.matches(&d.name, d.state.as_str()))
                .map(|d| realm_row(ctx, d, None))
                .collect()
        })
        .updated(listed_at);
    let empty = ViewFn::from(move || {
        let none = count() == Some(0);
        let text = if none { t(w::EMPTY) } else { t(w::NO_MATCHES) };
        empty_note(text, Some(if none { "no-realms" } else { "no-realm-matches" }))
    });

    view! {
        <section class="card" id="realms">
            <div class="section-head">
                // Takes the focus after an add when the new realm's row is not shown.
                <h2 id="realms-heading" tabindex="-1">
                    {t(w::HEADING)}
                </h2>
                <span class="usage-line">
                    {move || {
                        count()
                            .map(|n| {
                                let full = cap().is_some_and(|c| n >= c);
                                view! {
                                    <span
                                        class=if full { "chip usage full" } else { "chip usage" }
                                        id="realm-usage"
                                    >
                                        {checks::usage(n, cap())}
                                    </span>
                                }
                            })
                    }}
                </span>
            </div>
            <p class="hint">{t(w::INTRO)}</p>
            <Writable refused=refused id="realms-blocked">
                {move || match forms.get() {
                    (Some(why), _) => {
                        view! {
                            <p class="hint reason" id="realms-blocked">
                                {why}
                            </p>
                        }
                            .into_any()
                    }
                    (None, true) => {
                        view! {
                            <add::AddRealm />
                            <import::ImportRealm />
                        }
                            .into_any()
                    }
                    (None, false) => ().into_any(),
                }}
            </Writable>
        </section>
        <FilterBar spec=spec base=base filter=filter options=options />
        <ResourceTable columns=TAB_COLUMNS rows=rows class="realms" label=t(w::HEADING) empty=empty />
    }
}
