//! Resource names for one file: valid identifiers derived from the objects' names, each used
//! once in the file (a clash gets `_2`, `_3`, …).

use std::collections::BTreeSet;

use super::hcl::ident;

#[derive(Debug, Default)]
pub struct Names {
    taken: BTreeSet<String>,
}

impl Names {
    /// A new name from `name` (`fallback` when nothing usable is left of it).
    pub fn take(&mut self, name: &str, fallback: &str) -> String {
        let base = ident(name, fallback);
        let mut candidate = base.clone();
        let mut n = 2;
        while self.taken.contains(&candidate) {
            candidate = format!("{base}_{n}");
            n += 1;
        }
        self.taken.insert(candidate.clone());
        candidate
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clashes_get_a_number() {
        let mut names = Names::default();
        assert_eq!(names.take("acme-prod", "c"), "acme_prod");
        assert_eq!(names.take("acme_prod", "c"), "acme_prod_2");
        assert_eq!(names.take("ACME PROD", "c"), "acme_prod_3");
        assert_eq!(names.take("🚀", "realm"), "realm");
        assert_eq!(names.take("שלום", "realm"), "realm_2");
    }
}
