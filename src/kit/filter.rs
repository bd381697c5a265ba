//! The one list filter: a name search and one choice (a status, a type), kept in the URL
//! query (`?name=acme&status=ACTIVE`) so a filtered view can be bookmarked, shared and
//! survives a reload. Typing replaces the history entry instead of adding one per key.
//! The choice is kept as its wire spelling, so one filter serves every enum.

use leptos::prelude::*;
use leptos_router::{
    NavigateOptions,
    hooks::{use_navigate, use_query_map},
};

use crate::i18n::{Msg, k, t};
use crate::links;

/// What a screen says about its filter: the query parameters and the ids and words of the
/// controls (the ids are what browser flows and bookmarks rely on).
pub struct FilterSpec {
    pub name_param: &'static str,
    pub choice_param: &'static str,
    pub name_id: &'static str,
    pub choice_id: &'static str,
    pub clear_id: &'static str,
    pub name_label: Msg,
    pub placeholder: Msg,
    pub choice_label: Msg,
    /// The first option, meaning "no choice" ("Any status").
    pub any_label: Msg,
}

#[derive(Debug, Clone, PartialEq, Default)]
pub struct UrlFilter {
    pub name: String,
    /// The chosen value's wire spelling (`ACTIVE`, `THEME`).
    pub choice: Option<String>,
}

impl UrlFilter {
    pub fn from_query(name: Option<String>, choice: Option<String>) -> UrlFilter {
        UrlFilter {
            name: name.unwrap_or_default(),
            choice: choice.map(|c| c.trim().to_string()).filter(|c| !c.is_empty()),
        }
    }

    /// Whether an item named `name` whose choice field spells `choice` is shown: the name
    /// contains the search (any case), and the choice is the chosen one when there is one.
    pub fn matches(&self, name: &str, choice: &str) -> bool {
        let needle = crate::lower::lower(self.name.trim());
        (needle.is_empty() || crate::lower::lower(name).contains(&needle))
            && self.choice.as_deref().is_none_or(|c| c == choice)
    }

    pub fn is_active(&self) -> bool {
        !self.name.trim().is_empty() || self.choice.is_some()
    }

    /// The list's address (`base`) with this filter.
    pub fn to_href(&self, base: &str, spec: &FilterSpec) -> String {
        links::with_query(
            base,
            &[(spec.name_param, self.name.trim()), (spec.choice_param, self.choice.as_deref().unwrap_or(""))],
        )
    }
}

/// The filter in the current URL, tracking it.
pub fn use_url_filter(spec: &'static FilterSpec) -> Memo<UrlFilter> {
    let query = use_query_map();
    Memo::new(move |_| {
        query.with(|q| UrlFilter::from_query(q.get(spec.name_param), q.get(spec.choice_param)))
    })
}

/// Shows another filter by replacing the URL of the list at `base`.
pub fn filter_setter(spec: &'static FilterSpec, base: String) -> impl Fn(UrlFilter) + Clone + 'static {
    let navigate = use_navigate();
    move |f: UrlFilter| {
        navigate(
            &f.to_href(&base, spec),
            NavigateOptions { replace: true, scroll: false, ..Default::default() },
        )
    }
}

/// The search box, the choice (`options`: wire value and words) and, while a filter is
/// set, "Clear filters".
#[component]
pub fn FilterBar(
    spec: &'static FilterSpec,
    base: String,
    filter: Memo<UrlFilter>,
    options: Vec<(String, String)>,
) -> impl IntoView {
    let set = filter_setter(spec, base);
    let (set_name, set_choice, clear) = (set.clone(), set.clone(), set);
    view! {
        <div class="filters" role="search">
            <label>
                {t(spec.name_label)}" "
                <input
                    type="search"
                    id=spec.name_id
                    placeholder=t(spec.placeholder)
                    prop:value=move || filter.get().name
                    on:input:target=move |ev| set_name(UrlFilter {
                        name: ev.target().value(),
                        ..filter.get_untracked()
                    })
                />
            </label>
            <label>
                {t(spec.choice_label)}" "
                <select
                    id=spec.choice_id
                    on:change:target=move |ev| {
                        let raw = ev.target().value();
                        set_choice(UrlFilter {
                            choice: (!raw.is_empty()).then_some(raw),
                            ..filter.get_untracked()
                        })
                    }
                >
                    <option value="" selected=move || filter.get().choice.is_none()>
                        {t(spec.any_label)}
                    </option>
                    {options
                        .into_iter()
                        .map(|(wire, words)| {
                            let this = wire.clone();
                            view! {
                                <option
                                    value=wire
                                    selected=move || {
                                        filter.with(|f| f.choice.as_deref() == Some(this.as_str()))
                                    }
                                >
                                    {words}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
            {move || {
                filter
                    .get()
                    .is_active()
                    .then(|| {
                        let clear = clear.clone();
                        view! {
                            <button
                                type="button"
                                class="button subtle"
                                id=spec.clear_id
                                on:click=move |_| clear(UrlFilter::default())
                            >
                                {t(k::kit::CLEAR_FILTERS)}
                            </button>
                        }
                    })
            }}
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // A name and a status, as a list of clusters would filter (the labels are never read
    // by the URL, so any key does).
    const STATUS: FilterSpec = FilterSpec {
        name_param: "name",
        choice_param: "status",
        name_id: "filter-name",
        choice_id: "filter-status",
        clear_id: "clear-filters",
        name_label: crate::i18n::k::kit::CLEAR_FILTERS,
        placeholder: crate::i18n::k::kit::CLEAR_FILTERS,
        choice_label: crate::i18n::k::kit::CLEAR_FILTERS,
        any_label: crate::i18n::k::kit::CLEAR_FILTERS,
    };

    const TYPE: FilterSpec = FilterSpec { choice_param: "type", ..STATUS };

    #[test]
    fn filters_by_name_and_choice() {
        let f = UrlFilter::from_query(Some("PROD".into()), Some("ACTIVE".into()));
        assert!(f.matches("acme-prod", "ACTIVE"));
        assert!(!f.matches("acme-prod", "PROVISIONING"));
        assert!(!f.matches("acme-dev", "ACTIVE"));
        assert!(UrlFilter::default().matches("x", "WELL_KNOWN"));
        let f = UrlFilter::from_query(Some("LOGIN".into()), Some(" THEME ".into()));
        assert!(f.matches("acme-login", "THEME") && !f.matches("acme-login", "EXTENSION"));
    }

    #[test]
    fn round_trips_through_the_url() {
        let f = UrlFilter { name: "acme prod".into(), choice: Some("PENDING_DELETION".into()) };
        let href = f.to_href(links::CLUSTERS, &STATUS);
        assert_eq!(href, "/clusters?name=acme%20prod&status=PENDING_DELETION");
        assert_eq!(UrlFilter::from_query(Some("acme prod".into()), Some("PENDING_DELETION".into())), f);
        assert_eq!(UrlFilter::default().to_href(links::CLUSTERS, &STATUS), "/clusters");
        let f = UrlFilter { name: " login ".into(), choice: Some("PASSWORD_BLACKLIST".into()) };
        assert_eq!(
            f.to_href("/clusters/c1/resources", &TYPE),
            "/clusters/c1/resources?name=login&type=PASSWORD_BLACKLIST"
        );
        assert_eq!(
            UrlFilter { name: String::new(), choice: Some("THEME".into()) }.to_href("/b", &TYPE),
            "/b?type=THEME"
        );
    }

    #[test]
    fn blank_values_are_no_filter() {
        assert!(!UrlFilter::from_query(None, Some(String::new())).is_active());
        assert!(!UrlFilter::from_query(Some("  ".into()), Some("  ".into())).is_active());
        assert!(UrlFilter::from_query(Some("a".into()), None).is_active());
    }
}
