// Names the `console` group's packs in the head script (prefs.js), which fetches them at
// once when a session is likely (see public/prefs.js). Read from packs.json, written by
// scripts/pack-modules.mjs; fails the build when the group or the placeholder is missing,
// so the boot path cannot silently lose its early fetch.
//
// Usage: node scripts/boot-packs.mjs <dir holding packs.json and prefs.js>
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const GROUP = "console";
const PLACEHOLDER = "/* console packs */ []";

const dir = process.argv[2];
const needs = JSON.parse(readFileSync(join(dir, "packs.json"), "utf8"));
const packs = needs[GROUP];
if (!Array.isArray(packs) || packs.length === 0) {
    throw new Error(`boot-packs: packs.json names no "${GROUP}" group (groups: ${Object.keys(needs).join(", ")})`);
}
const file = join(dir, "prefs.js");
const script = readFileSync(file, "utf8");
if (!script.includes(PLACEHOLDER)) throw new Error(`boot-packs: ${file} has no "${PLACEHOLDER}"`);
writeFileSync(file, script.replace(PLACEHOLDER, JSON.stringify(packs)));
console.log(`boot-packs: the head script fetches ${packs.join(", ")} when a session is likely`);
