//! Weighing one dist/: packs.json's groups, the files and their served (gzip) sizes, and
//! the measure of the main module, the first visit, each group and the whole.

use std::collections::{BTreeMap, BTreeSet};
use std::io::Read as _;
use std::path::{Path, PathBuf};

use serde_json::Value;

use super::FIRST_VISIT_GROUPS;
use super::budget::Measured;
use super::references::{html_references, resolve, static_imports};

/// packs.json: each group's packs, by file name.
pub fn parse_packs(text: &str) -> Result<BTreeMap<String, Vec<String>>, String> {
    let value: Value = serde_json::from_str(text).map_err(|e| format!("packs.json: {e}"))?;
    let object = value.as_object().ok_or("packs.json: not an object")?;
    let mut out = BTreeMap::new();
    for (group, packs) in object {
        let packs = packs
            .as_array()
            .ok_or_else(|| format!("packs.json: {group:?} is not a list"))?
            .iter()
            .map(|p| {
                p.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| format!("packs.json: {group:?} lists a non-name"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        if packs.is_empty() {
            return Err(format!("packs.json: {group:?} needs no pack"));
        }
        out.insert(group.clone(), packs);
    }
    if out.is_empty() {
        return Err("packs.json names no group".into());
    }
    Ok(out)
}

/// Reads files of one dist/ and their served (gzip) sizes.
pub struct Dist {
    root: PathBuf,
    gzip: BTreeMap<String, u64>,
}

impl Dist {
    pub fn new(root: &Path) -> Self {
        Self { root: root.to_path_buf(), gzip: BTreeMap::new() }
    }

    pub fn read(&self, rel: &str) -> Result<Vec<u8>, String> {
        let path = self.root.join(rel);
        std::fs::read(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))
    }

    pub fn text(&self, rel: &str) -> Result<String, String> {
        String::from_utf8(self.read(rel)?).map_err(|_| format!("{rel} is not UTF-8"))
    }

    /// The size of `rel.gz`, once it is checked to hold `rel`.
    pub fn gzip(&mut self, rel: &str) -> Result<u64, String> {
        if let Some(&n) = self.gzip.get(rel) {
            return Ok(n);
        }
        let raw = self.read(rel)?;
        let packed = self
            .read(&format!("{rel}.gz"))
            .map_err(|e| format!("{e} (a release build writes a .gz beside every file it serves)"))?;
        let mut unpacked = Vec::new();
        flate2::read::GzDecoder::new(packed.as_slice())
            .read_to_end(&mut unpacked)
            .map_err(|e| format!("{rel}.gz is not gzip: {e}"))?;
        if unpacked != raw {
            return Err(format!("{rel}.gz does not hold {rel}: a stale sibling from another build"));
        }
        let n = packed.len() as u64;
        self.gzip.insert(rel.to_string(), n);
        Ok(n)
    }

    /// As served: the `.gz` when the build wrote one (config.json has none: it is edited per
    /// deployment), else the file itself.
    pub fn served(&mut self, rel: &str) -> Result<u64, String> {
        if self.root.join(format!("{rel}.gz")).is_file() {
            return self.gzip(rel);
        }
        let path = self.root.join(rel);
        std::fs::metadata(&path).map(|m| m.len()).map_err(|e| format!("cannot read {}: {e}", path.display()))
    }

    /// Every file below dist/ but the compressed siblings, as paths relative to it.
    pub fn files(&self) -> Result<Vec<String>, String> {
        let mut out = Vec::new();
        let mut stack = vec![String::new()];
        while let Some(dir) = stack.pop() {
            let path = self.root.join(&dir);
            let entries =
                std::fs::read_dir(&path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
            for entry in entries {
                let entry = entry.map_err(|e| format!("cannot read {}: {e}", path.display()))?;
                let name = entry.file_name().to_string_lossy().into_owned();
                let rel = if dir.is_empty() { name.clone() } else { format!("{dir}/{name}") };
                if entry.path().is_dir() {
                    stack.push(rel);
                } else if !name.ends_with(".gz") && !name.ends_with(".br") {
                    out.push(rel);
                }
            }
        }
        out.sort();
        Ok(out)
    }
}

/// Server configuration written into dist/ that no browser fetches.
pub fn server_only(rel: &str) -> bool {
    rel == "_headers" || rel.starts_with("deploy/")
}

/// Weighs the build in dist/.
pub fn measure(root: &Path) -> Result<Measured, String> {
    let mut dist = Dist::new(root);
    let html = dist.text("index.html")?;
    let referenced =
        html_references(&html).iter().map(|r| resolve("index.html", r)).collect::<Result<Vec<_>, _>>()?;

    let wasm: Vec<&String> = referenced.iter().filter(|r| r.ends_with(".wasm")).collect();
    let [main] = wasm.as_slice() else {
        return Err(format!(
            "index.html should preload exactly one wasm module (the main one), not {wasm:?}"
        ));
    };
    let main = (*main).clone();
    let pkg = main.rsplit_once('/').map(|(dir, _)| dir.to_string()).unwrap_or_default();
    let packs_json = if pkg.is_empty() { "packs.json".to_string() } else { format!("{pkg}/packs.json") };
    let groups = parse_packs(&dist.text(&packs_json)?)?;
    let pack_path = |p: &str| if pkg.is_empty() { p.to_string() } else { format!("{pkg}/{p}") };

    // The first visit: the page, what it references, their static imports, and the packs of
    // the groups every way to the list fetches (a pack two of them share counts once).
    let mut first: BTreeSet<String> = BTreeSet::from(["index.html".to_string()]);
    let mut queue = referenced.clone();
    while let Some(rel) = queue.pop() {
        if !first.insert(rel.clone()) || !(rel.ends_with(".js") || rel.ends_with(".mjs")) {
            continue;
        }
        for import in static_imports(&dist.text(&rel)?) {
            queue.push(resolve(&rel, &import)?);
        }
    }
    for packs in FIRST_VISIT_GROUPS.iter().filter_map(|g| groups.get(*g)) {
        first.extend(packs.iter().map(|p| pack_path(p)));
    }
    let first_visit = first.iter().map(|rel| dist.served(rel)).sum::<Result<u64, _>>()?;

    let mut group_sizes = BTreeMap::new();
    for (group, packs) in &groups {
        let n = packs.iter().map(|p| dist.gzip(&pack_path(p))).sum::<Result<u64, _>>()?;
        group_sizes.insert(group.clone(), n);
    }

    let all = dist
        .files()?
        .iter()
        .filter(|rel| !server_only(rel))
        .map(|rel| dist.served(rel))
        .sum::<Result<u64, _>>()?;

    Ok(Measured { main_module: dist.gzip(&main)?, first_visit, all, groups: group_sizes })
}
