//! `/review/{cluster}/{extension}/{version}`: one version's scan report, the customer's
//! decision beside the scanner's, and the support block.

use cluster_api::{Extension, ExtensionVersion, ScanState, ops};
use leptos::prelude::*;

use super::StaffOnly;
use super::block::BlockControls;
use super::desk::scan_words;
use super::report_view::ReportView;
use crate::api::{self, ApiError, use_api};
use crate::directory::Directory;
use crate::format;
use crate::i18n::{k, t, tf};
use crate::kit::page::{PageHead, name_crumb, title};
use crate::kit::{Badge, Loaded, Tone, use_id};

#[component]
pub fn VersionReview() -> impl IntoView {
    let directory = expect_context::<Directory>();
    move || {
        if directory.is_staff() {
            view! { <Review /> }.into_any()
        } else {
            view! { <StaffOnly heading=t(k::review::EXTENSION_VERSION_REVIEW) /> }.into_any()
        }
    }
}

fn version_name(e: &Extension, v: &ExtensionVersion) -> String {
    let which = v
        .label
        .clone()
        .or_else(|| v.keycloak_major_version.map(|m| format!("Keycloak {m}")))
        .unwrap_or_else(|| t(k::review::STANDALONE_LOWER).into());
    format!("{} {which}", e.name)
}

#[component]
fn Review() -> impl IntoView {
    let api = use_api();
    let (cluster, extension, version) = (use_id("cluster"), use_id("extension"), use_id("version"));
    let ids = Memo::new(move |_| (cluster.get(), extension.get(), version.get()));
    let cluster = crate::view_read::load(move || {
        let (id, _, _) = ids.get();
        async move { api::call(api, &ops::ClusterDetail { id }).await }
    });
    let extension = crate::view_read::load(move || {
        let (id, extension_id, _) = ids.get();
        async move { api::call(api, &ops::ClusterExtensionDetail { id, extension_id }).await }
    });
    let report = crate::view_read::load(move || {
        let (id, extension_id, version_id) = ids.get();
        let op = ops::ClusterExtensionVersionReport { id, extension_id, version_id };
        async move { api::call(api, &op).await }
    });
    // The version within its extension (there is no get-one-version operation).
    let found = Memo::new(move |_| -> Option<Result<(Extension, ExtensionVersion), ApiError>> {
        let version_id = ids.with(|i| i.2.clone());
        extension.with(|e| {
            e.as_ref().map(|r| match r {
                Err(e) => Err(e.clone()),
                Ok(ext) => ext
                    .versions
                    .as_deref()
                    .unwrap_or_default()
                    .iter()
                    .find(|v| v.id == version_id)
                    .map(|v| (ext.clone(), v.clone()))
                    .ok_or_else(|| {
                        ApiError::NotFound(tf(
                            k::review::NO_SUCH_VERSION,
                            &[("extension", &ext.name), ("version", &version_id)],
                        ))
                    }),
            })
        })
    });
    let cluster_name = move || {
        cluster
            .with(|c| c.as_ref().and_then(|r| r.as_ref().ok()).map(|c| c.name.clone()))
            .unwrap_or_else(|| ids.with(|i| i.0.clone()))
    };
    let heading = Signal::derive(move || {
        found.with(|f| match f {
            Some(Ok((e, v))) => version_name(e, v),
            _ => t(k::review::EXTENSION_VERSION).into(),
        })
    });
    let tab_title = Signal::derive(move || title(&[&heading.get(), crate::routes::REVIEW_VERSION.title()]));

    // The trail names the cluster once read (its ID only until then), then the version.
    name_crumb("cluster", Signal::derive(cluster_name));
    name_crumb("version", heading);
    view! {
        <PageHead heading=heading title=tab_title />
        <p class="hint">
            {move || {
                let org = cluster
                    .with(|c| c.as_ref().and_then(|r| r.as_ref().ok()).and_then(|c| c.owner.clone()));
                let directory = expect_context::<Directory>();
                match org {
                    Some(o) => {
                        tf(
                            k::review::ON_CLUSTER_OF,
                            &[("cluster", &cluster_name()), ("org", &directory.org_label(&o))],
                        )
                    }
                    None => tf(k::review::ON_CLUSTER_OF_AN_ORG, &[("cluster", &cluster_name())]),
                }
            }}
        </p>
        {Loaded::from_fn(
                t(k::review::LOADING_VERSION),
                move || found.get(),
                Some(Callback::new(move |_| extension.refetch())),
            )
            .ready(move |(e, v)| decision_view(
                &e,
                &v,
                ids.get_untracked(),
                Callback::new(move |_| extension.refetch()),
            ))}
        <section class="card" id="report-card">
            <h2>{t(k::review::SCAN_REPORT)}</h2>
            // No report is an answer too: the version was not scanned.
            {Loaded::from_fn(
                    t(k::review::LOADING_REPORT),
                    move || {
                        report
                            .get()
                            .map(|r| match r {
                                Ok(value) => Ok(Ok(value)),
                                Err(ApiError::NotFound(why)) => Ok(Err(why)),
                                Err(e) => Err(e),
                            })
                    },
                    Some(Callback::new(move |_| report.refetch())),
                )
                .ready(move |answer| match answer {
                    Err(why) => {
                        view! {
                            <p id="no-report">
                                {tf(
                                    k::review::NO_REPORT,
                                    &[
                                        (
                                            "why",
                                            &if why.is_empty() {
                                                t(k::review::NOT_SCANNED).to_string()
                                            } else {
                                                why
                                            },
                                        ),
                                    ],
                                )}
                            </p>
                        }
                            .into_any()
                    }
                    Ok(value) => {
                        let file = format!("scan-report-{}.json", ids.with_untracked(|i| i.2.clone()));
                        view! { <ReportView report=value file_name=file /> }.into_any()
                    }
                })}
        </section>
    }
}

fn decision_view(
    e: &Extension,
    v: &ExtensionVersion,
    ids: (String, String, String),
    done: Callback<()>,
) -> AnyView {
    let (scan, tone) = scan_words(&v.scan_state);
    let scanned = v.scanned_at.map(|at| match v.scanner_version.clone() {
        Some(scanner) => tf(k::review::SCANNED_BY, &[("when", &format::utc(at)), ("scanner", &scanner)]),
        None => tf(k::review::SCANNED_BY_UNKNOWN, &[("when", &format::utc(at))]),
    });
    let approval = match (v.valid, &v.override_reason) {
        (true, Some(_)) => t(k::review::APPROVED_DESPITE_SCAN),
        (true, None) => t(k::review::APPROVED),
        (false, _) => t(k::review::NOT_APPROVED),
    };
    let blocked = v.admin_blocked == Some(true);
    let block_state = if blocked {
        view! {
            <p>{Badge::new(t(k::review::BLOCKED_BY_SUPPORT), Tone::Bad).id("block-state").view()}</p>
            <p class="block-reason">{v.admin_blocked_reason.clone().unwrap_or_default()}</p>
            <p class="hint">
                {
                    let by = v.admin_blocked_by.clone().unwrap_or_else(|| t(k::review::SUPPORT).into());
                    match v.admin_blocked_at {
                        Some(at) => tf(k::review::BLOCKED_BY_ON, &[("by", &by), ("when", &format::utc(at))]),
                        None => tf(k::review::BLOCKED_BY, &[("by", &by)]),
                    }
                }
            </p>
        }
        .into_any()
    } else {
        view! { <p id="block-state">{t(k::review::NOT_BLOCKED)}</p> }.into_any()
    };
    view! {
        <div class="grid2">
            <section class="card" id="scanner-decision">
                <h2>{t(k::review::SCANNER_HEADING)}</h2>
                <p>{Badge::new(scan, tone).view()}</p>
                <p>
                    {v
                        .risk_score
                        .map(|r| tf(k::review::RISK_SCORE, &[("score", &r.to_string())]))
                        .unwrap_or_else(|| t(k::review::NO_RISK_SCORE).into())}
                </p>
                {scanned.map(|s| view! { <p class="hint">{s}</p> })}
                // The contract has no way to scan again (a scan is queued only by the
                // customer's upload confirmation), so support is told what will.
                {(v.scan_state == ScanState::Error)
                    .then(|| {
                        view! {
                            <p class="callout" id="scan-failed-next">
                                {t(k::review::SCAN_FAILED_NEXT)}
                            </p>
                        }
                    })}
            </section>
            <section class="card" id="customer-decision">
                <h2>{t(k::review::CUSTOMER)}</h2>
                <p class="approval">{approval}</p>
                {v
                    .override_reason
                    .clone()
                    .map(|r| {
                        view! { <p class="override-reason">{tf(k::review::REASON, &[("reason", &r)])}</p> }
                    })}
                {v
                    .override_by
                    .clone()
                    .map(|b| view! { <p class="hint">{tf(k::review::APPROVED_BY, &[("by", &b)])}</p> })}
                <p class="hint">
                    {tf(
                        k::review::TYPE_UPLOADED,
                        &[
                            ("type", &crate::words::resource_type_text(&e.resource_type)),
                            ("when", &v.created_at.map(format::utc).unwrap_or_else(|| "—".into())),
                        ],
                    )}
                </p>
            </section>
        </div>
        <section class="card" id="support-block">
            <h2>{t(k::review::SUPPORT_BLOCK)}</h2>
            {block_state}
            <div class="row-actions">
                <BlockControls target=ids blocked=blocked name=version_name(e, v) done=done />
            </div>
        </section>
    }
    .into_any()
}
