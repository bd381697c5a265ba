//! Environment variables in the service's words: why a name or type is refused (the rule
//! itself is the contract's, `cluster_api::env_var_rules`) and how a secret reads back.

use cluster_api::EnvironmentVariableType;
use cluster_api::env_var_rules::{self, NameProblem};

/// What a SECRET value reads as (the mask the TF provider expects, API-NOTES §4.3).
pub const MASK: &str = "************";

/// 400's message when `name` may not be used (the rule is `cluster_api::env_var_rules`;
/// the words are the service's).
pub fn name_problem(name: &str) -> Option<String> {
    Some(match env_var_rules::name_problem(name)? {
        NameProblem::Empty => "name is required".to_string(),
        NameProblem::Reserved => format!(
            "{name} starts with KC_, which is reserved for Keycloak's own options; only KC_SPI_ names may \
             use it."
        ),
        NameProblem::Whitespace => format!("{name:?} contains a space; environment variable names cannot."),
    })
}

/// 400's message when the type is not one of the contract's.
pub fn type_problem(kind: &EnvironmentVariableType) -> Option<String> {
    matches!(kind, EnvironmentVariableType::Unknown(_))
        .then(|| format!("type must be STRING or SECRET; got {kind}."))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::records::EnvVarRow;

    /// The rule is `cluster_api::env_var_rules` (tested there); these are the service's words.
    #[test]
    fn names_are_refused_in_the_services_words() {
        assert_eq!(name_problem("KC_SPI_THEME_DEFAULT"), None);
        assert_eq!(name_problem("  ").as_deref(), Some("name is required"));
        assert_eq!(
            name_problem("KC_DB").as_deref(),
            Some(
                "KC_DB starts with KC_, which is reserved for Keycloak's own options; only KC_SPI_ names may \
                 use it."
            )
        );
        assert_eq!(
            name_problem("MY VAR").as_deref(),
            Some("\"MY VAR\" contains a space; environment variable names cannot.")
        );
        assert!(type_problem(&EnvironmentVariableType::Unknown("X".into())).is_some());
        assert_eq!(type_problem(&EnvironmentVariableType::Secret), None);
    }

    #[test]
    fn secrets_are_masked() {
        let mut row = EnvVarRow {
            id: "ev".into(),
            cluster_id: "c".into(),
            name: "A".into(),
            value: "s3cret".into(),
            kind: EnvironmentVariableType::Secret,
            created_at: 0,
        };
        assert_eq!(row.to_wire().value, MASK);
        row.kind = EnvironmentVariableType::String;
        assert_eq!(row.to_wire().value, "s3cret");
    }
}
