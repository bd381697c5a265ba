//! Counts API calls by operation and response status, for `GET /sandbox/coverage`:
//! browser tests use it to see which parts of the contract the console exercised.

use std::collections::BTreeMap;
use std::sync::Mutex;

/// `{"<operationId>": {"<status>": count}}`
pub type CoverageReport = BTreeMap<String, BTreeMap<String, u64>>;

#[derive(Default)]
pub struct Coverage(Mutex<CoverageReport>);

impl Coverage {
    pub fn record(&self, operation_id: &str, status: u16) {
        // A panic elsewhere while counting cannot leave the counters inconsistent,
        // so a poisoned lock is still safe to use.
        let mut counts = self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        *counts.entry(operation_id.to_string()).or_default().entry(status.to_string()).or_default() += 1;
    }

    pub fn report(&self) -> CoverageReport {
        self.0.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }
}
