//! Who is signed in, where, and with which token. Everything here lives in memory only:
//! a reload signs the person out, and nothing secret ever reaches storage.

use leptos::prelude::*;

use crate::config::{Config, Environment};

#[derive(Clone)]
pub struct Credentials {
    pub client_id: String,
    pub client_secret: String,
}

#[derive(Clone)]
pub struct Token {
    pub access_token: String,
    /// `Date.now()` milliseconds after which the token is considered spent.
    pub expires_at: f64,
}

/// The signed-in state, shared through context. Copy: every field is an arena handle.
#[derive(Clone, Copy)]
pub struct Session {
    pub config: StoredValue<Config>,
    pub environment: RwSignal<Option<Environment>>,
    credentials: StoredValue<Option<Credentials>, LocalStorage>,
    token: StoredValue<Option<Token>, LocalStorage>,
    pub signed_in: RwSignal<bool>,
    /// Why the person was sent back to sign-in, shown there once.
    pub notice: RwSignal<Option<String>>,
    /// A one-line outcome shown at the top of the next screen ("acme-trial was deleted.").
    pub flash: RwSignal<Option<String>>,
}

impl Session {
    pub fn new(config: Config) -> Session {
        Session {
            config: StoredValue::new(config),
            environment: RwSignal::new(None),
            credentials: StoredValue::new_local(None),
            token: StoredValue::new_local(None),
            signed_in: RwSignal::new(false),
            notice: RwSignal::new(None),
            flash: RwSignal::new(None),
        }
    }

    pub fn begin(&self, environment: Environment, credentials: Credentials, token: Token) {
        self.environment.set(Some(environment));
        self.credentials.set_value(Some(credentials));
        self.token.set_value(Some(token));
        self.notice.set(None);
        self.signed_in.set(true);
    }

    /// Forgets the secret and the token; `notice` says why, when it was not the person's choice.
    pub fn end(&self, notice: Option<String>) {
        self.credentials.set_value(None);
        self.token.set_value(None);
        self.notice.set(notice);
        self.signed_in.set(false);
    }

    pub fn credentials(&self) -> Option<Credentials> {
        self.credentials.get_value()
    }

    pub fn token(&self) -> Option<Token> {
        self.token.get_value()
    }

    pub fn replace_token(&self, token: Token) {
        self.token.set_value(Some(token));
    }

    pub fn environment_name(&self) -> String {
        self.environment.with(|e| e.as_ref().map(|e| e.name.clone()).unwrap_or_default())
    }
}
