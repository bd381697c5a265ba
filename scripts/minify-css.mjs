// Minifies the stylesheets trunk put in the build, in place, with esbuild, and updates the
// `integrity` (SRI) hash index.html carries for each, which would otherwise make the
// browser refuse the file. trunk 0.21 minifies only with its global `minify` option, which
// would also strip index.html's comments, the `<!-- console-wasm -->` marker among them.
// Every visit downloads the stylesheet before the first screen: 7.5 -> 5.5 KB gzipped.
//
// Usage: node scripts/minify-css.mjs <dir holding index.html>
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const LINK = /<link rel="stylesheet" href="\/([\w.-]+\.css)" integrity="(sha384-[A-Za-z0-9+/=]+)"\s*\/>/g;

const dir = process.argv[2];
if (!dir) {
    console.error("usage: node scripts/minify-css.mjs <dir>");
    process.exit(2);
}
const page = join(dir, "index.html");
let html = readFileSync(page, "utf8");
let count = 0;
html = html.replace(LINK, (link, file, integrity) => {
    const path = join(dir, file);
    const before = readFileSync(path);
    if (integrity !== "sha384-" + createHash("sha384").update(before).digest("base64")) {
        throw new Error(`minify-css: ${file} does not match its integrity hash in index.html`);
    }
    execFileSync("esbuild", [path, "--minify", "--log-level=error", `--outfile=${path}`, "--allow-overwrite"], { stdio: "inherit" });
    const after = readFileSync(path);
    count++;
    console.log(`minify-css: ${file} ${before.length} -> ${after.length} bytes`);
    return link.replace(integrity, "sha384-" + createHash("sha384").update(after).digest("base64"));
});
if (count === 0) throw new Error("minify-css: index.html links no stylesheet with an integrity hash");
writeFileSync(page, html);
