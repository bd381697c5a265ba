//! `?domain=<id>`: one domain on its own, read with `cluster.domain.detail`, with the DNS
//! records still to create. A link to hand to whoever manages the DNS.

use crate::kit::copy::CopyButton;
use cluster_api::ops;
use leptos::prelude::*;

use super::card::record_rows;
use super::page::DomainsCtx;
use crate::api;
use crate::i18n::k::domains as w;
use crate::i18n::{t, tf};
use crate::kit::Loaded;
use crate::kit::table::{ResourceTable, TableRead};
use crate::links::{self, ClusterTab};
use crate::view_read::load;

#[component]
pub fn DomainFocus(domain_id: String) -> impl IntoView {
    let ctx = expect_context::<DomainsCtx>();
    let api = ctx.cluster.api;
    let op = ops::ClusterDomainDetail { id: ctx.cluster.id.get_value(), domain_id };
    let detail = load(move || {
        let op = op.clone();
        async move { api::call(api, &op).await }
    });
    let all = links::cluster_tab(&ctx.cluster.id.get_value(), ClusterTab::Domains);
    let body = Loaded::new(t(w::LOADING_DOMAIN), detail).ready(move |domain| {
        let records = domain.domain_records.clone().unwrap_or_default();
        let host = domain.domain.clone();
        if records.is_empty() {
            return view! {
                <h3 class="mono">{host.clone()}</h3>
                <CopyButton text=host.clone() what=t(w::COPY_HOST) />
                <p>{tf(w::VALIDATED, &[("host", &host)])}</p>
            }
            .into_any();
        }
        let rows = StoredValue::new(records);
        view! {
            <h3 class="mono">{host.clone()}</h3>
            <CopyButton text=host.clone() what=t(w::COPY_HOST) />
            <p>{tf(w::FOCUS_HINT, &[("host", &host)])}</p>
            <ResourceTable
                columns=super::card::RECORD_COLUMNS
                class="records"
                label=t(w::RECORDS_LABEL)
                rows=TableRead::new(
                    t(w::RECORDS_LOADING),
                    move || Some(Ok(record_rows(rows.get_value()))),
                    move || detail.refetch(),
                )
                empty=ViewFn::from(|| ())
            />
        }
        .into_any()
    });
    view! {
        <section class="card" id="domain-focus">
            <h2>{t(w::FOCUS_HEADING)}</h2>
            {body}
            <p>
                <a href=all>{t(w::SHOW_ALL)}</a>
            </p>
        </section>
    }
}
