//! `POST /sandbox/logs/append?cluster=ID`: a test hook that writes one line, stamped now,
//! to the cluster's current log file, so a test of following a log need not wait for the
//! clock. The body is the line's message as text, or JSON
//! `{"level": "ERROR", "logger": "…", "thread": "…", "message": "…"}` (each optional);
//! an empty body writes a LOGIN event in the `master` realm. The line is stored (see
//! `store::log_lines`) and merged into the file by time. Answers
//! `{"file_name": "keycloak/…", "at": <epoch ms>, "line": "…"}`.

use crate::engine::{log_lines, logs};
use crate::error::ApiError;
use crate::records::now_millis;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use axum::{Json, Router};
use serde::Deserialize;
use std::sync::Arc;

pub const PATH: &str = "/sandbox/logs/append";

#[derive(Deserialize)]
struct Target {
    cluster: Option<String>,
}

#[derive(Deserialize, Default)]
struct Spec {
    level: Option<String>,
    logger: Option<String>,
    thread: Option<String>,
    message: Option<String>,
}

const DEFAULT_MESSAGE: &str = "type=LOGIN, realmId=master, clientId=security-admin-console, \
                               userId=00000000-0000-4000-8000-000000000001, ipAddress=203.0.113.1";

/// What the body asks for: JSON when it parses as an object, the message otherwise.
fn spec(body: &[u8]) -> Result<Spec, ApiError> {
    let text =
        std::str::from_utf8(body).map_err(|_| ApiError::bad_request("The body must be UTF-8 text."))?;
    let text = text.trim_end_matches(['\r', '\n']);
    if text.trim_start().starts_with('{') {
        return serde_json::from_str(text).map_err(|e| {
            ApiError::bad_request(format!(
                "The body looks like JSON but is not {{level, logger, thread, message}}: {e}"
            ))
        });
    }
    if text.contains('\n')
        && !text.lines().skip(1).all(|l| l.starts_with('\t') || l.starts_with("Caused by:"))
    {
        return Err(ApiError::bad_request(
            "Append one entry at a time: only continuation lines (a tab, or Caused by:) may follow the \
             first.",
        ));
    }
    Ok(Spec { message: (!text.is_empty()).then(|| text.to_string()), ..Spec::default() })
}

async fn append(State(app): State<Arc<AppState>>, Query(target): Query<Target>, body: Bytes) -> Response {
    let result = (|| {
        let cluster_id = target
            .cluster
            .filter(|c| !c.is_empty())
            .ok_or_else(|| ApiError::bad_request("Name the cluster: ?cluster=<cluster ID>."))?;
        let spec = spec(&body)?;
        let level = spec.level.unwrap_or_else(|| "INFO".to_string()).to_uppercase();
        if !["TRACE", "DEBUG", "INFO", "WARN", "ERROR", "FATAL"].contains(&level.as_str()) {
            return Err(ApiError::bad_request(format!(
                "level must be TRACE, DEBUG, INFO, WARN, ERROR or FATAL; got {level:?}."
            )));
        }
        let store = app.lock_store()?;
        if store.cluster(&cluster_id)?.is_none() {
            return Err(ApiError::not_found(format!("No cluster has the ID {cluster_id:?}.")));
        }
        let at = now_millis();
        let line = log_lines::line(
            at,
            &level,
            spec.logger.as_deref().unwrap_or("org.keycloak.events"),
            spec.thread.as_deref().unwrap_or("executor-thread-0"),
            spec.message.as_deref().unwrap_or(DEFAULT_MESSAGE),
        );
        store.append_log_line(&cluster_id, at, &line)?;
        let hour = at.div_euclid(logs::HOUR) * logs::HOUR;
        Ok(serde_json::json!({ "file_name": logs::file_name(hour), "at": at, "line": line }))
    })();
    match result {
        Ok(value) => Json(value).into_response(),
        Err(error) => error.into_response(),
    }
}

pub fn routes() -> Router<Arc<AppState>> {
    Router::new().route(PATH, post(append))
}
