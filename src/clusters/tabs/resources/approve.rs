//! A version's scan verdict in words, and approving it (or withdrawing approval).
//! Approving a version whose scan did not pass shows the verdict first and asks why.

use cluster_api::{ExtensionVersion, ScanState, ToggleExtensionVersionValidRequest, ops};
use leptos::prelude::*;

use super::{ExtCtx, Item};
use crate::api::{self, use_api};
use crate::i18n::k::resources as w;
use crate::i18n::{t, tf};
use crate::kit::code::CodePanel;
use crate::kit::{Badge, Confirm, ConfirmDialog, ConfirmStyle, TextField, Tone, Work, Write};

/// Words and a badge tone for a scan state.
pub fn verdict(scan: &ScanState) -> (String, Tone) {
    crate::words::scan(scan)
}

/// What the scan means for someone about to approve the version anyway.
pub fn explain(v: &ExtensionVersion) -> String {
    let risk = v.risk_score.map(|r| tf(w::RISK_SCORE, &[("risk", &r.to_string())])).unwrap_or_default();
    let with_risk = |m| tf(m, &[("risk", &risk)]);
    match v.scan_state {
        ScanState::Pass => with_risk(w::EXPLAIN_PASS),
        ScanState::Warn => with_risk(w::EXPLAIN_WARN),
        ScanState::Block => with_risk(w::EXPLAIN_BLOCK),
        ScanState::Error => t(w::EXPLAIN_ERROR).to_string(),
        ScanState::Unscanned => t(w::EXPLAIN_UNSCANNED).to_string(),
        ScanState::Scanning => t(w::EXPLAIN_SCANNING).to_string(),
        ScanState::Unknown(ref raw) => tf(w::EXPLAIN_UNKNOWN, &[("raw", raw)]),
    }
}

/// Why the version cannot be approved now, or `None`.
pub fn not_approvable(v: &ExtensionVersion) -> Option<&'static str> {
    if v.resource_key.is_none() {
        Some(t(w::NEEDS_FILE))
    } else if v.scan_state == ScanState::Scanning {
        Some(t(w::WAIT_SCAN))
    } else {
        None
    }
}

/// Approving anything but a passed scan needs a reason (the service refuses otherwise).
pub fn needs_reason(scan: &ScanState) -> bool {
    *scan != ScanState::Pass
}

/// The approval cell of a version row.
#[component]
pub fn Approval(item: Item, version: Memo<Option<ExtensionVersion>>) -> impl IntoView {
    let api = use_api();
    let ctx = expect_context::<ExtCtx>();
    let reason = RwSignal::new(String::new());
    let approval = Write::new(t(w::CHANGING_APPROVAL));
    let asking = Confirm::new(t(w::APPROVING_DESPITE));
    // Approving or withdrawing, with the reason when there is one.
    let request = move |valid: bool, why: Option<String>| {
        let version_id = version.get_untracked().map(|v| v.id).unwrap_or_default();
        let body = ToggleExtensionVersionValidRequest { valid, reason: why };
        let op = ops::ClusterExtensionVersionValidate {
            id: ctx.cluster.id.get_value(),
            extension_id: item.id(),
            version_id,
            body,
        };
        async move { api::call(api, &op).await }
    };
    let send = move |valid: bool| approval.run(request(valid, None), move |v| item.patch(v));
    let approve_anyway = Callback::new(move |()| -> Work {
        let call = request(true, Some(reason.get_untracked().trim().to_string()));
        Box::pin(async move {
            item.patch(call.await?);
            reason.try_set(String::new());
            Ok(())
        })
    });
    let approve = move |_| match version.get_untracked() {
        Some(v) if needs_reason(&v.scan_state) => asking.open(),
        Some(_) => send(true),
        None => {}
    };
    let locked = move || ctx.denied.get().is_some() || approval.busy.get();
    // What the row's button sends next: approve (with the dialog's reason when the scan did
    // not pass) or withdraw.
    let code = crate::code::live(Box::new(move |t| {
        let Some(v) = version.get() else { return String::new() };
        let valid = !v.valid;
        let why = (valid && needs_reason(&v.scan_state)).then(|| reason.get().trim().to_string());
        crate::code::actions::version_approve(
            t,
            &ctx.cluster.id.get_value(),
            &item.id(),
            &v.id,
            valid,
            why.as_deref(),
        )
    }));

    let cell = move || {
        let Some(v) = version.get() else { return ().into_any() };
        let status = if v.valid {
            let over = v.override_reason.clone().map(|r| {
                let words = match v.override_by.clone() {
                    Some(by) => tf(w::OVERRIDE_BY, &[("by", &by), ("reason", &r)]),
                    None => tf(w::OVERRIDE, &[("reason", &r)]),
                };
                view! { <div class="sub override">{words}</div> }
            });
            view! {
                {Badge::new(t(w::APPROVED), Tone::Ok).class("approved").view()}
                {over}
            }
            .into_any()
        } else {
            Badge::new(t(w::NOT_APPROVED), Tone::Muted).class("approved").view()
        };
        let blocked = not_approvable(&v);
        let button = if v.valid {
            view! {
                <button class="button withdraw" disabled=locked on:click=move |_| send(false)>
                    {t(w::WITHDRAW)}
                </button>
            }
            .into_any()
        } else {
            view! {
                <button
                    class="button approve"
                    disabled=move || locked() || blocked.is_some()
                    title=blocked.unwrap_or_default()
                    on:click=approve
                >
                    {t(w::APPROVE)}
                </button>
            }
            .into_any()
        };
        // No Code panel here: a table row holds its buttons only (the dialog has the panel).
        view! {
            {status}
            <div class="row-actions">{button}</div>
        }
        .into_any()
    };
    // What the scan found, read live: the dialog stays put while the version is polled.
    let verdict_words = move || {
        version.with(|v| {
            v.as_ref().map(|v| {
                let (words, tone) = verdict(&v.scan_state);
                view! {
                    {Badge::new(words, tone).view()}
                    " "
                    {explain(v)}
                }
            })
        })
    };

    view! {
        {cell}
        <ConfirmDialog
            confirm=asking
            style=ConfirmStyle::Normal
            class="approve-dialog"
            title=Signal::derive(move || match version
                .with(|v| v.as_ref().and_then(|v| v.keycloak_major_version))
            {
                Some(major) => tf(w::APPROVE_TITLE_MAJOR, &[("major", &major.to_string())]),
                None => t(w::APPROVE_TITLE).to_string(),
            })
            body=move || {
                view! {
                    <p>{verdict_words}</p>
                    {TextField::new("approve-reason", t(w::APPROVE_WHY), reason)
                        .lines("2")
                        .class("approve-reason")
                        .autofocus()
                        .view()}
                    <CodePanel curl=code />
                }
            }
            ready=Signal::derive(move || !reason.with(|r| r.trim().is_empty()) && ctx.denied.get().is_none())
            work=approve_anyway
            confirm_label=t(w::APPROVE_ANYWAY)
            busy_label=t(w::APPROVING)
            confirm_class="confirm-approve"
        />
        {approval.failure()}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(scan: ScanState, key: bool) -> ExtensionVersion {
        ExtensionVersion {
            scan_state: scan,
            resource_key: key.then(|| "k".into()),
            risk_score: Some(55),
            ..Default::default()
        }
    }

    #[test]
    fn verdict_words() {
        assert_eq!(verdict(&ScanState::Pass), ("Passed".into(), Tone::Ok));
        assert_eq!(verdict(&ScanState::Block).1, Tone::Bad);
        assert_eq!(verdict(&ScanState::Unknown("QUARANTINED".into())).0, "QUARANTINED");
        assert!(explain(&v(ScanState::Warn, true)).contains("Risk score 55 of 100"));
        assert!(explain(&v(ScanState::Block, true)).contains("blocked this file"));
    }

    #[test]
    fn when_approval_is_possible() {
        assert_eq!(
            not_approvable(&v(ScanState::Unscanned, false)),
            Some("Upload a file for this version first.")
        );
        assert!(not_approvable(&v(ScanState::Scanning, true)).is_some());
        assert_eq!(not_approvable(&v(ScanState::Warn, true)), None);
        assert!(!needs_reason(&ScanState::Pass));
        assert!(needs_reason(&ScanState::Warn));
        assert!(needs_reason(&ScanState::Unscanned));
    }
}
