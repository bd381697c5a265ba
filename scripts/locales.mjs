// Builds each translated language's catalogue for the console: <out>/locales/<code>.json,
// {"hash": ..., "strings": [...]}, one entry per key in the order build.rs numbers them
// (files by name, keys sorted within a file; "@" notes skipped), and the same FNV-1a hash
// of that order, so the console refuses a catalogue that does not match its build. A key a
// language lacks is null (the console shows English); the key-parity unit test fails first.
// Usage: node scripts/locales.mjs <out dir>
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const out = process.argv[2];
if (!out) {
    console.error("usage: node scripts/locales.mjs <out dir>");
    process.exit(2);
}
const root = "locales";
const read = (lang, file) => {
    try {
        return JSON.parse(readFileSync(join(root, lang, file), "utf8"));
    } catch (e) {
        if (e.code === "ENOENT") return {};
        console.error(`locales.mjs: ${lang}/${file}: ${e.message}`);
        process.exit(1);
    }
};
const byCodeUnits = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const files = readdirSync(join(root, "en")).filter((f) => f.endsWith(".json")).sort(byCodeUnits);
const keys = [];
for (const file of files) {
    const module = file.replace(/\.json$/, "");
    for (const key of Object.keys(read("en", file)).filter((k) => !k.startsWith("@")).sort(byCodeUnits)) {
        keys.push([file, module, key]);
    }
}
let hash = 0x811c9dc5;
for (const [, module, key] of keys) {
    for (const byte of Buffer.from(`${module}.${key}\n`, "utf8")) {
        hash = Math.imul(hash ^ byte, 0x01000193) >>> 0;
    }
}
mkdirSync(join(out, "locales"), { recursive: true });
const langs = readdirSync(root, { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== "en").map((d) => d.name);
for (const lang of langs) {
    const cache = new Map();
    const strings = keys.map(([file, , key]) => {
        if (!cache.has(file)) cache.set(file, read(lang, file));
        return cache.get(file)[key] ?? null;
    });
    writeFileSync(join(out, "locales", `${lang}.json`), JSON.stringify({ hash, strings }));
}
