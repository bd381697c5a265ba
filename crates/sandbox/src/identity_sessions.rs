//! The identity server's memory: single sign-on sessions (behind the browser's cookie),
//! authorization codes waiting for their exchange, and refresh tokens. In memory like
//! access tokens: a restart of the sandbox signs everyone out. Outside `identity/` because the app
//! state holds it, and the identity server's handlers take the app state.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Keycloak's default: a code must be exchanged within a minute.
pub const CODE_TTL: Duration = Duration::from_secs(60);
/// How long a single sign-on session lasts (Keycloak's default maximum, 10 hours).
pub const SESSION_TTL: Duration = Duration::from_secs(10 * 3600);

/// What an authorization code stands for, checked at its exchange.
#[derive(Debug, Clone, PartialEq)]
pub struct CodeGrant {
    pub person_id: String,
    pub session_id: String,
    pub redirect_uri: String,
    /// The PKCE S256 challenge the code was asked with.
    pub challenge: String,
    /// The authorization request's `nonce`, repeated in the ID token.
    pub nonce: Option<String>,
    pub expires: Instant,
}

#[derive(Debug, Clone)]
struct Session {
    person_id: String,
    expires: Instant,
}

#[derive(Default)]
struct Inner {
    sessions: HashMap<String, Session>,
    codes: HashMap<String, CodeGrant>,
    /// Refresh token → session ID: a refresh works while its session lives, once.
    refresh: HashMap<String, String>,
    /// Refresh tokens already used (rotated away) → their session ID, to tell a replay.
    used: HashMap<String, String>,
    /// What the latest end-session requests carried (`GET /sandbox/logouts`), newest last.
    logouts: Vec<serde_json::Value>,
    /// Refresh grants so far (`GET /sandbox/refreshes`), for tests.
    refreshes: Refreshes,
}

/// How refresh grants went: a client that renews twice side by side with one refresh token
/// shows here as a replay.
#[derive(Debug, Clone, Copy, Default, PartialEq, serde::Serialize)]
pub struct Refreshes {
    pub rotated: u32,
    pub replayed: u32,
}

/// A refresh grant's outcome ([`Sessions::rotate`]).
#[derive(Debug, Clone, PartialEq)]
pub struct Rotated {
    pub session_id: String,
    pub person_id: String,
    /// The refresh token that replaces the one presented.
    pub refresh_token: String,
}

/// Why a refresh token is refused.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Refused {
    /// Unknown, or its session is over.
    Unknown,
    /// Used before: rotated away by an earlier refresh.
    Replayed,
}

#[derive(Default)]
pub struct Sessions {
    inner: Mutex<Inner>,
}

fn random() -> String {
    format!("{}{}", uuid::Uuid::new_v4().simple(), uuid::Uuid::new_v4().simple())
}

impl Sessions {
    fn lock(&self) -> MutexGuard<'_, Inner> {
        // Nothing here is left half-done by a panic: every change is one insert or remove.
        self.inner.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Starts a session for a person who just typed their password; its ID goes in the cookie.
    pub fn start(&self, person_id: &str, now: Instant) -> String {
        let id = random();
        let mut inner = self.lock();
        inner.sessions.retain(|_, s| s.expires > now);
        inner
            .sessions
            .insert(id.clone(), Session { person_id: person_id.to_string(), expires: now + SESSION_TTL });
        id
    }

    /// The person of a live session.
    pub fn person(&self, session_id: &str, now: Instant) -> Option<String> {
        self.lock().sessions.get(session_id).filter(|s| s.expires > now).map(|s| s.person_id.clone())
    }

    /// Ends a session and every refresh token it gave out.
    pub fn end(&self, session_id: &str) {
        let mut inner = self.lock();
        inner.sessions.remove(session_id);
        inner.refresh.retain(|_, session| session != session_id);
        inner.used.retain(|_, session| session != session_id);
    }

    /// A new single-use code for a live session.
    pub fn issue_code(&self, grant: CodeGrant) -> String {
        let code = random();
        let mut inner = self.lock();
        let now = Instant::now();
        inner.codes.retain(|_, c| c.expires > now);
        inner.codes.insert(code.clone(), grant);
        code
    }

    /// Takes a code: it is gone after this call whatever the outcome, so it works once.
    /// `None` when unknown, already used or expired.
    pub fn take_code(&self, code: &str, now: Instant) -> Option<CodeGrant> {
        self.lock().codes.remove(code).filter(|c| c.expires > now)
    }

    pub fn issue_refresh(&self, session_id: &str) -> String {
        let token = random();
        self.lock().refresh.insert(token.clone(), session_id.to_string());
        token
    }

    /// A refresh grant: the refresh token is used up and a new one issued in its place
    /// (rotation, as a certified provider does for a public client, and Keycloak with
    /// "Revoke Refresh Token"). A token used before is a replay, one of the two holders is
    /// not the person: every refresh token of its session is revoked (the provider revokes
    /// the grant), while the session itself, and so a silent sign-in, lives on.
    pub fn rotate(&self, token: &str, now: Instant) -> Result<Rotated, Refused> {
        let mut inner = self.lock();
        if let Some(session_id) = inner.used.get(token).cloned() {
            inner.refresh.retain(|_, session| *session != session_id);
            inner.refreshes.replayed += 1;
            return Err(Refused::Replayed);
        }
        let session_id = inner.refresh.get(token).cloned().ok_or(Refused::Unknown)?;
        let person_id =
            inner.sessions.get(&session_id).filter(|s| s.expires > now).map(|s| s.person_id.clone());
        let Some(person_id) = person_id else { return Err(Refused::Unknown) };
        inner.refresh.remove(token);
        // Replays are told apart only for live sessions: `end` forgets a session's used tokens.
        inner.used.insert(token.to_string(), session_id.clone());
        let fresh = random();
        inner.refresh.insert(fresh.clone(), session_id.clone());
        inner.refreshes.rotated += 1;
        Ok(Rotated { session_id, person_id, refresh_token: fresh })
    }

    /// Notes what an end-session request carried, for tests; the last 20 are kept.
    pub fn note_logout(&self, request: serde_json::Value) {
        let mut inner = self.lock();
        if inner.logouts.len() >= 20 {
            inner.logouts.remove(0);
        }
        inner.logouts.push(request);
    }

    pub fn logouts(&self) -> Vec<serde_json::Value> {
        self.lock().logouts.clone()
    }

    pub fn refreshes(&self) -> Refreshes {
        self.lock().refreshes
    }

    /// Seconds left in a session, for `refresh_expires_in`.
    pub fn remaining(&self, session_id: &str, now: Instant) -> Duration {
        self.lock()
            .sessions
            .get(session_id)
            .map(|s| s.expires.saturating_duration_since(now))
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grant(session_id: &str, expires: Instant) -> CodeGrant {
        CodeGrant {
            person_id: "p".into(),
            session_id: session_id.into(),
            redirect_uri: "http://x/".into(),
            challenge: "c".into(),
            nonce: None,
            expires,
        }
    }

    #[test]
    fn a_code_works_once_and_not_after_it_expires() {
        let sessions = Sessions::default();
        let now = Instant::now();
        let code = sessions.issue_code(grant("s", now + CODE_TTL));
        assert!(sessions.take_code(&code, now).is_some());
        assert!(sessions.take_code(&code, now).is_none(), "a code is single-use");
        let late = sessions.issue_code(grant("s", now + CODE_TTL));
        assert!(sessions.take_code(&late, now + CODE_TTL + Duration::from_secs(1)).is_none(), "expired");
    }

    #[test]
    fn ending_a_session_ends_its_refresh_tokens() {
        let sessions = Sessions::default();
        let now = Instant::now();
        let id = sessions.start("user-alice", now);
        let refresh = sessions.issue_refresh(&id);
        let Ok(rotated) = sessions.rotate(&refresh, now) else { panic!("a live refresh token refused") };
        assert_eq!(rotated.person_id, "user-alice");
        assert!(sessions.person(&id, now + SESSION_TTL).is_none(), "sessions expire");
        sessions.end(&id);
        assert!(sessions.person(&id, now).is_none());
        assert_eq!(sessions.rotate(&rotated.refresh_token, now), Err(Refused::Unknown));
        assert_eq!(sessions.rotate(&refresh, now), Err(Refused::Unknown), "forgotten with its session");
    }

    #[test]
    fn a_refresh_rotates_and_a_replay_revokes_the_session_refresh_tokens() {
        let sessions = Sessions::default();
        let now = Instant::now();
        let id = sessions.start("user-alice", now);
        let first = sessions.issue_refresh(&id);
        let Ok(rotated) = sessions.rotate(&first, now) else { panic!("a live refresh token refused") };
        assert_eq!((rotated.session_id.as_str(), rotated.person_id.as_str()), (id.as_str(), "user-alice"));
        assert_ne!(rotated.refresh_token, first);
        assert_eq!(sessions.rotate(&first, now), Err(Refused::Replayed));
        assert_eq!(
            sessions.rotate(&rotated.refresh_token, now),
            Err(Refused::Unknown),
            "the replay revoked it"
        );
        assert!(sessions.person(&id, now).is_some(), "the session itself lives on");
        assert_eq!(sessions.refreshes(), Refreshes { rotated: 1, replayed: 1 });
        assert_eq!(sessions.rotate("made-up", now), Err(Refused::Unknown));
    }
}
