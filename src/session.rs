//! Who is signed in, where, and with which token. Everything here lives in memory only,
//! and nothing secret ever reaches storage: after a reload, a person signed in with their
//! account is signed in again silently through the identity server (`crate::account`),
//! while an API secret must be typed again.

use leptos::prelude::*;

use crate::config::{Config, Environment};
use crate::i18n::Phrase;

/// An outcome for one page: `path` is where it is shown. `cluster` ties it to a cluster's
/// provisioning: that cluster's page drops it once the cluster stops provisioning, so
/// "…is being provisioned" never outlives the operation.
#[derive(Clone, Debug, PartialEq)]
pub struct Flash {
    pub text: String,
    pub path: String,
    pub cluster: Option<String>,
}

impl Flash {
    pub fn on(path: impl Into<String>, text: impl Into<String>) -> Option<Flash> {
        Some(Flash { text: text.into(), path: path.into(), cluster: None })
    }

    /// For the page of cluster `id`, while it is being provisioned.
    pub fn while_provisioning(id: &str, text: impl Into<String>) -> Option<Flash> {
        Some(Flash { text: text.into(), path: crate::links::cluster(id), cluster: Some(id.to_string()) })
    }

    /// Whether it belongs on the page at `path`.
    pub fn shown_on(&self, path: &str) -> bool {
        self.path.trim_end_matches('/') == path.trim_end_matches('/')
    }
}

#[derive(Clone)]
pub struct Credentials {
    pub client_id: String,
    pub client_secret: String,
}

/// How a spent token is replaced: the API secret's client credentials again, or the
/// refresh token of a person's identity-server session.
#[derive(Clone)]
pub enum Renewal {
    Secret(Credentials),
    /// `id_token`: the ID token, kept for sign-out's `id_token_hint` and read once for the
    /// person's name under an outside issuer (never sent to the API, never stored).
    Account {
        refresh_token: String,
        id_token: Option<String>,
    },
}

#[derive(Clone)]
pub struct Token {
    pub access_token: String,
    /// `Date.now()` milliseconds after which the token is considered spent.
    pub expires_at: f64,
}

/// A token renewal in flight, shared by every call waiting for it.
pub type Renewing =
    futures::future::Shared<futures::future::LocalBoxFuture<'static, Result<Token, crate::api::ApiError>>>;

/// The signed-in state, shared through context. Copy: every field is an arena handle.
#[derive(Clone, Copy)]
pub struct Session {
    pub config: StoredValue<Config>,
    pub environment: RwSignal<Option<Environment>>,
    renewal: StoredValue<Option<Renewal>, LocalStorage>,
    token: StoredValue<Option<Token>, LocalStorage>,
    /// The token renewal under way, which every call that meets a 401 meanwhile joins.
    renewing: StoredValue<Option<Renewing>, LocalStorage>,
    pub signed_in: RwSignal<bool>,
    /// Who is signed in, as the header names them: the person, or the API secret.
    pub who: RwSignal<String>,
    /// Why the person was sent back to sign-in, shown there once. A phrase, not text: it is
    /// put into words when shown, so it follows a language chosen on the sign-in page.
    pub notice: RwSignal<Option<Phrase>>,
    /// A one-line outcome shown at the top of the screen it was meant for ("acme-trial was
    /// deleted."), and only there: it is dropped when the person goes elsewhere.
    pub flash: RwSignal<Option<Flash>>,
    /// The token carries the support staff client role (`crate::claims`): decides what to show.
    pub staff: RwSignal<bool>,
    /// The token's subject: the person's user ID (or the API secret's service account's).
    pub user_id: RwSignal<Option<String>>,
    /// The email of a person signed in with their account (refusals name them by it).
    pub email: RwSignal<Option<String>>,
}

impl Session {
    pub fn new(config: Config) -> Session {
        Session {
            config: StoredValue::new(config),
            environment: RwSignal::new(None),
            renewal: StoredValue::new_local(None),
            token: StoredValue::new_local(None),
            renewing: StoredValue::new_local(None),
            signed_in: RwSignal::new(false),
            who: RwSignal::new(String::new()),
            notice: RwSignal::new(None),
            flash: RwSignal::new(None),
            staff: RwSignal::new(false),
            user_id: RwSignal::new(None),
            email: RwSignal::new(None),
        }
    }

    pub fn begin(&self, environment: Environment, renewal: Renewal, token: Token, who: String) {
        self.environment.set(Some(environment));
        let claims = crate::claims::Claims::read(&token.access_token);
        self.staff.set(claims.staff);
        self.user_id.set(claims.subject);
        self.renewal.set_value(Some(renewal));
        self.who.set(who);
        self.token.set_value(Some(token));
        self.renewing.set_value(None);
        self.notice.set(None);
        self.signed_in.set(true);
    }

    /// Forgets the secret and the token; `notice` says why, when it was not the person's choice.
    pub fn end(&self, notice: Option<Phrase>) {
        self.renewal.set_value(None);
        self.token.set_value(None);
        self.renewing.set_value(None);
        self.staff.set(false);
        self.user_id.set(None);
        self.email.set(None);
        self.notice.set(notice);
        self.signed_in.set(false);
    }

    /// Whether this is still the sign-in of `subject` (the person may have signed out, or
    /// in as someone else, while a late answer about the first was on its way). Untracked.
    pub fn still(&self, subject: &Option<String>) -> bool {
        self.signed_in.get_untracked() && self.user_id.with_untracked(|id| id == subject)
    }

    /// The handle to call the API with: `Some` only while signed in. Untracked, as it is
    /// asked at the moment of a call; a view that follows sign-in tracks `signed_in` itself.
    pub fn api(&self) -> Option<Api> {
        self.signed_in.get_untracked().then_some(Api { session: *self })
    }

    /// Whether a person is signed in with their account (so signing out also ends the
    /// identity server's session).
    pub fn is_account(&self) -> bool {
        self.renewal.with_value(|r| matches!(r, Some(Renewal::Account { .. })))
    }

    /// The ID token of a person's sign-in, for sign-out's `id_token_hint`.
    pub fn id_token(&self) -> Option<String> {
        self.renewal.with_value(|r| match r {
            Some(Renewal::Account { id_token, .. }) => id_token.clone(),
            _ => None,
        })
    }

    pub fn environment_name(&self) -> String {
        self.environment.with(|e| e.as_ref().map(|e| e.name.clone()).unwrap_or_default())
    }
}

/// Proof of sign-in, and the only way to call the API (`crate::api::call` takes one). Made
/// only by [`Session::api`], so nothing can call before sign-in; the secret and the token are
/// reachable through it alone. Copy: it is the session's arena handles again.
#[derive(Clone, Copy)]
pub struct Api {
    session: Session,
}

impl Api {
    pub fn environment(&self) -> Option<Environment> {
        self.session.environment.get_untracked()
    }

    pub fn renewal(&self) -> Option<Renewal> {
        self.session.renewal.get_value()
    }

    /// Keeps the refresh token the identity server handed back with a renewed token.
    pub fn replace_renewal(&self, renewal: Renewal) {
        if self.session.signed_in.get_untracked() {
            self.session.renewal.set_value(Some(renewal));
        }
    }

    pub fn token(&self) -> Option<Token> {
        self.session.token.get_value()
    }

    /// The renewal under way, or the one `start` begins: calls that meet a 401 together
    /// share one renewal. A rotated refresh token works once, so two renewals side by side
    /// would present it twice, and the identity server takes the second as a replay and
    /// revokes the session's grant (Keycloak's "Revoke Refresh Token" does the same).
    pub fn renewing(&self, start: impl FnOnce() -> Renewing) -> Renewing {
        if let Some(under_way) = self.session.renewing.get_value() {
            return under_way;
        }
        let renewing = start();
        self.session.renewing.set_value(Some(renewing.clone()));
        renewing
    }

    /// Forgets `renewal` once it has ended, unless a newer one has taken its place.
    pub fn renewed(&self, renewal: &Renewing) {
        let ours = self.session.renewing.with_value(|r| r.as_ref().is_some_and(|r| r.ptr_eq(renewal)));
        if ours {
            self.session.renewing.set_value(None);
        }
    }

    pub fn replace_token(&self, token: Token) {
        self.session.token.set_value(Some(token));
    }

    /// Signs out because the service stopped accepting the secret; `notice` says why.
    pub fn end(&self, notice: String) {
        self.session.end(Some(notice.into()));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env() -> Environment {
        Environment {
            name: "Local".into(),
            console_url: None,
            payments: None,
            storage_origins: Vec::new(),
            issuer: None,
        }
    }

    #[test]
    fn the_api_handle_exists_only_while_signed_in() {
        let session = Session::new(Config { environments: vec![env()], prefetch: true });
        assert!(session.api().is_none());
        let creds = Credentials { client_id: "id".into(), client_secret: "secret".into() };
        session.begin(
            env(),
            Renewal::Secret(creds),
            Token { access_token: "first".into(), expires_at: 1.0 },
            "id".into(),
        );
        assert!(!session.is_account());
        let Some(api) = session.api() else { panic!("signed in, yet no handle") };
        assert_eq!(api.token().map(|t| t.access_token), Some("first".into()));
        api.end("The secret was revoked.".into());
        assert!(session.api().is_none());
        assert_eq!(
            session.notice.get_untracked().map(|n| n.read()).as_deref(),
            Some("The secret was revoked.")
        );
        // A handle kept from before holds nothing to call with any more.
        assert!(api.token().is_none() && api.renewal().is_none());
    }

    #[test]
    fn a_late_answer_belongs_only_to_the_sign_in_it_was_asked_for() {
        let session = Session::new(Config { environments: vec![env()], prefetch: true });
        let alice = Some("user-alice".to_string());
        assert!(!session.still(&alice), "nobody is signed in yet");
        let creds = Credentials { client_id: "id".into(), client_secret: "secret".into() };
        let token = crate::claims::tests::jwt(r#"{"sub":"user-alice"}"#);
        session.begin(
            env(),
            Renewal::Secret(creds),
            Token { access_token: token, expires_at: 1.0 },
            "id".into(),
        );
        assert!(session.still(&alice));
        assert!(!session.still(&Some("user-bob".into())), "another person's answer");
        session.end(None);
        assert!(!session.still(&alice), "signed out meanwhile");
    }
}
