//! A version's scan verdict in words, and approving it (or withdrawing approval).
//! Approving a version whose scan did not pass shows the verdict first and asks why.

use cluster_api::{ExtensionVersion, ScanState, ToggleExtensionVersionValidRequest, ops};
use leptos::prelude::*;

use super::{ExtCtx, Item};
use crate::api::{self, use_api};
use crate::kit::code::CodePanel;
use crate::kit::{Badge, Confirm, ConfirmDialog, ConfirmStyle, Tone, Work, Write};

/// Words and a badge tone for a scan state.
pub fn verdict(scan: &ScanState) -> (String, Tone) {
    crate::words::scan(scan)
}

/// What the scan means for someone about to approve the version anyway.
pub fn explain(v: &ExtensionVersion) -> String {
    let risk = v.risk_score.map(|r| format!(" Risk score {r} of 100.")).unwrap_or_default();
    match v.scan_state {
        ScanState::Pass => format!("The security scan passed.{risk}"),
        ScanState::Warn => {
            format!("The security scan found issues.{risk} Review them before deploying this file.")
        }
        ScanState::Block => format!(
            "The security scan blocked this file: it looks unsafe to run on the cluster.{risk} Approve it only if you are certain."
        ),
        ScanState::Error => "The security scan could not finish, so the file was not checked.".to_string(),
        ScanState::Unscanned => {
            "This file was not scanned (scanning is off for this cluster), so it was not checked.".to_string()
        }
        ScanState::Scanning => "The security scan has not finished.".to_string(),
        ScanState::Unknown(ref raw) => format!("The scan state is {raw}, which the console does not know."),
    }
}

/// Why the version cannot be approved now, or `None`.
pub fn not_approvable(v: &ExtensionVersion) -> Option<&'static str> {
    if v.resource_key.is_none() {
        Some("Upload a file for this version first.")
    } else if v.scan_state == ScanState::Scanning {
        Some("Wait for the security scan to finish.")
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
    let approval = Write::new("Changing the approval");
    let asking = Confirm::new("Approving despite the scan");
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
                let by = v.override_by.clone().map(|b| format!(" by {b}")).unwrap_or_default();
                view! { <div class="sub override">{format!("Approved despite the scan{by}: {r}")}</div> }
            });
            view! { {Badge::new("Approved", Tone::Ok).class("approved").view()} {over} }.into_any()
        } else {
            Badge::new("Not approved", Tone::Muted).class("approved").view()
        };
        let blocked = not_approvable(&v);
        let button = if v.valid {
            view! {
                <button class="button withdraw" disabled=locked on:click=move |_| send(false)>"Withdraw approval"</button>
            }
            .into_any()
        } else {
            view! {
                <button class="button approve" disabled=move || locked() || blocked.is_some()
                    title=blocked.unwrap_or_default() on:click=approve>"Approve"</button>
            }
            .into_any()
        };
        // No Code panel here: a table row holds its buttons only (the dialog has the panel).
        view! { {status} <div class="row-actions">{button}</div> }.into_any()
    };
    // What the scan found, read live: the dialog stays put while the version is polled.
    let verdict_words = move || {
        version.with(|v| {
            v.as_ref().map(|v| {
                let (words, tone) = verdict(&v.scan_state);
                view! { {Badge::new(words, tone).view()} " " {explain(v)} }
            })
        })
    };

    view! {
        {cell}
        <ConfirmDialog confirm=asking style=ConfirmStyle::Normal class="approve-dialog"
            title=Signal::derive(move || match version.with(|v| v.as_ref().and_then(|v| v.keycloak_major_version)) {
                Some(major) => format!("Approve the Keycloak {major} file despite the scan?"),
                None => "Approve this file despite the scan?".to_string(),
            })
            body=move || view! {
                <p>{verdict_words}</p>
                <label>"Why is it safe to deploy? (recorded with the approval)"
                    <textarea class="approve-reason" rows="2" autofocus prop:value=reason
                        on:input:target=move |ev| reason.set(ev.target().value())></textarea>
                </label>
                <CodePanel curl=code/>
            }
            ready=Signal::derive(move || !reason.with(|r| r.trim().is_empty()) && ctx.denied.get().is_none())
            work=approve_anyway confirm_label="Approve anyway" busy_label="Approving…" confirm_class="confirm-approve"/>
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
