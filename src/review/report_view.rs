//! The report on the page: readable when it has the known shape, formatted JSON when not,
//! and the raw JSON always, with Copy and Download.

use cluster_api::EpochMillis;
use leptos::prelude::*;
use serde_json::Value;

use super::report::{Readable, pretty, readable};
use crate::format;
use crate::kit::copy::CopyButton;
use crate::kit::{Badge, Tone};

fn tone(severity: &str) -> Tone {
    match severity {
        "CRITICAL" | "HIGH" => Tone::Bad,
        "MEDIUM" => Tone::Warn,
        _ => Tone::Muted,
    }
}

fn readable_view(r: Readable) -> AnyView {
    let meta = format!(
        "{}{}",
        r.scanner_version.map(|v| format!("Scanner {v}")).unwrap_or_else(|| "Scanner unknown".into()),
        r.scanned_at.map(|at| format!(" · scanned {}", format::utc(EpochMillis(at)))).unwrap_or_default()
    );
    let count: usize = r.groups.iter().map(|(_, l)| l.len()).sum();
    view! {
        <p class="report-verdict">
            <span class="badge" data-verdict=r.verdict.clone()>{format!("Verdict: {}", r.verdict)}</span>
            " "{r.risk_score.map(|s| format!("Risk score {s} of 100")).unwrap_or_else(|| "No risk score".into())}
        </p>
        <p class="hint">{meta}</p>
        {r.error.map(|e| view! { <p class="report-error" role="note">{format!("Why the scan failed: {e}")}</p> })}
        {(!r.checked.is_empty()).then(|| view! {
            <p class="report-checked">"Checked: "{r.checked.into_iter().map(|(k, v)| format!("{v} {k}")).collect::<Vec<_>>().join(", ")}</p>
        })}
        {if count == 0 {
            view! { <p id="no-findings">"No findings."</p> }.into_any()
        } else {
            r.groups.into_iter().map(|(severity, list)| view! {
                <section class="findings" data-severity=severity.clone()>
                    <h3>{Badge::new(severity.clone(), tone(&severity)).view()}{format!(" {} finding{}", list.len(), if list.len() == 1 { "" } else { "s" })}</h3>
                    <ul>
                        {list.into_iter().map(|f| view! {
                            <li class="finding">
                                <strong>{f.title}</strong>
                                <div class="mono sub">{f.location}</div>
                                <div>{f.detail}</div>
                                <div class="sub">{format!("Rule {}", f.rule)}</div>
                            </li>
                        }).collect_view()}
                    </ul>
                </section>
            }).collect_view().into_any()
        }}
    }
    .into_any()
}

/// `data:` URL of the report, so Download needs no object URL or extra API.
fn download_href(json: &str) -> String {
    format!("data:application/json;charset=utf-8,{}", String::from(js_sys::encode_uri_component(json)))
}

#[component]
pub fn ReportView(report: Value, file_name: String) -> impl IntoView {
    let json = pretty(&report);
    let body = match readable(&report) {
        Some(r) => readable_view(r),
        None => view! {
            <p class="hint" id="report-unknown-shape">"This report is not in a shape the console knows, so here it is as sent:"</p>
            <pre class="report-json">{json.clone()}</pre>
        }
        .into_any(),
    };
    view! {
        <div id="report">{body}</div>
        <details class="raw-report">
            <summary>"Raw report (JSON)"</summary>
            <div class="row-actions">
                <CopyButton text=json.clone() what="report"/>
                <a class="button subtle" id="report-download" href=download_href(&json) download=file_name>"Download"</a>
            </div>
            <pre class="report-json" id="report-raw">{json}</pre>
        </details>
    }
}
