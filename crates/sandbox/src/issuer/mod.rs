//! `--issuer URL`: the sandbox also trusts the access tokens of one outside OpenID provider
//! (your own Keycloak), checked against the keys its discovery document names (`keys`).
//! The sandbox's own tokens keep working beside them: API secrets still sign in at the
//! sandbox's token endpoint, as they do at the real service's.
//!
//! A token is accepted when its signature verifies with one of the issuer's keys (RS256 and
//! the other RSA and ECDSA algorithms, never a shared-secret one), `iss` equals the flag
//! exactly, `exp` and `nbf` hold (with [`LEEWAY_SECS`] for clocks that drift), and it was
//! issued to the console (see [`Issuer::meant_for_us`] for the audience rule). The person
//! is found by the `email` claim among the demo people, with the organization roles the
//! demo world gives them; the token's `resource_access` carries the client roles, so
//! support staff are whoever holds the staff role on `cluster-management` there.

pub mod console;
pub mod keys;

use crate::error::ApiError;
use jsonwebtoken::{Algorithm, Validation};
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

/// Seconds a token's `exp` and `nbf` may be off by (clocks of two hosts drift).
pub const LEEWAY_SECS: u64 = 30;

/// How the sandbox trusts an outside issuer (`--issuer`, `--issuer-client-id`,
/// `--issuer-audience`).
#[derive(Debug, Clone, PartialEq)]
pub struct IssuerConfig {
    /// The issuer's URL, exactly as its tokens' `iss` spell it.
    pub url: String,
    /// The console's client at the issuer: tokens issued to it are accepted (`azp`,
    /// `client_id`).
    pub client_id: String,
    /// Also accepted when `aud` names it; the client ID when absent.
    pub audience: Option<String>,
    /// The least time between two fetches of the issuer's keys: an unknown `kid` fetches
    /// them again at most this often, so a flood of made-up kids cannot hammer the issuer.
    pub refetch_interval: Duration,
}

impl IssuerConfig {
    pub fn new(url: &str) -> IssuerConfig {
        IssuerConfig {
            url: url.to_string(),
            client_id: cluster_api::identity::CONSOLE_CLIENT_ID.to_string(),
            audience: None,
            refetch_interval: keys::REFETCH_INTERVAL,
        }
    }

    /// `scheme://host[:port]` of the issuer: what the console's policy must let it connect to.
    pub fn origin(&self) -> String {
        origin_of(&self.url)
    }
}

/// `scheme://host[:port]` of an absolute http(s) URL.
pub fn origin_of(url: &str) -> String {
    let (scheme, rest) = url.split_once("://").unwrap_or(("https", url));
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    format!("{}://{}", scheme.to_ascii_lowercase(), host.to_ascii_lowercase())
}

/// `--issuer`'s value: an absolute http(s) URL without query or fragment (an issuer
/// identifier, OpenID Connect Discovery §2).
pub fn parse_issuer_url(text: &str) -> Result<String, String> {
    if !text.starts_with("https://") && !text.starts_with("http://") {
        return Err(format!("{text:?} is not an http(s) URL"));
    }
    if !cluster_api::identity::is_issuer_id(text) {
        return Err(format!("{text:?} is not an issuer URL: give scheme://host[:port][/path], no query"));
    }
    Ok(text.to_string())
}

/// What the sandbox reads of an issuer's access token.
#[derive(Debug, Deserialize)]
struct Claims {
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    aud: Audience,
    #[serde(default)]
    azp: Option<String>,
    #[serde(default)]
    client_id: Option<String>,
    /// Keycloak's client roles: `{"<client>": {"roles": [...]}}`.
    #[serde(default)]
    resource_access: BTreeMap<String, ClientRoles>,
}

#[derive(Debug, Default, Deserialize)]
struct ClientRoles {
    #[serde(default)]
    roles: BTreeSet<String>,
}

/// `aud` is one string or a list (RFC 7519 §4.1.3).
#[derive(Debug, Default, Deserialize)]
#[serde(untagged)]
enum Audience {
    #[default]
    None,
    One(String),
    Many(Vec<String>),
}

impl Audience {
    fn contains(&self, wanted: &str) -> bool {
        match self {
            Audience::None => false,
            Audience::One(aud) => aud == wanted,
            Audience::Many(auds) => auds.iter().any(|aud| aud == wanted),
        }
    }
}

/// The algorithms an issuer's keys may sign with: public-key ones only. A shared-secret
/// algorithm (HS256) would let anyone holding the public JWK as a "secret" forge tokens.
const ALGORITHMS: [Algorithm; 8] = [
    Algorithm::RS256,
    Algorithm::RS384,
    Algorithm::RS512,
    Algorithm::PS256,
    Algorithm::PS384,
    Algorithm::PS512,
    Algorithm::ES256,
    Algorithm::ES384,
];

/// Whether a token's header names an algorithm an issuer's key could have signed with (the
/// sandbox's own tokens are HS256).
pub fn is_issuer_token(token: &str) -> bool {
    jsonwebtoken::decode_header(token).is_ok_and(|header| ALGORITHMS.contains(&header.alg))
}

/// What a verified token says of its holder: the email the demo world's people are found
/// by, and the roles it carries per client.
#[derive(Debug, Clone, PartialEq)]
pub struct Holder {
    pub email: String,
    pub client_roles: BTreeMap<String, BTreeSet<String>>,
}

/// The outside issuer: its settings and its keys.
pub struct Issuer {
    pub config: IssuerConfig,
    keys: keys::Keys,
}

fn invalid(why: &str) -> ApiError {
    ApiError::unauthorized(format!("The access token is not valid: {why}."))
}

impl Issuer {
    pub fn new(config: IssuerConfig) -> Issuer {
        let keys = keys::Keys::new(&config.url, config.refetch_interval);
        Issuer { config, keys }
    }

    /// What an issuer's token says of its holder, once its signature, issuer, times and
    /// audience hold; 401 saying what is wrong otherwise. Who that is in the demo world
    /// (`auth`) is the caller's to find.
    pub async fn verify(&self, token: &str) -> Result<Holder, ApiError> {
        let header = jsonwebtoken::decode_header(token).map_err(|_| invalid("it is not a JWT"))?;
        if !ALGORITHMS.contains(&header.alg) {
            return Err(invalid(&format!("{:?} is not a public-key algorithm", header.alg)));
        }
        let candidates = self.keys.for_token(header.kid.as_deref(), header.alg).await?;
        let mut validation = Validation::new(header.alg);
        validation.set_issuer(&[&self.config.url]);
        validation.set_required_spec_claims(&["exp", "iss"]);
        validation.leeway = LEEWAY_SECS;
        validation.validate_nbf = true;
        // The audience rule is ours (`meant_for_us`): Keycloak's `aud` is not the client.
        validation.validate_aud = false;
        let mut failure = invalid("no key of the issuer verifies its signature");
        for key in &candidates {
            match jsonwebtoken::decode::<Claims>(token, key, &validation) {
                Ok(data) => return self.holder(data.claims),
                Err(e) => {
                    use jsonwebtoken::errors::ErrorKind;
                    failure = match e.kind() {
                        ErrorKind::InvalidSignature => failure,
                        ErrorKind::ExpiredSignature => invalid("it has expired"),
                        ErrorKind::ImmatureSignature => invalid("it is not valid yet (nbf)"),
                        ErrorKind::InvalidIssuer => {
                            invalid(&format!("its issuer (iss) is not {}", self.config.url))
                        }
                        ErrorKind::MissingRequiredClaim(claim) => {
                            invalid(&format!("it has no {claim} claim"))
                        }
                        _ => invalid(&format!("it cannot be read ({e})")),
                    };
                    if !matches!(e.kind(), ErrorKind::InvalidSignature) {
                        // The signature held (claims are checked after it): no other key can help.
                        break;
                    }
                }
            }
        }
        Err(failure)
    }

    /// The audience rule. Keycloak's access tokens name the client they were issued to in
    /// `azp`, while their `aud` lists the resource servers whose roles they carry, often
    /// only `account` (the account console), or nothing; RFC 9068 JWT access tokens (what
    /// an OpenID provider issues for a resource indicator) name it in `client_id`, and their
    /// `aud` is the resource. So a token is accepted when it was issued to the console's
    /// client (`azp` or `client_id` equals `--issuer-client-id`), which rules out tokens the
    /// same realm issued to other applications, or when `aud` names this service
    /// (`--issuer-audience`, the client ID when absent), for a realm that maps an audience.
    fn meant_for_us(&self, claims: &Claims) -> bool {
        let client = self.config.client_id.as_str();
        let audience = self.config.audience.as_deref().unwrap_or(client);
        claims.aud.contains(audience)
            || claims.azp.as_deref() == Some(client)
            || claims.client_id.as_deref() == Some(client)
    }

    fn holder(&self, claims: Claims) -> Result<Holder, ApiError> {
        if !self.meant_for_us(&claims) {
            return Err(invalid(&format!(
                "it was not issued to the client {} (azp or client_id) nor for the audience {} (aud)",
                self.config.client_id,
                self.config.audience.as_deref().unwrap_or(&self.config.client_id)
            )));
        }
        let client_roles: BTreeMap<String, BTreeSet<String>> =
            claims.resource_access.into_iter().map(|(client, roles)| (client, roles.roles)).collect();
        Ok(Holder { email: claims.email.unwrap_or_default(), client_roles })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_and_urls() {
        assert_eq!(origin_of("https://SSO.example.com/realms/acme"), "https://sso.example.com");
        assert_eq!(origin_of("http://127.0.0.1:8081"), "http://127.0.0.1:8081");
        assert!(parse_issuer_url("https://sso.example.com/realms/acme").is_ok());
        assert!(parse_issuer_url("sso.example.com").is_err());
        assert!(parse_issuer_url("https://sso.example.com/?realm=a").is_err());
        assert!(parse_issuer_url("https:///realms").is_err());
    }

    #[test]
    fn audience_is_one_or_many() {
        let one: Claims = serde_json::from_str(r#"{"aud":"account"}"#).unwrap();
        assert!(one.aud.contains("account") && !one.aud.contains("console"));
        let many: Claims = serde_json::from_str(r#"{"aud":["account","console"]}"#).unwrap();
        assert!(many.aud.contains("console"));
        let none: Claims = serde_json::from_str("{}").unwrap();
        assert!(!none.aud.contains("console"));
    }

    #[test]
    fn the_audience_rule() {
        let issuer = Issuer::new(IssuerConfig::new("https://sso.example.com/realms/acme"));
        let claims = |json: &str| serde_json::from_str::<Claims>(json).unwrap();
        // Keycloak: aud is the account console, azp the client.
        assert!(issuer.meant_for_us(&claims(r#"{"aud":"account","azp":"console"}"#)));
        // RFC 9068: client_id names the client, aud the resource.
        assert!(issuer.meant_for_us(&claims(r#"{"aud":"https://api.example","client_id":"console"}"#)));
        // A realm with an audience mapper.
        assert!(issuer.meant_for_us(&claims(r#"{"aud":["console"]}"#)));
        // Another application of the same realm.
        assert!(!issuer.meant_for_us(&claims(r#"{"aud":"account","azp":"grafana"}"#)));
        assert!(!issuer.meant_for_us(&claims("{}")));
    }
}
