// Gives the main module's JS imports short names, in the module and in its bindings alike.
//
// wasm-bindgen names each import after its JS function and a 16-digit hash
// (`__wbg_now_463ac581d2fc7ea3`): about 250 of them, every name written twice (the module's
// import section, the bindings' import object), and the hashes do not compress. They are
// only the link between these two files, so a counter's number does as well. Anything in
// the bindings this does not recognise stops the build: a new wasm-bindgen version must be
// looked at, not half renamed.
//
// Usage: node scripts/short-imports.mjs <dir> <name>  (<dir>/<name>_bg.wasm, <dir>/<name>.js)
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { leb } from "./wasm-leb.mjs";

function uleb(value) {
    const out = [];
    do {
        let byte = value % 128;
        value = Math.floor(value / 128);
        if (value > 0) byte |= 0x80;
        out.push(byte);
    } while (value > 0);
    return Buffer.from(out);
}

const str = (s) => Buffer.concat([uleb(Buffer.byteLength(s)), Buffer.from(s)]);

/** Skips an import's description (after its kind byte) and returns where the next starts. */
function skipDesc(bytes, kind, at) {
    if (kind === 0) return leb(bytes, at)[1]; // function: type index
    if (kind === 1) { at += 1; const [flags, a] = leb(bytes, at); at = leb(bytes, a)[1]; return flags & 1 ? leb(bytes, at)[1] : at; } // table
    if (kind === 2) { const [flags, a] = leb(bytes, at); at = leb(bytes, a)[1]; return flags & 1 ? leb(bytes, at)[1] : at; } // memory
    if (kind === 3) return at + 2; // global: type, mutability
    if (kind === 4) return leb(bytes, at + 1)[1]; // tag
    throw new Error(`short-imports: unknown import kind ${kind}`);
}

/** The module with every function import of `module` renamed by `rename(name)`. */
export function renameImports(bytes, module, rename) {
    for (let at = 8; at < bytes.length; ) {
        const start = at;
        const id = bytes[at];
        const [size, body] = leb(bytes, at + 1);
        const end = body + size;
        if (id === 2) {
            const parts = [];
            let [count, p] = leb(bytes, body);
            parts.push(uleb(count));
            for (let i = 0; i < count; i++) {
                let len;
                [len, p] = leb(bytes, p);
                const mod = bytes.toString("utf8", p, p + len);
                p += len;
                [len, p] = leb(bytes, p);
                const name = bytes.toString("utf8", p, p + len);
                p += len;
                const kind = bytes[p];
                const next = skipDesc(bytes, kind, p + 1);
                const renamed = mod === module && kind === 0 ? rename(name) : name;
                parts.push(str(mod), str(renamed), bytes.subarray(p, next));
                p = next;
            }
            if (p !== end) throw new Error("short-imports: the import section did not parse");
            const section = Buffer.concat(parts);
            return Buffer.concat([bytes.subarray(0, start), Buffer.from([2]), uleb(section.length), section, bytes.subarray(end)]);
        }
        at = end;
    }
    throw new Error("short-imports: no import section");
}

/** Short names: a, b, ..., z, a0, ... (never a JS keyword: each is an object key anyway). */
export function shortName(n) {
    const letters = "abcdefghijklmnopqrstuvwxyz";
    return n < 26 ? letters[n] : letters[n % 26] + Math.floor(n / 26 - 1).toString(36);
}

const [dir, name] = process.argv.slice(2);
if (dir && name) {
    const wasmFile = join(dir, `${name}_bg.wasm`);
    const jsFile = join(dir, `${name}.js`);
    const module = `./${name}_bg.js`;
    let js = readFileSync(jsFile, "utf8");
    const names = new Map();
    const wasm = renameImports(readFileSync(wasmFile), module, (old) => {
        if (!names.has(old)) names.set(old, shortName(names.size));
        return names.get(old);
    });
    for (const [old, short] of names) {
        // Each is a key of the import object, at its indentation, exactly once.
        const key = new RegExp(`^        ${old}: `, "gm");
        const found = js.match(key)?.length ?? 0;
        if (found !== 1 || js.split(old).length !== 2) {
            throw new Error(`short-imports: ${old} is not a key of the bindings' import object exactly once`);
        }
        js = js.replace(key, `        ${short}: `);
    }
    writeFileSync(wasmFile, wasm);
    writeFileSync(jsFile, js);
    console.log(`short-imports: ${names.size} imports renamed`);
}
