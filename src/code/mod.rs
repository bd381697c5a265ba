//! The code behind a form: the requests a write will send, as a runnable `curl` script
//! for the selected environment (the Code panel shows it beside the form). Pure functions
//! of what the form holds, so they are tested natively; the panel itself is
//! `kit::code_panel`. Secrets typed into a form become shell variables (`$ENV_VALUE`,
//! `$TELEMETRY_TOKEN`), and so does anything the service returns (`$EXTENSION_ID`…).

pub mod actions;
pub mod clusters;
pub mod extensions;
pub mod hcl;
pub mod script;
pub mod secret_writes;
pub mod shell;
#[cfg(test)]
pub mod testing;

pub use script::{Capture, Script, Target};

use cluster_api::ApiRequest;

use crate::config::Environment;

/// The target of the scripts for `env`, the environment the person signed in to.
pub fn target(env: &Environment, page_origin: &str) -> Target {
    Target {
        name: env.name.clone(),
        api_base: env.api_base(page_origin),
        token_url: env.token_url(page_origin),
    }
}

/// The environment of the signed-in session, as a script target (empty when signed out,
/// which a screen that writes never is).
pub fn current_target() -> Target {
    let env = crate::api::use_api().environment();
    env.map(|e| target(&e, &crate::api::page_origin())).unwrap_or_default()
}

/// The script of a form, recomputed as the form changes: `build` reads the form's signals
/// and writes the script for the session's environment. Boxed, so this compiles once for
/// every form that shows a Code panel.
pub fn live(build: Box<dyn Fn(&Target) -> String + Send + Sync>) -> leptos::prelude::Signal<String> {
    let target = current_target();
    leptos::prelude::Signal::derive(move || build(&target))
}

/// A write that is one request: the token exchange, then the call.
pub fn single(target: &Target, what: &str, request: &ApiRequest) -> String {
    let mut script = Script::new(target, what);
    script.call(what, request, Capture::Nothing);
    script.finish()
}

/// The `what` of a script, naming the object in quotes ("Add the realm “x”").
pub fn named(action: &str, name: &str) -> String {
    format!("{action} “{}”", shell::comment(name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::code::testing::{HOSTILE, sandbox, shell_read};
    use cluster_api::{Call, ClusterDeploymentRequest, ops};

    #[test]
    fn one_request_scripts_name_the_object_on_one_line() {
        for name in HOSTILE {
            let op = ops::ClusterDeploymentCreate {
                id: "c1".into(),
                body: ClusterDeploymentRequest { name: name.to_string() },
            };
            let text = single(&sandbox(), &named("Add the realm", name), &op.request());
            let data = text.lines().find_map(|l| l.trim().strip_prefix("--data-raw ")).unwrap_or_default();
            let body = shell_read(data, &[]);
            let parsed: serde_json::Value = serde_json::from_str(&body).unwrap_or_default();
            assert_eq!(parsed["name"], *name, "{text}");
            for line in text.lines().filter(|l| l.starts_with('#')) {
                assert!(!line.chars().any(char::is_control), "{line:?}");
            }
            assert!(
                text.contains("-X POST 'http://127.0.0.1:8080/auth/realms/self/v2/clusters/c1/deployments'"),
                "{text}"
            );
        }
    }

    #[test]
    fn the_target_is_the_selected_environment() {
        let env = Environment {
            name: "Production".into(),
            console_url: Some("https://app.phasetwo.io/".into()),
            payments: None,
            storage_origins: Vec::new(),
            issuer: None,
        };
        let t = target(&env, "http://127.0.0.1:8080");
        assert_eq!(t.api_base, "https://app.phasetwo.io/auth/realms/self/v2");
        assert_eq!(t.token_url, "https://app.phasetwo.io/auth/realms/self/protocol/openid-connect/token");
    }
}
