// Names the packs of the `signing_in` and `console` groups in the head script (prefs.js),
// which fetches them at once when a session is likely (see public/prefs.js): a silent
// sign-in or a returned code runs `signing_in` first thing, and the clusters list follows.
// Read from packs.json, written by scripts/pack-modules.mjs; fails the build when a group
// or the placeholder is missing, so the boot path cannot silently lose its early fetch.
//
// Usage: node scripts/boot-packs.mjs <dir holding packs.json and prefs.js>
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const GROUPS = ["signing_in", "console"];
const PLACEHOLDER = "/* boot packs */ []";

const dir = process.argv[2];
const needs = JSON.parse(readFileSync(join(dir, "packs.json"), "utf8"));
const packs = [];
for (const group of GROUPS) {
    const own = needs[group];
    if (!Array.isArray(own) || own.length === 0) {
        throw new Error(`boot-packs: packs.json names no "${group}" group (groups: ${Object.keys(needs).join(", ")})`);
    }
    // The first group's packs first (fetched in that order); a pack both need, once.
    for (const pack of own) if (!packs.includes(pack)) packs.push(pack);
}
const file = join(dir, "prefs.js");
const script = readFileSync(file, "utf8");
if (!script.includes(PLACEHOLDER)) throw new Error(`boot-packs: ${file} has no "${PLACEHOLDER}"`);
writeFileSync(file, script.replace(PLACEHOLDER, JSON.stringify(packs)));
console.log(`boot-packs: the head script fetches ${packs.join(", ")} when a session is likely`);
