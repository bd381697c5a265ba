//! Runtime configuration, read from `config.json` beside `index.html` at start-up, so one
//! build serves every environment.

use serde::Deserialize;

/// One place the console can talk to: a console host serving the token endpoint and the API.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Environment {
    pub name: String,
    /// Origin of the console host, e.g. `https://app.phasetwo.io`. Empty or absent: this page's origin.
    #[serde(default)]
    pub console_url: Option<String>,
    /// How card payments are confirmed; without it the console cannot finish a 3-D Secure step.
    #[serde(default)]
    pub payments: Option<Payments>,
}

/// Stripe.js in production (`https://js.stripe.com/v3/`), the sandbox's stand-in locally.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Payments {
    pub script_url: String,
    pub publishable_key: String,
}

#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct Config {
    pub environments: Vec<Environment>,
    /// Whether the code of the screens likely next is fetched ahead, when the page is idle
    /// (`prefetch`). On unless set to `false` (tests that count each click's downloads).
    #[serde(default = "on")]
    pub prefetch: bool,
}

fn on() -> bool {
    true
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
}

/// Parses `config.json`, explaining in words what is wrong with it.
pub fn parse(text: &str) -> Result<Config, String> {
    let config: Config = serde_json::from_str(text).map_err(|e| format!("config.json is not valid: {e}."))?;
    if config.environments.is_empty() {
        return Err("config.json lists no environments: add at least one under \"environments\".".into());
    }
    if let Some(env) = config.environments.iter().find(|e| e.name.trim().is_empty()) {
        let url = env.console_url.as_deref().unwrap_or("this console's own origin");
        return Err(format!(
            "config.json has an environment without a name (the one for {url}): give it a \"name\"."
        ));
    }
    for env in &config.environments {
        if let Some(url) = env.console_url.as_deref().filter(|u| !u.trim().is_empty())
            && !(url.starts_with("https://") || url.starts_with("http://"))
        {
            return Err(format!(
                "config.json: the console_url of \"{}\" must start with https:// or http:// (it is \"{url}\").",
                env.name
            ));
        }
    }
    Ok(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_is_same_origin() {
        let config = parse(r#"{"environments":[{"name":"Local sandbox"}]}"#).expect("valid"); // ok: a test of a literal
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
    fn prefetch_can_be_turned_off() {
        let config = parse(r#"{"environments":[{"name":"x"}],"prefetch":false}"#).expect("valid"); // ok: a test of a literal
        assert!(!config.prefetch);
    }
}
