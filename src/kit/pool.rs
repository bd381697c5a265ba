//! Reading many things a few at a time, for pages that read one list and then something
//! per item (the overview, the review desk): the browser opens six connections per host, so
//! more reads in flight would only queue, and the rest of the console would wait behind
//! them. Type-erased, so every page shares one copy of the workers.

use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

use leptos::prelude::*;
use leptos::task::spawn_local;

/// One read: resolves to false when its answer was stale, which stops its worker.
pub type Read = Pin<Box<dyn Future<Output = bool>>>;

/// Runs `read(0)`, `read(1)`, … `read(count - 1)` in that order, at most `concurrency` at
/// once. A worker stops when a read answers false: a newer generation took over.
pub fn read_each(count: usize, concurrency: usize, read: Rc<dyn Fn(usize) -> Read>) {
    let next = Rc::new(Cell::new(0));
    for _ in 0..concurrency.min(count) {
        let (next, read) = (next.clone(), read.clone());
        spawn_local(async move {
            while next.get() < count {
                let at = next.get();
                next.set(at + 1);
                if !read(at).await {
                    break;
                }
            }
        });
    }
}

/// Which full read a page is on: bumped by every Refresh, so that answers of an older
/// read are dropped. Copy (an arena handle).
#[derive(Clone, Copy)]
pub struct Generation(StoredValue<u32>);

impl Default for Generation {
    fn default() -> Generation {
        Generation(StoredValue::new(0))
    }
}

impl Generation {
    /// Starts a new generation and returns it.
    pub fn bump(self) -> u32 {
        self.0.update_value(|g| *g = g.wrapping_add(1));
        self.0.get_value()
    }

    /// The generation now (to give a single Retry the current one).
    pub fn now(self) -> u32 {
        self.0.get_value()
    }

    /// Whether `generation` is still the current one (false once the page is gone).
    pub fn current(self, generation: u32) -> bool {
        self.0.try_get_value() == Some(generation)
    }
}
