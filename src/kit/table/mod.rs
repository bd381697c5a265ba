//! The one resource table. A screen describes its columns as data and turns each item into
//! a [`Row`] of [`Cell`]s with a plain function; the table does the rest: loading, empty
//! and failed states (with Retry), when the data was last read, sorting by a column
//! header (`aria-sort`), and on a phone each row becomes a stacked card whose cells are
//! labelled by their column (`data-label`), so nothing scrolls sideways.
//!
//! Rows arrive already turned into cells, so the table is compiled once for every screen.

mod empty;
mod read;
mod row;
mod sorting;

use cluster_api::EpochMillis;
use leptos::attr::custom::custom_attribute;
use leptos::prelude::*;
use leptos_router::hooks::use_location;

pub use empty::{empty_hint, empty_note};
pub use read::TableRead;
pub use row::{Cell, Row, Rows};
pub use sorting::{SortKey, aria_sort, order};

use super::Loaded;
use super::pager::{Pager, with_param};
use crate::format;
use crate::i18n::{Msg, k, t, tf};

/// One column: its header, and whether clicking the header sorts by it. The header is a
/// catalogue key, so a screen's columns are a `const` in every language (shown through
/// `t()`), and the sort in the URL is named by the English words whatever the language: a
/// shared link sorts the same for everyone.
#[derive(Debug, Clone, Copy)]
pub struct Column {
    pub label: Msg,
    pub sortable: bool,
}

impl Column {
    pub const fn new(label: Msg) -> Column {
        Column { label, sortable: false }
    }

    pub const fn sortable(label: Msg) -> Column {
        Column { label, sortable: true }
    }

    /// A column of row buttons: no visible header (screen readers hear "Actions").
    pub const fn blank() -> Column {
        Column { label: crate::i18n::BLANK, sortable: false }
    }

    /// The header in the person's language.
    pub fn words(&self) -> &'static str {
        t(self.label)
    }
}
/// The table. `rows` is what it shows (see [`TableRead`]): usually a list read's
/// `load.table(…)`; `empty` is shown when there are no rows.
#[component]
pub fn ResourceTable(
    columns: &'static [Column],
    rows: TableRead,
    empty: ViewFn,
    /// Classes of the `<table>` besides `table` (e.g. `clusters`).
    #[prop(optional)]
    class: &'static str,
    #[prop(optional)] id: Option<&'static str>,
    /// Names the table for assistive technology.
    #[prop(optional)]
    label: Option<&'static str>,
    /// The order when the URL names none: (column, ascending), e.g. newest first.
    #[prop(optional)]
    default_sort: Option<(usize, bool)>,
    /// Cuts the rows into pages (`?page=`), after sorting all of them; the pager follows
    /// the table.
    #[prop(optional)]
    pager: Option<Pager>,
) -> impl IntoView {
    let TableRead { what: loading_what, rows, retry, updated_at } = rows;
    // Kept in the URL (see `sort`): bookmarkable, and the same after a reload.
    let (sorted, set_sort) = super::sort::use_url_sort(columns, super::sort::param(id), default_sort);
    let header = move || {
        columns
            .iter()
            .enumerate()
            .map(|(i, col)| {
                let aria = move || aria_sort(i, col.sortable, sorted.get());
                let inner = if col.sortable {
                    view! {
                        <button
                            type="button"
                            class="sort"
                            on:click=move |_| {
                                set_sort.run(super::sort::next(i, sorted.get_untracked(), default_sort))
                            }
                        >
                            {col.words()}
                            <span class="sort-mark" aria-hidden="true">
                                {move || match aria() {
                                    Some("ascending") => "▲",
                                    Some("descending") => "▼",
                                    _ => "",
                                }}
                            </span>
                        </button>
                    }
                    .into_any()
                } else if col.label.english().is_empty() {
                    // A column of row buttons has no visible heading, but a header cell
                    // must still say what the column holds (axe: empty-table-header).
                    view! { <span class="visually-hidden">{t(k::kit::ACTIONS)}</span> }.into_any()
                } else {
                    col.words().into_any()
                };
                view! {
                    <th scope="col" aria-sort=aria>
                        {inner}
                    </th>
                }
            })
            .collect_view()
    };
    let updated = move || {
        // Refresh reads again as Retry does.
        updated_at.map(|at| {
            view! {
                <p class="table-updated hint">
                    {move || {
                        let at = at.get();
                        if at > 0.0 {
                            tf(k::kit::LAST_UPDATED, &[("time", &format::utc(EpochMillis(at as i64)))])
                        } else {
                            String::new()
                        }
                    }} " "<button type="button" class="button subtle refresh" on:click=move |_| retry.run(())>
                        {t(k::kit::REFRESH)}
                    </button>
                </p>
            }
        })
    };
    let class = if class.is_empty() { "table rtable".to_string() } else { format!("table rtable {class}") };
    let location = use_location();
    // Every table pages: one without a pager of its own pages at `Pager::FALLBACK_SIZE`.
    let pager = pager.unwrap_or_else(|| Pager::fallback(id));
    let page = Memo::new(move |_| super::pager::parse(location.query.with(|q| q.get(pager.param))));
    let empty = ViewFn::from(move || {
        view! {
            {empty.run()}
            {updated()}
        }
    });
    Loaded::from_fn(loading_what, move || rows.run(()), Some(retry)).empty(Vec::is_empty, empty).ready(
        move |mut list| {
            if let Some((column, ascending)) = sorted.get() {
                let none = SortKey::None;
                let keys: Vec<&SortKey> =
                    list.iter().map(|r| r.cells.get(column).map(|c| &c.sort).unwrap_or(&none)).collect();
                let order = order(&keys, ascending);
                let mut slots: Vec<Option<Row>> = list.into_iter().map(Some).collect();
                list = order.into_iter().filter_map(|i| slots.get_mut(i).and_then(Option::take)).collect();
            }
            // The whole list is ordered before it is cut into pages.
            let pages = {
                let (pages, range) = pager.range(list.len(), page.get());
                let current = pager.page_of(&range);
                list = list.drain(range).collect();
                pager.nav(pages, current, &|to| {
                    location.search.with_untracked(|s| {
                        with_param(&location.pathname.get_untracked(), s, pager.param, &to.to_string())
                    })
                })
            };
            let now = js_sys::Date::now() as i64;
            let body = list
                .into_iter()
                .map(|row| {
                    let (name, value) = row.data;
                    let cells = row
                        .cells
                        .into_iter()
                        .zip(columns.iter())
                        .map(|(cell, col)| cell.render(col.words(), now))
                        .collect_view();
                    view! { <tr>{cells}</tr> }.add_any_attr(custom_attribute(name, value))
                })
                .collect_view();
            view! {
                <div class="table-wrap">
                    <table class=class.clone() id=id aria-label=label>
                        <thead>
                            <tr>{header()}</tr>
                        </thead>
                        <tbody>{body}</tbody>
                    </table>
                </div>
                {updated()}
                {pages}
            }
            .into_any()
        },
    )
}
