//! The contract's timestamps: integers counting milliseconds since the Unix epoch.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// An epoch-millisecond timestamp as it travels on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default, Serialize, Deserialize)]
#[serde(transparent)]
pub struct EpochMillis(pub i64);

impl EpochMillis {
    /// The instant, or `None` when the value is outside chrono's range.
    pub fn to_datetime(self) -> Option<DateTime<Utc>> {
        DateTime::from_timestamp_millis(self.0)
    }

    pub fn from_datetime(at: DateTime<Utc>) -> Self {
        EpochMillis(at.timestamp_millis())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_both_ways() {
        let at = EpochMillis(1_767_225_600_000).to_datetime().expect("in range");
        assert_eq!(at.to_rfc3339(), "2026-01-01T00:00:00+00:00");
        assert_eq!(EpochMillis::from_datetime(at), EpochMillis(1_767_225_600_000));
    }

    #[test]
    fn out_of_range_is_none() {
        assert_eq!(EpochMillis(i64::MAX).to_datetime(), None);
    }
}
