// Removes the JS classes `wasm-streams` exports (IntoUnderlyingSource, ...Sink,
// ...ByteSource) from the main module and its bindings.
//
// Leptos pulls in `server_fn`, which streams server-function bodies with `wasm-streams`.
// The console has no server functions, but `#[wasm_bindgen]` exports are roots no
// optimiser may remove: their methods and the futures behind them sat in the download every
// visit pays for. `wasm-metadce` (binaryen) is told every other export stays reachable (the
// bindings and the split modules use them), so only these go; the three classes go from the
// bindings' JS. Anything unexpected stops the build: a new wasm-bindgen or leptos version
// must be looked at, not half stripped.
//
// Usage: node scripts/unused-exports.mjs <dir> <name>  (<dir>/<name>_bg.wasm, <dir>/<name>.js)
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync, rmSync } from "node:fs";
import { join } from "node:path";

import { leb } from "./wasm-leb.mjs";

/** The exports of the classes wasm-streams defines: `[__wbg_]intounderlying{source,sink,bytesource}_*`. */
export const UNUSED = /^(__wbg_)?intounderlying(bytesource|sink|source)_\w+$/;
const CLASS = /^export class (IntoUnderlying(?:ByteSource|Sink|Source)) \{\n[\s\S]*?^if \(Symbol\.dispose\) \1\.prototype\[Symbol\.dispose\] = \1\.prototype\.free;\n\n?/gm;
const FINALIZATION = /^const IntoUnderlying(?:ByteSource|Sink|Source)Finalization = \(typeof FinalizationRegistry === 'undefined'\)\n[^\n]*\n[^\n]*\n/gm;

/** The names in a wasm module's export section. */
export function exportNames(bytes) {
    if (bytes.readUInt32LE(0) !== 0x6d736100) throw new Error("unused-exports: not a wasm module");
    for (let at = 8; at < bytes.length; ) {
        const id = bytes[at];
        let size;
        [size, at] = leb(bytes, at + 1);
        if (id === 7) {
            let count, len;
            [count, at] = leb(bytes, at);
            const names = [];
            for (let i = 0; i < count; i++) {
                [len, at] = leb(bytes, at);
                names.push(bytes.toString("utf8", at, at + len));
                [, at] = leb(bytes, at + len + 1); // kind byte, then the index
            }
            return names;
        }
        at += size;
    }
    return [];
}

/** The bindings without the three classes; throws unless all three and their registries went. */
export function stripJs(text) {
    let classes = 0, registries = 0;
    const out = text.replace(CLASS, () => (classes++, "")).replace(FINALIZATION, () => (registries++, ""));
    if (classes !== 3 || registries !== 3 || /intounderlying/i.test(out)) {
        throw new Error(`unused-exports: the bindings' IntoUnderlying* classes are not as expected (${classes} classes, ${registries} registries removed)`);
    }
    return out;
}

const [dir, name] = process.argv.slice(2);
if (dir && name) {
    const wasm = join(dir, `${name}_bg.wasm`);
    const js = join(dir, `${name}.js`);
    const names = exportNames(readFileSync(wasm));
    const kept = names.filter((n) => !UNUSED.test(n));
    const dropped = names.length - kept.length;
    if (dropped === 0) throw new Error("unused-exports: no wasm-streams exports found: is the step still needed?");
    // metadce's graph notation: names and strings as JSON strings, one root reaching every kept export.
    const graph = [{ name: "root", root: true, reaches: kept.map((_, i) => `e${i}`) }, ...kept.map((n, i) => ({ name: `e${i}`, export: n }))];
    const graphFile = join(dir, "metadce-graph.json");
    writeFileSync(graphFile, JSON.stringify(graph));
    execFileSync("wasm-metadce", [wasm, "--graph-file", graphFile, "--debuginfo", "-o", wasm], { stdio: ["ignore", "ignore", "inherit"] });
    rmSync(graphFile);
    const left = exportNames(readFileSync(wasm));
    if (left.length !== kept.length) throw new Error(`unused-exports: ${left.length} exports left, ${kept.length} expected`);
    writeFileSync(js, stripJs(readFileSync(js, "utf8")));
    console.log(`unused-exports: ${dropped} wasm-streams exports removed, ${kept.length} kept`);
}
