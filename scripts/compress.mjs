// Writes a .gz and a .br (quality 11) beside every file a browser fetches, so a server can
// send them as they are instead of compressing on each request. The .gz is zopfli's (Google's
// reference implementation, built to WebAssembly: npm `@gfx/zopfli`, into .tools by `make
// setup`): a gzip stream any gzip client reads, about 5% smaller than zlib's level 9 on this
// build, for about a minute more per release build; boot time wins over bytes and bytes over
// build time. Brotli is node's zlib. The two compressors are exported too: `make size`, `make
// bench` and the peer's server use the same settings, so the figures compare like with like.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { isMainThread, Worker, workerData } from "node:worker_threads";
import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync } from "node:zlib";

const TOOLS = fileURLToPath(new URL("../.tools/", import.meta.url));
const zopfli = loadZopfli();

function loadZopfli() {
    try {
        return createRequire(TOOLS)("@gfx/zopfli");
    } catch (e) {
        throw new Error(`compress: zopfli is not in .tools (run make setup): ${e.message}`);
    }
}

// The module's WebAssembly instantiates asynchronously; once it has, a compression calls
// back before returning, so `gzip` below can stay synchronous for its callers.
await zopfli.gzipAsync(new Uint8Array(0), {});

// config.json is edited per deployment after the build: a stale compressed copy beside it
// would be served instead of the edit. It is a few hundred bytes anyway. The languages'
// catalogues (pkg-<hash>/locales/*.json) are the build's own, never edited: compressed.
const COMPRESSIBLE = /\.(html|js|mjs|css|wasm|svg|txt)$|\/locales\/[a-z]+\.json$/;

/** The gzip stream of `raw` (zopfli, its default 15 iterations), as a Buffer. */
export function gzip(raw) {
    let out = null;
    zopfli.gzip(raw, {}, (err, result) => {
        if (err) throw err;
        out = result;
    });
    if (!out) throw new Error("compress: zopfli did not answer synchronously");
    return Buffer.from(out.buffer, out.byteOffset, out.byteLength);
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

/** Writes both siblings of every file in `paths`, each read back first: a server sends them
 * in place of the file, so a sibling that does not decode to it must stop the build. */
function compressFiles(paths) {
    for (const path of paths) {
        const raw = readFileSync(path);
        const gz = gzip(raw);
        const br = brotli(raw);
        if (!gunzipSync(gz).equals(raw) || !brotliDecompressSync(br).equals(raw)) {
            throw new Error(`compress: ${path}'s compressed copy does not decode to it`);
        }
        writeFileSync(`${path}.gz`, gz);
        writeFileSync(`${path}.br`, br);
    }
}

/** Compresses the tree on every core: each worker takes every n-th file, largest first, so
 * the large modules do not all fall to one worker. */
async function compressTree(root) {
    const paths = walk(root)
        .filter((p) => COMPRESSIBLE.test(p))
        .sort((a, b) => statSync(b).size - statSync(a).size);
    const workers = Math.max(1, Math.min(availableParallelism(), 4));
    const shares = Array.from({ length: workers }, (_, i) => paths.filter((_, j) => j % workers === i));
    await Promise.all(
        shares.map(
            (share) =>
                new Promise((resolve, reject) => {
                    const worker = new Worker(new URL(import.meta.url), { workerData: share });
                    worker.on("error", reject);
                    worker.on("exit", (code) =>
                        code === 0 ? resolve() : reject(new Error(`compress: a worker exited with ${code}`)),
                    );
                }),
        ),
    );
}

if (!isMainThread) {
    compressFiles(workerData);
} else if (process.argv[1] === fileURLToPath(import.meta.url)) {
    const root = process.argv[2];
    if (!root) {
        console.error("usage: node compress.mjs <dir>");
        process.exit(2);
    }
    await compressTree(root);
}
