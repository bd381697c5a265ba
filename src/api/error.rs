//! Every way a call can fail, and what to tell the person about it.

use cluster_api::Operation;
use cluster_api::roles::required_role;

use crate::i18n::{k, t, tf};

#[derive(Debug, Clone, PartialEq)]
pub enum ApiError {
    /// The request never got an answer: offline, DNS, CORS, server down.
    Network(String),
    /// Still 401 after exchanging the secret for a fresh token: the session is over.
    SignedOut(String),
    Forbidden {
        message: String,
        role: Option<&'static str>,
    },
    NotFound(String),
    BadRequest(String),
    /// 402: the card was declined.
    PaymentDeclined(String),
    Conflict {
        message: String,
        restart: bool,
    },
    NotImplemented(String),
    Server {
        status: u16,
        message: String,
    },
    /// A success status whose body is not what the contract promises.
    Decode(String),
}

impl ApiError {
    /// Classifies a failed response. `message` is the server's own, when it gave one.
    pub fn from_status(status: u16, message: Option<String>, op: &Operation) -> ApiError {
        let text = message.unwrap_or_default();
        remember_theirs(&text);
        match status {
            401 => ApiError::SignedOut(text),
            // The staff operations need a client role no organization administrator can grant.
            403 if cluster_api::roles::staff_role(op).is_some() => {
                ApiError::Forbidden { message: text, role: None }
            }
            403 => ApiError::Forbidden { message: text, role: required_role(op) },
            404 => ApiError::NotFound(text),
            400 | 422 => ApiError::BadRequest(text),
            402 => ApiError::PaymentDeclined(text),
            // Whether it is a restart is told by `restart_checked`, from the restart status.
            409 => ApiError::Conflict { message: text, restart: false },
            501 => ApiError::NotImplemented(text),
            _ => ApiError::Server { status, message: text },
        }
    }

    /// A 409 told apart by what the service says in data, not by its words: a restart
    /// conflict when `op` restarts the cluster and `cluster.restartStatus.detail`, read
    /// after the 409, said `restart_in_progress: true` (`cluster_api::restarts`). Any
    /// other error is kept as it is.
    pub fn restart_checked(self, op: &Operation, restart_in_progress: Option<bool>) -> ApiError {
        match self {
            ApiError::Conflict { message, .. } => ApiError::Conflict {
                message,
                restart: cluster_api::restarts::is_restart_conflict(409, op, restart_in_progress),
            },
            other => other,
        }
    }

    /// The service answered 401 to a token it had just issued (the re-exchange after a
    /// first 401 succeeded). The sign-in still holds, so this is a failed call with Retry,
    /// not the end of the session.
    pub fn fresh_token_refused(message: Option<String>) -> ApiError {
        let message = match message.filter(|m| !m.trim().is_empty()) {
            Some(m) => tf(k::api::FRESH_TOKEN_REFUSED_WHY, &[("why", m.trim().trim_end_matches('.'))]),
            None => t(k::api::FRESH_TOKEN_REFUSED).to_string(),
        };
        ApiError::Server { status: 401, message }
    }

    /// A short headline: what went wrong.
    pub fn title(&self) -> String {
        let title = match self {
            ApiError::Network(_) => k::api::TITLE_NETWORK,
            ApiError::SignedOut(_) => k::api::TITLE_SIGNED_OUT,
            ApiError::Forbidden { .. } => k::api::TITLE_FORBIDDEN,
            ApiError::NotFound(_) => k::api::TITLE_NOT_FOUND,
            ApiError::BadRequest(_) => k::api::TITLE_BAD_REQUEST,
            ApiError::PaymentDeclined(_) => k::api::TITLE_PAYMENT_DECLINED,
            ApiError::Conflict { restart: true, .. } => k::api::TITLE_RESTART,
            ApiError::Conflict { .. } => k::api::TITLE_CONFLICT,
            ApiError::NotImplemented(_) => k::api::TITLE_NOT_IMPLEMENTED,
            // The status is a code, written as the service sent it.
            ApiError::Server { status, .. } => {
                return tf(k::api::TITLE_SERVER, &[("status", &status.to_string())]);
            }
            ApiError::Decode(_) => k::api::TITLE_DECODE,
        };
        t(title).to_string()
    }

    /// Why, and what to do about it: the service's own message as it came (ended by a full
    /// stop), or the console's words when it gave none, then what to do, in the person's
    /// language.
    pub fn detail(&self) -> String {
        let or = |message: &str, fallback| {
            if message.trim().is_empty() { t(fallback).to_string() } else { ensure_period(message) }
        };
        // The service's message (or the fallback), then the console's advice.
        let then = |message: &str, fallback, advice| {
            tf(k::api::MESSAGE_THEN, &[("message", &or(message, fallback)), ("advice", t(advice))])
        };
        match self {
            ApiError::Network(_) => t(k::api::DETAIL_NETWORK).into(),
            ApiError::SignedOut(m) => then(m, k::api::SIGNED_OUT_FALLBACK, k::api::SIGN_IN_AGAIN),
            ApiError::Forbidden { message, role } => {
                let ask = match role {
                    Some(role) => tf(k::api::ASK_FOR_ROLE, &[("role", role)]),
                    None => t(k::api::ASK_FOR_ACCESS).into(),
                };
                if message.trim().is_empty() {
                    ask
                } else {
                    tf(k::api::MESSAGE_THEN, &[("message", &ensure_period(message)), ("advice", &ask)])
                }
            }
            ApiError::NotFound(m) => then(m, k::api::NOT_FOUND_FALLBACK, k::api::NOT_FOUND_WHY),
            ApiError::BadRequest(m) => or(m, k::api::BAD_REQUEST_FALLBACK),
            ApiError::PaymentDeclined(m) => or(m, k::api::PAYMENT_DECLINED_FALLBACK),
            ApiError::Conflict { message, restart: true } => {
                then(message, k::api::RESTART_FALLBACK, k::api::RESTART_WAIT)
            }
            ApiError::Conflict { message, .. } => or(message, k::api::CONFLICT_FALLBACK),
            ApiError::NotImplemented(m) => or(m, k::api::NOT_IMPLEMENTED_FALLBACK),
            ApiError::Server { message, .. } => {
                then(message, k::api::SERVER_FALLBACK, k::api::TRY_AGAIN_SOON)
            }
            ApiError::Decode(why) => tf(k::api::DETAIL_DECODE, &[("why", why)]),
        }
    }

    /// The service's own message, as `detail` shows it (ended by a full stop), when it sent
    /// one: its words, in English, which the screens mark as such.
    pub fn service_message(&self) -> Option<String> {
        let message = match self {
            ApiError::Network(_) | ApiError::Decode(_) => return None,
            ApiError::SignedOut(m)
            | ApiError::NotFound(m)
            | ApiError::BadRequest(m)
            | ApiError::PaymentDeclined(m)
            | ApiError::NotImplemented(m)
            | ApiError::Forbidden { message: m, .. }
            | ApiError::Conflict { message: m, .. }
            | ApiError::Server { message: m, .. } => m,
        };
        (!message.trim().is_empty() && is_theirs(message)).then(|| ensure_period(message))
    }

    /// Worth offering a Retry button: the same call may well succeed later.
    pub fn retryable(&self) -> bool {
        matches!(
            self,
            ApiError::Network(_)
                | ApiError::Server { .. }
                | ApiError::Conflict { restart: true, .. }
                | ApiError::Decode(_)
        )
    }
}

/// How many of the service's recent messages are remembered as its own.
const REMEMBERED: usize = 32;

thread_local! {
    /// The messages the service sent lately. An error's message is also made by the console
    /// in its own words (`BadRequest(t(…))` for a form's check), and the variants do not say
    /// which: a message is the service's when it came in through `from_status`.
    static THEIRS: std::cell::RefCell<std::collections::VecDeque<String>> =
        const { std::cell::RefCell::new(std::collections::VecDeque::new()) };
}

fn remember_theirs(message: &str) {
    if message.trim().is_empty() {
        return;
    }
    THEIRS.with(|said| {
        let mut said = said.borrow_mut();
        if !said.iter().any(|m| m == message) {
            if said.len() == REMEMBERED {
                said.pop_front();
            }
            said.push_back(message.to_string());
        }
    });
}

fn is_theirs(message: &str) -> bool {
    THEIRS.with(|said| said.borrow().iter().any(|m| m == message))
}

fn ensure_period(message: &str) -> String {
    let message = message.trim();
    if message.ends_with(['.', '!', '?']) { message.to_string() } else { format!("{message}.") }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.title(), self.detail())
    }
}

impl std::error::Error for ApiError {}

#[cfg(test)]
mod tests {
    use super::*;
    use cluster_api::catalogue;

    #[test]
    fn the_services_message_is_found_in_the_detail_as_shown() {
        for status in [400, 401, 403, 404, 409, 500, 501] {
            let e =
                ApiError::from_status(status, Some(" Realm name taken ".into()), &catalogue::CLUSTER_DELETE);
            let theirs = e.service_message().unwrap_or_else(|| panic!("{status}: no service message"));
            assert_eq!(theirs, "Realm name taken.");
            assert!(e.detail().contains(&theirs), "{status}: {}", e.detail());
        }
        assert_eq!(ApiError::from_status(404, None, &catalogue::CLUSTER_DELETE).service_message(), None);
        assert_eq!(ApiError::Network("offline".into()).service_message(), None);
        // The console's own words in an error are not the service's.
        assert_eq!(ApiError::BadRequest("Enter a name.".into()).service_message(), None);
    }

    #[test]
    fn forbidden_names_the_missing_role() {
        let e = ApiError::from_status(403, None, &catalogue::CLUSTER_DELETE);
        assert!(e.detail().contains("manage-clusters"), "{}", e.detail());
        assert!(!e.retryable());
    }

    #[test]
    fn restart_conflicts_are_told_apart_by_the_restart_status() {
        let refused = || {
            ApiError::from_status(
                409,
                Some("A restart is already in flight".into()),
                &catalogue::CLUSTER_ENVVAR_CREATE,
            )
        };
        // The words alone say nothing.
        assert_eq!(refused().title(), "This cannot be done right now");
        let e = refused().restart_checked(&catalogue::CLUSTER_ENVVAR_CREATE, Some(true));
        assert_eq!(e.title(), "A restart is in progress");
        assert!(e.retryable());
        let e = refused().restart_checked(&catalogue::CLUSTER_ENVVAR_CREATE, Some(false));
        assert_eq!(
            e,
            ApiError::Conflict { message: "A restart is already in flight".into(), restart: false }
        );
        assert!(!refused().restart_checked(&catalogue::CLUSTER_ENVVAR_CREATE, None).retryable());
        // Reworded: still a restart, because the status says so.
        let e = ApiError::from_status(409, Some("Busy".into()), &catalogue::CLUSTER_EXTENSION_RECONCILE)
            .restart_checked(&catalogue::CLUSTER_EXTENSION_RECONCILE, Some(true));
        assert!(matches!(e, ApiError::Conflict { restart: true, .. }));
        // Not a restarting operation: never a restart.
        let e =
            ApiError::from_status(409, Some("Name is taken or reserved".into()), &catalogue::CLUSTER_CREATE)
                .restart_checked(&catalogue::CLUSTER_CREATE, Some(true));
        assert_eq!(e.detail(), "Name is taken or reserved.");
        assert!(!e.retryable());
        // Other errors are left alone.
        let e =
            ApiError::from_status(400, Some("name is required".into()), &catalogue::CLUSTER_ENVVAR_CREATE);
        assert_eq!(e.clone().restart_checked(&catalogue::CLUSTER_ENVVAR_CREATE, Some(true)), e);
    }

    #[test]
    fn network_errors_offer_retry() {
        let e = ApiError::Network("TypeError: Failed to fetch".into());
        assert!(e.retryable());
        assert!(e.detail().contains("try again"));
    }

    #[test]
    fn an_unreadable_answer_says_so_and_offers_retry() {
        let e = ApiError::Decode("EOF while parsing an object at line 1 column 40".into());
        assert_eq!(e.title(), "The answer could not be read");
        assert!(e.detail().contains("Try again"), "{}", e.detail());
        assert!(e.retryable());
    }

    #[test]
    fn a_refused_fresh_token_is_a_failed_call_with_retry() {
        let e = ApiError::fresh_token_refused(Some("The access token has expired.".into()));
        assert!(!matches!(e, ApiError::SignedOut(_)));
        assert!(e.retryable());
        assert_eq!(e.title(), "The service failed (HTTP 401)");
        assert!(e.detail().contains("just issued (The access token has expired)"), "{}", e.detail());
        assert!(e.detail().ends_with("Try again in a moment."), "{}", e.detail());
        assert!(
            ApiError::fresh_token_refused(None)
                .detail()
                .starts_with("It refused the access token it had just issued. If")
        );
    }

    #[test]
    fn server_messages_are_kept() {
        let e = ApiError::from_status(404, Some("Cluster abc not found".into()), &catalogue::CLUSTER_DETAIL);
        assert!(e.detail().starts_with("Cluster abc not found."));
        let e = ApiError::from_status(503, None, &catalogue::CLUSTER_LIST);
        assert_eq!(e.title(), "The service failed (HTTP 503)");
    }
}
