//! One custom domain: its live DNS and certificate status, the records still to create
//! (each name and value with a copy button), Make primary (asked first, in the page's one
//! host-switch dialog), and delete.

use crate::kit::copy::CopyButton;
use cluster_api::{CertificateStatusMapping, CustomerDomain, CustomerDomainValidation, DomainRecord, ops};
use leptos::prelude::*;

use super::page::DomainsCtx;
use super::words::{certificate_label, dns_label, primary_block};
use crate::api;
use crate::i18n::k::domains as w;
use crate::i18n::{t, tf};
use crate::kit::ErrorPanel;
use crate::kit::code::CodePanel;
use crate::kit::table::{Cell, Column, ResourceTable, Row, TableRead};
use crate::kit::{Badge, Confirm, ConfirmDialog, ConfirmStyle, Tone, Work};
use crate::links;
use crate::poll::PollKey;

/// The records table's columns.
pub const RECORD_COLUMNS: &[Column] =
    &[Column::new(w::COL_TYPE), Column::new(w::COL_NAME), Column::new(w::COL_VALUE)];

pub fn record_rows(records: Vec<DomainRecord>) -> Vec<Row> {
    records
        .into_iter()
        .map(|r| {
            Row::new(
                "data-record",
                r.name.clone(),
                vec![
                    Cell::text(r.r#type.as_str()),
                    Cell::copy(r.name, t(w::COPY_RECORD_NAME)),
                    Cell::copy(r.value, t(w::COPY_RECORD_VALUE)),
                ],
            )
        })
        .collect()
}

fn badge((label, tone): (String, Tone), class: &'static str) -> AnyView {
    Badge::new(label, tone).spinner(tone == Tone::Busy).class(class).view()
}

#[component]
pub fn DomainCard(domain: CustomerDomain) -> impl IntoView {
    let ctx = expect_context::<DomainsCtx>();
    let api = ctx.cluster.api;
    let feed = ctx.watch.watch(PollKey::item(ctx.cluster.id.get_value(), domain.id.clone()), None);
    let value = move || feed.with(|f| f.value.clone());
    let host = StoredValue::new(domain.domain.clone());
    let id = StoredValue::new(domain.id.clone());
    let is_primary = move || ctx.primary.with(|p| host.with_value(|h| p == h));
    let certificate = move || feed.with(|f| f.value.as_ref().map(|v| v.certificate_status.clone()));

    let status = move || match value() {
        None => crate::kit::waiting_inline(t(w::CHECKING)),
        Some(CustomerDomainValidation { status, certificate_status, .. }) => view! {
            {badge(dns_label(&status), "dns-status")}
            " "
            {badge(certificate_label(&certificate_status), "cert-status")}
        }
        .into_any(),
    };
    let records = move || {
        let v = value()?;
        let list = v.domain.domain_records.unwrap_or_default();
        if list.is_empty() {
            let issued = v.certificate_status == CertificateStatusMapping::Issued;
            let text = if issued { t(w::RECORDS_DONE_ISSUED) } else { t(w::RECORDS_DONE_PENDING) };
            return Some(view! { <p class="hint records-done">{text}</p> }.into_any());
        }
        let rows = StoredValue::new(list);
        Some(
            view! {
                <p class="hint">{t(w::RECORDS_HINT)}</p>
                <ResourceTable
                    columns=RECORD_COLUMNS
                    class="records"
                    label=t(w::RECORDS_LABEL)
                    rows=TableRead::new(
                        t(w::RECORDS_LOADING),
                        move || Some(Ok(record_rows(rows.get_value()))),
                        move || ctx.watch.refresh(PollKey::item(ctx.cluster.id.get_value(), id.get_value())),
                    )
                    empty=ViewFn::from(|| ())
                />
            }
            .into_any(),
        )
    };

    let cluster_id = ctx.cluster.id;
    let primary_code = crate::code::live(Box::new(move |t| {
        crate::code::actions::primary_host(t, &cluster_id.get_value(), &host.get_value())
    }));
    let delete_code = crate::code::live(Box::new(move |t| {
        crate::code::actions::domain_delete(t, &cluster_id.get_value(), &id.get_value(), &host.get_value())
    }));
    let primary_hcl = crate::code::live(Box::new(move |t| {
        crate::code::hcl::primary_host(t, &cluster_id.get_value(), &host.get_value())
    }));
    // Focus lands on the card's heading after it became primary (its button is then gone).
    let heading_id = format!("domain-heading-{}", domain.id);
    let asks_from = StoredValue::new(heading_id.clone());
    let make_primary = move || {
        if is_primary() {
            return None;
        }
        let block = certificate().map_or(Some(t(w::CHECKING_CERTIFICATE)), |c| primary_block(&c));
        Some(view! {
            <button
                class="button make-primary"
                disabled=move || {
                    block.is_some() || ctx.denied.get().is_some() || ctx.host_confirm.write.busy.get()
                }
                on:click=move |_| ctx.ask_switch(host.get_value(), &asks_from.get_value())
            >
                {t(w::MAKE_PRIMARY)}
            </button>
            {block.map(|why| view! { <span class="hint reason primary-block">{why}</span> })}
        })
    };
    let confirm = Confirm::new(t(w::DELETING_DOMAIN));
    let work = Callback::new(move |()| -> Work {
        let op = ops::ClusterDomainDelete { id: ctx.cluster.id.get_value(), domain_id: id.get_value() };
        Box::pin(async move {
            api::call(api, &op).await?;
            ctx.list.refetch();
            Ok(())
        })
    });
    let delete_block =
        move || is_primary().then(|| tf(w::DELETE_PRIMARY_BLOCK, &[("host", &host.get_value())]));

    view! {
        <article class="card domain" data-domain=domain.domain.clone()>
            <div class="section-head">
                <h3 class="mono" id=heading_id tabindex="-1">
                    {domain.domain.clone()}
                </h3>
                <CopyButton text=domain.domain.clone() what=t(w::COPY_HOST) />
                <a class="domain-link" href=links::cluster_domain(&ctx.cluster.id.get_value(), &domain.id)>
                    {t(w::DNS_ADMIN_LINK)}
                </a>
                {move || {
                    is_primary()
                        .then(|| {
                            view! { {Badge::new(t(w::PRIMARY_BADGE), Tone::Ok).class("primary-mark").view()} }
                        })
                }}
            </div>
            <p class="domain-status" aria-live="polite">
                {status}
            </p>
            {move || {
                feed.with(|f| f.error.clone())
                    .map(|e| view! { <ErrorPanel action=t(w::CHECKING_DOMAIN) error=e /> })
            }}
            {records}
            {move || {
                ctx.denied
                    .get()
                    .is_none()
                    .then(|| {
                        view! {
                            <div class="row-actions">
                                {make_primary}
                                <button
                                    class="button danger delete-domain"
                                    disabled=move || delete_block().is_some()
                                    on:click=move |_| confirm.open()
                                >
                                    {t(w::DELETE)}
                                </button>
                                {move || {
                                    delete_block()
                                        .map(|why| {
                                            view! { <span class="hint reason delete-block">{why}</span> }
                                        })
                                }}
                            </div>
                            // Under the buttons, never between them: the one panel of the card's actions.
                            {move || {
                                (!is_primary())
                                    .then(|| view! { <CodePanel curl=primary_code hcl=primary_hcl /> })
                            }}
                        }
                    })
            }}
            <ConfirmDialog
                confirm=confirm
                style=ConfirmStyle::Danger
                title=Signal::derive(move || tf(w::DELETE_TITLE, &[("host", &host.get_value())]))
                body=move || {
                    view! {
                        <p>{tf(w::DELETE_BODY, &[("host", &host.get_value())])}</p>
                        <CodePanel curl=delete_code />
                    }
                }
                work=work
                confirm_label=t(w::DELETE_CONFIRM)
                busy_label=t(w::DELETING)
                confirm_class="confirm-delete-domain"
            />
        </article>
    }
}
