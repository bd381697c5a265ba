//! What a table shows, as one value: what the read is ("Loading clusters"), its rows, what
//! Retry (and Refresh) does, and for data that refreshes, when it was read. A list read
//! gives all of it at once ([`Load::table`], as `Loaded::new` does for other views), so a
//! screen does not wire its read into the table piece by piece.

use leptos::prelude::*;

use super::{Row, Rows};
use crate::api::ApiError;
use crate::view_read::Load;

/// The table's data. `rows` is called inside the table's view, so every signal it reads
/// redraws the table. Type-erased (callbacks, a signal): the table compiles once.
#[derive(Clone, Copy)]
pub struct TableRead {
    /// What the console is doing, for loading and the failure ("Loading clusters").
    pub what: &'static str,
    pub rows: Callback<(), Rows>,
    /// What Retry after a failure, and Refresh, do.
    pub retry: Callback<()>,
    /// When the data was last read: shown with a Refresh button.
    pub updated_at: Option<Signal<f64>>,
}

impl TableRead {
    /// Rows that do not come from one list read (a read of several, a detail's records),
    /// read again by `retry`.
    pub fn new(
        what: &'static str,
        rows: impl Fn() -> Rows + Send + Sync + 'static,
        retry: impl Fn() + Send + Sync + 'static,
    ) -> TableRead {
        TableRead {
            what,
            rows: Callback::new(move |()| rows()),
            retry: Callback::new(move |()| retry()),
            updated_at: None,
        }
    }

    /// For data that changes while it is shown: the table says when it was read (`at`,
    /// `Date.now()`, 0 before the first answer) and offers Refresh.
    pub fn updated(self, at: Signal<f64>) -> TableRead {
        TableRead { updated_at: Some(at), ..self }
    }
}

impl<T: Send + Sync + 'static> Load<Result<T, ApiError>> {
    /// This read as a table: loading until the first answer, its failure with Retry (which
    /// reads again), and otherwise `rows` of the answer. `what` words the read, as for
    /// `Loaded::new`.
    pub fn table(
        self,
        what: &'static str,
        rows: impl Fn(&T) -> Vec<Row> + Send + Sync + 'static,
    ) -> TableRead {
        TableRead::new(
            what,
            move || self.with(|answer| answer.as_ref().map(|r| r.as_ref().map(&rows).map_err(Clone::clone))),
            move || self.refetch(),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::table::Cell;

    fn numbers(list: &[u32]) -> Vec<Row> {
        list.iter().map(|n| Row::new("data-n", n.to_string(), vec![Cell::text(n.to_string())])).collect()
    }

    fn shown(read: TableRead) -> Option<Result<usize, ApiError>> {
        read.rows.run(()).map(|r| r.map(|rows| rows.len()))
    }

    #[test]
    fn a_list_read_is_its_tables_loading_failure_or_rows() {
        let owner = Owner::new();
        owner.set();
        let loading = Load::<Result<Vec<u32>, ApiError>>::holding(None);
        assert!(shown(loading.table("Loading numbers", |l: &Vec<u32>| numbers(l))).is_none());
        let failed = Load::holding(Some(Err(ApiError::Network("down".into()))));
        assert!(matches!(
            shown(failed.table("Loading numbers", |l: &Vec<u32>| numbers(l))),
            Some(Err(ApiError::Network(_)))
        ));
        let read = Load::holding(Some(Ok(vec![1, 2, 3]))).table("Loading numbers", |l: &Vec<u32>| numbers(l));
        assert!(matches!(shown(read), Some(Ok(3))));
        // The read words itself and brings its Retry; the time only when asked for.
        assert_eq!(read.what, "Loading numbers");
        assert!(read.updated_at.is_none());
        assert!(read.updated(Signal::stored(5.0)).updated_at.is_some_and(|at| at.get_untracked() == 5.0));
    }
}
