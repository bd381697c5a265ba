//! The route table: every address the console answers, declared once, as data. Each entry
//! says its path, what it shows (an eager screen, a lazy one in which code group, or a
//! former address that moved), its label and page title, the operation whose role gates it,
//! where screens link to it its typed link builder, and its breadcrumb trail (`up`: the
//! steps above it; `crumb`: how its own crumb reads). Everything else reads it: the
//! router's assembly (`app.rs`, the one place a route meets its screen), `links` (its
//! constants and builders are the ones made here), the cluster tab bar (`ClusterTab`, made
//! from the entries marked `tab`), the palette's and the side navigation's pages, page
//! titles, the breadcrumbs (`kit::page::PageHead` draws [`Match::crumbs`]) and `prefetch`'s
//! groups.
//!
//! It imports no screen and no shell, so screens may read their labels here. The routes are
//! matched here too ([`find`]), as data: one matcher for every route, where a tree of
//! router components was compiled once per route.
//!
//! The table itself is `table.rs`, the `routes! { … }` block; the types its entries are
//! made of are here. `routes!` (in `macros.rs`) turns each entry into a `Route` constant, a
//! [`Key`] variant, a link builder in [`link`], and a `ClusterTab` variant, all re-exported
//! here.

use cluster_api::request::{Operation, encode_segment};

use crate::i18n::{Msg, t};

#[macro_use]
mod macros;
mod table;

pub use table::*;

/// The code group of the screens compiled into the main module (not split off).
pub const MAIN: &str = "main";

/// What a route shows.
#[derive(Clone, Copy)]
pub enum Shows {
    /// A screen in the main module.
    Eager,
    /// A screen loaded on demand, named (for "Loading {name}…") by this key.
    Lazy(Msg),
    /// A former address (or one that always goes elsewhere): replaced by this route's, with
    /// the same IDs and the query kept.
    Moved(&'static Route),
}

/// How a crumb reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Crumb {
    /// The route's label.
    Label,
    /// The route's title (the create page's "New cluster").
    Title,
    /// The name of what the ID so named is (a cluster's, a realm's), given by its screen
    /// (`kit::page::name_crumb`); the ID itself until then.
    Name(&'static str),
}

/// A step of a trail above the route shown: a route, read by its own [`Crumb`] or, `named`,
/// as the name of what the ID so named is (the cluster a version was uploaded to). It links
/// to the route, with the address's IDs of the same names (a named step's last ID: the
/// named one).
#[derive(Clone, Copy, Debug)]
pub struct Step {
    pub route: &'static Route,
    pub named: Option<&'static str>,
}

/// One address the console answers. Type-erased: every route is the same plain data.
pub struct Route {
    pub key: Key,
    /// The path below the parent: `/resources` under `/clusters/:id`; the whole path at the
    /// top. `:name` is an ID, `*name` the rest of the path.
    pub segment: &'static str,
    /// The route this one is nested in (the cluster page for its tabs).
    pub parent: Option<&'static Route>,
    /// What a link to it says (the tab bar, the side navigation, the palette): its key in
    /// the catalogues (`locales/*/routes.json`), shown through [`Route::label()`].
    label_words: Msg,
    /// The page title's own part (`Resources` in `Resources · acme-prod · Clusters ·
    /// Cluster console`), empty where what the page shows names it (a cluster, a realm):
    /// its key in the catalogues. Shown through [`Route::title()`].
    title_words: Msg,
    /// The breadcrumb trail above this route's own crumb, from the top: where the trail goes
    /// up to (`/clusters/new` → Clusters). Not `parent`, which is nesting: a tab has no trail
    /// of its own, the page it is nested in has it ([`Match::crumbs`]).
    pub up: &'static [Step],
    /// How this route's own crumb reads.
    pub crumb: Crumb,
    /// The operation whose role gates the page: the read that fills it.
    pub gate: Option<&'static Operation>,
    /// The code group: the split wasm module its screen is in (`scripts/pack-modules.mjs`
    /// packs by it, `prefetch` fetches by it), [`MAIN`] for the eager ones.
    pub group: &'static str,
    pub shows: Shows,
    /// Screens link to it: it has an address constant or a link builder in [`link`]. Only
    /// the table's test that no route is orphaned reads it, so the build carries none.
    #[cfg(test)]
    pub linked: bool,
    /// It is a tab of the cluster page ([`ClusterTab`]); for the same test.
    #[cfg(test)]
    pub tab: bool,
}

/// The top-level sections: the side navigation's entries (support staff's Review follows
/// them there) and the pages the palette lists by their label.
pub const SECTIONS: [&Route; 5] = [&CLUSTERS, &OVERVIEW, &ORGANIZATIONS, &BILLING, &REALMS];

impl Route {
    /// What a link to it says, in the person's language.
    pub fn label(&self) -> &'static str {
        t(self.label_words)
    }

    /// The page title's own part, in the person's language (empty for none).
    pub fn title(&self) -> &'static str {
        t(self.title_words)
    }

    /// The name of its lazy screen, for the loader's words ([`BLANK`](crate::i18n::BLANK)
    /// for an eager one).
    pub const fn screen_name(&self) -> Msg {
        match self.shows {
            Shows::Lazy(name) => name,
            _ => crate::i18n::BLANK,
        }
    }

    /// The whole pattern: `/clusters/:id/resources`.
    pub fn pattern(&self) -> String {
        let mut pattern = self.parent.map(Route::pattern).unwrap_or_default();
        pattern.push_str(self.segment);
        pattern
    }

    /// The address of a top-level route without IDs (`/clusters`).
    pub fn href(&self) -> &'static str {
        debug_assert!(self.parent.is_none() && !self.segment.contains([':', '*']), "{}", self.segment);
        self.segment
    }

    /// The `:name` segments of the whole pattern, in order.
    pub fn params(&self) -> Vec<String> {
        let pattern = self.pattern();
        pattern.split('/').filter_map(|s| s.strip_prefix(':')).map(str::to_string).collect()
    }

    /// The address with `ids` in place of the `:name` segments, in order, each
    /// percent-encoded as one segment.
    pub fn link(&self, ids: &[&str]) -> String {
        self.fill(ids, true)
    }

    /// As [`Route::link`], the IDs percent-encoded or as they are.
    pub fn fill(&self, ids: &[&str], encode: bool) -> String {
        debug_assert_eq!(ids.len(), self.params().len(), "{}", self.pattern());
        let pattern = self.pattern();
        let mut ids = ids.iter();
        let mut out = String::new();
        for part in pattern.split('/').filter(|s| !s.is_empty()) {
            out.push('/');
            match part.strip_prefix(':') {
                Some(_) => {
                    let id = ids.next().copied().unwrap_or_default();
                    out.push_str(&if encode { encode_segment(id) } else { id.to_string() });
                }
                None => out.push_str(part),
            }
        }
        if out.is_empty() {
            out.push('/');
        }
        out
    }

    /// Whether another route is nested in this one (it is then shown around its child).
    fn is_parent(&self) -> bool {
        ALL.iter().any(|r| r.parent.is_some_and(|p| p.key == self.key))
    }

    /// The route of `key`.
    pub fn of(key: Key) -> &'static Route {
        // `ALL` is in `Key`'s order (both are the table's order): checked by a test.
        ALL.get(key as usize).copied().unwrap_or(&NOT_FOUND)
    }
}

/// The route an address shows, and the IDs it names (percent-decoded), from [`find`].
#[derive(Clone, Debug)]
pub struct Match {
    pub route: &'static Route,
    pub ids: Vec<(String, String)>,
}

impl PartialEq for Match {
    fn eq(&self, other: &Match) -> bool {
        self.route.key == other.route.key && self.ids == other.ids
    }
}

impl std::fmt::Debug for Route {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", self.key)
    }
}

impl Match {
    /// The ID named `name` (`id`, `rule`, `org`…), empty when the route has none.
    pub fn id(&self, name: &str) -> &str {
        self.ids.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str()).unwrap_or_default()
    }

    /// The route shown at nesting `depth` inside the shell: 0 is the page (the cluster page
    /// for any of its tabs), 1 the tab inside it.
    pub fn at_depth(&self, depth: usize) -> Option<&'static Route> {
        let mut chain = vec![self.route];
        while let Some(parent) = chain.last().and_then(|r| r.parent) {
            chain.push(parent);
        }
        chain.into_iter().rev().nth(depth)
    }

    /// The breadcrumb trail of the page shown (for a tab, its page's): each crumb's words
    /// and, but for the last, its link. `names` are what screens named: (an ID's name, its
    /// value or empty for the address's, the name). A named step whose ID neither the
    /// address nor a screen gives is left out (a realm's cluster, until the realm is read);
    /// a page whose own crumb has no words has no trail.
    pub fn crumbs(&self, names: &[(&str, &str, &str)]) -> Vec<(String, Option<String>)> {
        let Some(page) = self.at_depth(0) else { return Vec::new() };
        // The last a screen gave wins: a page shown again under new IDs names them again.
        let given = |id: &str| names.iter().rev().find(|(n, ..)| *n == id);
        let value = |id: &str| match given(id) {
            Some((_, value, _)) if !value.is_empty() => value.to_string(),
            _ => self.id(id).to_string(),
        };
        let name = |id: &str| match given(id) {
            Some((.., name)) if !name.is_empty() => name.to_string(),
            _ => value(id),
        };
        let words = |route: &Route| match route.crumb {
            Crumb::Label => route.label().to_string(),
            Crumb::Title => route.title().to_string(),
            Crumb::Name(id) => name(id),
        };
        let own = words(page);
        if own.is_empty() {
            return Vec::new();
        }
        let mut crumbs = Vec::new();
        for step in page.up {
            let params = step.route.params();
            let last = params.len().checked_sub(1);
            let ids: Vec<String> = params
                .iter()
                .enumerate()
                .map(|(i, p)| match step.named {
                    Some(id) if Some(i) == last => value(id),
                    _ => value(p),
                })
                .collect();
            let text = match step.named {
                Some(id) if value(id).is_empty() => continue,
                Some(id) => name(id),
                None => words(step.route),
            };
            let ids: Vec<&str> = ids.iter().map(String::as_str).collect();
            crumbs.push((text, Some(step.route.link(&ids))));
        }
        crumbs.push((own, None));
        crumbs
    }
}

/// `pattern`'s IDs in `path`, when it matches. Empty segments are skipped, so a trailing
/// slash matches too.
fn match_pattern(pattern: &str, path: &str) -> Option<Vec<(String, String)>> {
    let mut parts = path.split('/').filter(|s| !s.is_empty());
    let mut ids = Vec::new();
    for want in pattern.split('/').filter(|s| !s.is_empty()) {
        if let Some(name) = want.strip_prefix('*') {
            let rest: Vec<&str> = parts.by_ref().collect();
            ids.push((name.to_string(), decode(&rest.join("/"))));
            return Some(ids);
        }
        let got = parts.next()?;
        match want.strip_prefix(':') {
            Some(name) => ids.push((name.to_string(), decode(got))),
            None if got == want => {}
            None => return None,
        }
    }
    parts.next().is_none().then_some(ids)
}

/// A path segment percent-decoded (as the links encode it); kept as it is when it does not
/// decode to UTF-8.
fn decode(segment: &str) -> String {
    percent_encoding::percent_decode_str(segment)
        .decode_utf8()
        .map(|s| s.into_owned())
        .unwrap_or_else(|_| segment.to_string())
}

/// The route `path` shows: the first of the table's routes (in its order) that matches,
/// leaving out the shell and the routes other routes are nested in (they are shown around
/// the matched one). Any other address is [`NOT_FOUND`].
pub fn find(path: &str) -> Match {
    ALL.iter()
        .filter(|r| r.key != Key::SHELL && !r.is_parent())
        .find_map(|route| match_pattern(&route.pattern(), path).map(|ids| Match { route, ids }))
        .unwrap_or_else(|| Match { route: &NOT_FOUND, ids: Vec::new() })
}

impl ClusterTab {
    /// Which tab of cluster `id` a path shows (`/clusters/x/billing` → Billing). The path
    /// may carry the ID escaped or not.
    pub fn of_path(path: &str, id: &str) -> ClusterTab {
        let path = path.trim_end_matches('/');
        let bases = [CLUSTER.fill(&[id], false), CLUSTER.link(&[id])];
        ClusterTab::ALL
            .iter()
            .copied()
            .find(|t| {
                path.strip_suffix(t.route().segment).is_some_and(|base| bases.iter().any(|b| b == base))
            })
            // A page inside a tab (`/clusters/x/access/rule-1`) belongs to that tab.
            .or_else(|| {
                ClusterTab::ALL.iter().copied().filter(|t| !t.route().segment.is_empty()).find(|t| {
                    bases.iter().any(|base| path.starts_with(&format!("{base}{}/", t.route().segment)))
                })
            })
            .unwrap_or(ClusterTab::Overview)
    }
}

#[cfg(test)]
mod tests;
