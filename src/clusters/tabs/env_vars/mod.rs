//! A cluster's Environment variables tab. Every change restarts
//! Keycloak; during a restart writes are off, and a change refused as a restart began is
//! queued and sent when it ends (`queue`).

mod form;
mod page;
pub mod queue;

use cluster_api::EnvironmentVariableType;
use cluster_api::env_var_rules::{self, NameProblem};

pub use page::ClusterEnvVars;

/// What is wrong with a variable name, checked in the form before anything is sent: the
/// service's rule (`cluster_api::env_var_rules`, API-NOTES §4.3) on the name as it will
/// be sent (trimmed), in the console's words.
pub fn name_problem(name: &str) -> Option<String> {
    Some(match env_var_rules::name_problem(name.trim())? {
        NameProblem::Empty => "Enter a name.".into(),
        NameProblem::Reserved => "Names starting with KC_ are reserved for Keycloak's own options; only KC_SPI_ names may use them.".into(),
        NameProblem::Whitespace => "A name cannot contain spaces.".into(),
    })
}

/// Said before every change: what saving does to the running cluster.
pub fn restart_notice(cluster: &str) -> String {
    format!(
        "Saving restarts Keycloak on {cluster} so it picks up the change. A restart normally takes well under a \
         minute; sign-ins and token requests may fail while it runs."
    )
}

pub fn type_label(kind: &EnvironmentVariableType) -> &'static str {
    match kind {
        EnvironmentVariableType::Secret => "Secret",
        _ => "Plain text",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_service_rules() {
        assert_eq!(name_problem("MY_VAR"), None);
        assert_eq!(name_problem("KC_SPI_THEME"), None);
        assert!(name_problem("KC_DB").is_some_and(|w| w.contains("reserved")));
        assert!(name_problem("   ").is_some());
        assert!(name_problem("A B").is_some());
    }

    #[test]
    fn changes_say_they_restart() {
        assert!(restart_notice("acme-prod").starts_with("Saving restarts Keycloak on acme-prod"));
        assert_eq!(type_label(&EnvironmentVariableType::Secret), "Secret");
    }
}
