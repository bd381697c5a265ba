// Writes a .gz (level 9) and a .br (quality 11) beside every file a browser fetches, so a
// server can send them as they are instead of compressing on each request. Node's zlib has
// both, and node is already here for wasm-opt: no extra tool to install. The two
// compressors are exported too: `make size` and the peer's server use the same settings.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// config.json is edited per deployment after the build: a stale compressed copy beside it
// would be served instead of the edit. It is a few hundred bytes anyway. The languages'
// catalogues (pkg-<hash>/locales/*.json) are the build's own, never edited: compressed.
const COMPRESSIBLE = /\.(html|js|mjs|css|wasm|svg|txt)$|\/locales\/[a-z]+\.json$/;

export function gzip(raw) {
    return gzipSync(raw, { level: 9 });
}

export function brotli(raw) {
    return brotliCompressSync(raw, {
        params: {
            [constants.BROTLI_PARAM_QUALITY]: 11,
            [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
    });
}

function walk(dir) {
    return readdirSync(dir).flatMap((entry) => {
        const path = join(dir, entry);
        return statSync(path).isDirectory() ? walk(path) : [path];
    });
}

function compressTree(root) {
    for (const path of walk(root).filter((p) => COMPRESSIBLE.test(p))) {
        const raw = readFileSync(path);
        writeFileSync(`${path}.gz`, gzip(raw));
        writeFileSync(`${path}.br`, brotli(raw));
    }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
    const root = process.argv[2];
    if (!root) {
        console.error("usage: node compress.mjs <dir>");
        process.exit(2);
    }
    compressTree(root);
}
