//! The console the sandbox serves with `--issuer`: a rewritten copy of the build's
//! config.json naming the issuer, and the build's headers with the issuer's origin added to
//! the policy's `connect-src` (the console fetches the issuer's discovery document, keys
//! and token endpoint). The same edits the split-origin flow makes to a copy of dist/, done
//! in memory so `dist/` itself is never changed.

use super::IssuerConfig;
use crate::security::HeaderSet;
use axum::http::{HeaderValue, header};
use serde_json::Value;
use std::path::Path;
use std::sync::Arc;

/// The build's config.json with `issuer` set on every environment served by this sandbox:
/// those without a `console_url` (an environment naming another service keeps its own
/// identity server).
pub fn config_json(dir: &Path, issuer: &IssuerConfig) -> Result<String, String> {
    let path = dir.join("config.json");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("cannot read {} ({e})", path.display()))?;
    let mut config: Value =
        serde_json::from_str(&text).map_err(|e| format!("{} is not JSON: {e}", path.display()))?;
    let environments = config
        .get_mut("environments")
        .and_then(Value::as_array_mut)
        .ok_or_else(|| format!("{} has no environments list", path.display()))?;
    for environment in environments.iter_mut().filter_map(Value::as_object_mut) {
        let elsewhere =
            environment.get("console_url").and_then(Value::as_str).is_some_and(|url| !url.trim().is_empty());
        if !elsewhere {
            environment.insert("issuer".to_string(), Value::from(issuer.url.as_str()));
        }
    }
    serde_json::to_string_pretty(&config).map_err(|e| e.to_string())
}

/// `headers` with `origin` added to the Content-Security-Policy's `connect-src` (a
/// `connect-src 'self' <origin>` added when the policy has none, which would otherwise
/// fall back to `default-src`).
pub fn connect_to(headers: &HeaderSet, origin: &str) -> HeaderSet {
    let edited = headers
        .iter()
        .map(|(name, value)| {
            if name != header::CONTENT_SECURITY_POLICY {
                return (name.clone(), value.clone());
            }
            let policy = add_connect_source(value.to_str().unwrap_or_default(), origin);
            (name.clone(), HeaderValue::try_from(policy).unwrap_or_else(|_| value.clone()))
        })
        .collect();
    Arc::new(edited)
}

fn add_connect_source(policy: &str, origin: &str) -> String {
    let mut found = false;
    let mut directives: Vec<String> = policy
        .split(';')
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(|directive| {
            if directive.split_whitespace().next() == Some("connect-src") {
                found = true;
                if directive.split_whitespace().any(|source| source == origin) {
                    return directive.to_string();
                }
                return format!("{directive} {origin}");
            }
            directive.to_string()
        })
        .collect();
    if !found {
        directives.push(format!("connect-src 'self' {origin}"));
    }
    directives.join("; ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds_the_origin_to_connect_src() {
        let policy = "default-src 'self'; connect-src 'self' https://api.example; frame-ancestors 'none'";
        assert_eq!(
            add_connect_source(policy, "https://sso.example"),
            "default-src 'self'; connect-src 'self' https://api.example https://sso.example; frame-ancestors \
             'none'"
        );
        assert_eq!(add_connect_source(policy, "https://api.example"), policy);
        assert_eq!(
            add_connect_source("default-src 'self'", "https://sso.example"),
            "default-src 'self'; connect-src 'self' https://sso.example"
        );
    }

    #[test]
    fn names_the_issuer_in_this_sandbox_environments_only() {
        let dir = std::env::temp_dir().join(format!("issuer-config-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("config.json"),
            concat!(
                r#"{"environments":[{"name":"Local"},{"name":"Prod","console_url":"https://app.example"}],"#,
                r#""prefetch":true}"#,
            ),
        )
        .unwrap();
        let text = config_json(&dir, &IssuerConfig::new("https://sso.example/realms/acme")).unwrap();
        let config: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(config["environments"][0]["issuer"], "https://sso.example/realms/acme");
        assert!(config["environments"][1].get("issuer").is_none());
        assert_eq!(config["prefetch"], true);
        let _ = std::fs::remove_dir_all(dir);
    }
}
