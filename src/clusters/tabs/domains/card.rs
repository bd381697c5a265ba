//! One custom domain: its live DNS and certificate status, the records still to create
//! (each name and value with a copy button), Make primary, and delete.

use crate::kit::copy::CopyButton;
use cluster_api::{CertificateStatusMapping, CustomerDomain, CustomerDomainValidation, DomainRecord, ops};
use leptos::prelude::*;

use super::page::DomainsCtx;
use super::{certificate_label, dns_label, primary_block};
use crate::api;
use crate::kit::ErrorPanel;
use crate::kit::code::CodePanel;
use crate::kit::table::{Cell, Column, ResourceTable, Row, Rows};
use crate::kit::{Badge, Confirm, ConfirmDialog, ConfirmStyle, Tone, Work};
use crate::links;
use crate::poll::PollKey;

pub const RECORD_COLUMNS: &[Column] = &[Column::new("Type"), Column::new("Name"), Column::new("Value")];

pub fn record_rows(records: Vec<DomainRecord>) -> Vec<Row> {
    records
        .into_iter()
        .map(|r| {
            Row::new(
                "data-record",
                r.name.clone(),
                vec![
                    Cell::text(r.r#type.as_str()),
                    Cell::copy(r.name, "record name"),
                    Cell::copy(r.value, "record value"),
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

    let status = move || {
        match value() {
        None => view! { <span class="loading">"Checking DNS and certificate…"</span> }.into_any(),
        Some(CustomerDomainValidation { status, certificate_status, .. }) => view! {
            {badge(dns_label(&status), "dns-status")} " " {badge(certificate_label(&certificate_status), "cert-status")}
        }
        .into_any(),
    }
    };
    let records = move || {
        let v = value()?;
        let list = v.domain.domain_records.unwrap_or_default();
        if list.is_empty() {
            let issued = v.certificate_status == CertificateStatusMapping::Issued;
            let text = if issued {
                "DNS verified and certificate issued: the domain is ready to be the primary host."
            } else {
                "DNS verified; the certificate is being issued. This updates by itself."
            };
            return Some(view! { <p class="hint records-done">{text}</p> }.into_any());
        }
        let rows = StoredValue::new(list);
        Some(view! {
            <p class="hint">"Create these records at your DNS provider. The first proves you control the domain; the \
                second points the host at the cluster. They are checked automatically; a request whose records are not \
                found within 48 hours expires."</p>
            <ResourceTable columns=RECORD_COLUMNS class="records" label="DNS records to create"
                rows=Callback::new(move |()| -> Rows { Some(Ok(record_rows(rows.get_value()))) })
                loading_what="Loading the DNS records" retry=Callback::new(move |()| ctx.watch.refresh(PollKey::item(ctx.cluster.id.get_value(), id.get_value())))
                empty=ViewFn::from(|| ())/>
        }
        .into_any())
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
    let make_primary = move || {
        if is_primary() {
            return None;
        }
        let block = certificate().map_or(Some("Checking the certificate…"), |c| primary_block(&c));
        Some(view! {
            <button class="button make-primary" disabled=move || block.is_some() || ctx.denied.get().is_some() || ctx.host_write.busy.get()
                on:click=move |_| ctx.switch_to(host.get_value())>"Make primary"</button>
            {block.map(|why| view! { <span class="hint reason primary-block">{why}</span> })}
        })
    };
    let confirm = Confirm::new("Deleting the domain");
    let work = Callback::new(move |()| -> Work {
        let op = ops::ClusterDomainDelete { id: ctx.cluster.id.get_value(), domain_id: id.get_value() };
        Box::pin(async move {
            api::call(api, &op).await?;
            ctx.list.refetch();
            Ok(())
        })
    });
    let delete_block = move || {
        is_primary().then(|| {
            format!(
                "This is the primary host, so it cannot be deleted. Switch back to the default host (or make another \
                 domain primary) first, then delete {}.",
                host.get_value()
            )
        })
    };

    view! {
        <article class="card domain" data-domain=domain.domain.clone()>
            <div class="section-head">
                <h3 class="mono">{domain.domain.clone()}</h3>
                <CopyButton text=domain.domain.clone() what="host"/>
                <a class="domain-link" href=links::cluster_domain(&ctx.cluster.id.get_value(), &domain.id)>"Link for your DNS admin"</a>
                {move || is_primary().then(|| view! { {Badge::new("Primary host", Tone::Ok).class("primary-mark").view()} })}
            </div>
            <p class="domain-status" aria-live="polite">{status}</p>
            {move || feed.with(|f| f.error.clone()).map(|e| view! { <ErrorPanel action="Checking the domain" error=e/> })}
            {records}
            {move || ctx.denied.get().is_none().then(|| view! {
                <div class="row-actions">
                    {make_primary}
                    <button class="button danger delete-domain" disabled=move || delete_block().is_some() on:click=move |_| confirm.open()>
                        "Delete"
                    </button>
                    {move || delete_block().map(|why| view! { <span class="hint reason delete-block">{why}</span> })}
                </div>
                // Under the buttons, never between them: the one panel of the card's actions.
                {move || (!is_primary()).then(|| view! { <CodePanel curl=primary_code hcl=primary_hcl/> })}
            })}
            <ConfirmDialog confirm=confirm style=ConfirmStyle::Danger
                title=Signal::derive(move || format!("Delete {}?", host.get_value()))
                body=move || view! {
                    <p>{format!("{} stops being a custom domain of this cluster and its certificate is released. To use it \
                        again, add it again and create new DNS records.", host.get_value())}</p>
                    <CodePanel curl=delete_code/>
                }
                work=work confirm_label="Delete domain" busy_label="Deleting…" confirm_class="confirm-delete-domain"/>
        </article>
    }
}
