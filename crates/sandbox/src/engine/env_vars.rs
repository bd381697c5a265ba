//! Environment variables as pure rules: which names Keycloak's own configuration
//! reserves, and how a secret reads back.

use cluster_api::EnvironmentVariableType;

/// What a SECRET value reads as (the mask the TF provider expects, API-NOTES §4.3).
pub const MASK: &str = "************";

/// 400's message when `name` may not be used: blank, or `KC_` (Keycloak's own
/// options) other than `KC_SPI_` (provider settings).
pub fn name_problem(name: &str) -> Option<String> {
    if name.trim().is_empty() {
        return Some("name is required".to_string());
    }
    if name.starts_with("KC_") && !name.starts_with("KC_SPI_") {
        return Some(format!(
            "{name} starts with KC_, which is reserved for Keycloak's own options; only KC_SPI_ names may use it."
        ));
    }
    if name.chars().any(char::is_whitespace) {
        return Some(format!("{name:?} contains a space; environment variable names cannot."));
    }
    None
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

    #[test]
    fn names() {
        for ok in ["MY_VAR", "KC_SPI_THEME_DEFAULT", "kc_lower", "JAVA_OPTS_APPEND"] {
            assert_eq!(name_problem(ok), None, "{ok}");
        }
        for bad in ["", "  ", "KC_DB", "KC_", "MY VAR"] {
            assert!(name_problem(bad).is_some(), "{bad}");
        }
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
