//! Runtime configuration, read from `config.json` beside `index.html` at start-up, so one
//! build serves every environment.

use crate::i18n::k::config as w;
use crate::i18n::{t, tf};
use crate::json::{self, Json, Value, Wrong};

/// One place the console can talk to: a console host serving the token endpoint and the API.
#[derive(Debug, Clone, PartialEq)]
pub struct Environment {
    pub name: String,
    /// Origin of the console host, e.g. `https://app.phasetwo.io`. Empty or absent: this page's origin.
    pub console_url: Option<String>,
    /// How card payments are confirmed; without it the console cannot finish a 3-D Secure step.
    pub payments: Option<Payments>,
    /// Origins of the storage presigned URLs point at (uploads, log downloads), e.g.
    /// `https://bucket.s3.example`, when it is not `console_url`'s. The console follows the
    /// URLs it is given; the build (scripts/headers.mjs) adds these to `connect-src`. A list,
    /// or one string; empty entries are dropped and a trailing slash is ignored.
    pub storage_origins: Vec<String>,
    /// The identity server people sign in at, when it is not the console host's own realm
    /// `self` (e.g. `https://sso.example.com/realms/acme`): its discovery document names the
    /// endpoints (`crate::account`), and the build adds its origin to `connect-src`. API
    /// secrets still sign in at the console host's token endpoint.
    pub issuer: Option<String>,
}

/// `storage_origins`: absent, null, one string or a list of strings; each trimmed, without
/// a trailing slash, empty ones dropped.
fn origins(env: &Value) -> Result<Vec<String>, Wrong> {
    const KEY: &str = "storage_origins";
    let list = match env.field(KEY) {
        None => Vec::new(),
        Some(read) => match (read.str(), read.items()) {
            (Some(one), _) => Some(vec![one]),
            (None, Some(many)) => many.iter().map(Json::str).collect::<Option<Vec<_>>>(),
            (None, None) => None,
        }
        .ok_or_else(|| Wrong::mistyped(KEY))?,
    };
    Ok(list.iter().map(|o| o.trim().trim_end_matches('/').to_string()).filter(|o| !o.is_empty()).collect())
}

/// One entry of `environments`.
fn environment(env: &Value) -> Result<Environment, Wrong> {
    let payments = |p: Value| {
        let (script_url, publishable_key) = (json::text(&p, "script_url"), json::text(&p, "publishable_key"));
        Ok(Payments { script_url: script_url?, publishable_key: publishable_key? })
    };
    let payments =
        env.field("payments").map(payments).transpose().map_err(|w: Wrong| w.within("payments"))?;
    Ok(Environment {
        name: json::text(env, "name")?,
        console_url: json::maybe_text(env, "console_url")?,
        payments,
        storage_origins: origins(env)?,
        issuer: json::maybe_text(env, "issuer")?,
    })
}

/// The whole file's fields, before any check of what they say.
fn read(config: &Value) -> Result<Config, Wrong> {
    let list = config.field("environments").ok_or_else(|| Wrong::missing("environments"))?;
    let list = list.items().ok_or_else(|| Wrong::mistyped("environments"))?;
    let environments = list
        .iter()
        .enumerate()
        .map(|(i, env)| environment(env).map_err(|wrong| wrong.within(&format!("environments[{i}]"))))
        .collect::<Result<_, _>>()?;
    Ok(Config { environments, prefetch: json::maybe_bool(config, "prefetch")?.unwrap_or(true) })
}

/// Whether `text` is an http(s) origin: `scheme://host[:port]`, no path, query or fragment.
fn is_origin(text: &str) -> bool {
    let Some(rest) = text.strip_prefix("https://").or_else(|| text.strip_prefix("http://")) else {
        return false;
    };
    !rest.is_empty() && !rest.contains(['/', '?', '#', '@']) && !rest.contains(char::is_whitespace)
}

/// Stripe.js in production (`https://js.stripe.com/v3/`), the sandbox's stand-in locally.
#[derive(Debug, Clone, PartialEq)]
pub struct Payments {
    pub script_url: String,
    pub publishable_key: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Config {
    pub environments: Vec<Environment>,
    /// Whether the code of the screens likely next is fetched ahead, when the page is idle
    /// (`prefetch`). On unless set to `false` (tests that count each click's downloads).
    pub prefetch: bool,
}

impl Environment {
    /// The console host's origin, without a trailing slash; `same_origin` when unset.
    pub fn origin(&self, same_origin: &str) -> String {
        match self.console_url.as_deref().map(str::trim) {
            Some(url) if !url.is_empty() => url.trim_end_matches('/').to_string(),
            _ => same_origin.trim_end_matches('/').to_string(),
        }
    }

    pub fn api_base(&self, same_origin: &str) -> String {
        format!("{}{}", self.origin(same_origin), cluster_api::API_PREFIX)
    }

    pub fn token_url(&self, same_origin: &str) -> String {
        format!("{}{}", self.origin(same_origin), cluster_api::TOKEN_PATH)
    }

    /// The configured `issuer`, when one is (blank counts as none).
    pub fn own_issuer(&self) -> Option<&str> {
        self.issuer.as_deref().map(str::trim).filter(|i| !i.is_empty())
    }

    /// Who people sign in with: `issuer`, or realm `self` on the console host.
    pub fn issuer(&self, same_origin: &str) -> String {
        match self.own_issuer() {
            Some(issuer) => issuer.to_string(),
            None => format!("{}{}", self.origin(same_origin), cluster_api::identity::REALM_PATH),
        }
    }
}

/// Parses `config.json`, explaining in words what is wrong with it.
pub fn parse(text: &str) -> Result<Config, String> {
    let invalid = |why: &str| tf(w::INVALID, &[("why", why)]);
    let config = json::read(text, read).map_err(|why| invalid(&why))?;
    if config.environments.is_empty() {
        return Err(t(w::NO_ENVIRONMENTS).into());
    }
    if let Some(env) = config.environments.iter().find(|e| e.name.trim().is_empty()) {
        let url = env.console_url.as_deref().unwrap_or_else(|| t(w::OWN_ORIGIN));
        return Err(tf(w::NAMELESS, &[("url", url)]));
    }
    for env in &config.environments {
        if let Some(url) = env.console_url.as_deref().filter(|u| !u.trim().is_empty())
            && crate::redirect::safe_external(url).is_none()
        {
            return Err(tf(w::BAD_CONSOLE_URL, &[("name", &env.name), ("url", url)]));
        }
        if let Some(issuer) = env.own_issuer().filter(|i| !cluster_api::identity::is_issuer_id(i)) {
            return Err(tf(w::BAD_ISSUER, &[("name", &env.name), ("url", issuer)]));
        }
        if let Some(bad) = env.storage_origins.iter().find(|o| !is_origin(o)) {
            return Err(tf(w::BAD_STORAGE_ORIGIN, &[("name", &env.name), ("origin", bad)]));
        }
    }
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_same_origin() {
        // ok: a test of a literal
        let config = parse(r#"{"environments":[{"name":"Local sandbox"}]}"#).expect("valid");
        let env = &config.environments[0];
        assert!(config.prefetch, "prefetching is on unless config.json turns it off");
        assert_eq!(env.api_base("http://127.0.0.1:8080"), "http://127.0.0.1:8080/auth/realms/self/v2");
        assert_eq!(
            env.token_url("http://127.0.0.1:8080/"),
            "http://127.0.0.1:8080/auth/realms/self/protocol/openid-connect/token"
        );
    }

    #[test]
    fn explicit_console_url_wins() {
        let config =
            parse(r#"{"environments":[{"name":"Production","console_url":"https://app.phasetwo.io/"}]}"#)
                .expect("valid"); // ok: a test of a literal
        assert_eq!(
            config.environments[0].api_base("http://x"),
            "https://app.phasetwo.io/auth/realms/self/v2"
        );
    }

    #[test]
    fn malformed_configs_are_explained() {
        assert!(parse("not json").unwrap_err().contains("not valid"));
        assert!(parse(r#"{"environments":[]}"#).unwrap_err().contains("no environments"));
        assert!(
            parse(r#"{"environments":[{"name":"x","console_url":"javascript:alert(1)"}]}"#)
                .unwrap_err()
                .contains("must start with https://")
        );
    }

    #[test]
    fn storage_origins_are_read_tolerantly() {
        let config = parse(r#"{"environments":[{"name":"x"}]}"#).expect("valid"); // ok: a test of a literal
        assert!(config.environments[0].storage_origins.is_empty());
        let config = parse(
            r#"{"environments":[
                {"name":"a","storage_origins":["https://bucket.s3.example/", " ", "http://127.0.0.1:9000"]},
                {"name":"b","storage_origins":"https://logs.s3.example"},
                {"name":"c","storage_origins":null}
            ]}"#,
        )
        .expect("valid"); // ok: a test of a literal
        let envs = &config.environments;
        assert_eq!(envs[0].storage_origins, ["https://bucket.s3.example", "http://127.0.0.1:9000"]);
        assert_eq!(envs[1].storage_origins, ["https://logs.s3.example"]);
        assert!(envs[2].storage_origins.is_empty());
    }

    #[test]
    fn storage_origins_must_be_origins() {
        for bad in
            ["bucket.s3.example", "ftp://bucket.s3.example", "https://bucket.s3.example/uploads", "https://"]
        {
            let text = format!(r#"{{"environments":[{{"name":"Prod","storage_origins":["{bad}"]}}]}}"#);
            let why = parse(&text).unwrap_err();
            assert!(why.contains("storage_origins of \"Prod\"") && why.contains(bad), "{bad}: {why}");
        }
        assert!(
            parse(r#"{"environments":[{"name":"x","storage_origins":[1]}]}"#)
                .unwrap_err()
                .contains("not valid")
        );
    }

    #[test]
    fn the_issuer_is_the_configured_one_or_realm_self() {
        let config = parse(
            r#"{"environments":[{"name":"a","console_url":"https://app.example/"},
                {"name":"b","issuer":"https://sso.example.com/realms/acme"},{"name":"c","issuer":" "}]}"#,
        )
        .expect("valid"); // ok: a test of a literal
        let envs = &config.environments;
        assert_eq!(envs[0].issuer("http://x"), "https://app.example/auth/realms/self");
        assert_eq!(envs[1].issuer("http://x"), "https://sso.example.com/realms/acme");
        // API secrets stay on the console host's token endpoint.
        assert_eq!(envs[1].token_url("http://x"), "http://x/auth/realms/self/protocol/openid-connect/token");
        assert_eq!(envs[2].issuer("http://x/"), "http://x/auth/realms/self", "blank is none");
        for bad in [
            "sso.example.com",
            "javascript:alert(1)",
            "https://sso/realms/a?x=1",
            "https://sso/r#a",
            "https://",
        ] {
            let text = format!(r#"{{"environments":[{{"name":"P","issuer":"{bad}"}}]}}"#);
            let why = parse(&text).unwrap_err();
            assert!(why.contains("issuer of \"P\"") && why.contains(bad), "{bad}: {why}");
        }
    }

    #[test]
    fn wrong_fields_are_named() {
        for (text, why) in [
            ("{}", "environments is missing"),
            (r#"{"environments":{"name":"x"}}"#, "environments is not of the expected type"),
            (r#"{"environments":[{"console_url":"https://a.example"}]}"#, "environments[0].name is missing"),
            (r#"{"environments":[{"name":"a"},{"name":7}]}"#, "environments[1].name is not of"),
            (r#"{"environments":[{"name":"a","issuer":true}]}"#, "environments[0].issuer is not of"),
            (
                r#"{"environments":[{"name":"a","storage_origins":7}]}"#,
                "environments[0].storage_origins is not",
            ),
            (
                r#"{"environments":[{"name":"a","payments":{"script_url":"s"}}]}"#,
                "payments.publishable_key is",
            ),
            (r#"{"environments":[{"name":"a","payments":"stripe"}]}"#, "environments[0].payments.script_url"),
            (r#"{"environments":[{"name":"a"}],"prefetch":"no"}"#, "prefetch is not of"),
            ("[]", "environments is missing"),
        ] {
            let said = parse(text).unwrap_err();
            assert!(said.starts_with("config.json is not valid: ") && said.contains(why), "{text}: {said}");
        }
    }

    #[test]
    fn every_field_is_read() {
        let config = parse(
            r#"{"environments":[{"name":"P","console_url":null,"issuer":null,"storage_origins":[],
                "payments":{"script_url":"https://js.stripe.com/v3/","publishable_key":"pk_1"},"extra":1}],
                "prefetch":null}"#,
        )
        .expect("valid"); // ok: a test of a literal
        let payments =
            Payments { script_url: "https://js.stripe.com/v3/".into(), publishable_key: "pk_1".into() };
        let env = Environment {
            name: "P".into(),
            console_url: None,
            payments: Some(payments),
            storage_origins: Vec::new(),
            issuer: None,
        };
        assert_eq!(config, Config { environments: vec![env], prefetch: true });
    }

    #[test]
    fn prefetch_can_be_turned_off() {
        // ok: a test of a literal
        let config = parse(r#"{"environments":[{"name":"x"}],"prefetch":false}"#).expect("valid");
        assert!(!config.prefetch);
    }
}
