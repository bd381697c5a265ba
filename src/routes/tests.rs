//! The route table's tests: paths, links, matching, groups, gates and orphans.
use super::*;
use cluster_api::catalogue;

#[test]
fn every_path_is_unique() {
    // A parent shares its address with its index child (the cluster page and its overview).
    let key = |r: &Route| (r.parent.map(Route::pattern), r.segment);
    let parents: Vec<_> = ALL.iter().filter_map(|r| r.parent.map(key)).collect();
    let mut patterns: Vec<String> =
        ALL.iter().filter(|r| !parents.contains(&key(r))).map(|r| r.pattern()).collect();
    assert_eq!(patterns.len() + 1, ALL.len(), "only the cluster page has children");
    let all = patterns.len();
    patterns.sort();
    patterns.dedup();
    assert_eq!(patterns.len(), all, "a path is declared twice: {patterns:?}");
}

#[test]
fn every_cluster_tab_has_a_label_and_a_title() {
    assert_eq!(ClusterTab::ALL.len(), 8);
    for tab in ClusterTab::ALL {
        let route = tab.route();
        assert!(!route.label().is_empty(), "{tab:?}");
        // The overview is titled by the cluster's name alone.
        assert!(!route.title().is_empty() || *tab == ClusterTab::Overview, "{tab:?}");
        assert!(route.parent.is_some_and(|p| p.pattern() == CLUSTER.pattern()), "{tab:?}");
        assert!(matches!(route.shows, Shows::Lazy(_)), "{tab:?}");
    }
}

#[test]
fn tabs_round_trip_through_their_links() {
    for id in ["cl-1", "a/b c", "billing", "access"] {
        for tab in ClusterTab::ALL {
            let link = tab.route().link(&[id]);
            assert_eq!(ClusterTab::of_path(&link, id), *tab, "{link}");
            assert_eq!(ClusterTab::of_path(&format!("{link}/"), id), *tab, "{link}/");
            assert_eq!(ClusterTab::of_path(&tab.route().fill(&[id], false), id), *tab);
        }
    }
}

#[test]
fn lazy_screens_name_their_group() {
    for route in ALL {
        assert_eq!(matches!(route.shows, Shows::Lazy(_)), route.group != MAIN, "{}", route.pattern());
        assert!(route.label().is_empty() || !route.group.is_empty());
    }
    // Groups the build and the browser flows know by name.
    for group in [
        "console",
        "cluster",
        "cluster_tabs",
        "cluster_resources",
        "create_cluster",
        "organizations",
        "realms",
    ] {
        assert!(ALL.iter().any(|r| r.group == group), "{group}");
    }
}

#[test]
fn natively_the_words_are_english() {
    // Natively no catalogue is loaded: `label()`/`title()` answer English.
    for route in ALL {
        assert_eq!(route.label_words.english(), route.label(), "{}", route.pattern());
        assert_eq!(route.title_words.english(), route.title(), "{}", route.pattern());
    }
    assert_eq!(NEW_CLUSTER.label(), "Create cluster");
    assert_eq!(NEW_CLUSTER.title(), "New cluster");
    assert_eq!(HOME.label(), "");
}

#[test]
fn links_fill_the_ids_in_order() {
    assert_eq!(link::ip_rule("a/b", "r 1"), "/clusters/a%2Fb/access/r%201");
    assert_eq!(link::review_version("c", "e/x", "1"), "/review/c/e%2Fx/1");
    assert_eq!(HOME.link(&[]), "/");
    assert_eq!(CLUSTER_OVERVIEW.pattern(), "/clusters/:id");
    assert_eq!(API_SECRET.params(), ["org", "secret"]);
    // The redirect's target needs no ID.
    assert!(CLUSTERS.parent.is_none() && CLUSTERS.params().is_empty());
}

#[test]
fn no_route_is_orphaned() {
    // Every route can be reached: screens link to it, it is a tab, or a section of the
    // navigation and the palette; or it only stands around or after the others.
    for route in ALL {
        let reachable = route.linked
            || route.tab
            || SECTIONS.iter().any(|s| s.key == route.key)
            || matches!(route.shows, Shows::Moved(_))
            || matches!(route.key, Key::SHELL | Key::NOT_FOUND);
        assert!(reachable, "{:?} is linked from nowhere: no link builder, tab or section", route.key);
    }
}

#[test]
fn keys_are_in_the_table_order() {
    for (i, route) in ALL.iter().enumerate() {
        assert_eq!(route.key as usize, i, "{:?}", route.key);
        assert_eq!(Route::of(route.key).key, route.key);
    }
}

/// (the route `path` finds, its IDs as pairs of text).
fn found(path: &str) -> (Key, Vec<(String, String)>) {
    let m = find(path);
    (m.route.key, m.ids)
}

fn ids(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect()
}

#[test]
fn addresses_find_their_route_and_ids() {
    assert_eq!(found("/"), (Key::HOME, ids(&[])));
    assert_eq!(found("/sign-in"), (Key::SIGN_IN, ids(&[])));
    assert_eq!(found("/clusters"), (Key::CLUSTERS, ids(&[])));
    assert_eq!(found("/clusters/"), (Key::CLUSTERS, ids(&[])), "a trailing slash");
    // A static segment declared first wins over an ID.
    assert_eq!(found("/clusters/new"), (Key::NEW_CLUSTER, ids(&[])));
    // The cluster page itself is shown around its tabs: its index tab is what matches.
    assert_eq!(found("/clusters/cl-1"), (Key::CLUSTER_OVERVIEW, ids(&[("id", "cl-1")])));
    assert_eq!(found("/clusters/cl-1/logs"), (Key::CLUSTER_LOGS, ids(&[("id", "cl-1")])));
    assert_eq!(
        found("/clusters/a%2Fb/access/r%201"),
        (Key::CLUSTER_IP_RULE, ids(&[("id", "a/b"), ("rule", "r 1")])),
        "IDs are percent-decoded"
    );
    assert_eq!(found("/clusters/cl-1/settings"), (Key::CLUSTER_SETTINGS_MOVED, ids(&[("id", "cl-1")])));
    assert_eq!(
        found("/review/c/e%2Fx/1"),
        (Key::REVIEW_VERSION, ids(&[("cluster", "c"), ("extension", "e/x"), ("version", "1")]))
    );
    assert_eq!(found("/organizations/o-1/secrets/s-1").0, Key::API_SECRET);
    // Anything else is the shell's not-found page, never a panic.
    assert_eq!(found("/clusters/cl-1/nope").0, Key::NOT_FOUND);
    assert_eq!(found("/nope/deeper").0, Key::NOT_FOUND);
    assert_eq!(found("").0, Key::HOME);
    assert_eq!(found("/%FF").0, Key::NOT_FOUND);
    assert_eq!(found("/realms/%FF").1, ids(&[("id", "%FF")]), "kept as it is when not UTF-8");
}

#[test]
fn the_page_and_its_tab_sit_at_their_depths() {
    let m = find("/clusters/cl-1/domains");
    assert_eq!(m.at_depth(0).map(|r| r.key), Some(Key::CLUSTER));
    assert_eq!(m.at_depth(1).map(|r| r.key), Some(Key::CLUSTER_DOMAINS));
    assert_eq!(m.at_depth(2).map(|r| r.key), None);
    assert_eq!(m.id("id"), "cl-1");
    assert_eq!(m.id("rule"), "");
    let m = find("/billing");
    assert_eq!(m.at_depth(0).map(|r| r.key), Some(Key::BILLING));
    assert!(m.at_depth(1).is_none());
}

#[test]
fn pages_are_gated_by_catalogue_reads() {
    for route in ALL {
        if let Some(op) = route.gate {
            assert!(
                catalogue::ALL.contains(op) || cluster_api::roles::staff_role(op).is_some(),
                "{}",
                route.pattern()
            );
        }
    }
    assert!(REVIEW.gate.is_some_and(|op| cluster_api::roles::staff_role(op).is_some()));
}

/// Whether the shell shows `route` as a page of its own (its trail drawn by its head).
fn shown_in_the_shell(route: &Route) -> bool {
    !matches!(route.shows, Shows::Moved(_)) && !matches!(route.key, Key::SIGN_IN | Key::SHELL)
}

#[test]
fn every_trail_is_well_formed() {
    let words = |r: &Route| match r.crumb {
        Crumb::Label => r.label().to_string(),
        Crumb::Title => r.title().to_string(),
        Crumb::Name(id) => id.to_string(),
    };
    for route in ALL.iter().copied().filter(|r| shown_in_the_shell(r)) {
        let at = route.pattern();
        if route.parent.is_some() {
            // Nested (a tab): the page it is nested in draws the trail.
            assert!(route.up.is_empty() && route.crumb == Crumb::Label, "{at}: a trail of its own");
            continue;
        }
        assert!(!words(route).is_empty(), "{at}: its own crumb has no words");
        if let Crumb::Name(id) = route.crumb {
            assert!(route.params().iter().any(|p| p == id), "{at}: named by `{id}`, which it has not");
        }
        // It goes up to a top-level page: no parent and no ID.
        let top = route.up.first().map_or(route, |s| s.route);
        assert!(top.parent.is_none() && top.params().is_empty(), "{at}: the trail starts at {:?}", top.key);
        for step in route.up {
            // No cycle: a step is never the route, nor a page whose own trail goes through it.
            assert!(step.route.key != route.key, "{at} is a step of its own trail");
            assert!(
                step.route.up.iter().all(|s| s.route.key != route.key),
                "{at}: a cycle through {:?}",
                step.route.key
            );
            assert!(!words(step.route).is_empty(), "{at}: the step {:?} has no words", step.route.key);
            // Its link fills from the address's IDs (a named step's last one: the named ID).
            let params = step.route.params();
            let from_address = match step.named {
                Some(id) => {
                    assert!(!id.is_empty(), "{at}");
                    &params[..params.len().saturating_sub(1)]
                }
                None => &params[..],
            };
            for p in from_address {
                assert!(route.params().contains(p), "{at}: the step {:?} needs `{p}`", step.route.key);
            }
        }
    }
}

/// `path`'s trail with `names` given, as (words, link) pairs of text.
fn trail(path: &str, names: &[(&str, &str, &str)]) -> Vec<(String, Option<String>)> {
    find(path).crumbs(names)
}

fn crumbs(pairs: &[(&str, Option<&str>)]) -> Vec<(String, Option<String>)> {
    pairs.iter().map(|(w, l)| (w.to_string(), l.map(str::to_string))).collect()
}

#[test]
fn trails_read_as_the_screens_drew_them() {
    assert_eq!(trail("/clusters", &[]), crumbs(&[("Clusters", None)]));
    assert_eq!(trail("/overview", &[]), crumbs(&[("Overview", None)]));
    assert_eq!(trail("/review", &[]), crumbs(&[("Review", None)]));
    assert_eq!(trail("/nope", &[]), crumbs(&[("Page not found", None)]));
    assert_eq!(
        trail("/clusters/new", &[]),
        crumbs(&[("Clusters", Some("/clusters")), ("New cluster", None)])
    );
    // A cluster and each of its tabs: its ID until the page names it.
    for path in ["/clusters/a%2Fb", "/clusters/a%2Fb/logs", "/clusters/a%2Fb/access/r-1"] {
        assert_eq!(trail(path, &[]), crumbs(&[("Clusters", Some("/clusters")), ("a/b", None)]), "{path}");
        assert_eq!(
            trail(path, &[("id", "", "acme-prod")]),
            crumbs(&[("Clusters", Some("/clusters")), ("acme-prod", None)]),
            "{path}"
        );
    }
    // A realm: its cluster only once the realm says which.
    assert_eq!(trail("/realms/r-1", &[]), crumbs(&[("Realms", Some("/realms")), ("r-1", None)]));
    assert_eq!(
        trail("/realms/r-1", &[("cluster", "c 1", "acme-prod"), ("id", "", "customers")]),
        crumbs(&[
            ("Realms", Some("/realms")),
            ("acme-prod", Some("/clusters/c%201/realms")),
            ("customers", None)
        ])
    );
    assert_eq!(
        trail("/realms/r-1", &[("cluster", "", "acme-prod")]),
        crumbs(&[("Realms", Some("/realms")), ("r-1", None)]),
        "no cluster ID, no cluster crumb"
    );
    assert_eq!(
        trail("/organizations/o-1/secrets", &[("org", "", "Acme")]),
        crumbs(&[
            ("Organizations", Some("/organizations")),
            ("Acme", Some("/organizations")),
            ("API secrets", None)
        ])
    );
    assert_eq!(
        trail("/organizations/o-1/secrets/s-1", &[("org", "", "Acme")]),
        crumbs(&[
            ("Organizations", Some("/organizations")),
            ("Acme", Some("/organizations")),
            ("API secrets", Some("/organizations/o-1/secrets")),
            ("s-1", None),
        ])
    );
    assert_eq!(
        trail("/review/c-1/e/v-1", &[]),
        crumbs(&[("Review", Some("/review")), ("c-1", Some("/clusters/c-1")), ("v-1", None)])
    );
    assert_eq!(
        trail("/review/c-1/e/v-1", &[("cluster", "", "acme-shop"), ("version", "", "loyalty 26")]),
        crumbs(&[("Review", Some("/review")), ("acme-shop", Some("/clusters/c-1")), ("loyalty 26", None)])
    );
    // The last name given wins; an empty one leaves the ID.
    assert_eq!(trail("/clusters/c-1", &[("id", "", "old"), ("id", "", "new")])[1].0, "new");
    assert_eq!(trail("/clusters/c-1", &[("id", "", "")])[1].0, "c-1");
    // A page with no words of its own (the home address, which moves) has no trail.
    assert!(trail("/", &[]).is_empty());
}
