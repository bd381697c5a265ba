//! Timestamps: epoch milliseconds on the wire, chrono instants in Rust.

use cluster_api::{Cluster, EpochMillis, Subscription};
use serde_json::json;

use crate::{cluster_json, rejects, round_trip};

#[test]
fn epoch_millis_become_chrono_instants() {
    let cluster: Cluster = round_trip(cluster_json());
    let at = cluster.created_at.to_datetime().expect("in range");
    assert_eq!(at.to_rfc3339(), "2026-01-01T00:00:00+00:00");
    assert_eq!(EpochMillis::from_datetime(at), EpochMillis(1_767_225_600_000));

    let precise = EpochMillis(1_767_225_600_123).to_datetime().unwrap();
    assert_eq!(precise.to_rfc3339_opts(chrono::SecondsFormat::Millis, true), "2026-01-01T00:00:00.123Z");
    assert_eq!(serde_json::to_value(EpochMillis(1_767_225_600_123)).unwrap(), json!(1_767_225_600_123_i64));
    // On the wire it is an integer, not an RFC 3339 string.
    let mut as_string = cluster_json();
    as_string["created_at"] = json!("2026-01-01T00:00:00Z");
    rejects::<Cluster>(as_string);
    // Before 1970 works too.
    assert_eq!(
        EpochMillis(-1).to_datetime().unwrap().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        "1969-12-31T23:59:59.999Z"
    );

    let subscription: Subscription = round_trip(json!({
        "id": "sub_1", "status": "active",
        "current_period_start": 1767225600000_i64, "current_period_end": 1769904000000_i64
    }));
    assert_eq!(
        subscription.current_period_end.and_then(EpochMillis::to_datetime).map(|d| d.to_rfc3339()),
        Some("2026-02-01T00:00:00+00:00".to_string())
    );
}
