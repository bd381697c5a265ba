//! The table's sort, kept in the URL like the filters (`?sort=-created`: the column's
//! label in lower case, `-` for descending), so a sorted list can be bookmarked, shared and
//! survives a reload. A table may have a default order (the clusters list: newest first),
//! shown on its header as any other sort; the URL names only a different one.

use leptos::prelude::*;
use leptos_router::{
    NavigateOptions,
    hooks::{use_location, use_navigate},
};

use super::pager::with_param;
use super::table::Column;

/// The query parameter a table keeps its sort in: `sort`, or `<id>-sort` for a table with
/// an id (several tables on one page sort independently).
pub fn param(id: Option<&str>) -> String {
    id.map_or_else(|| "sort".to_string(), |id| format!("{id}-sort"))
}

fn slug(label: &str) -> String {
    crate::lower::lower(label.trim()).split_whitespace().collect::<Vec<_>>().join("-")
}

/// The sort a URL value names: (column, ascending); `None` for nothing, or for a column that
/// is not there or not sortable.
pub fn parse(value: &str, columns: &[Column]) -> Option<(usize, bool)> {
    let (name, ascending) = match value.trim().strip_prefix('-') {
        Some(rest) => (rest, false),
        None => (value.trim(), true),
    };
    columns.iter().position(|c| c.sortable && slug(c.label.english()) == name).map(|i| (i, ascending))
}

/// The URL value of a sort (see [`parse`]).
pub fn value(columns: &[Column], sort: (usize, bool)) -> String {
    let name = columns.get(sort.0).map(|c| slug(c.label.english())).unwrap_or_default();
    if sort.1 { name } else { format!("-{name}") }
}

/// The next sort after a click on `column`. Without a default order: ascending, then
/// descending, then the screen's own order again. With one, the sorted column flips.
pub fn next(
    column: usize,
    sorted: Option<(usize, bool)>,
    default: Option<(usize, bool)>,
) -> Option<(usize, bool)> {
    match sorted {
        Some((c, ascending)) if c == column && default.is_some() => Some((column, !ascending)),
        Some((c, true)) if c == column => Some((column, false)),
        Some((c, false)) if c == column => None,
        _ => Some((column, true)),
    }
}

/// A sort: the column's index and whether it is descending; `None` for the rows' own order.
pub type SortBy = Option<(usize, bool)>;

/// The sort in the URL (tracked), or the default; and a setter that replaces the URL.
pub fn use_url_sort(
    columns: &'static [Column],
    param: String,
    default: SortBy,
) -> (Memo<SortBy>, Callback<SortBy>) {
    let location = use_location();
    let navigate = use_navigate();
    let key = param.clone();
    let current = Memo::new(move |_| {
        let raw = location.query.with(|q| q.get(&key));
        raw.and_then(|v| parse(&v, columns)).or(default)
    });
    let set = Callback::new(move |sort: Option<(usize, bool)>| {
        let v = match sort {
            Some(s) if Some(s) != default => value(columns, s),
            _ => String::new(),
        };
        let href = untrack(|| location.search.with(|s| with_param(&location.pathname.get(), s, &param, &v)));
        navigate(&href, NavigateOptions { replace: true, scroll: false, ..Default::default() });
    });
    (current, set)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::i18n::Msg;

    const COLUMNS: &[Column] = &[
        Column::sortable(Msg::new(&crate::i18n::text(u16::MAX, b"Name"))),
        Column::new(Msg::new(&crate::i18n::text(u16::MAX, b"Host"))),
        Column::sortable(Msg::new(&crate::i18n::text(u16::MAX, b"Created at"))),
    ];

    #[test]
    fn sorts_round_trip_through_the_url() {
        assert_eq!(parse("name", COLUMNS), Some((0, true)));
        assert_eq!(parse("-created-at", COLUMNS), Some((2, false)));
        assert_eq!(parse("host", COLUMNS), None, "not sortable");
        assert_eq!(parse("bogus", COLUMNS), None);
        assert_eq!(value(COLUMNS, (2, false)), "-created-at");
        assert_eq!(parse(&value(COLUMNS, (0, true)), COLUMNS), Some((0, true)));
        assert_eq!(param(None), "sort");
        assert_eq!(param(Some("card-table")), "card-table-sort");
    }

    #[test]
    fn clicks_cycle_or_flip() {
        assert_eq!(next(0, None, None), Some((0, true)));
        assert_eq!(next(0, Some((0, true)), None), Some((0, false)));
        assert_eq!(next(0, Some((0, false)), None), None);
        let newest = Some((2, false));
        assert_eq!(next(2, newest, newest), Some((2, true)));
        assert_eq!(next(2, Some((2, true)), newest), Some((2, false)));
        assert_eq!(next(0, newest, newest), Some((0, true)));
    }
}
