//! What the command palette finds and in which order: a flat list of entries with their
//! lower-cased labels computed once, and a matcher that ranks a prefix above a word start
//! above a contiguous substring. A subsequence inside one word counts only when nothing
//! matched better (so "domain" never finds "Add realm to acme-staging"). Ties go to the most
//! recently visited page of this tab; entries never visited follow by kind, then
//! alphabetically. Labels are matched as shown, in the person's language; accents are
//! optional in a query ("region" finds "Région"). An entry may also be found by names it
//! does not show (a realm's name beside its display name), and a query of several words
//! finds the entries whose trail holds every word ("prod logs": "acme-prod › Logs"; see
//! `Index::search` for how those rank). Pure: tested natively.

use std::cmp::Reverse;
use std::collections::HashMap;

use crate::i18n::k::palette as w;
use crate::i18n::t;

/// What an entry is. The order is the order of never-visited entries that match equally.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Page,
    Action,
    Organization,
    Cluster,
    Realm,
    /// A cluster's tab: "acme-prod › Logs".
    Tab,
}

impl Kind {
    pub fn label(self) -> &'static str {
        t(match self {
            Kind::Page => w::KIND_PAGE,
            Kind::Action => w::KIND_ACTION,
            Kind::Organization => w::KIND_ORGANIZATION,
            Kind::Cluster => w::KIND_CLUSTER,
            Kind::Realm => w::KIND_REALM,
            Kind::Tab => w::KIND_TAB,
        })
    }
}

/// One thing the palette can go to. Every entry only navigates.
#[derive(Debug, Clone, PartialEq)]
pub struct Entry {
    pub kind: Kind,
    pub label: String,
    /// A second line: the organization of a cluster, the cluster of a realm.
    pub detail: String,
    pub href: String,
    /// The label, folded once here so that a keystroke folds only the query.
    key: String,
    /// Other names it answers to, folded, none equal to `key`: a realm's name when its
    /// label is its display name. Matched like the label.
    names: Vec<String>,
    /// Where it lives when the label does not say, folded: a realm's cluster. Only a word
    /// of a query of several words may match it, and only beside a word that matched the
    /// label or a name: "prod customers" finds the customers realm of acme-prod, while
    /// "acme-prod" alone does not list every realm of that cluster.
    within: String,
}

impl Entry {
    pub fn new(
        kind: Kind,
        label: impl Into<String>,
        detail: impl Into<String>,
        href: impl Into<String>,
    ) -> Entry {
        let label = label.into();
        let key = fold(&label);
        Entry {
            kind,
            label,
            detail: detail.into(),
            href: href.into(),
            key,
            names: Vec::new(),
            within: String::new(),
        }
    }

    /// It is also found by `name`, which it does not show.
    pub fn also(mut self, name: &str) -> Entry {
        let name = fold(name);
        if !name.is_empty() && name != self.key && !self.names.contains(&name) {
            self.names.push(name);
        }
        self
    }

    /// It lives in `parent` (shown in its detail, not in its label).
    pub fn within(mut self, parent: &str) -> Entry {
        self.within = fold(parent);
        self
    }

    /// The best way `query` (folded, not empty) matches the label or a name.
    fn best(&self, query: &str) -> Option<Match> {
        std::iter::once(&self.key).chain(&self.names).filter_map(|key| rank(query, key)).min()
    }

    /// How well `words` (folded, not empty; `phrase` is them as typed, folded) match this
    /// entry, if they do. See `Score`.
    fn score(&self, phrase: &str, words: &[&str]) -> Option<Score> {
        let by_words = self.by_words(words)?;
        if words.len() < 2 {
            return Some(by_words);
        }
        // The whole query may match better as one phrase ("add realm to acme" is a prefix
        // of "Add realm to acme-prod", where its words are a prefix and three word starts).
        // Only where every word matched: a key that holds the phrase holds each of its words.
        // A phrase holds white space, which no word of a key does: it is never a subsequence
        // inside one word, so only a key that contains it is ranked.
        let as_phrase = std::iter::once(&self.key)
            .chain(&self.names)
            .filter(|key| key.contains(phrase))
            .filter_map(|key| rank(phrase, key))
            .min();
        Some(match as_phrase {
            Some(how) => by_words.min(Score { worst: how, total: how as u16 }),
            None => by_words,
        })
    }

    /// Every word matched on its own, if every word matches somewhere.
    fn by_words(&self, words: &[&str]) -> Option<Score> {
        let several = words.len() > 1;
        let mut score = Score { worst: Match::Prefix, total: 0 };
        let mut shown = false;
        for word in words {
            let how = match self.best(word) {
                Some(how) => {
                    shown = true;
                    how
                }
                None if several => rank(word, &self.within)?,
                None => return None,
            };
            score.worst = score.worst.max(how);
            score.total = score.total.saturating_add(how as u16);
        }
        shown.then_some(score)
    }
}

/// How well an entry matches a query, best first. For a query of one word it orders as that
/// word's `Match` does (`total` is then the same `Match`), so one word ranks as it always
/// did. For several words: first by the worst match of any word (so an entry where one word
/// is only a subsequence ranks below one where every word starts a word), then by the sum of
/// the words' matches (so "prod logs" prefers an entry that starts with "prod" over one where
/// both words only start words). The whole query read as one phrase competes too, scored as
/// one word; the better of the two counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Score {
    worst: Match,
    total: u16,
}

/// The text a query is matched against: lower case, with the accents of the console's
/// languages dropped, so that a person who types without them (a search-box habit) still
/// finds the translated labels: "region" finds "Région", "strefe" finds "strefę". Each
/// letter stays one letter, so a match in the folded text is one in the label.
pub fn fold(text: &str) -> String {
    crate::lower::lower(text).chars().map(plain).collect()
}

fn plain(c: char) -> char {
    match c {
        'à' | 'á' | 'â' | 'ä' | 'ą' => 'a',
        'ç' | 'ć' => 'c',
        'è' | 'é' | 'ê' | 'ë' | 'ę' => 'e',
        'í' | 'î' | 'ï' => 'i',
        'ł' => 'l',
        'ñ' | 'ń' => 'n',
        'ó' | 'ô' | 'ö' => 'o',
        'ś' => 's',
        'ù' | 'ú' | 'û' | 'ü' => 'u',
        'ÿ' => 'y',
        'ź' | 'ż' => 'z',
        c => c,
    }
}

/// How well a query matches a label, best first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum Match {
    Prefix,
    WordStart,
    Substring,
    /// The query's letters in order inside one word of the label: a last resort.
    Subsequence,
}

/// How `query` (already folded, not empty) matches `key` (folded), if at all.
pub fn rank(query: &str, key: &str) -> Option<Match> {
    if key.starts_with(query) {
        return Some(Match::Prefix);
    }
    // A word starts after anything that is not a letter or digit: "prod" in "acme-prod".
    let mut previous_is_word = true;
    for (at, c) in key.char_indices() {
        if !previous_is_word && key[at..].starts_with(query) {
            return Some(Match::WordStart);
        }
        previous_is_word = c.is_alphanumeric();
    }
    if key.contains(query) {
        return Some(Match::Substring);
    }
    // Never across words: "domain" is not d(…)o(…)m(…)a(…)i(…)n spread over a sentence.
    let within = |word: &str| {
        let mut wanted = query.chars().peekable();
        for c in word.chars() {
            if wanted.peek() == Some(&c) {
                wanted.next();
            }
        }
        wanted.peek().is_none()
    };
    key.split(|c: char| !c.is_alphanumeric()).any(within).then_some(Match::Subsequence)
}

/// This tab's visits: the path of each page with when it was last shown (a counter).
#[derive(Debug, Default, Clone)]
pub struct Visits {
    next: u32,
    last: HashMap<String, u32>,
}

impl Visits {
    pub fn visit(&mut self, path: &str) {
        self.next += 1;
        self.last.insert(path.trim_end_matches('/').to_string(), self.next);
    }

    /// When `href` (its path; the query is ignored) was last visited; 0 when never.
    pub fn last(&self, href: &str) -> u32 {
        let path = href.split(['?', '#']).next().unwrap_or(href).trim_end_matches('/');
        self.last.get(path).copied().unwrap_or(0)
    }
}

/// Every entry, sorted by kind then label, so that equal matches keep that order.
#[derive(Debug, Default, Clone)]
pub struct Index {
    entries: Vec<Entry>,
}

impl Index {
    pub fn new(mut entries: Vec<Entry>) -> Index {
        entries.sort_by(|a, b| a.kind.cmp(&b.kind).then_with(|| a.key.cmp(&b.key)));
        Index { entries }
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn get(&self, at: usize) -> Option<&Entry> {
        self.entries.get(at)
    }

    /// The positions of the best `limit` entries for `query`, best first. An empty query
    /// lists everything: the most recently visited first.
    ///
    /// Each word of the query (split on white space) must match the entry's label, a name
    /// it answers to, or (for a query of several words) where it lives; `Score` says how
    /// they rank. The query is folded and split once per keystroke; the entries were folded
    /// when the index was built.
    pub fn search(&self, query: &str, visits: &Visits, limit: usize) -> Vec<usize> {
        let phrase = fold(query.trim());
        let words: Vec<&str> = phrase.split_whitespace().collect();
        let everything = Score { worst: Match::Prefix, total: 0 };
        let mut found: Vec<(Score, Reverse<u32>, usize)> = self
            .entries
            .iter()
            .enumerate()
            .filter_map(|(at, e)| {
                let how = if words.is_empty() { Some(everything) } else { e.score(&phrase, &words) }?;
                Some((how, Reverse(visits.last(&e.href)), at))
            })
            .collect();
        // A subsequence is offered only when nothing matched better.
        if found.iter().any(|(how, _, _)| how.worst < Match::Subsequence) {
            found.retain(|(how, _, _)| how.worst < Match::Subsequence);
        }
        // Only the first `limit` need to be in order.
        if found.len() > limit {
            found.select_nth_unstable(limit);
            found.truncate(limit);
        }
        found.sort_unstable();
        found.into_iter().map(|(_, _, at)| at).collect()
    }
}

#[cfg(test)]
mod tests {
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
        assert_eq!(
            found[..2],
            ["Acme Corp", "acme-prod"],
            "both are prefix matches: organization, then cluster"
        );
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
}
