//! `/clusters/:id/access/:rule`: one IP rule, read from `cluster.ipRule.detail`, so a
//! rule can be linked to.

use crate::kit::copy::CopyButton;
use cluster_api::{EndpointType, ops};
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;

use crate::api;
use crate::clusters::ClusterCtx;
use crate::format;
use crate::kit::Loaded;
use crate::links::{self, ClusterTab};
use crate::load::load;

/// What a rule does, in words.
pub fn effect(endpoint: &EndpointType, allow: bool) -> &'static str {
    match (endpoint, allow) {
        (EndpointType::Admin, true) => "Admin paths (allow): the admin console answers this address.",
        (EndpointType::Admin, false) => "Admin paths (block): the admin console refuses this address.",
        (_, true) => "Public allowed paths: the realm endpoints answer this address.",
        (_, false) => "Public blocked paths: the realm endpoints refuse this address.",
    }
}

#[component]
pub fn ClusterIpRule() -> impl IntoView {
    let ctx = expect_context::<ClusterCtx>();
    let api = ctx.api;
    let params = use_params_map();
    let rule_id = Memo::new(move |_| params.read().get("rule").unwrap_or_default());
    let rule = load(move || {
        let op = ops::ClusterIpRuleDetail { id: ctx.id(), ip_rule_id: rule_id.get() };
        async move { api::call(api, &op).await }
    });
    let back = links::cluster_tab(&ctx.id(), ClusterTab::Access);
    view! {
        <section class="card" id="ip-rule-detail">
            <p><a href=back id="back-to-access">"← All IP rules"</a></p>
            {Loaded::new("Loading the IP rule", rule).ready(|r| view! {
                    <h2 id="ip-rule-address">{r.address.clone()}</h2>
                    <p class="hint" id="ip-rule-effect">{effect(&r.endpoint_type, r.allow_deny)}</p>
                    <dl class="fields">
                        <dt>"Alias"</dt><dd id="ip-rule-alias">{if r.alias.is_empty() { "—".to_string() } else { r.alias.clone() }}</dd>
                        <dt>"Endpoint type"</dt><dd id="ip-rule-endpoint">{r.endpoint_type.as_str().to_string()}</dd>
                        <dt>"Action"</dt><dd id="ip-rule-action">{if r.allow_deny { "Allow" } else { "Block" }}</dd>
                        <dt>"Evaluation order"</dt><dd>{r.evaluation_order.map_or("—".to_string(), |n| (n + 1).to_string())}</dd>
                        <dt>"Created"</dt><dd>{r.created_at.map_or("—".to_string(), format::utc)}</dd>
                        <dt>"Rule ID"</dt><dd class="mono" id="ip-rule-id">{r.id.clone()}" "<CopyButton text=r.id.clone() what="rule ID"/></dd>
                    </dl>
                }.into_any())}
        </section>
    }
}
