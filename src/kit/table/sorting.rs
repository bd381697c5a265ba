//! How the table's rows sort: each cell's key, the stable order of rows by one column's
//! keys, and the header's `aria-sort`.

use std::cmp::Ordering;

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
}
