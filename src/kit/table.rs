//! The one resource table. A screen describes its columns as data and turns each item into
//! a [`Row`] of [`Cell`]s with a plain function; the table does the rest: loading, empty
//! and failed states (with Retry), when the data was last read, sorting by a column
//! header (`aria-sort`), and on a phone each row becomes a stacked card whose cells are
//! labelled by their column (`data-label`), so nothing scrolls sideways.
//!
//! Rows arrive already turned into cells, so the table is compiled once for every screen.

use std::cmp::Ordering;

use cluster_api::EpochMillis;
use leptos::attr::custom::custom_attribute;
use leptos::prelude::*;
use leptos_router::hooks::use_location;

use super::Loaded;
use super::badge::{Badge, Tone};
use super::copy::CopyButton;
use super::pager::{Pager, with_param};
use crate::api::ApiError;
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
        Column { label: Msg(u16::MAX, ""), sortable: false }
    }

    /// The header in the person's language.
    pub fn words(&self) -> &'static str {
        t(self.label)
    }
}

/// What a sortable cell is ordered by. Cells fill it in from their content; a view cell
/// names it explicitly.
#[derive(Debug, Clone, PartialEq)]
pub enum SortKey {
    None,
    Text(String),
    Number(i64),
}

impl SortKey {
    /// Words sort regardless of case: the key is `text` lower-cased (by the browser, see
    /// `crate::lower`).
    pub fn words(text: &str) -> SortKey {
        SortKey::Text(crate::lower::lower(text))
    }
}

fn compare(a: &SortKey, b: &SortKey) -> Ordering {
    match (a, b) {
        (SortKey::Number(x), SortKey::Number(y)) => x.cmp(y),
        (SortKey::Text(x), SortKey::Text(y)) => x.cmp(y),
        // Anything known sorts before nothing; numbers before words.
        (SortKey::None, SortKey::None) => Ordering::Equal,
        (SortKey::None, _) => Ordering::Greater,
        (_, SortKey::None) => Ordering::Less,
        (SortKey::Number(_), SortKey::Text(_)) => Ordering::Less,
        (SortKey::Text(_), SortKey::Number(_)) => Ordering::Greater,
    }
}

/// The order of rows (given each row's key in the sorted column): stable, so equal keys
/// keep the screen's order.
pub fn order(keys: &[&SortKey], ascending: bool) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..keys.len()).collect();
    idx.sort_by(|&a, &b| match (keys[a], keys[b]) {
        // Rows without a value go last either way.
        (SortKey::None, SortKey::None) => Ordering::Equal,
        (SortKey::None, _) => Ordering::Greater,
        (_, SortKey::None) => Ordering::Less,
        (x, y) if ascending => compare(x, y),
        (x, y) => compare(x, y).reverse(),
    });
    idx
}

/// The `aria-sort` of a column: `none` when sortable but not the sorted one.
pub fn aria_sort(column: usize, sortable: bool, sorted: Option<(usize, bool)>) -> Option<&'static str> {
    if !sortable {
        return None;
    }
    Some(match sorted {
        Some((c, true)) if c == column => "ascending",
        Some((c, false)) if c == column => "descending",
        _ => "none",
    })
}

/// `2026-01-01T00:00Z`, the form `<time datetime>` expects.
fn machine_time(at: EpochMillis) -> String {
    format::iso_utc(at).replace(" UTC", "Z").replacen(' ', "T", 1)
}

enum Content {
    Text(String),
    Mono(String),
    /// An in-app link; the router handles the click.
    Link {
        label: String,
        href: String,
    },
    Badge {
        label: String,
        tone: Tone,
        busy: bool,
    },
    /// A moment: absolute UTC, how long ago beneath it.
    Time(EpochMillis),
    Copy {
        text: String,
        what: &'static str,
    },
    View(AnyView),
    Later(Box<dyn FnOnce() -> AnyView>),
}

/// One cell: its content, an optional second line, and what it sorts by.
pub struct Cell {
    content: Content,
    sub: Option<String>,
    class: Option<&'static str>,
    sort: SortKey,
}

impl Cell {
    fn of(content: Content, sort: SortKey) -> Cell {
        Cell { content, sub: None, class: None, sort }
    }

    pub fn text(text: impl Into<String>) -> Cell {
        let text = text.into();
        let sort = SortKey::words(&text);
        Cell::of(Content::Text(text), sort)
    }

    pub fn mono(text: impl Into<String>) -> Cell {
        let text = text.into();
        let sort = SortKey::words(&text);
        Cell::of(Content::Mono(text), sort)
    }

    pub fn link(label: impl Into<String>, href: String) -> Cell {
        let label = label.into();
        let sort = SortKey::words(&label);
        Cell::of(Content::Link { label, href }, sort)
    }

    /// A status in words with a colour; `busy` adds a spinner for something still changing.
    pub fn badge(label: impl Into<String>, tone: Tone, busy: bool) -> Cell {
        let label = label.into();
        let sort = SortKey::words(&label);
        Cell::of(Content::Badge { label, tone, busy }, sort)
    }

    pub fn time(at: EpochMillis) -> Cell {
        Cell::of(Content::Time(at), SortKey::Number(at.0))
    }

    /// The value, monospace, with a button that copies it.
    pub fn copy(text: impl Into<String>, what: &'static str) -> Cell {
        let text = text.into();
        let sort = SortKey::words(&text);
        Cell::of(Content::Copy { text, what }, sort)
    }

    /// Anything else (a live badge, row actions). Sorts by `sort`.
    pub fn view(view: AnyView, sort: SortKey) -> Cell {
        Cell::of(Content::View(view), sort)
    }

    /// A view built only if its row is shown: a paged table is given every row (to sort
    /// them all), and a view may cost something, such as watching a cluster.
    pub fn view_when_shown(view: impl FnOnce() -> AnyView + 'static, sort: SortKey) -> Cell {
        Cell::of(Content::Later(Box::new(view)), sort)
    }

    /// A second, quieter line under the content.
    pub fn sub(mut self, sub: impl Into<String>) -> Cell {
        let sub = sub.into();
        self.sub = (!sub.is_empty()).then_some(sub);
        self
    }

    /// Sorts by `sort` instead of the shown text (e.g. a date shown as words).
    pub fn sort_by(mut self, sort: SortKey) -> Cell {
        self.sort = sort;
        self
    }

    pub fn class(mut self, class: &'static str) -> Cell {
        self.class = Some(class);
        self
    }

    fn render(self, label: &'static str, now: i64) -> AnyView {
        let class = match &self.content {
            Content::Mono(_) | Content::Copy { .. } => Some("mono"),
            Content::Time(_) => Some("when"),
            _ => None,
        };
        let class = [class, self.class].into_iter().flatten().collect::<Vec<_>>().join(" ");
        let sub = self.sub.map(|s| view! { <div class="sub">{s}</div> });
        let content = match self.content {
            Content::Text(text) | Content::Mono(text) => text.into_any(),
            Content::Link { label, href } => view! { <a href=href>{label}</a> }.into_any(),
            Content::Badge { label, tone, busy } => Badge::new(label, tone).spinner(busy).view(),
            Content::Time(at) => view! {
                <time datetime=machine_time(at) title=format::utc(at)>{format::utc(at)}</time>
                <div class="sub">{format::relative(now, at)}</div>
            }
            .into_any(),
            Content::Copy { text, what } => {
                // The value and its button at the cell's two ends, so the buttons of a column
                // line up in every row whatever the value's length.
                view! { <span class="copy-cell"><span>{text.clone()}</span> <CopyButton text=text what=what/></span> }
                    .into_any()
            }
            Content::View(view) => view,
            Content::Later(view) => view(),
        };
        view! { <td class=class data-label=label><div class="cell">{content}{sub}</div></td> }.into_any()
    }
}

/// One row: the data attribute that names it (e.g. `("data-cluster", "acme-prod")`, kept
/// for links, tests and scripts) and its cells, one per column.
pub struct Row {
    data: (&'static str, String),
    cells: Vec<Cell>,
}

impl Row {
    pub fn new(data_attribute: &'static str, value: impl Into<String>, cells: Vec<Cell>) -> Row {
        Row { data: (data_attribute, value.into()), cells }
    }
}

/// What the table shows: nothing yet (`None`), a failure, or the rows.
pub type Rows = Option<Result<Vec<Row>, ApiError>>;

/// The table. `rows` is called inside the table's view, so every signal it reads redraws
/// the table; `empty` is shown when it returns no rows.
#[component]
pub fn ResourceTable(
    columns: &'static [Column],
    rows: Callback<(), Rows>,
    /// What the console was doing, for the failure ("Loading clusters").
    loading_what: &'static str,
    retry: Callback<()>,
    empty: ViewFn,
    /// Classes of the `<table>` besides `table` (e.g. `clusters`).
    #[prop(optional)]
    class: &'static str,
    #[prop(optional)] id: Option<&'static str>,
    /// Names the table for assistive technology.
    #[prop(optional)]
    label: Option<&'static str>,
    /// `Date.now()` of the last read, for data that refreshes: shown with a Refresh button.
    #[prop(optional)]
    updated_at: Option<Signal<f64>>,
    /// The order when the URL names none: (column, ascending), e.g. newest first.
    #[prop(optional)]
    default_sort: Option<(usize, bool)>,
    /// Cuts the rows into pages (`?page=`), after sorting all of them; the pager follows
    /// the table.
    #[prop(optional)]
    pager: Option<Pager>,
) -> impl IntoView {
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
                        <button type="button" class="sort" on:click=move |_| set_sort.run(super::sort::next(i, sorted.get_untracked(), default_sort))>
                            {col.words()}
                            <span class="sort-mark" aria-hidden="true">{move || match aria() {
                                Some("ascending") => "▲",
                                Some("descending") => "▼",
                                _ => "",
                            }}</span>
                        </button>
                    }
                    .into_any()
                } else if col.label.1.is_empty() {
                    // A column of row buttons has no visible heading, but a header cell
                    // must still say what the column holds (axe: empty-table-header).
                    view! { <span class="visually-hidden">{t(k::kit::ACTIONS)}</span> }.into_any()
                } else {
                    col.words().into_any()
                };
                view! { <th scope="col" aria-sort=aria>{inner}</th> }
            })
            .collect_view()
    };
    let updated = move || {
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
                    }}
                    " "<button type="button" class="button subtle refresh" on:click=move |_| retry.run(())>{t(k::kit::REFRESH)}</button>
                </p>
            }
        })
    };
    let class = if class.is_empty() { "table rtable".to_string() } else { format!("table rtable {class}") };
    let location = use_location();
    // Every table pages: one without a pager of its own pages at `Pager::FALLBACK_SIZE`.
    let pager = pager.unwrap_or_else(|| Pager::fallback(id));
    let page = Memo::new(move |_| super::pager::parse(location.query.with(|q| q.get(pager.param))));
    let empty = ViewFn::from(move || view! { {empty.run()} {updated()} });
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
                        <thead><tr>{header()}</tr></thead>
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

#[cfg(test)]
mod tests {
    use super::*;

    fn text(s: &str) -> SortKey {
        SortKey::Text(s.into())
    }

    #[test]
    fn sorts_stably_both_ways() {
        let keys = [text("b"), text("a"), text("b"), SortKey::None, text("c")];
        let refs: Vec<&SortKey> = keys.iter().collect();
        assert_eq!(order(&refs, true), vec![1, 0, 2, 4, 3]);
        // Descending reverses the comparison, not the list: equal keys keep their order,
        // and a row without a value stays last.
        assert_eq!(order(&refs, false), vec![4, 0, 2, 1, 3]);
    }

    #[test]
    fn numbers_sort_as_numbers() {
        let keys = [SortKey::Number(10), SortKey::Number(9), SortKey::Number(100)];
        let refs: Vec<&SortKey> = keys.iter().collect();
        assert_eq!(order(&refs, true), vec![1, 0, 2]);
    }

    #[test]
    fn header_states() {
        assert_eq!(aria_sort(1, true, Some((1, true))), Some("ascending"));
        assert_eq!(aria_sort(1, true, Some((1, false))), Some("descending"));
        assert_eq!(aria_sort(0, true, Some((1, false))), Some("none"));
        assert_eq!(aria_sort(0, false, None), None);
    }

    #[test]
    fn cells_sort_by_their_content() {
        assert_eq!(Cell::text("Acme").sort, text("acme"));
        assert_eq!(Cell::time(EpochMillis(5)).sort, SortKey::Number(5));
        assert_eq!(Cell::badge("Active", Tone::Ok, false).sort, text("active"));
        assert_eq!(machine_time(EpochMillis(1_767_225_600_000)), "2026-01-01T00:00Z");
    }
}
