//! The counts a `Metrics` reports (realms, users, clients…), as a list of facts. Each
//! count the screen expects is named even when the service leaves it out, as "not
//! reported": the contract allows any subset, and a missing count is not zero.

use std::collections::BTreeMap;

use leptos::prelude::*;

use crate::i18n::{k, t};

/// "not reported", in the person's language.
fn not_reported() -> &'static str {
    t(k::kit::NOT_REPORTED)
}

/// A count as shown: its number, or "not reported".
pub fn shown(value: Option<&i64>) -> String {
    value.map_or_else(|| not_reported().to_string(), i64::to_string)
}

/// The rows: each expected count first (in that order), then any other reported.
pub fn rows(counts: &BTreeMap<String, i64>, expected: &[&str]) -> Vec<(String, String)> {
    expected
        .iter()
        .map(|k| (k.to_string(), shown(counts.get(*k))))
        .chain(
            counts
                .iter()
                .filter(|(k, _)| !expected.contains(&k.as_str()))
                .map(|(k, v)| (k.clone(), v.to_string())),
        )
        .collect()
}

/// A count's name in the person's language, or `None` for one the console does not know,
/// which is shown as the service spelled it (its words, in English).
pub fn name(count: &str) -> Option<&'static str> {
    let m = match count {
        "realms" => k::kit::COUNT_REALMS,
        "users" => k::kit::COUNT_USERS,
        "clients" => k::kit::COUNT_CLIENTS,
        "sessions" => k::kit::COUNT_SESSIONS,
        _ => return None,
    };
    Some(t(m))
}

/// Facts as a `dl class="fields"`: each item its `dt` and `dd`, drawn by the caller.
pub fn fields(items: Vec<AnyView>) -> AnyView {
    view! { <dl class="fields">{items}</dl> }.into_any()
}

/// The counts as a `dl`, each value marked `data-count=<name>`.
pub fn counts_view(counts: &BTreeMap<String, i64>, expected: &[&str]) -> AnyView {
    let items = rows(counts, expected).into_iter().map(|(k, v)| {
        let missing = v == not_reported();
        let label = match name(&k) {
            Some(words) => view! { <dt>{words}</dt> }.into_any(),
            None => view! {
                <dt class="cap" lang="en">
                    {k.clone()}
                </dt>
            }
            .into_any(),
        };
        view! {
            {label}
            <dd data-count=k class:hint=missing>
                {v}
            </dd>
        }
        .into_any()
    });
    fields(items.collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expected_counts_are_named_even_when_missing() {
        let counts: BTreeMap<String, i64> = [("clients".to_string(), 20), ("sessions".to_string(), 2)].into();
        assert_eq!(
            rows(&counts, &["realms", "users", "clients"]),
            [("realms", "not reported"), ("users", "not reported"), ("clients", "20"), ("sessions", "2")]
                .map(|(k, v)| (k.to_string(), v.to_string()))
        );
    }

    #[test]
    fn known_counts_have_words_and_others_are_the_services() {
        assert_eq!(name("users"), Some("Users"));
        assert_eq!(name("clients"), Some("Clients"));
        assert_eq!(name("realms"), Some("Realms"));
        assert_eq!(name("widgets"), None);
    }
}
