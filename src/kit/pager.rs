//! Pages of a long list, kept in the URL (`?page=2`, absent on the first page) like the
//! filters and the sort, and the one query editor they all share ([`with_param`]).
//! A new filter or order starts again at the first page.

use std::ops::Range;

use leptos::prelude::*;

use crate::i18n::{k, num, t, tf};

/// The query parameter of the page number.
pub const PARAM: &str = "page";

/// How a list is cut into pages, and the ids of its Previous and Next links (flows and
/// scripts click them).
#[derive(Clone, Copy, Debug)]
pub struct Pager {
    pub size: usize,
    /// Empty for a table's fallback pager ([`Pager::fallback`]): its links have no id.
    pub prev_id: &'static str,
    pub next_id: &'static str,
    /// The query parameter of its page number: [`PARAM`], or the table's own.
    pub param: &'static str,
}

impl Pager {
    /// How many rows any table draws at most: a table given no pager of its own still pages
    /// a long list (a service may answer hundreds of items) instead of drawing them all.
    pub const FALLBACK_SIZE: usize = 100;

    /// The pager of a table with none of its own, by the table's id (its page number in
    /// `?<id>=`, so two such tables on a page page apart) or the shared `?page=`.
    pub fn fallback(table_id: Option<&'static str>) -> Pager {
        Pager { size: Self::FALLBACK_SIZE, prev_id: "", next_id: "", param: table_id.unwrap_or(PARAM) }
    }

    /// (pages, the index range of page `page`), clamped to what exists (at least one page).
    pub fn range(&self, count: usize, page: usize) -> (usize, Range<usize>) {
        let pages = count.div_ceil(self.size).max(1);
        let start = (page.clamp(1, pages) - 1) * self.size;
        (pages, start..(start + self.size).min(count))
    }

    /// The page a range starts (1-based).
    pub fn page_of(&self, range: &Range<usize>) -> usize {
        range.start / self.size + 1
    }

    /// Previous, "Page n of m" and Next; nothing for a single page. `href` gives the
    /// address of a page.
    pub fn nav(self, pages: usize, current: usize, href: &dyn Fn(usize) -> String) -> Option<AnyView> {
        (pages > 1).then(|| {
            let prev = (current > 1).then(|| href(current - 1));
            let next = (current < pages).then(|| href(current + 1));
            view! {
                <nav class="pager" aria-label=t(k::kit::PAGES)>
                    {prev
                        .map(|href| {
                            view! {
                                <a
                                    class="button"
                                    id=(!self.prev_id.is_empty()).then_some(self.prev_id)
                                    href=href
                                >
                                    {t(k::kit::PREVIOUS)}
                                </a>
                            }
                        })}
                    <span>
                        {tf(
                            k::kit::PAGE_OF,
                            &[("current", &num(current as f64)), ("pages", &num(pages as f64))],
                        )}
                    </span>
                    {next
                        .map(|href| {
                            view! {
                                <a
                                    class="button"
                                    id=(!self.next_id.is_empty()).then_some(self.next_id)
                                    href=href
                                >
                                    {t(k::kit::NEXT)}
                                </a>
                            }
                        })}
                </nav>
            }
            .into_any()
        })
    }
}

/// The page number in a query value: 1 when absent or not a number.
pub fn parse(value: Option<String>) -> usize {
    value.and_then(|p| p.parse::<usize>().ok()).unwrap_or(1)
}

/// `path` with `search` (the current query, with or without `?`), `name` set to `value` (or
/// removed when it is empty). The page number is dropped unless it is what changes: a new
/// filter or order starts at the first page. Page 1 is written as no page.
pub fn with_param(path: &str, search: &str, name: &str, value: &str) -> String {
    let value = if name == PARAM && value == "1" { "" } else { value };
    let mut pairs: Vec<String> = search
        .trim_start_matches('?')
        .split('&')
        .filter(|p| !p.is_empty())
        .filter(|p| {
            let key = p.split_once('=').map_or(*p, |(k, _)| k);
            key != name && key != PARAM
        })
        .map(str::to_string)
        .collect();
    if !value.is_empty() {
        pairs.push(format!("{name}={}", encode(value)));
    }
    if pairs.is_empty() { path.to_string() } else { format!("{path}?{}", pairs.join("&")) }
}

/// `encodeURIComponent`, in Rust so it runs in the native tests too.
fn encode(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for byte in value.bytes() {
        match byte {
            b'A'..=b'Z'
            | b'a'..=b'z'
            | b'0'..=b'9'
            | b'-'
            | b'_'
            | b'.'
            | b'!'
            | b'~'
            | b'*'
            | b'\''
            | b'('
            | b')' => out.push(byte as char),
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_without_a_pager_pages_at_100_under_its_own_parameter() {
        let pager = Pager::fallback(Some("card-table"));
        assert_eq!(pager.param, "card-table");
        assert_eq!(pager.range(500, 5), (5, 400..500));
        assert_eq!(Pager::fallback(None).param, PARAM);
    }

    const PAGER: Pager = Pager { size: 50, prev_id: "p", next_id: "n", param: PARAM };

    #[test]
    fn pages_are_clamped() {
        assert_eq!(PAGER.range(0, 1), (1, 0..0));
        assert_eq!(PAGER.range(120, 2), (3, 50..100));
        assert_eq!(PAGER.range(120, 7), (3, 100..120));
        assert_eq!(PAGER.page_of(&(50..100)), 2);
        assert_eq!(parse(Some("x".into())), 1);
    }

    #[test]
    fn keeps_the_other_parameters() {
        assert_eq!(
            with_param("/clusters", "?name=acme&page=3", "sort", "-created"),
            "/clusters?name=acme&sort=-created"
        );
        assert_eq!(with_param("/clusters", "sort=name", "sort", ""), "/clusters");
        assert_eq!(with_param("/b", "", "card-table-sort", "name"), "/b?card-table-sort=name");
        assert_eq!(with_param("/clusters", "?org=a&page=2", "page", "3"), "/clusters?org=a&page=3");
        assert_eq!(with_param("/clusters", "?page=2", "page", "1"), "/clusters");
        assert_eq!(with_param("/clusters", "?page=2", "org", "org acme"), "/clusters?org=org%20acme");
    }
}
