//! `/review`: every extension version of every cluster, for support staff. The default
//! view is what needs attention; filters live in the URL; the DOM holds one page of rows.

use cluster_api::{EpochMillis, ScanState};
use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_navigate, use_query_map};

use super::StaffOnly;
use super::desk_parts::{FailedClusters, Progress, YesNo, flag};
use super::desk_read::{Desk, org_options};
use super::rows::{DeskFilter, DeskRow, PAGER};
use crate::api::use_api;
use crate::directory::Directory;
use crate::format;
use crate::i18n::{k, t, tf};
use crate::kit::Tone;
use crate::kit::page::PageHead;
use crate::kit::table::{Cell, Column, ResourceTable, Row, TableRead};
use crate::kit::tabs::TabList;
use crate::links;

const COLUMNS: &[Column] = &[
    Column::new(k::review::ORGANIZATION),
    Column::new(k::review::COL_CLUSTER),
    Column::new(k::review::COL_EXTENSION),
    Column::new(k::review::COL_VERSION),
    Column::new(k::review::COL_UPLOADED),
    Column::new(k::review::SCAN),
    Column::new(k::review::COL_CUSTOMER_APPROVAL),
    Column::new(k::review::SUPPORT_BLOCK),
];

/// A scan state in words, with its badge tone.
pub fn scan_words(scan: &ScanState) -> (String, Tone) {
    crate::words::scan(scan)
}

fn desk_row(row: &DeskRow) -> Row {
    let v = &row.version;
    let (scan, tone) = scan_words(&v.scan_state);
    let version = v.label.clone().unwrap_or_else(|| {
        v.keycloak_major_version
            .map(|m| format!("Keycloak {m}"))
            .unwrap_or_else(|| t(k::review::STANDALONE).into())
    });
    let major = v.keycloak_major_version.map(|m| format!("Keycloak {m}")).unwrap_or_default();
    let approval = match (v.valid, &v.override_reason) {
        (true, Some(reason)) => Cell::text(t(k::review::APPROVED_DESPITE_SCAN)).sub(reason.clone()),
        (true, None) => Cell::text(t(k::review::APPROVED)),
        (false, _) => Cell::text(t(k::review::NOT_APPROVED)),
    };
    let block = if v.admin_blocked == Some(true) {
        Cell::badge(t(k::review::BLOCKED_BY_SUPPORT), Tone::Bad, false)
            .sub(v.admin_blocked_reason.clone().unwrap_or_default())
    } else {
        Cell::text("—")
    };
    let href = links::review_version(&row.cluster_id, &row.extension_id, &v.id);
    Row::new(
        "data-version",
        v.id.clone(),
        vec![
            Cell::text(row.org_label.clone()),
            Cell::link(row.cluster_name.clone(), links::cluster(&row.cluster_id)),
            Cell::link(row.extension_name.clone(), href)
                .sub(crate::words::resource_type_text(&row.resource_type))
                .class("extension"),
            Cell::text(version).sub(major),
            v.created_at.map(Cell::time).unwrap_or_else(|| Cell::text("—")),
            Cell::badge(scan, tone, tone == Tone::Busy)
                .sub(if v.scan_state == ScanState::Error {
                    t(k::review::NEEDS_NEW_UPLOAD).to_string()
                } else {
                    v.risk_score
                        .map(|r| tf(k::review::RISK_SHORT, &[("score", &r.to_string())]))
                        .unwrap_or_default()
                })
                .class("scan"),
            approval.class("approval"),
            block.class("block"),
        ],
    )
}

#[component]
pub fn ReviewDesk() -> impl IntoView {
    let directory = expect_context::<Directory>();
    move || {
        if directory.is_staff() {
            view! { <Desk_ /> }.into_any()
        } else {
            view! { <StaffOnly heading=t(k::review::EXTENSION_REVIEW) /> }.into_any()
        }
    }
}

#[component]
fn Desk_() -> impl IntoView {
    let desk = Desk::new(use_api());
    let query = use_query_map();
    let in_url = Memo::new(move |_| query.with(|q| DeskFilter::from_query(|name| q.get(name))));
    // What is being typed filters at once; the URL follows once typing pauses, so a
    // keystroke costs the filtering and one page of rows, not a navigation too.
    let typed = RwSignal::new(None::<String>);
    let typed_seq = StoredValue::new(0u32);
    let filter = Memo::new(move |_| {
        let mut f = in_url.get();
        if let Some(q) = typed.get()
            && q != f.q
        {
            f.q = q;
            f.page = 1;
        }
        f
    });
    let navigate = use_navigate();
    let set = move |f: DeskFilter| {
        let params: Vec<(&'static str, String)> = f.to_params();
        let refs: Vec<(&'static str, &str)> = params.iter().map(|(k, v)| (*k, v.as_str())).collect();
        navigate(
            &links::with_query(links::REVIEW, &refs),
            NavigateOptions { replace: true, scroll: false, ..Default::default() },
        );
    };
    let set = StoredValue::new_local(set);
    let change = move |edit: fn(&mut DeskFilter, String), value: String| {
        let mut f = filter.get_untracked();
        edit(&mut f, value);
        f.page = 1;
        typed.set(None);
        set.with_value(|set| set(f));
    };
    let type_q = move |value: String| {
        typed.set(Some(value));
        typed_seq.update_value(|n| *n = n.wrapping_add(1));
        let mine = typed_seq.get_value();
        leptos::task::spawn_local(async move {
            crate::poll::sleep_ms(300).await;
            if typed_seq.try_get_value() == Some(mine)
                && let Some(f) = filter.try_get_untracked()
            {
                set.try_with_value(|set| set(f));
            }
        });
    };
    // Once the URL holds what was typed, it is the filter again (and Back/Forward rule).
    Effect::new(move |_| {
        let q = in_url.with(|f| f.q.clone());
        if typed.get_untracked().as_deref() == Some(q.as_str()) {
            typed.set(None);
        }
    });
    // Which rows the filter shows: one pass over precomputed keys per change.
    let shown = Memo::new(move |_| {
        let f = filter.get();
        desk.rows.with(|rows| f.select(rows))
    });
    let page = Memo::new(move |_| {
        let count = shown.with(Vec::len);
        PAGER.range(count, filter.with(|f| f.page))
    });
    // The rows of this page, by index, with the read they belong to: while clusters keep
    // arriving the page is drawn again only if its own rows changed, not on every answer.
    let on_page = Memo::new(move |_| {
        let (_, range) = page.get();
        (desk.epoch.get(), shown.with(|idx| idx[range].to_vec()))
    });
    let rows = TableRead::new(
        t(k::review::LOADING_THE_CLUSTERS),
        move || {
            let list = on_page.with(|(_, idx)| {
                desk.rows.with_untracked(|rows| {
                    idx.iter().filter_map(|i| rows.get(*i as usize)).map(desk_row).collect()
                })
            });
            // Nothing to show while the first clusters are still on their way reads as loading.
            match desk.listed.get() {
                None => None,
                Some(Err(e)) => Some(Err(e)),
                Some(Ok(())) => Some(Ok(list)),
            }
        },
        move || desk.reload(),
    );
    let empty = ViewFn::from(move || {
        let (done, _, total) = desk.progress();
        let f = filter.get();
        let text = match (f.all || f.narrows(), done < total) {
            (true, true) => t(k::review::NO_MATCH_YET),
            (true, false) => t(k::review::NO_MATCH),
            (false, true) => t(k::review::NOTHING_YET),
            (false, false) => t(k::review::NOTHING),
        };
        view! {
            <div class="empty" id="desk-empty">
                <p>{text}</p>
                {(!f.all)
                    .then(|| {
                        view! {
                            <a href=links::with_query(
                                links::REVIEW,
                                &[("view", "all")],
                            )>{t(k::review::SHOW_EVERY_VERSION)}</a>
                        }
                    })}
            </div>
        }
    });
    let loaded_words = move || {
        let at = desk.loaded_at.get();
        if at > 0.0 {
            tf(k::review::LOADED_AT, &[("when", &format::utc(EpochMillis(at as i64)))])
        } else {
            t(k::review::LOADING).into()
        }
    };

    view! {
        <PageHead heading=crate::routes::REVIEW.title() />
        <p class="hint">{t(k::review::DESK_HINT)}</p>
        <div class="desk-bar">
            // A real tab list: the table below is what the two views choose between.
            <TabList
                label=t(k::review::WHICH_VERSIONS)
                tabs=vec![
                    ("view-attention", t(k::review::NEEDS_ATTENTION)),
                    ("view-all", t(k::review::ALL_VERSIONS)),
                ]
                selected=Signal::derive(move || usize::from(filter.get().all))
                controls="review-desk"
                on_select=Callback::new(move |i: usize| {
                    let all = i == 1;
                    if filter.get_untracked().all != all {
                        typed.set(None);
                        set.with_value(|set| set(DeskFilter {
                            all,
                            page: 1,
                            ..filter.get_untracked()
                        }));
                    }
                })
            />
            <span class="hint" id="desk-loaded-at">
                {loaded_words}
            </span>
            <button type="button" class="button" id="desk-refresh" on:click=move |_| desk.reload()>
                {t(k::review::REFRESH)}
            </button>
        </div>
        <Progress desk=desk />
        <div class="filters" role="search">
            <label>
                {t(k::review::SEARCH)}" "
                <input
                    type="search"
                    id="desk-q"
                    placeholder=t(k::review::SEARCH_PLACEHOLDER)
                    prop:value=move || filter.get().q
                    on:input:target=move |ev| type_q(ev.target().value())
                />
            </label>
            <label>
                {t(k::review::SCAN)}" "
                <select
                    id="desk-scan"
                    on:change:target=move |ev| change(
                        |f, v| f.scan = (!v.is_empty()).then_some(v),
                        ev.target().value(),
                    )
                >
                    <option value="" selected=move || filter.get().scan.is_none()>
                        {t(k::review::ANY_SCAN_STATE)}
                    </option>
                    {ScanState::KNOWN
                        .iter()
                        .map(|s| {
                            let wire = s.as_str().to_string();
                            let this = wire.clone();
                            view! {
                                <option
                                    value=wire
                                    selected=move || filter.with(|f| f.scan.as_deref() == Some(this.as_str()))
                                >
                                    {scan_words(s).0}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            <YesNo
                id="desk-admin-blocked"
                label=t(k::review::BLOCKED_BY_SUPPORT)
                value=Signal::derive(move || filter.get().admin_blocked)
                on_change=Callback::new(move |v: String| change(|f, v| f.admin_blocked = flag(&v), v))
            />
            <YesNo
                id="desk-override"
                label=t(k::review::APPROVED_DESPITE_SCAN)
                value=Signal::derive(move || filter.get().overridden)
                on_change=Callback::new(move |v: String| change(|f, v| f.overridden = flag(&v), v))
            />
            <label>
                {t(k::review::ORGANIZATION)}" "
                <select
                    id="desk-org"
                    on:change:target=move |ev| change(
                        |f, v| f.org = (!v.is_empty()).then_some(v),
                        ev.target().value(),
                    )
                >
                    <option value="" selected=move || filter.get().org.is_none()>
                        {t(k::review::ANY_ORGANIZATION)}
                    </option>
                    {move || {
                        org_options(&desk.orgs.get())
                            .into_iter()
                            .map(|(id, label)| {
                                let this = id.clone();
                                view! {
                                    <option
                                        value=id
                                        selected=move || {
                                            filter.with(|f| f.org.as_deref() == Some(this.as_str()))
                                        }
                                    >
                                        {label}
                                    </option>
                                }
                            })
                            .collect_view()
                    }}
                </select>
            </label>
        </div>
        <FailedClusters desk=desk />
        <p class="hint" id="desk-count">
            {move || {
                let (pages, range) = page.get();
                let count = shown.with(Vec::len);
                if count == 0 {
                    String::new()
                } else {
                    tf(
                        k::review::VERSIONS_RANGE,
                        &[
                            ("from", &(range.start + 1).to_string()),
                            ("to", &range.end.to_string()),
                            ("count", &count.to_string()),
                            ("page", &PAGER.page_of(&range).to_string()),
                            ("pages", &pages.to_string()),
                        ],
                    )
                }
            }}
        </p>
        <ResourceTable
            columns=COLUMNS
            rows=rows
            class="desk"
            id="review-desk"
            label=t(k::review::EXTENSION_VERSIONS)
            empty=empty
        />
        // The desk cuts its rows into pages itself (it builds only the shown page's rows:
        // the keystroke budget), with the kit's pager.
        {move || {
            let (pages, range) = page.get();
            PAGER
                .nav(
                    pages,
                    PAGER.page_of(&range),
                    &|to| {
                        let params = DeskFilter {
                            page: to,
                            ..filter.get()
                        }
                            .to_params();
                        let refs: Vec<(&'static str, &str)> = params
                            .iter()
                            .map(|(k, v)| (*k, v.as_str()))
                            .collect();
                        links::with_query(links::REVIEW, &refs)
                    },
                )
        }}
    }
}
