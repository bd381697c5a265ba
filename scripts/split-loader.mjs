// Rewrites wasm-split-cli's loader (`__wasm_split.js`) into the same program, compactly.
//
// The CLI writes six lines and a comment naming every split point that uses it for each of
// its ~300 shared chunks, and names every dependency in full (`__chunk_123`): 114 KB raw,
// 6.4 KB gzip, and every visit downloads it before the first screen. Here each module is a
// call with its number and the numbers of its dependencies; the header (shared imports, the
// callback wrapper, the memoizing loader) is kept verbatim, and so are the fetch and the
// instantiation of each module. Anything in the file this does not recognise stops the
// build: a new CLI version must be looked at, not half rewritten.
//
// Usage: node scripts/split-loader.mjs <dir holding __wasm_split.js>
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const FETCH_BODY = String.raw`makeLoad\(\(\) => \{
    const src = fetch\(new URL\("\./([\w.-]+)", import\.meta\.url\)\);
    src\.catch\(\(\) => \{\}\);
    return async \(imports\) => (debugWrap)?\(WebAssembly\.instantiateStreaming\(src, imports\)\);
\}
, \[([^\]]*)\]\)`;
const CHUNK = new RegExp(String.raw`^(?:/\*[^\n]*\*/\n)?const __chunk_(\d+) = ${FETCH_BODY};\n`, "gm");
const EXPORT = new RegExp(String.raw`^export const (__wasm_split_load_\w+) = wrapAsyncCb\(${FETCH_BODY}\);\n`, "gm");

function numbers(list, where) {
    return list
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
        .map((dep) => {
            const m = /^__chunk_(\d+)$/.exec(dep);
            if (!m) throw new Error(`split-loader: ${where} depends on "${dep}", not a chunk`);
            return Number(m[1]);
        });
}

/** Sorted distinct numbers as ranges: [20, 21, 22, 31] -> "20-22 31". */
export function ranges(ns) {
    const sorted = [...new Set(ns)].sort((a, b) => a - b);
    const out = [];
    for (let i = 0; i < sorted.length; ) {
        let j = i;
        while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
        out.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
        i = j + 1;
    }
    return out.join(" ");
}

export function compact(text) {
    const first = text.search(/^(\/\*[^\n]*\*\/\n)?const __chunk_|^export const __wasm_split_load_/m);
    if (first < 0) throw new Error("split-loader: no modules found in __wasm_split.js");
    const header = text.slice(0, first);
    let rest = text.slice(first);
    const lines = [];
    const plain = []; // chunks without dependencies, defined first by ranges
    const defined = new Set();
    // A debug build's CLI wraps every instantiation in `debugWrap` (defined in the header):
    // kept, the same for every module.
    let wrap;
    const wrapped = (w = "", where) => {
        if (wrap !== undefined && wrap !== w) throw new Error(`split-loader: ${where} is instantiated unlike the others`);
        wrap = w;
    };
    rest = rest.replace(CHUNK, (_, n, file, w, deps) => {
        wrapped(w, `__chunk_${n}`);
        if (file !== `chunk_${n}.wasm`) throw new Error(`split-loader: __chunk_${n} loads ${file}`);
        const ds = numbers(deps, `__chunk_${n}`);
        for (const d of ds) if (!defined.has(d)) throw new Error(`split-loader: __chunk_${n} needs ${d} before it is defined`);
        defined.add(Number(n));
        if (ds.length) lines.push(`c(${n}, "${ranges(ds)}");`);
        else plain.push(Number(n));
        return "";
    });
    rest = rest.replace(EXPORT, (_, name, file, w, deps) => {
        wrapped(w, name);
        const ds = numbers(deps, name);
        for (const d of ds) if (!defined.has(d)) throw new Error(`split-loader: ${name} needs chunk ${d}, never defined`);
        lines.push(`export const ${name} = wrapAsyncCb(makeLoad(fetched("./${file}"), chunks("${ranges(ds)}")));`);
        return "";
    });
    if (rest.trim() !== "") {
        throw new Error(`split-loader: __wasm_split.js has parts this script does not know:\n${rest.trim().slice(0, 300)}`);
    }
    return `${header}// Compacted by scripts/split-loader.mjs: one line per module, the same loads.
function fetched(file) {
    return () => {
        const src = fetch(new URL(file, import.meta.url));
        src.catch(() => {});
        return async (imports) => ${wrap ?? ""}(WebAssembly.instantiateStreaming(src, imports));
    };
}
// Module numbers are written as ranges: "20-24 31" is 20, 21, 22, 23, 24 and 31.
const numbers = (spec) => spec.split(" ").filter(Boolean).flatMap((range) => {
    const [from, to = from] = range.split("-").map(Number);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
});
const chunk = [];
const chunks = (spec) => numbers(spec).map((n) => chunk[n]);
function c(n, deps = "") {
    chunk[n] = makeLoad(fetched(\`./chunk_\${n}.wasm\`), chunks(deps));
}
numbers("${ranges(plain)}").forEach((n) => c(n));
${lines.join("\n")}
`;
}

const dir = process.argv[2];
if (dir) {
    const file = join(dir, "__wasm_split.js");
    const before = readFileSync(file, "utf8");
    const after = compact(before);
    writeFileSync(file, after);
    console.log(`split-loader: __wasm_split.js ${before.length} -> ${after.length} bytes`);
}
