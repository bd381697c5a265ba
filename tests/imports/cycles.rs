//! Circles among imports: the strongly connected groups of an import graph, and each circle
//! a known list does not hold (or holds no longer).

use std::collections::BTreeSet;
use std::fmt::Write as _;

use super::check::Edges;

/// The strongly connected groups of two or more screen folders (Tarjan's algorithm).
pub fn cycles(edges: &Edges) -> Vec<Vec<String>> {
    let nodes: BTreeSet<&String> = edges.keys().flat_map(|(a, b)| [a, b]).collect();
    let nodes: Vec<&String> = nodes.into_iter().collect();
    let index_of = |name: &String| nodes.iter().position(|n| *n == name).unwrap_or(0);
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); nodes.len()];
    for (a, b) in edges.keys() {
        next[index_of(a)].push(index_of(b));
    }
    struct State {
        index: Vec<Option<usize>>,
        low: Vec<usize>,
        on_stack: Vec<bool>,
        stack: Vec<usize>,
        counter: usize,
        groups: Vec<Vec<usize>>,
    }
    fn visit(v: usize, next: &[Vec<usize>], s: &mut State) {
        s.index[v] = Some(s.counter);
        s.low[v] = s.counter;
        s.counter += 1;
        s.stack.push(v);
        s.on_stack[v] = true;
        for &w in &next[v] {
            match s.index[w] {
                None => {
                    visit(w, next, s);
                    s.low[v] = s.low[v].min(s.low[w]);
                }
                Some(iw) if s.on_stack[w] => s.low[v] = s.low[v].min(iw),
                Some(_) => {}
            }
        }
        if Some(s.low[v]) == s.index[v] {
            let mut group = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on_stack[w] = false;
                group.push(w);
                if w == v {
                    break;
                }
            }
            s.groups.push(group);
        }
    }
    let n = nodes.len();
    let mut s = State {
        index: vec![None; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        counter: 0,
        groups: Vec::new(),
    };
    for v in 0..n {
        if s.index[v].is_none() {
            visit(v, &next, &mut s);
        }
    }
    let mut out: Vec<Vec<String>> = s
        .groups
        .into_iter()
        .filter(|g| g.len() > 1)
        .map(|g| {
            let mut names: Vec<String> = g.into_iter().map(|i| nodes[i].clone()).collect();
            names.sort();
            names
        })
        .collect();
    out.sort();
    out
}

/// Each circle among `edges` that `known` (the list named `list`) does not hold, with the
/// imports that close it, and each circle of `known` no longer there.
pub fn circles(edges: &Edges, known: &[&[&str]], who: &str, list: &str) -> Vec<String> {
    let known: Vec<Vec<String>> = known.iter().map(|c| c.iter().map(|s| s.to_string()).collect()).collect();
    let found = cycles(edges);
    let mut broken = Vec::new();
    for group in found.iter().filter(|g| !known.contains(g)) {
        let mut message = format!("{who} import each other in a circle: {}:", group.join(", "));
        for ((a, b), at) in edges {
            if group.contains(a) && group.contains(b) {
                let _ = write!(message, "\n    {a} → {b}: {}", at.join(", "));
            }
        }
        broken.push(message);
    }
    for group in known.iter().filter(|g| !found.contains(g)) {
        broken.push(format!(
            "the circle {} is no longer there: remove it from {list} and from docs/ARCHITECTURE.md",
            group.join(", ")
        ));
    }
    broken
}
