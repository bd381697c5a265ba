//! Writes that carry a secret: an environment variable of type SECRET and the telemetry
//! export's token. The script reads the secret from a shell variable the person sets
//! (`$ENV_VALUE`, `$TELEMETRY_TOKEN`); the value typed into the form never appears.

use cluster_api::{Call, EnvironmentVariableRequest, EnvironmentVariableType, TelemetryExport, ops};

use super::shell::placeholder;
use super::{Capture, Script, Target, named};

/// Adding (`variable_id` None) or saving an environment variable.
pub fn env_var(
    target: &Target,
    cluster_id: &str,
    variable_id: Option<&str>,
    body: &EnvironmentVariableRequest,
) -> String {
    let secret = body.r#type == Some(EnvironmentVariableType::Secret);
    let mut body = body.clone();
    let what = match variable_id {
        None => named("Add the environment variable", &body.name),
        Some(_) => named("Save the environment variable", &body.name),
    };
    let mut script = Script::new(target, &what);
    if secret {
        body.value = placeholder("ENV_VALUE");
        script.raw("\n# The value is a secret: the script reads it from ENV_VALUE.");
        script.raw(": \"${ENV_VALUE:?Set ENV_VALUE to the secret value first}\"");
    }
    let id = cluster_id.to_string();
    let request = match variable_id {
        None => ops::ClusterEnvVarCreate { id, body }.request(),
        Some(v) => ops::ClusterEnvVarUpdate { id, env_variable_id: v.to_string(), body }.request(),
    };
    script.call(&what, &request, Capture::Nothing);
    script.finish()
}

/// Saving the telemetry export; a token typed into the form is sent as `$TELEMETRY_TOKEN`.
pub fn telemetry(target: &Target, cluster_id: &str, body: &TelemetryExport) -> String {
    let what = "Save the telemetry export settings";
    let mut script = Script::new(target, what);
    let mut body =
        TelemetryExport { token_set: None, last_delivery_at: None, last_error: None, ..body.clone() };
    if body.token.is_some() {
        body.token = Some(placeholder("TELEMETRY_TOKEN"));
        script.raw("\n# The endpoint's token is a secret: the script reads it from TELEMETRY_TOKEN.");
        script.raw(": \"${TELEMETRY_TOKEN:?Set TELEMETRY_TOKEN to the endpoint's token first}\"");
    }
    script.call(
        what,
        &ops::ClusterTelemetryExportUpdate { id: cluster_id.to_string(), body }.request(),
        Capture::Nothing,
    );
    script.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::testing::{HOSTILE, assert_absent, sandbox, shell_read};

    fn data_of(text: &str) -> String {
        let data = text.lines().find_map(|l| l.trim().strip_prefix("--data-raw ")).unwrap_or_default();
        shell_read(data, &[("ENV_VALUE", "<from-env>"), ("TELEMETRY_TOKEN", "<from-env>")])
    }

    #[test]
    fn a_secret_value_is_never_in_the_script() {
        for typed in HOSTILE.iter().chain(&["hunter2-very-secret"]) {
            let body = EnvironmentVariableRequest {
                name: "DB_PASSWORD".into(),
                value: typed.to_string(),
                r#type: Some(EnvironmentVariableType::Secret),
            };
            let text = env_var(&sandbox(), "c1", None, &body);
            assert_absent(&text, typed);
            assert!(text.contains("\"value\":\"'\"$ENV_VALUE\"'\""), "{text}");
            assert!(text.contains(": \"${ENV_VALUE:?Set ENV_VALUE"), "{text}");
            let sent: serde_json::Value = serde_json::from_str(&data_of(&text)).unwrap_or_default();
            assert_eq!(sent["value"], "<from-env>");
            assert_eq!(sent["type"], "SECRET");
        }
    }

    #[test]
    fn a_plain_value_is_sent_as_typed_and_saving_uses_put() {
        for typed in HOSTILE {
            let body = EnvironmentVariableRequest {
                name: typed.to_string(),
                value: typed.to_string(),
                r#type: Some(EnvironmentVariableType::String),
            };
            let text = env_var(&sandbox(), "c1", Some("ev1"), &body);
            assert!(
                text.contains("-X PUT 'http://127.0.0.1:8080/auth/realms/self/v2/clusters/c1/env-vars/ev1'"),
                "{text}"
            );
            let sent: serde_json::Value = serde_json::from_str(&data_of(&text)).unwrap_or_default();
            assert_eq!(sent["value"], *typed);
            assert!(!text.contains("ENV_VALUE"));
        }
    }

    #[test]
    fn the_telemetry_token_is_a_placeholder() {
        let body = TelemetryExport {
            enabled: Some(true),
            endpoint: Some("https://otel.example/v1".into()),
            token: Some("tok-'$(id)'".into()),
            token_set: Some(true),
            ..Default::default()
        };
        let text = telemetry(&sandbox(), "c1", &body);
        assert_absent(&text, "tok-");
        let sent: serde_json::Value = serde_json::from_str(&data_of(&text)).unwrap_or_default();
        assert_eq!(sent["token"], "<from-env>");
        assert_eq!(sent["endpoint"], "https://otel.example/v1");
        assert!(sent.get("tokenSet").is_none(), "read-only fields are not sent: {sent}");
        let kept = telemetry(&sandbox(), "c1", &TelemetryExport { token: None, ..body });
        assert!(!kept.contains("TELEMETRY_TOKEN"), "no token typed: the stored one is kept");
    }
}
