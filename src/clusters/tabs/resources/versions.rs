//! An extension's versions: for themes and extensions a matrix with one row per Keycloak
//! major (file, resource key, scan verdict and risk, approval); for a password denylist
//! its single version-independent file.

use cluster_api::{ExtensionVersion, ops};
use leptos::prelude::*;

use super::approve::{Approval, verdict};
use super::{ExtCtx, Item};
use crate::api::{self, ApiError, use_api};
use crate::format;
use crate::i18n::k::resources as w;
use crate::i18n::{t, tf};
use crate::kit::table::{Cell, Column, ResourceTable, Row, SortKey, TableRead, empty_hint};
use crate::kit::{Badge, Confirm, ConfirmDialog, ConfirmStyle, Tone, Work};

/// The rows of the matrix: the majors the service offers and any the versions target,
/// newest first.
pub fn majors(offered: &[i32], versions: &[ExtensionVersion]) -> Vec<i32> {
    // A handful of values: an insertion keeps the binary free of a sort routine.
    let mut all: Vec<i32> = Vec::new();
    for m in offered.iter().copied().chain(versions.iter().filter_map(|v| v.keycloak_major_version)) {
        if !all.contains(&m) {
            let at = all.iter().position(|x| *x < m).unwrap_or(all.len());
            all.insert(at, m);
        }
    }
    all
}

/// The version of one major (`None`: the standalone version).
pub fn version_for(versions: &[ExtensionVersion], major: Option<i32>) -> Option<ExtensionVersion> {
    match major {
        Some(m) => versions.iter().find(|v| v.keycloak_major_version == Some(m)).cloned(),
        None => versions.first().cloned(),
    }
}

/// The matrix of a versioned resource (a row per Keycloak major, first column the major),
/// then file, resource key, scan, approval and the unnamed column of row buttons.
const VERSIONED: &[Column] = &[
    Column::sortable(w::COL_KEYCLOAK),
    Column::new(w::COL_FILE),
    Column::new(w::COL_KEY),
    Column::new(w::COL_SCAN),
    Column::new(w::COL_APPROVAL),
    Column::blank(),
];

/// The single version-independent file of a denylist: `VERSIONED` without the major.
fn columns(versioned: bool) -> &'static [Column] {
    if versioned { VERSIONED } else { &VERSIONED[1..] }
}

#[component]
pub fn VersionTable(item: Item, versioned: bool) -> impl IntoView {
    let ctx = expect_context::<ExtCtx>();
    // The majors the matrix has (`None`: the standalone row), or why they are unknown.
    // Every poll of the item passes through here, but the table is drawn again only when
    // the set of rows changes: each row follows its own version live.
    let majors = Memo::new(move |_| -> Option<Result<Vec<Option<i32>>, ApiError>> {
        if !versioned {
            return Some(Ok(vec![None]));
        }
        let offered = ctx.majors.get()?;
        Some(offered.map(|offered| {
            item.with(|e| majors(&offered, e.versions.as_deref().unwrap_or_default()))
                .into_iter()
                .map(Some)
                .collect()
        }))
    });
    let rows = TableRead::new(
        t(w::LOADING_VERSIONS),
        move || {
            majors
                .get()
                .map(|r| r.map(|list| list.into_iter().map(|major| version_row(item, major)).collect()))
        },
        move || ctx.majors.refetch(),
    );
    view! {
        <ResourceTable
            columns=columns(versioned)
            rows=rows
            class="versions"
            label=t(w::VERSIONS_LABEL)
            empty=empty_hint(t(w::NO_VERSIONS))
        />
    }
}

/// One row of the matrix: the cells read the version of `major` live, so a scan that
/// settles or an approval updates its row in place.
fn version_row(item: Item, major: Option<i32>) -> Row {
    let version =
        Memo::new(move |_| item.with(|e| version_for(e.versions.as_deref().unwrap_or_default(), major)));
    let file = move || match version.get() {
        None => view! { <span class="hint">{t(w::NO_FILE)}</span> }.into_any(),
        Some(v) if v.resource_key.is_none() => {
            view! { <span class="hint">{t(w::AWAITING_UPLOAD)}</span> }.into_any()
        }
        Some(v) => {
            let when = v.created_at.map(format::utc).unwrap_or_default();
            view! {
                {v.label.unwrap_or_else(|| t(w::UPLOADED).into())}
                <div class="sub">{when}</div>
            }
            .into_any()
        }
    };
    let key = move || version.get().and_then(|v| v.resource_key).unwrap_or_else(|| "—".into());
    let mut cells = Vec::with_capacity(6);
    if let Some(m) = major {
        cells.push(Cell::text(m.to_string()).sort_by(SortKey::Number(m.into())).class("major"));
    }
    cells.push(Cell::view(file.into_any(), SortKey::None).class("file"));
    cells.push(Cell::view(key.into_any(), SortKey::None).class("mono key"));
    cells.push(Cell::view((move || version.get().map(scan_view)).into_any(), SortKey::None).class("scan"));
    cells.push(
        Cell::view(view! { <Approval item=item version=version /> }.into_any(), SortKey::None)
            .class("approval"),
    );
    let delete = major.is_some().then(|| view! { <DeleteVersion item=item version=version /> });
    cells.push(Cell::view(delete.into_any(), SortKey::None));
    Row::new("data-major", major.map(|m| m.to_string()).unwrap_or_else(|| "standalone".into()), cells)
}

fn scan_view(v: ExtensionVersion) -> impl IntoView {
    let (words, tone) = verdict(&v.scan_state);
    let busy = tone == Tone::Busy;
    let risk = v.risk_score.map(|r| tf(w::RISK, &[("risk", &r.to_string())]));
    let scanned = v
        .scanned_at
        .map(|at| format!("{} · {}", format::utc(at), v.scanner_version.clone().unwrap_or_default()));
    // A staff block outranks the scan and the approval: say so where the verdict is read.
    let block = (v.admin_blocked == Some(true)).then(|| {
        let reason = v.admin_blocked_reason.clone().unwrap_or_else(|| t(w::NO_BLOCK_REASON).into());
        let at = v
            .admin_blocked_at
            .map(|at| tf(w::BLOCKED_SINCE, &[("at", &format::utc(at))]))
            .unwrap_or_default();
        view! {
            <div class="support-block">
                {Badge::new(t(w::BLOCKED_BY_SUPPORT), Tone::Bad).view()}
                <div class="sub block-reason">{reason}</div> <div class="sub">{at}</div>
            </div>
        }
    });
    view! {
        {block}
        {Badge::new(words, tone).spinner(busy).data("data-scan", v.scan_state.as_str()).view()}
        {risk.map(|r| view! { <div class="sub risk">{r}</div> })}
        {scanned.map(|s| view! { <div class="sub">{s}</div> })}
    }
}

#[component]
fn DeleteVersion(item: Item, version: Memo<Option<ExtensionVersion>>) -> impl IntoView {
    let api = use_api();
    let ctx = expect_context::<ExtCtx>();
    let confirm = Confirm::new(t(w::DELETING_VERSION));
    let work = Callback::new(move |()| -> Work {
        let version_id = version.get_untracked().map(|v| v.id).unwrap_or_default();
        let op = ops::ClusterExtensionVersionDelete {
            id: ctx.cluster.id.get_value(),
            extension_id: item.id(),
            version_id,
        };
        Box::pin(async move {
            api::call(api, &op).await?;
            item.refresh();
            Ok(())
        })
    });
    let title = move || match version.with(|v| v.as_ref().and_then(|v| v.keycloak_major_version)) {
        Some(m) => tf(w::DELETE_VERSION_TITLE_MAJOR, &[("major", &m.to_string())]),
        None => t(w::DELETE_VERSION_TITLE).to_string(),
    };
    let code = crate::code::live(Box::new(move |t| {
        let (id, label) = version
            .with(|v| v.as_ref().map(|v| (v.id.clone(), v.label.clone().unwrap_or_else(|| v.id.clone()))))
            .unwrap_or_default();
        crate::code::actions::version_delete(t, &ctx.cluster.id.get_value(), &item.id(), &id, &label)
    }));
    view! {
        {move || {
            version
                .with(Option::is_some)
                .then(|| {
                    view! {
                        <button
                            class="button delete-version"
                            disabled=move || ctx.denied.get().is_some()
                            on:click=move |_| confirm.open()
                        >
                            {t(w::DELETE)}
                        </button>
                    }
                })
        }}
        <ConfirmDialog
            confirm=confirm
            style=ConfirmStyle::Danger
            title=Signal::derive(title)
            body=move || {
                view! {
                    <p>{t(w::DELETE_VERSION_BODY)}</p>
                    <crate::kit::code::CodePanel curl=code />
                }
            }
            work=work
            confirm_label=t(w::DELETE_VERSION_CONFIRM)
            busy_label=t(w::DELETING)
            confirm_class="confirm-delete-version"
        />
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(id: &str, major: Option<i32>) -> ExtensionVersion {
        ExtensionVersion { id: id.into(), keycloak_major_version: major, ..Default::default() }
    }

    #[test]
    fn matrix_rows() {
        assert_eq!(majors(&[24, 25, 26], &[v("a", Some(26)), v("b", Some(22))]), vec![26, 25, 24, 22]);
        assert_eq!(majors(&[], &[]), Vec::<i32>::new());
        let all = [v("a", Some(26)), v("b", Some(25))];
        assert_eq!(version_for(&all, Some(25)).map(|v| v.id), Some("b".into()));
        assert_eq!(version_for(&all, Some(24)), None);
        assert_eq!(version_for(&[v("s", None)], None).map(|v| v.id), Some("s".into()));
    }
}
