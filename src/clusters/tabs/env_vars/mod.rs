//! A cluster's Environment variables tab. Every change restarts Keycloak, so changes are
//! staged first (`staged`, kept in this tab's sessionStorage) and applied together after
//! one confirmation (`pending`): the restart queue (`queue`, `run`) sends them one after
//! another, each when the previous restart has ended.

mod form;
mod page;
mod pending;
pub mod queue;
mod run;
pub mod staged;

use cluster_api::EnvironmentVariableType;
use cluster_api::env_var_rules::{self, NameProblem};

pub use page::ClusterEnvVars;

use crate::i18n::k::env_vars as w;
use crate::i18n::{t, tf};

/// What is wrong with a variable name, checked in the form before anything is sent: the
/// service's rule (`cluster_api::env_var_rules`, API-NOTES §4.3) on the name as it will
/// be sent (trimmed), in the console's words.
pub fn name_problem(name: &str) -> Option<String> {
    Some(match env_var_rules::name_problem(name.trim())? {
        NameProblem::Empty => t(w::NAME_EMPTY).into(),
        NameProblem::Reserved => t(w::NAME_RESERVED).into(),
        NameProblem::Whitespace => t(w::NAME_SPACES).into(),
    })
}

/// Said by every form: staging sends nothing, applying restarts the running cluster.
pub fn restart_notice(cluster: &str) -> String {
    tf(w::RESTART_NOTICE, &[("cluster", cluster)])
}

pub fn type_label(kind: &EnvironmentVariableType) -> &'static str {
    match kind {
        EnvironmentVariableType::Secret => t(w::TYPE_SECRET),
        _ => t(w::TYPE_PLAIN),
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
        assert!(restart_notice("acme-prod").contains("restarts Keycloak on acme-prod once per change"));
        assert_eq!(type_label(&EnvironmentVariableType::Secret), "Secret");
    }
}
