//! The viewer's recent searches and their matches, so that most keystrokes do not filter
//! every held line again: a search typed on (`CLIENT_LO` → `CLIENT_LOG`, or a filter
//! added) only picks from the matches of one it narrows (`search::narrows`), and a search
//! seen a moment ago (Backspace) is answered as it was. Everything is forgotten when the
//! lines held or the other filters change. The answer is always what `matching` would
//! give (the tests hold it to that).

use super::matching::{Criteria, Held, matching};
use super::search::{Filter, Search, narrows};

/// How many searches are remembered (at most 20,000 indexes each).
const KEPT: usize = 24;

#[derive(Default)]
pub struct Recent {
    /// The lines (`Held::stamp`) and criteria the remembered matches are for.
    stamp: u64,
    criteria: Option<Criteria>,
    /// Searches and their matches, the latest last.
    seen: Vec<(Vec<Filter>, Vec<u32>)>,
}

impl Recent {
    /// Indexes into `held`'s entries of the lines that pass, oldest first: `matching`'s
    /// answer, from what is remembered where it can be.
    pub fn matching(&mut self, held: &Held, c: &Criteria, search: &Search) -> Vec<u32> {
        if self.stamp != held.stamp() || self.criteria.as_ref() != Some(c) {
            self.seen.clear();
            self.stamp = held.stamp();
            self.criteria = Some(c.clone());
        }
        let filters = search.filters();
        if let Some(i) = self.seen.iter().position(|(f, _)| f == filters) {
            let again = self.seen.remove(i);
            let out = again.1.clone();
            self.seen.push(again);
            return out;
        }
        let entries = held.entries();
        // The fewest lines to look at: the smallest answer of a search this one narrows.
        let base = self.seen.iter().filter(|(f, _)| narrows(filters, f)).min_by_key(|(_, m)| m.len());
        let out = match base {
            // Those lines already passed the criteria, which have not changed.
            Some((_, base)) => base
                .iter()
                .copied()
                .filter(|&i| entries.get(i as usize).is_some_and(|e| search.test(&e.raw)))
                .collect(),
            None => matching(entries, c, search),
        };
        if self.seen.len() >= KEPT {
            self.seen.remove(0);
        }
        self.seen.push((filters.to_vec(), out.clone()));
        out
    }
}

#[cfg(test)]
mod tests {
    use super::super::filters::View;
    use super::super::line::{Level, parse_text};
    use super::super::search::{Test, parse};
    use super::*;

    fn regex(pattern: &str) -> Result<Test, String> {
        let re = regex::Regex::new(pattern).map_err(|e| e.to_string())?;
        Ok(Box::new(move |line| re.is_match(line)))
    }

    /// Lines like the sandbox's, varied by a fixed stream of numbers.
    fn lines(n: usize, file: u32, salt: u64) -> Vec<super::super::line::Entry> {
        const KINDS: [&str; 5] = [
            "type=LOGIN, realmId=acme, clientId=web-app, userId=u{}",
            "type=CLIENT_LOGIN_ERROR, realmId=beta, clientId=batch-job, error=invalid_client_credentials",
            "type=LOGIN_ERROR, realmId=acme, clientId=web-app, userId=null, error=invalid_user_credentials",
            "KC-SERVICES0013: Failed authentication, realmId=beta",
            "Uncaught server error: boom {}\n\tat org.keycloak.A.b(A.java:1)\nCaused by: java.io.IOException",
        ];
        const LEVELS: [&str; 3] = ["INFO ", "WARN ", "ERROR"];
        let mut state = salt;
        let mut text = String::new();
        for i in 0..n {
            state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let roll = (state >> 33) as usize;
            let message = KINDS[roll % KINDS.len()].replace("{}", &(roll % 97).to_string());
            let logger = if roll % 5 < 3 { "org.keycloak.events" } else { "org.keycloak.services" };
            let (m, s) = (i / 60 % 60, i % 60);
            text.push_str(&format!(
                "2026-11-25 14:{m:02}:{s:02},{:03} {} [{logger}] (t-{}) {message}\n",
                roll % 1000,
                LEVELS[roll / 7 % 3],
                roll % 16
            ));
        }
        parse_text(&text, file, 0)
    }

    fn criteria() -> Criteria {
        Criteria::everything()
    }

    fn search(q: &str) -> Search {
        Search::new(&parse(q).expect("parses"), &regex).expect("compiles")
    }

    /// Runs `queries` in order through one `Recent`, each answer held to a full filter.
    fn agree(held: &Held, c: &Criteria, recent: &mut Recent, queries: &[&str]) {
        for q in queries {
            let s = search(q);
            assert_eq!(recent.matching(held, c, &s), matching(held.entries(), c, &s), "{q:?}");
        }
    }

    /// Every prefix of `text`, typed on and then erased key by key.
    fn typed_and_erased(text: &str) -> Vec<String> {
        let mut keys: Vec<String> =
            (0..=text.len()).filter(|&i| text.is_char_boundary(i)).map(|i| text[..i].into()).collect();
        let back: Vec<String> = keys.iter().rev().skip(1).cloned().collect();
        keys.extend(back);
        keys
    }

    #[test]
    fn typing_on_and_erasing_give_what_a_full_filter_gives() {
        let mut held = Held::default();
        held.replace_file(0, lines(3000, 0, 7));
        let mut recent = Recent::default();
        for text in [
            "zzzz",
            "CLIENT_LOG",
            r#"|= "LOGIN_ERROR" != "batch-job""#,
            r#"|= "realmId=acme" |~ "userId=u[0-9]+" != "u1""#,
            r#"!= "INFO" !~ "Caused" |= "A.java""#,
            "userId=null",
        ] {
            let keys = typed_and_erased(text);
            // Half-typed searches that do not parse (`|= "LOG`) are skipped, as the viewer does.
            let keys: Vec<&str> = keys.iter().map(String::as_str).filter(|q| parse(q).is_ok()).collect();
            agree(&held, &criteria(), &mut recent, &keys);
        }
        // Erasing the start of a string, or a search edited in the middle.
        agree(
            &held,
            &criteria(),
            &mut recent,
            &["LOGIN_ERROR", "OGIN_ERROR", "GIN_ERROR", "LOGIN_ERROR", "LOGIN ERROR"],
        );
        let seen = recent.seen.len();
        assert!(seen <= KEPT, "{seen} searches kept");
    }

    #[test]
    fn a_narrower_search_looks_only_at_the_wider_ones_matches() {
        let mut held = Held::default();
        held.replace_file(0, lines(2000, 0, 3));
        let mut recent = Recent::default();
        let wide = search("CLIENT");
        let all = recent.matching(&held, &criteria(), &wide);
        // Planted: a base missing some of its matches must show in the narrower answer.
        recent.seen.last_mut().expect("remembered").1.truncate(all.len() / 2);
        let narrow = recent.matching(&held, &criteria(), &search("CLIENT_LOG"));
        assert!(narrow.iter().all(|i| all[..all.len() / 2].contains(i)), "looked beyond the base");
        assert!(!narrow.is_empty());
        // And the same search again is answered from memory.
        recent.seen.last_mut().expect("remembered").1.clear();
        assert!(recent.matching(&held, &criteria(), &search("CLIENT_LOG")).is_empty());
    }

    #[test]
    fn new_lines_or_other_criteria_forget_what_was_seen() {
        let mut held = Held::default();
        held.replace_file(0, lines(1500, 0, 11));
        let mut recent = Recent::default();
        agree(&held, &criteria(), &mut recent, &["LOGIN", "LOGIN_ERROR"]);
        // A file read: the lines move, so remembered indexes would point at other lines.
        held.replace_file(1, lines(700, 1, 5));
        agree(&held, &criteria(), &mut recent, &["LOGIN_ERROR", "LOGIN", "LOGIN_E"]);
        let errors = Criteria { level: Some(Level::Error), ..criteria() };
        agree(&held, &errors, &mut recent, &["LOGIN", "LOGIN_ERROR", "LOGIN"]);
        let window = Criteria { from: held.entries()[100].at, to: held.entries()[900].at, ..criteria() };
        agree(&held, &window, &mut recent, &["LOGIN_ERROR", "LOGIN", ""]);
        let events = Criteria { view: View::Events, ..criteria() };
        agree(&held, &events, &mut recent, &["", "LOGIN", "LOGIN_ERROR"]);
        // A window of its own starts with no lines.
        agree(&Held::default(), &criteria(), &mut recent, &["LOGIN", ""]);
    }
}
