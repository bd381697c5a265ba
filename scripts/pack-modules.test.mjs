// Tests of pack-modules.mjs: the loader it writes, run against the packs it writes, must load
// what wasm-split-cli's own loader loads. `node --test scripts/pack-modules.test.mjs`
//
// No browser and no wasm: `fetch` reads the files from disk and `WebAssembly.instantiate`
// (and the CLI's `instantiateStreaming`) is a stub that names the module it was given by its
// bytes, so every check is about which bytes were instantiated, in which order, and which
// files were fetched how. Two inputs: a made-up split output (always), and this build's
// (SPLIT_DIR, or target/split/split as scripts/build-wasm.sh leaves it; the test fails when
// there is none, since it could then check nothing real).
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath, pathToFileURL } from "node:url";
import { packDir, readPack } from "./pack-modules.mjs";
import { closure, parse } from "./split-loader.mjs";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const PREFIX = "__wasm_split_load_";
const MODULE = /^(chunk_\d+|split_\w+)\.wasm$/;

/** The CLI's loader up to its first module, as wasm-split-cli writes it (the made-up input's). */
const CLI_HEADER = String.raw`
import { initSync } from "./cluster-console.js";

let sharedImports = undefined;
function getSharedImports() {
    if (sharedImports === undefined) {
        sharedImports = { __wasm_split: {  } };
        const { __indirect_function_table, __wasm_split_shared0, memory,  } = initSync(undefined, undefined);
        Object.assign(sharedImports.__wasm_split, { __indirect_function_table, __wasm_split_shared0, memory,  });
    }
    return sharedImports;
}
function wrapAsyncCb(callee) {
    return async (callbackIndex, callbackData) => {
        let success;
        try {
            await callee();
            success = true;
        } catch (e) {
            console.error(e);
            success = false;
        } finally {
            const sharedImports = getSharedImports();
            sharedImports.__wasm_split.__indirect_function_table.get(callbackIndex)(callbackData, success);
        }
    }
}
function makeLoad(fetcher, deps) {
    const loader = async () => {
        const parallelStuff = deps.map(d => d());
        const instantiate = fetcher();
        await Promise.all(parallelStuff);
        const imports = getSharedImports();
        return instantiate(imports);
    };
    let loadingModule = undefined;
    return () => {
        if (loadingModule === undefined) {
            const thisLoad = loader();
            // Memoize successes only: a rejected load must not be cached for
            // the lifetime of the session, or one transient network failure
            // permanently breaks the module. Clearing on rejection lets the
            // next call (e.g. the Rust side re-invoking load after a failed
            // callback) start a fresh attempt.
            thisLoad.catch(() => {
                if (loadingModule === thisLoad) loadingModule = undefined;
            });
            loadingModule = thisLoad;
        }
        return loadingModule;
    }
}
`.slice(1);

/** A made-up split output: the groups the packer names, a few more, and 150 chunks, each with
 * its own set of groups (as the CLI makes them). Each module is wasm in its framing (magic,
 * version, sections), so the loader can walk it, with random contents; one is over 16 KB long
 * (a three-byte section size), and each holds "\0asm" inside a section, which must not be
 * taken for the next module's start. */
function madeUp(dir) {
    const groups = ["console", "signing_in", "discovery_document", "i18n_load", "cluster", "cluster_tabs", "cluster_resources",
        "cluster_logs", "cluster_trouble", "terraform_export", "resource_upload", "log_extras", "alpha", "beta", "gamma", "delta", "epsilon"];
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const noise = (size) => Buffer.from(Array.from({ length: size }, () => (random() * 256) | 0));
    const section = (id, body) => Buffer.concat([Buffer.from([id, ...uleb(body.length)]), body]);
    const bytes = (name, size) => Buffer.concat([
        Buffer.from("\0asm\x01\0\0\0", "latin1"),
        section(1, Buffer.concat([noise(3), Buffer.from("\0asm", "latin1"), noise(size)])),
        section(0, Buffer.concat([Buffer.from([name.length]), Buffer.from(name), noise(5)])), // a name, as custom sections have
    ]);
    const sets = new Set();
    const chunks = [];
    while (chunks.length < 150) {
        // Mostly small sets, as real chunks are; a few wide ones (the kit every screen uses).
        const p = random() < 0.15 ? 0.8 : 0.15;
        const users = groups.filter(() => random() < p);
        const key = users.join(",");
        if (users.length === 0 || sets.has(key)) continue;
        sets.add(key);
        const n = chunks.length + 20;
        chunks.push({ n, users });
        writeFileSync(join(dir, `chunk_${n}.wasm`), bytes(`chunk_${n}`, n === 40 ? 70000 : 20 + ((random() * 3000) | 0)));
    }
    const body = (file, deps) => `makeLoad(() => {
    const src = fetch(new URL("./${file}", import.meta.url));
    src.catch(() => {});
    return async (imports) => (WebAssembly.instantiateStreaming(src, imports));
}
, [${deps.map((n) => `__chunk_${n}`).join(", ")}])`;
    let js = CLI_HEADER;
    for (const { n, users } of chunks) js += `/* ${users.join(", ")} */\nconst __chunk_${n} = ${body(`chunk_${n}.wasm`, [])};\n`;
    for (const g of groups) {
        writeFileSync(join(dir, `split_${g}.wasm`), bytes(`split_${g}`, 100 + ((random() * 2000) | 0)));
        const deps = chunks.filter((c) => c.users.includes(g)).map((c) => c.n);
        js += `export const ${PREFIX}${g} = wrapAsyncCb(${body(`split_${g}.wasm`, deps)});\n`;
    }
    writeFileSync(join(dir, "__wasm_split.js"), js);
}

/** The bindings' initSync, as the loaders call it: a table whose callbacks the harness hears. */
const BINDINGS = `export function initSync() {
    const table = { get: (index) => (data, ok) => globalThis.__packTest.callback(index, data, ok) };
    return { __indirect_function_table: table, __wasm_split_shared0: {}, memory: {} };
}
`;

const uleb = (n) => {
    const out = [];
    do {
        out.push(n >= 128 ? (n & 127) | 128 : n);
        n >>>= 7;
    } while (n);
    return out;
};
const hash = (bytes) => createHash("sha256").update(bytes).digest("hex");
const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * An input read once: the CLI's graph, each module's name by its bytes, what each group
 * instantiates, and two copies to run: the CLI's own (with its loader) and a packed one.
 */
function prepare(source) {
    const work = mkdtempSync(join(tmpdir(), "pack-test-"));
    try {
        return prepareIn(work, source(work));
    } catch (e) {
        rmSync(work, { recursive: true, force: true });
        throw e;
    }
}

function prepareIn(work, source) {
    const cli = join(work, "cli");
    const packed = join(work, "packed");
    for (const d of [cli, packed]) {
        mkdirSync(d);
        for (const f of readdirSync(source).filter((f) => MODULE.test(f) || f === "__wasm_split.js")) copyFileSync(join(source, f), join(d, f));
    }
    const graph = parse(readFileSync(join(cli, "__wasm_split.js"), "utf8"));
    const byHash = new Map();
    const deps = new Map(); // module -> the modules that must be instantiated before it
    for (const [n, ds] of graph.chunks) deps.set(`chunk_${n}.wasm`, ds.map((d) => `chunk_${d}.wasm`));
    const expected = {};
    for (const e of graph.exports) {
        const chunks = [...closure(e.deps, graph.chunks)].map((n) => `chunk_${n}.wasm`);
        deps.set(e.file, chunks);
        expected[e.name.slice(PREFIX.length)] = [e.file, ...chunks].sort();
    }
    for (const f of deps.keys()) {
        const h = hash(readFileSync(join(cli, f)));
        assert(!byHash.has(h), `${f} has the same bytes as ${byHash.get(h)}: the test could not tell them apart`);
        byHash.set(h, f);
    }
    packDir(packed);
    for (const d of [cli, packed]) writeFileSync(join(d, "cluster-console.js"), BINDINGS);
    const packs = JSON.parse(readFileSync(join(packed, "packs.json"), "utf8"));
    // Each pack's modules by name, read as the packer reads them back (packs.json's meaning:
    // a group's packs are those holding its modules).
    const contents = {};
    for (const f of readdirSync(packed).filter((f) => f.startsWith("pack_"))) {
        contents[f] = readPack(readFileSync(join(packed, f))).map((m) => byHash.get(hash(m)));
    }
    return { work, cli, packed, byHash, deps, expected, packs, contents, groups: Object.keys(expected) };
}

let instances = 0;
/**
 * A fresh instance of the loader in `dir` with fetch and instantiate stubbed: what it fetched
 * (file, priority), what it instantiated (by name, in order), modules started before one they
 * need had finished, and the callbacks it made. `fail(file, attempt)` answers a fetch with
 * "503", "network" (a rejected fetch) or "html" (a server's page for a missing file, starting
 * with a byte order mark) instead of the file.
 */
async function run(input, dir, fail = () => null) {
    const h = { fetches: [], instantiated: [], early: [], callbacks: [], done: new Set() };
    const instantiate = async (bytes, imports) => {
        assert(imports.__wasm_split, "a module was instantiated without the shared imports");
        const name = input.byHash.get(hash(bytes)) ?? `unknown bytes (${bytes.length} B)`;
        h.instantiated.push(name);
        for (const d of input.deps.get(name) ?? []) if (!h.done.has(d)) h.early.push(`${name} before ${d}`);
        await tick(name.length % 3); // modules finish out of order, so an order bug shows
        h.done.add(name);
        return { instance: {}, module: {} };
    };
    globalThis.__packTest = { callback: (index, data, ok) => h.callbacks.push({ index, data, ok }) };
    globalThis.fetch = async (url, init) => {
        const file = basename(new URL(String(url)).pathname);
        const attempt = h.fetches.filter((f) => f.file === file).length;
        h.fetches.push({ file, priority: init?.priority });
        await tick();
        const failure = fail(file, attempt);
        if (failure === "network") throw new TypeError("Failed to fetch");
        // What the loaders read of a response (a real Response would start undici's own wasm).
        if (failure === "503") return { ok: false, status: 503, arrayBuffer: async () => new ArrayBuffer(0) };
        const bytes = failure === "html" ? Buffer.from("\ufeff<!doctype html><title>Not here</title>") : readFileSync(join(dir, file));
        return { ok: true, status: 200, arrayBuffer: async () => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length) };
    };
    WebAssembly.instantiate = instantiate;
    WebAssembly.instantiateStreaming = async (response, imports) => instantiate(new Uint8Array(await (await response).arrayBuffer()), imports);
    h.loader = await import(`${pathToFileURL(join(dir, "__wasm_split.js")).href}?instance=${++instances}`);
    h.prefetch = globalThis.__consolePrefetch;
    /** Loads a group as the console does; whether the loader called back with success. */
    let calls = 0;
    h.load = async (group) => {
        const data = ++calls;
        await h.loader[PREFIX + group](3, data);
        const mine = h.callbacks.filter((c) => c.data === data);
        assert.equal(mine.length, 1, `${group}: the loader did not call back once`);
        assert.equal(mine[0].index, 3, `${group}: the loader called another callback`);
        return mine[0].ok;
    };
    return h;
}

const files = (fetches) => fetches.map((f) => f.file).sort();
const repeated = (list) => list.filter((x, i) => list.indexOf(x) !== i);

/** Errors the loader reports on a failed load (console.error), kept out of the test output. */
async function quietly(body) {
    const error = console.error;
    console.error = () => {};
    try {
        return await body();
    } finally {
        console.error = error;
    }
}

const suite = (name, source) => describe(name, () => {
    let input;
    before(() => {
        input = prepare(source);
    });
    after(() => input && rmSync(input.work, { recursive: true, force: true }));

    test(`each group instantiates what the CLI's loader does, in an order it allows, fetching its packs once`, async () => {
        assert(input.groups.length > 10, "too few groups to check anything");
        for (const g of input.groups) {
            const cli = await run(input, input.cli);
            assert.equal(await cli.load(g), true, `${g}: the CLI's loader failed`);
            assert.deepEqual([...cli.instantiated].sort(), input.expected[g], `${g}: the CLI's loader is not read as the test expects`);

            const ours = await run(input, input.packed);
            assert.equal(await ours.load(g), true, `${g}: the loader failed`);
            assert.deepEqual([...ours.instantiated].sort(), [...cli.instantiated].sort(), `${g}: other modules than the CLI's`);
            assert.deepEqual(ours.early, [], `${g}: modules instantiated before what they need`);
            assert.deepEqual(files(ours.fetches), input.packs[g], `${g}: fetched other packs than packs.json names`);
            const holding = Object.keys(input.contents).filter((p) => input.contents[p].some((m) => input.expected[g].includes(m)));
            assert.deepEqual(holding.sort(), input.packs[g], `${g}: packs.json does not name the packs holding its modules`);
            assert(ours.fetches.every((f) => f.priority === "auto"), `${g}: a load fetched at low priority`);
        }
    });

    test(`every group in one visit, one after another or all at once: each pack fetched once, each module instantiated once`, async () => {
        const all = [...new Set(Object.values(input.expected).flat())].sort();
        const order = ["console", ...input.groups.filter((g) => g !== "console")];
        const serial = await run(input, input.packed);
        for (const g of order) assert.equal(await serial.load(g), true, `${g} failed`);
        const together = await run(input, input.packed);
        const oks = await Promise.all(order.map((g) => together.load(g)));
        assert(oks.every(Boolean), "a group failed when all loaded at once");
        for (const h of [serial, together]) {
            assert.deepEqual(repeated(files(h.fetches)), [], "a pack was fetched twice");
            assert.deepEqual(repeated(h.instantiated), [], "a module was instantiated twice");
            assert.deepEqual([...h.instantiated].sort(), all, "not every module was instantiated");
            assert.deepEqual(h.early, [], "modules instantiated before what they need");
        }
    });

    for (const how of ["503", "network", "html"]) {
        test(`a failed fetch (${how}) is forgotten: the next load fetches that pack again and finishes`, async () => {
            // The group needing the most packs; one of its shared packs fails, then its own.
            const g = input.groups.reduce((a, b) => (input.packs[b].length > input.packs[a].length ? b : a));
            const own = `pack_${g}.wasm`;
            for (const failing of [input.packs[g].find((p) => p !== own && p !== "pack_console.wasm"), own]) {
                assert(failing, `${g} needs no shared pack`);
                const h = await run(input, input.packed, (file, attempt) => (file === failing && attempt === 0 ? how : null));
                assert.equal(await quietly(() => h.load(g)), false, `${g} loaded although ${failing} failed`);
                assert(!h.instantiated.includes(`split_${g}.wasm`), `${g}'s split module was instantiated without ${failing}`);
                assert.equal(await h.load(g), true, `${g} failed again after ${failing} came back`);
                const fetched = files(h.fetches);
                assert.deepEqual(repeated(fetched), [failing], `only ${failing} should be fetched twice`);
                assert.deepEqual([...new Set(fetched)], input.packs[g]);
                assert.deepEqual(repeated(h.instantiated), [], "a module was instantiated twice");
                assert.deepEqual([...h.instantiated].sort(), input.expected[g]);
            }
        });
    }

    test(`__consolePrefetch fetches a group's packs at low priority, once, and instantiates nothing`, async () => {
        const h = await run(input, input.packed);
        assert.equal(h.prefetch("console"), input.packs.console.length);
        assert.equal(h.prefetch("cluster"), input.packs.cluster.filter((p) => !input.packs.console.includes(p)).length,
            "it should count only the packs it started");
        assert.equal(h.prefetch("cluster"), 0, "packs already on the way were fetched again");
        assert.equal(h.prefetch("no_such_group"), 0);
        assert.deepEqual(files(h.fetches), [...new Set([...input.packs.console, ...input.packs.cluster])].sort());
        assert(h.fetches.every((f) => f.priority === "low"), "a prefetch fetched at a priority other than low");
        await tick(20);
        assert.deepEqual(h.instantiated, [], "a prefetch instantiated modules");
        const fetched = h.fetches.length;
        assert.equal(await h.load("cluster"), true);
        assert.equal(h.fetches.length, fetched, "the load fetched again what the prefetch had");
        assert.deepEqual([...h.instantiated].sort(), input.expected.cluster);

        // A failed prefetch is forgotten too: the next prefetch starts that pack again.
        const failing = input.packs.cluster.at(-1);
        const f = await run(input, input.packed, (file, attempt) => (file === failing && attempt === 0 ? "network" : null));
        assert.equal(f.prefetch("cluster"), input.packs.cluster.length);
        await tick(20);
        assert.equal(f.prefetch("cluster"), 1, `${failing} failed, and only it should start again`);
        assert.deepEqual(f.fetches.at(-1), { file: failing, priority: "low" });
    });
});

suite("made-up split output", (work) => {
    const dir = join(work, "made-up");
    mkdirSync(dir);
    madeUp(dir);
    return dir;
});

suite("this build's split output", () => {
    const target = process.env.CARGO_TARGET_DIR || join(ROOT, "target");
    const dir = process.env.SPLIT_DIR || join(target, "split", "split");
    if (!existsSync(join(dir, "__wasm_split.js"))) {
        throw new Error(`no split output in ${dir}: build the console first (make build), or set SPLIT_DIR`);
    }
    return dir;
});
