// Reads wasm-split-cli's loader (`__wasm_split.js`) into its parts, for
// scripts/pack-modules.mjs, which writes the loader the console ships.
//
// The CLI writes six lines and a comment naming every split point that uses it for each of
// its ~300 shared chunks, and names every dependency in full (`__chunk_123`). Anything in
// the file this does not recognise stops the build: a new CLI version must be looked at,
// not half read. A debug build's loader instantiates through `debugWrap` (it names a module
// from another build); kept as it is.

const FETCH_BODY = String.raw`makeLoad\(\(\) => \{
    const src = fetch\(new URL\("\./([\w.-]+)", import\.meta\.url\)\);
    src\.catch\(\(\) => \{\}\);
    return async \(imports\) => (debugWrap|)\(WebAssembly\.instantiateStreaming\(src, imports\)\);
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

/** Every chunk a split point needs, its dependencies' dependencies included. */
export function closure(deps, chunks) {
    const seen = new Set();
    const stack = [...deps];
    while (stack.length) {
        const n = stack.pop();
        if (seen.has(n)) continue;
        seen.add(n);
        stack.push(...chunks.get(n));
    }
    return seen;
}

/** The CLI's loader read into its parts: the header (kept verbatim), how modules are
 * instantiated (`wrap`), each shared chunk's dependencies and each split point's file and
 * dependencies. Anything it does not recognise throws. */
export function parse(text) {
    const first = text.search(/^(\/\*[^\n]*\*\/\n)?const __chunk_|^export const __wasm_split_load_/m);
    if (first < 0) throw new Error("split-loader: no modules found in __wasm_split.js");
    const header = text.slice(0, first);
    let rest = text.slice(first);
    const chunks = new Map(); // number -> dependency numbers, in definition order
    const exports = []; // { name, file, deps }
    const wraps = new Set();
    rest = rest.replace(CHUNK, (_, n, file, wrap, deps) => {
        wraps.add(wrap);
        if (file !== `chunk_${n}.wasm`) throw new Error(`split-loader: __chunk_${n} loads ${file}`);
        const ds = numbers(deps, `__chunk_${n}`);
        for (const d of ds) if (!chunks.has(d)) throw new Error(`split-loader: __chunk_${n} needs ${d} before it is defined`);
        chunks.set(Number(n), ds);
        return "";
    });
    rest = rest.replace(EXPORT, (_, name, file, wrap, deps) => {
        wraps.add(wrap);
        const ds = numbers(deps, name);
        for (const d of ds) if (!chunks.has(d)) throw new Error(`split-loader: ${name} needs chunk ${d}, never defined`);
        exports.push({ name, file, deps: ds });
        return "";
    });
    if (rest.trim() !== "") {
        throw new Error(`split-loader: __wasm_split.js has parts this script does not know:\n${rest.trim().slice(0, 300)}`);
    }
    if (wraps.size !== 1) throw new Error(`split-loader: modules instantiate in ${wraps.size} ways`);
    const [wrap] = wraps;
    return { header, wrap, chunks, exports };
}

