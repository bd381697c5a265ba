//! Finds the contract operation for a method and a path relative to the API prefix.
//! Literal segments beat `{param}` ones, so `/clusters/regions` is never read as
//! `/clusters/{id}` with id "regions", whatever the method.

use cluster_api::{Operation, catalogue};

#[derive(Debug, Clone, PartialEq)]
pub enum Route {
    /// The operation and its decoded path parameters, in template order.
    Found(&'static Operation, Vec<String>),
    /// The path is known but not with this method; these methods are.
    MethodNotAllowed(Vec<&'static str>),
    NotFound,
}

/// Per segment, whether the template has a literal there: compared
/// lexicographically, the template with the earlier literal wins.
fn specificity(template: &str) -> Vec<bool> {
    template.trim_matches('/').split('/').map(|segment| !segment.starts_with('{')).collect()
}

pub fn resolve(method: &str, path: &str) -> Route {
    let matching: Vec<(&'static Operation, Vec<String>)> =
        catalogue::every().filter_map(|op| op.match_path(path).map(|params| (op, params))).collect();
    let Some(best) = matching.iter().map(|(op, _)| specificity(op.path)).max() else {
        return Route::NotFound;
    };
    let same_path: Vec<&(&'static Operation, Vec<String>)> =
        matching.iter().filter(|(op, _)| specificity(op.path) == best).collect();
    match same_path.iter().find(|(op, _)| op.method.as_str() == method) {
        Some((op, params)) => Route::Found(op, params.clone()),
        None => Route::MethodNotAllowed(same_path.iter().map(|(op, _)| op.method.as_str()).collect()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(method: &str, path: &str) -> (&'static str, Vec<String>) {
        match resolve(method, path) {
            Route::Found(op, params) => (op.id, params),
            other => panic!("{method} {path}: {other:?}"),
        }
    }

    #[test]
    fn literals_beat_parameters() {
        assert_eq!(found("GET", "/clusters/regions").0, catalogue::CLUSTER_REGION_LIST.id);
        assert_eq!(found("GET", "/clusters/name-available").0, catalogue::CLUSTER_NAMEAVAILABILITY_CHECK.id);
        assert_eq!(
            found("GET", "/orgs/o1/secrets/count"),
            (catalogue::ORG_APISECRET_COUNT.id, vec!["o1".to_string()])
        );
        assert_eq!(
            found("GET", "/clusters/c1/extensions/keycloak-versions").0,
            catalogue::CLUSTER_EXTENSION_KEYCLOAKVERSION_LIST.id
        );
        assert_eq!(
            found("GET", "/clusters/c1/extensions/e1"),
            (catalogue::CLUSTER_EXTENSION_DETAIL.id, vec!["c1".to_string(), "e1".to_string()])
        );
    }

    #[test]
    fn parameters_are_decoded() {
        assert_eq!(found("GET", "/clusters/a%2Fb").1, vec!["a/b".to_string()]);
        assert_eq!(found("DELETE", "/clusters/c1").0, catalogue::CLUSTER_DELETE.id);
    }

    #[test]
    fn wrong_method_on_a_known_path() {
        assert_eq!(resolve("PATCH", "/clusters/c1"), Route::MethodNotAllowed(vec!["GET", "DELETE"]));
        // Not cluster.delete with id "regions".
        assert_eq!(resolve("DELETE", "/clusters/regions"), Route::MethodNotAllowed(vec!["GET"]));
    }

    #[test]
    fn unknown_paths() {
        for path in ["", "/", "/nope", "/clusters/c1/nope", "/protocol/openid-connect/token"] {
            assert_eq!(resolve("GET", path), Route::NotFound, "{path}");
        }
    }
}
