//! The window's files a page at a time, each downloadable through a fresh signed link, in the
//! tab's split-off module (`mod.rs` is its frame): the listing, the file table and its pager,
//! and the download, fetched and saved under the console's own name.

use cluster_api::{LogFile, ops};
use leptos::prelude::*;

use super::super::fetch::{self, LINK_MINUTES};
use super::super::filters::Filters;
use super::super::window::{PAGE, bounds, human_size, saved_name};
use crate::api::{self, ApiError};
use crate::clusters::ClusterCtx;
use crate::i18n::k::logs as w;
use crate::i18n::{t, tf, tp};
use crate::kit::Button;
use crate::kit::save::{Body, save};
use crate::kit::table::{Cell, Column, ResourceTable, Row, SortKey};
use crate::kit::write::Write;
use crate::view_read::load;

/// The file table's columns.
const COLUMNS: &[Column] = &[
    Column::sortable(w::COL_FILE),
    Column::sortable(w::COL_LAST_MODIFIED),
    Column::sortable(w::COL_SIZE),
    Column::new(w::DOWNLOAD),
];

fn row(file: &LogFile, download: Callback<String>) -> Row {
    let name = file.file_name.clone();
    let at = file.last_modified.map_or(Cell::text("—"), Cell::time);
    let size = file.size.map_or(Cell::text("—"), |s| Cell::text(human_size(s)).sort_by(SortKey::Number(s)));
    let button = {
        let name = name.clone();
        Button::new("button subtle download-log", t(w::DOWNLOAD)).on_click(move || download.run(name.clone()))
    };
    Row::new(
        "data-file",
        name.clone(),
        vec![Cell::mono(name), at, size, Cell::view(button.view(), SortKey::None)],
    )
}

/// The section "Download logs": the files of the window the filters name.
pub fn section(filters: Memo<Filters>, go: Callback<(Filters, bool)>) -> AnyView {
    let ctx = expect_context::<ClusterCtx>();
    let api = ctx.api;
    let state = Memo::new(move |_| filters.with(|f| (f.window.clone(), f.start)));
    let page_to = move |start: usize| {
        let mut f = filters.get_untracked();
        f.start = start;
        go.run((f, false));
    };
    let problem = RwSignal::new(None::<String>);
    let files = load(move || {
        let (window, start) = state.get();
        let now = js_sys::Date::now();
        let op = bounds(&window, now as i64).map(|(from, to)| ops::ClusterLogList {
            id: ctx.id(),
            from,
            to,
            // One more than a page, to know whether there is a next one.
            max: Some(PAGE as i32 + 1),
            start: Some(start as i32),
        });
        problem.set(op.as_ref().err().cloned());
        // The answer keeps the start it was read for: while the next page is read, the
        // pager still says which files are shown, not the page asked for.
        async move {
            match op {
                Ok(op) => api::call(api, &op).await.map(|list| (start, list)),
                Err(_) => Ok((start, Vec::new())),
            }
        }
    });

    let download_write = Write::new(t(w::PREPARING_DOWNLOAD));
    let link = RwSignal::new(None::<(String, String)>);
    // Fetched and saved under the console's own name (storage names a file by its hour
    // only, and a link on another origin ignores `download`).
    let cluster = StoredValue::new(ctx.cluster.with_untracked(|c| c.name.clone()));
    let download = Callback::new(move |name: String| {
        let saved_as = saved_name(&cluster.get_value(), &name);
        link.set(None);
        let fetched = fetch::read_bytes(api, ctx.id(), name);
        download_write.run(async move { fetched.await.map_err(ApiError::Decode) }, move |(bytes, url)| {
            match save(&saved_as, Body::Bytes(&bytes), "application/gzip") {
                Ok(()) => {
                    link.try_set(Some((saved_as, url)));
                }
                Err(()) => {
                    download_write.error.try_set(Some(ApiError::Decode(t(w::COULD_NOT_MAKE_FILE).into())));
                }
            }
        });
    });
    let rows = files
        .table(t(w::LOADING_FILES), move |(_, list)| {
            list.iter().take(PAGE).map(|f| row(f, download)).collect()
        })
        .updated(files.answered_at());
    let has_next = move || files.with(|f| matches!(f, Some(Ok((_, list))) if list.len() > PAGE));
    let columns = COLUMNS;
    view! {
        <section class="card" id="log-files">
            <h2>{t(w::FILES_HEADING)}</h2>
            <p class="hint">{t(w::FILES_HINT)}</p>
            <p class="hint">{t(w::FILES_WINDOW_HINT)}</p>
            {move || {
                problem
                    .get()
                    .is_none()
                    .then(|| {
                        view! {
                            <ResourceTable
                                columns=columns
                                rows=rows
                                empty=ViewFn::from(|| {
                                    view! {
                                        <div class="empty" id="no-window-files">
                                            <p>{t(w::NO_WINDOW_FILES)}</p>
                                        </div>
                                    }
                                })
                                id="log-table"
                                label=t(w::FILES_TABLE)
                            />
                        }
                    })
            }}
            <nav class="pager" aria-label=t(w::FILES_PAGES)>
                <button
                    type="button"
                    class="button subtle"
                    id="logs-previous"
                    disabled=move || state.get().1 == 0
                    on:click=move |_| page_to(state.get_untracked().1.saturating_sub(PAGE))
                >
                    {t(w::PREVIOUS)}
                </button>
                <span class="hint" id="logs-page">
                    {move || {
                        let (start, shown) = files
                            .with(|f| {
                                f.as_ref()
                                    .and_then(|r| r.as_ref().ok())
                                    .map(|(start, l)| (*start, l.len().min(PAGE)))
                            })
                            .unwrap_or((state.get().1, 0));
                        if shown == 0 {
                            tf(w::PAGE_N, &[("page", &(start / PAGE + 1).to_string())])
                        } else {
                            let (first, last) = ((start + 1).to_string(), (start + shown).to_string());
                            tf(w::FILES_RANGE, &[("first", &first), ("last", &last)])
                        }
                    }}
                </span>
                <button
                    type="button"
                    class="button subtle"
                    id="logs-next"
                    disabled=move || !has_next()
                    on:click=move |_| page_to(state.get_untracked().1 + PAGE)
                >
                    {t(w::NEXT)}
                </button>
            </nav>
            {download_write.failure()}
            {move || {
                download_write
                    .busy
                    .get()
                    .then(|| {
                        view! {
                            <p class="hint" role="status">
                                {t(w::PREPARING_DOWNLOAD_BUSY)}
                            </p>
                        }
                    })
            }}
            {move || {
                link.get()
                    .map(|(name, url)| {
                        let sentence = tp(w::DOWNLOADING, f64::from(LINK_MINUTES), &[]);
                        let (before, rest) = super::super::around(&sentence, "name");
                        let (middle, after) = super::super::around(rest, "again");
                        view! {
                            <p class="flash" id="download-state" role="status">
                                {before.to_string()}
                                <code>{name}</code>
                                {middle.to_string()}
                                <a id="download-link" href=url download="">
                                    {t(w::DOWNLOAD_AGAIN)}
                                </a>
                                {after.to_string()}
                            </p>
                        }
                    })
            }}
        </section>
    }
    .into_any()
}
