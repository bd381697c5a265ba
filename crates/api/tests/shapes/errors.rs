//! Error bodies: the message a failed call shows.

use cluster_api::ErrorBody;
use cluster_api::request;
use serde_json::json;

use crate::round_trip;

#[test]
fn error_message_reads_each_known_key() {
    assert_eq!(
        request::error_message(r#"{"error":"Name is taken or reserved."}"#).as_deref(),
        Some("Name is taken or reserved.")
    );
    assert_eq!(
        request::error_message(r#"{"errorMessage":"Restart already in flight"}"#).as_deref(),
        Some("Restart already in flight")
    );
    assert_eq!(
        request::error_message(r#"{"error_description":"Invalid client credentials"}"#).as_deref(),
        Some("Invalid client credentials")
    );
    assert_eq!(
        request::error_message(r#"{"message":"Tier limit reached"}"#).as_deref(),
        Some("Tier limit reached")
    );
}

#[test]
fn error_message_prefers_keys_in_order_and_skips_non_strings() {
    // `error` first, then `errorMessage`, `error_description`, `message`.
    assert_eq!(
        request::error_message(r#"{"message":"m","error_description":"d","errorMessage":"em","error":"e"}"#)
            .as_deref(),
        Some("e")
    );
    assert_eq!(request::error_message(r#"{"message":"m","error_description":"d"}"#).as_deref(), Some("d"));
    // OAuth style: `error` is a code, but still a string, so it wins.
    assert_eq!(
        request::error_message(
            r#"{"error":"invalid_client","error_description":"Invalid client credentials"}"#
        )
        .as_deref(),
        Some("invalid_client")
    );
    // A non-string `error` is passed over.
    assert_eq!(
        request::error_message(r#"{"error":{"code":409},"message":"Conflict"}"#).as_deref(),
        Some("Conflict")
    );
    // Nothing usable: None, so the caller falls back to the raw body.
    assert_eq!(request::error_message("<html>502 Bad Gateway</html>"), None);
    assert_eq!(request::error_message(""), None);
    assert_eq!(request::error_message(r#"{"detail":"x"}"#), None);
    assert_eq!(request::error_message(r#"{"error":"   "}"#), None);
    assert_eq!(request::error_message(r#"["error"]"#), None);
}

#[test]
fn error_body_shape() {
    let body: ErrorBody = round_trip(json!({"error": "Name is taken or reserved."}));
    assert_eq!(body.error, "Name is taken or reserved.");
}
