//! `/clusters/:id/access/:rule`: one IP rule, read from `cluster.ipRule.detail`, so a
//! rule can be linked to.

use crate::kit::copy::CopyButton;
use cluster_api::{EndpointType, ops};
use leptos::prelude::*;

use crate::api;
use crate::clusters::ClusterCtx;
use crate::format;
use crate::i18n::k::access as w;
use crate::i18n::t;
use crate::kit::Loaded;
use crate::links::{self, ClusterTab};
use crate::view_read::load;

/// What a rule does, in words.
pub fn effect(endpoint: &EndpointType, allow: bool) -> &'static str {
    match (endpoint, allow) {
        (EndpointType::Admin, true) => t(w::EFFECT_ADMIN_ALLOW),
        (EndpointType::Admin, false) => t(w::EFFECT_ADMIN_BLOCK),
        (_, true) => t(w::EFFECT_PUBLIC_ALLOW),
        (_, false) => t(w::EFFECT_PUBLIC_BLOCK),
    }
}

#[component]
pub fn ClusterIpRule() -> impl IntoView {
    let ctx = expect_context::<ClusterCtx>();
    let api = ctx.api;
    let rule_id = crate::kit::use_id("rule");
    let rule = load(move || {
        let op = ops::ClusterIpRuleDetail { id: ctx.id(), ip_rule_id: rule_id.get() };
        async move { api::call(api, &op).await }
    });
    let back = links::cluster_tab(&ctx.id(), ClusterTab::Access);
    view! {
        <section class="card" id="ip-rule-detail">
            <p>
                <a href=back id="back-to-access">
                    {t(w::BACK)}
                </a>
            </p>
            {Loaded::new(t(w::LOADING_RULE), rule)
                .ready(|r| {
                    view! {
                        <h2 id="ip-rule-address">{r.address.clone()}</h2>
                        <p class="hint" id="ip-rule-effect">
                            {effect(&r.endpoint_type, r.allow_deny)}
                        </p>
                        <dl class="fields">
                            <dt>{t(w::ALIAS)}</dt>
                            <dd id="ip-rule-alias">
                                {if r.alias.is_empty() { "—".to_string() } else { r.alias.clone() }}
                            </dd>
                            <dt>{t(w::ENDPOINT_TYPE)}</dt>
                            <dd id="ip-rule-endpoint">{r.endpoint_type.as_str().to_string()}</dd>
                            <dt>{t(w::ACTION)}</dt>
                            <dd id="ip-rule-action">
                                {if r.allow_deny { t(w::ALLOW) } else { t(w::BLOCK) }}
                            </dd>
                            <dt>{t(w::EVALUATION_ORDER)}</dt>
                            <dd>{r.evaluation_order.map_or("—".to_string(), |n| (n + 1).to_string())}</dd>
                            <dt>{t(w::CREATED)}</dt>
                            <dd>{r.created_at.map_or("—".to_string(), format::utc)}</dd>
                            <dt>{t(w::RULE_ID)}</dt>
                            <dd class="mono" id="ip-rule-id">
                                {r.id.clone()}
                                " "
                                <CopyButton text=r.id.clone() what=t(w::COPY_WHAT_RULE_ID) />
                            </dd>
                        </dl>
                    }
                        .into_any()
                })}
        </section>
    }
}
