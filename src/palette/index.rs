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
#[path = "index_tests.rs"]
mod tests;
