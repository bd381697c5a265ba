//! The palette index's tests: ranking, visits, names, several words and phrases.

use super::*;

fn labels(index: &Index, found: &[usize]) -> Vec<String> {
    found.iter().filter_map(|&at| index.get(at)).map(|e| e.label.clone()).collect()
}

fn world() -> Index {
    Index::new(vec![
        Entry::new(Kind::Cluster, "acme-prod", "Acme", "/clusters/cl-1"),
        Entry::new(Kind::Cluster, "staging-acme", "Acme", "/clusters/cl-2"),
        Entry::new(Kind::Realm, "Customers", "acme-prod", "/realms/dep-1"),
        Entry::new(Kind::Page, "Clusters", "", "/clusters"),
        Entry::new(Kind::Action, "Add realm to acme-prod", "", "/clusters/cl-1/realms"),
        Entry::new(Kind::Action, "Create cluster", "", "/clusters/new"),
        Entry::new(Kind::Organization, "Acme Corp", "", "/billing?org=org-acme"),
        Entry::new(Kind::Cluster, "a-c-m-e", "", "/clusters/cl-3"),
    ])
}

#[test]
fn ranks_prefix_then_word_start_then_subsequence() {
    assert_eq!(rank("acme", "acme-prod"), Some(Match::Prefix));
    assert_eq!(rank("prod", "acme-prod"), Some(Match::WordStart));
    assert_eq!(rank("realm", "add realm to acme-prod"), Some(Match::WordStart));
    assert_eq!(rank("amp", "acme-prod"), None, "a subsequence never spans words");
    assert_eq!(rank("apd", "acme-prod"), None);
    assert_eq!(rank("cme", "acme-prod"), Some(Match::Substring), "inside a word is not a word start");
    assert_eq!(rank("prd", "acme-prod"), Some(Match::Subsequence), "inside one word");
    assert_eq!(rank("domain", "add realm to acme-staging"), None, "the finding's junk match");
    assert_eq!(rank("domain", "acme-prod › domains"), Some(Match::WordStart));
    assert_eq!(rank("main", "acme-prod › domains"), Some(Match::Substring));
    assert_eq!(rank("xyz", "acme-prod"), None);
    assert_eq!(rank("prodd", "acme-prod"), None);
}

#[test]
fn matching_ignores_case() {
    let index = world();
    let found = labels(&index, &index.search("ACME", &Visits::default(), 10));
    assert_eq!(found[..2], ["Acme Corp", "acme-prod"], "both are prefix matches: organization, then cluster");
    // A prefix: "Clusters" and "Create cluster", which hold c-u-s-t only as a
    // subsequence, are not offered beside it.
    assert_eq!(labels(&index, &index.search("cUsT", &Visits::default(), 10)), ["Customers"]);
    // With nothing better, a subsequence inside one word is.
    assert_eq!(
        labels(&index, &index.search("clstr", &Visits::default(), 10)),
        ["Clusters", "Create cluster"]
    );
}

#[test]
fn better_matches_first_then_kind_then_alphabet() {
    let index = world();
    let found = labels(&index, &index.search("acme", &Visits::default(), 10));
    // Prefixes (organization before cluster), then word starts (action, cluster); the
    // letters spread over "a-c-m-e" are not offered.
    assert_eq!(found, ["Acme Corp", "acme-prod", "Add realm to acme-prod", "staging-acme"]);
}

#[test]
fn ties_go_to_the_most_recently_visited() {
    let index = world();
    let mut visits = Visits::default();
    visits.visit("/clusters/cl-1");
    let found = labels(&index, &index.search("acme", &visits, 10));
    assert_eq!(
        found[..2],
        ["acme-prod", "Acme Corp"],
        "a visited prefix match comes before an unvisited one"
    );
    // The query of an entry's address does not count: the organization's billing was seen.
    visits.visit("/billing");
    let found = labels(&index, &index.search("acme", &visits, 10));
    assert_eq!(found[..2], ["Acme Corp", "acme-prod"], "the most recent visit first");
    visits.visit("/clusters/cl-2");
    let found = labels(&index, &index.search("acme", &visits, 10));
    assert_eq!(found[2], "staging-acme", "a visit lifts it among word starts, never above a prefix");
    visits.visit("/clusters/cl-1/");
    assert_eq!(labels(&index, &index.search("", &visits, 3)), ["acme-prod", "staging-acme", "Acme Corp"]);
}

#[test]
fn prefix_then_word_start_then_substring_then_the_rest() {
    let index = Index::new(vec![
        Entry::new(Kind::Tab, "acme-prod › Domains", "", "/clusters/cl-1/domains"),
        Entry::new(Kind::Realm, "Domain users", "acme-prod", "/realms/r1"),
        Entry::new(Kind::Cluster, "subdomains-lab", "", "/clusters/cl-9"),
        Entry::new(Kind::Action, "Add realm to acme-staging", "", "/clusters/cl-2/realms"),
    ]);
    assert_eq!(
        labels(&index, &index.search("domain", &Visits::default(), 10)),
        ["Domain users", "acme-prod › Domains", "subdomains-lab"],
        "prefix, word start, substring; never the scattered letters"
    );
}

#[test]
fn translated_labels_are_found_with_or_without_accents() {
    let index = Index::new(vec![
        Entry::new(Kind::Action, "Ajouter un royaume à acme-prod", "", "/clusters/cl-1/realms"),
        Entry::new(Kind::Page, "Régions", "", "/regions"),
        Entry::new(Kind::Action, "Dodaj strefę do acme-prod", "", "/clusters/cl-1/realms?pl"),
        Entry::new(Kind::Action, "acme-prod에 렐름 추가", "", "/clusters/cl-1/realms?ko"),
        Entry::new(Kind::Cluster, "Łódź-main", "", "/clusters/cl-4"),
    ]);
    let find = |q: &str| labels(&index, &index.search(q, &Visits::default(), 10));
    assert_eq!(find("royaume"), ["Ajouter un royaume à acme-prod"]);
    assert_eq!(find("region"), ["Régions"], "the accent is optional");
    assert_eq!(find("RÉGION"), ["Régions"], "and so is the case");
    assert_eq!(find("strefe"), ["Dodaj strefę do acme-prod"]);
    assert_eq!(find("strefę"), ["Dodaj strefę do acme-prod"]);
    assert_eq!(find("렐름"), ["acme-prod에 렐름 추가"]);
    assert_eq!(find("lodz"), ["Łódź-main"]);
    assert_eq!(rank(&fold("main"), &fold("Łódź-main")), Some(Match::WordStart));
    assert_eq!(fold("Żółć Ñandú"), "zolc nandu");
}

#[test]
fn the_limit_keeps_the_best() {
    let entries = (0..1000)
        .map(|i| Entry::new(Kind::Cluster, format!("scale-{i:04}"), "", format!("/clusters/{i}")))
        .collect();
    let index = Index::new(entries);
    let found = labels(&index, &index.search("scale-00", &Visits::default(), 5));
    assert_eq!(found, ["scale-0000", "scale-0001", "scale-0002", "scale-0003", "scale-0004"]);
    assert_eq!(index.search("scale", &Visits::default(), 50).len(), 50);
    assert!(index.search("nothing", &Visits::default(), 50).is_empty());
}

/// The demo world's realms of acme-prod (name, display name) and a cluster's tabs.
fn realms() -> Index {
    let realm = |name: &str, display: Option<&str>, cluster: &str| {
        Entry::new(
            Kind::Realm,
            display.unwrap_or(name),
            format!("Realm on {cluster}"),
            format!("/realms/{name}"),
        )
        .also(name)
        .within(cluster)
    };
    let tab = |cluster: &str, tab: &str| {
        Entry::new(Kind::Tab, format!("{cluster} › {tab}"), "", format!("/clusters/{cluster}/{tab}"))
    };
    Index::new(vec![
        realm("customers", Some("Acme customers"), "acme-prod"),
        realm("partners", Some("Partner portal"), "acme-prod"),
        realm("internal", None, "acme-prod"),
        realm("legacy-import", Some("Legacy SSO"), "acme-prod"),
        realm("dev", None, "acme-dev"),
        Entry::new(Kind::Cluster, "acme-prod", "Acme", "/clusters/acme-prod"),
        Entry::new(Kind::Cluster, "acme-dev", "Acme", "/clusters/acme-dev"),
        tab("acme-prod", "Logs"),
        tab("acme-prod", "Access"),
        tab("acme-dev", "Logs"),
        tab("acme-dev", "Access"),
        Entry::new(Kind::Action, "Add realm to acme-prod", "", "/clusters/acme-prod/realms?add=1"),
    ])
}

fn find(index: &Index, query: &str) -> Vec<String> {
    labels(index, &index.search(query, &Visits::default(), 20))
}

#[test]
fn a_realm_is_found_by_its_name_and_by_its_display_name() {
    let index = realms();
    assert_eq!(find(&index, "partners"), ["Partner portal"], "its name, which it does not show");
    assert_eq!(find(&index, "legacy-import"), ["Legacy SSO"]);
    assert_eq!(find(&index, "IMPORT"), ["Legacy SSO"], "a word of its name");
    assert_eq!(find(&index, "Partner portal"), ["Partner portal"], "its display name");
    assert_eq!(find(&index, "sso"), ["Legacy SSO"]);
    assert_eq!(find(&index, "internal"), ["internal"], "a realm without a display name");
    assert_eq!(find(&index, "legacy"), ["Legacy SSO"], "label and name both match: listed once");
}

#[test]
fn a_name_ranks_as_the_label_would() {
    let index = Index::new(vec![
        Entry::new(Kind::Realm, "Partner portal", "", "/realms/p").also("partners"),
        Entry::new(Kind::Page, "Old partners", "", "/old"),
        Entry::new(Kind::Page, "Dispartners", "", "/dis"),
    ]);
    // A prefix of the realm's name beats a word start of a page's label, whatever the kinds.
    assert_eq!(find(&index, "partners"), ["Partner portal", "Old partners", "Dispartners"]);
}

#[test]
fn every_word_must_match_somewhere_in_the_trail() {
    let index = realms();
    let found = find(&index, "prod logs");
    assert_eq!(found, ["acme-prod › Logs"], "not acme-dev's Logs, nor the other acme-prod tabs");
    assert_eq!(find(&index, "acme-dev access"), ["acme-dev › Access"]);
    assert_eq!(find(&index, "  access   acme-dev "), ["acme-dev › Access"], "any order, any spacing");
    assert_eq!(find(&index, "logs"), ["acme-dev › Logs", "acme-prod › Logs"]);
    assert!(find(&index, "prod zzz").is_empty(), "a word that matches nothing rejects the entry");
    assert!(find(&index, "acme-dev logsx").is_empty());
    assert!(find(&index, "partners xyz").is_empty(), "the name matched, the other word did not");
}

#[test]
fn a_realm_is_found_with_its_cluster_beside_another_word() {
    let index = realms();
    assert_eq!(find(&index, "prod customers"), ["Acme customers"]);
    assert_eq!(find(&index, "partners acme-prod"), ["Partner portal"]);
    assert_eq!(
        find(&index, "dev dev"),
        ["dev", "acme-dev", "acme-dev › Access", "acme-dev › Logs"],
        "the realm dev (its label twice a prefix), then word starts"
    );
    // Its cluster alone never finds it: "acme-prod" lists the cluster, its tabs and its
    // action, not every realm it holds; nor do two words that both only name the cluster.
    let not_named = |found: &[String]| {
        !found.iter().any(|l| ["internal", "Partner portal", "Legacy SSO"].contains(&l.as_str()))
    };
    let alone = find(&index, "acme-prod");
    assert!(not_named(&alone), "{alone:?}");
    let both = find(&index, "acme prod");
    assert!(not_named(&both), "{both:?}");
    assert!(both.iter().any(|l| l == "acme-prod › Logs"), "{both:?}");
    // "Acme customers" holds "acme" in its label, so there its cluster may match "prod".
    assert!(both.iter().any(|l| l == "Acme customers"), "{both:?}");
}

#[test]
fn several_words_rank_by_their_worst_match_then_their_sum() {
    let index = Index::new(vec![
        Entry::new(Kind::Page, "acme-prod › Logs", "", "/a"),
        Entry::new(Kind::Tab, "prod-logs", "", "/b"),
        Entry::new(Kind::Page, "prod blogs", "", "/c"),
        Entry::new(Kind::Page, "prod lgs and logs", "", "/d"),
    ]);
    // prod-logs: a prefix and a word start; acme-prod › Logs and "prod lgs and logs":
    // two word starts / a prefix and a word start; "prod blogs": "logs" only inside a word.
    assert_eq!(
        find(&index, "prod logs"),
        ["prod lgs and logs", "prod-logs", "acme-prod › Logs", "prod blogs"],
        "(word start, 1) twice by kind and alphabet, then (word start, 2), then (substring, 2)"
    );
    // Every word a subsequence at worst: offered only when nothing matched better.
    assert_eq!(
        find(&index, "prod lgs"),
        ["prod lgs and logs"],
        "the only one where \"lgs\" is more than scattered letters"
    );
    let scattered = Index::new(vec![Entry::new(Kind::Page, "acme-prod › Logs", "", "/a")]);
    assert_eq!(find(&scattered, "prd lgs"), ["acme-prod › Logs"], "subsequences, with nothing better");
}

#[test]
fn the_whole_query_as_one_phrase_competes() {
    let index = Index::new(vec![
        Entry::new(Kind::Page, "prod acme", "", "/a"),
        Entry::new(Kind::Tab, "acme prod tools", "", "/b"),
    ]);
    // Word by word both are (word start, 1) and the page would come first; as a phrase,
    // "acme prod" is a prefix of the tab.
    assert_eq!(find(&index, "acme prod"), ["acme prod tools", "prod acme"]);
    let index = world();
    assert_eq!(find(&index, "add realm to acme")[0], "Add realm to acme-prod");
}

#[test]
fn one_word_ranks_by_its_match_alone() {
    // The score of a single word orders exactly as its `Match`: the existing ranking.
    let index = realms();
    let found = find(&index, "acme");
    let classes: Vec<Match> =
        found.iter().map(|l| rank("acme", &fold(l)).unwrap_or(Match::Subsequence)).collect();
    assert!(classes.windows(2).all(|w| w[0] <= w[1]), "{found:?} {classes:?}");
    assert_eq!(found[0], "acme-dev", "prefixes first, clusters alphabetically");
}
