//! The report on the page: readable when it has the known shape, formatted JSON when not,
//! and the raw JSON always, with Copy and Download.

use cluster_api::EpochMillis;
use leptos::prelude::*;
use serde_json::Value;

use super::report::{Readable, pretty, readable};
use crate::format;
use crate::i18n::{k, t, tf, tp};
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
    let scanner = r.scanner_version.unwrap_or_else(|| t(k::review::SCANNER_UNKNOWN).into());
    let meta = match r.scanned_at {
        Some(at) => {
            tf(k::review::SCANNER_SCANNED, &[("scanner", &scanner), ("when", &format::utc(EpochMillis(at)))])
        }
        None => tf(k::review::SCANNER, &[("scanner", &scanner)]),
    };
    let count: usize = r.groups.iter().map(|(_, l)| l.len()).sum();
    view! {
        <p class="report-verdict">
            {Badge::new(tf(k::review::VERDICT, &[("verdict", &r.verdict)]), Tone::Neutral)
                .data("data-verdict", r.verdict.clone())
                .view()} " "
            {r
                .risk_score
                .map(|s| tf(k::review::RISK_SCORE, &[("score", &s.to_string())]))
                .unwrap_or_else(|| t(k::review::NO_RISK_SCORE).into())}
        </p>
        <p class="hint">{meta}</p>
        {r
            .error
            .map(|e| {
                view! {
                    <p class="report-error" role="note">
                        {tf(k::review::WHY_SCAN_FAILED, &[("error", &e)])}
                    </p>
                }
            })}
        {(!r.checked.is_empty())
            .then(|| {
                view! {
                    <p class="report-checked">
                        {t(k::review::CHECKED)}" "
                        {r
                            .checked
                            .into_iter()
                            .map(|(what, n)| tf(k::review::CHECKED_ITEM, &[("count", &n), ("what", &what)]))
                            .collect::<Vec<_>>()
                            .join(", ")}
                    </p>
                }
            })}
        {if count == 0 {
            view! { <p id="no-findings">{t(k::review::NO_FINDINGS)}</p> }.into_any()
        } else {
            r.groups
                .into_iter()
                .map(|(severity, list)| {
                    view! {
                        <section class="findings" data-severity=severity.clone()>
                            <h3>
                                {Badge::new(severity.clone(), tone(&severity)).view()}" "
                                {tp(k::review::FINDINGS_COUNT, list.len() as f64, &[])}
                            </h3>
                            <ul>
                                {list
                                    .into_iter()
                                    .map(|f| {
                                        view! {
                                            <li class="finding">
                                                <strong>{f.title}</strong>
                                                <div class="mono sub">{f.location}</div>
                                                <div>{f.detail}</div>
                                                <div class="sub">
                                                    {tf(k::review::RULE, &[("rule", &f.rule)])}
                                                </div>
                                            </li>
                                        }
                                    })
                                    .collect_view()}
                            </ul>
                        </section>
                    }
                })
                .collect_view()
                .into_any()
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
            <p class="hint" id="report-unknown-shape">
                {t(k::review::UNKNOWN_SHAPE)}
            </p>
            <pre class="report-json">{json.clone()}</pre>
        }
        .into_any(),
    };
    view! {
        <div id="report">{body}</div>
        <details class="raw-report">
            <summary>{t(k::review::RAW_REPORT)}</summary>
            <div class="row-actions">
                <CopyButton text=json.clone() what=t(k::review::REPORT_WHAT) />
                <a class="button subtle" id="report-download" href=download_href(&json) download=file_name>
                    {t(k::review::DOWNLOAD)}
                </a>
            </div>
            <pre class="report-json" id="report-raw">
                {json}
            </pre>
        </details>
    }
}
