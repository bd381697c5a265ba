// Packs the split build's ~350 wasm modules into a few files, and writes the loader that
// reads them.
//
// wasm-split-cli makes one module per split point (a route group: `split_<group>.wasm`) and
// one chunk per distinct set of split points that share code, and cannot merge them
// (SPLIT-NOTES.md): a first visit to the cluster page fetched 102 files. The modules stay
// as they are, and are still instantiated one by one, but travel together:
//   - a group's pack: its split module and every chunk no other group uses;
//   - shared packs: the chunks several groups use, one pack per set of groups, merged two by
//     two (the pair whose merge makes navigations fetch the fewest bytes they do not need,
//     a byte on the way to the first screen weighing BOOT_WEIGHT times a later one) until at
//     most MAX_SHARED remain.
// So a first navigation fetches at most 1 + MAX_SHARED files, and usually fewer. A pack is a
// short header (packHeader) and the modules' bytes one after another; the loader fetches
// a pack once (a failure is forgotten, so Retry fetches it again), and instantiates each
// module from its slice (`WebAssembly.instantiate`, allowed by the CSP's 'wasm-unsafe-eval'
// like streaming). Packs are named `*.wasm` so every server rule for the build's modules
// (content type, precompressed siblings, immutable caching) applies to them unchanged,
// although a pack is not one wasm module.
//
// The loader is imported by the bindings, so every visit downloads it before the sign-in
// form shows: it holds only what a load needs before any pack has arrived (the packs' names
// and the packs each group needs, ~3.5 KB minified for ~520 modules). Which groups need each
// module travels in the pack's own header, and where each module lies the modules' own
// sections say (readPack); both are read once the pack is there, so a visit pays for the
// modules it fetches, not for all of them.
//
// The loader also offers prefetching: `globalThis.__consolePrefetch(group)` fetches (at low
// priority) the packs a group needs, without instantiating anything; the click then finds
// the bytes already there. It answers how many packs it started to fetch.
//
// It also writes packs.json: the packs each group needs, by name (read by the browser tests).
//
// Usage: node scripts/pack-modules.mjs <dir holding __wasm_split.js from the CLI and the modules>
import { readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { closure, parse, ranges } from "./split-loader.mjs";

/** Shared packs at most: with the group's own pack, a first navigation fetches ≤ 10 files. */
const MAX_SHARED = 9;
/** How much more a byte the boot groups fetch without needing it costs than a later one. */
const BOOT_WEIGHT = 100;
const PREFIX = "__wasm_split_load_";
/**
 * The signed-in console (the shell): every other group but OUTSIDE's is only ever loaded
 * after it, since every signed-in screen is inside the shell. So a chunk the console needs
 * travels in the console's own pack even when later groups need it too: they find it
 * loaded already, and the console fetches no shared pack padded with their code.
 */
const FIRST = "console";
/** The groups that may load before the console: the code exchange, the sign-in page's
 * catalogue switcher and an issuer's discovery document reader. A chunk they share with the
 * console stays in a shared pack. */
const OUTSIDE = ["signing_in", "discovery_document", "i18n_load"];
/**
 * Later screens more likely than the rest, and how much more a byte they fetch without
 * needing it weighs: the cluster page is where a person goes from the list (with prefetching
 * off, or before it finished, it is the first wait after the console's). Simulated on the
 * build of 2026-11-28 (BENCHMARKS.md, Size budget): at 3, its first visit beyond the console
 * 215 → 154 KB gzip, and the bytes all navigations fetch beyond what is loaded −97 KB.
 * The greedy merge is sensitive to small changes in the modules' sizes: on the next day's
 * build, 3 gave the cluster page 175 KB beyond the console. At 5, with nine shared packs
 * instead of eight, it got 139 KB, and both the packs together and the bytes all navigations
 * fetch beyond what is loaded were smaller too (simulated on target/split/opt, BENCHMARKS.md).
 * The activity center's tracking (`activity`) is fetched as soon as the list shows a cluster
 * still moving: at 1 its download beyond the console was 93 KB (zlib -9, on the build of
 * 2026-11-29), padded with later screens' code; at 3, 36 KB, the cluster page's 148 → 152 KB,
 * the two together 180 → 162 KB, and the bytes all navigations fetch beyond what is loaded
 * +0.3%. At 5 and over, the palette's download doubles.
 */
const LIKELY = { cluster: 5, activity: 3 };
/**
 * Groups only ever loaded inside another: every cluster tab is a route under the cluster
 * page (`routes::CLUSTER`, whose screen is the `cluster` group), and the trouble card, the
 * Terraform export, the resource upload and the Logs tab's late parts are parts of those
 * screens. As with the console,
 * a chunk the outer group needs that only groups inside it share travels in the outer
 * group's own pack: they find it loaded already, and the outer group (a cluster page opened
 * from the list) fetches no shared pack padded with its tabs' code. A group named here that
 * could load first would only fetch the outer pack too: more bytes, never a failure.
 */
const INSIDE = {
    cluster: [
        "cluster_tabs", "cluster_resources", "cluster_logs", "cluster_trouble", "terraform_export", "resource_upload",
        "log_extras",
    ],
};

/** Which packs to make: [{ name, files }], given the graph and each file's size. */
export function plan(graph, size) {
    const { chunks, exports } = graph;
    const users = new Map([...chunks.keys()].map((n) => [n, []]));
    for (const e of exports) for (const n of closure(e.deps, chunks)) users.get(n).push(e.name);
    const own = new Map(exports.map((e) => [e.name, [e.file]]));
    for (const g of [FIRST, ...OUTSIDE, ...Object.keys(INSIDE), ...Object.values(INSIDE).flat()]) {
        if (!own.has(PREFIX + g)) throw new Error(`pack-modules: no split point for the group ${g}`);
    }
    const outside = new Set(OUTSIDE.map((g) => PREFIX + g));
    const shared = new Map(); // signature -> { groups: Set, files: [] }
    for (const [n, names] of users) {
        const file = `chunk_${n}.wasm`;
        if (names.length === 0) throw new Error(`pack-modules: chunk ${n} is needed by no split point`);
        if (names.length === 1) {
            own.get(names[0]).push(file);
            continue;
        }
        if (names.includes(PREFIX + FIRST) && !names.some((g) => outside.has(g))) {
            own.get(PREFIX + FIRST).push(file);
            continue;
        }
        const outer = Object.keys(INSIDE).find(
            (o) => names.includes(PREFIX + o) && names.every((g) => g === PREFIX + o || INSIDE[o].includes(g.slice(PREFIX.length))),
        );
        if (outer) {
            own.get(PREFIX + outer).push(file);
            continue;
        }
        const key = [...names].sort().join(" ");
        if (!shared.has(key)) shared.set(key, { groups: new Set(names), files: [] });
        shared.get(key).files.push(file);
    }
    const packs = [...shared.values()];
    const bytes = (p) => p.files.reduce((sum, f) => sum + size(f), 0);
    for (const p of packs) p.bytes = bytes(p);
    const units = packs.map((p) => ({ ...p, groups: new Set(p.groups), files: [...p.files] }));
    // What merging two packs costs: the bytes a navigation then fetches without needing them
    // (each pack's bytes, for every group that needs only the other). The cheapest pair is
    // merged until at most MAX_SHARED remain. The groups on the way to the first screen (the
    // console, and those that may load before it) weigh BOOT_WEIGHT times a later screen's:
    // boot time wins over bytes, and a merge that pads their download is the last resort
    // (one did: a new code group moved 21 KB of later screens' code into the console's).
    const boot = new Set([FIRST, ...OUTSIDE].map((g) => PREFIX + g));
    const weight = (groups) => groups.reduce((sum, g) => sum + (boot.has(g) ? BOOT_WEIGHT : LIKELY[g.slice(PREFIX.length)] ?? 1), 0);
    const extra = (a, b) => {
        const onlyB = weight([...b.groups].filter((g) => !a.groups.has(g)));
        const onlyA = weight([...a.groups].filter((g) => !b.groups.has(g)));
        return a.bytes * onlyB + b.bytes * onlyA;
    };
    while (packs.length > MAX_SHARED) {
        let best = [0, 1];
        let cheapest = Infinity;
        for (let i = 0; i < packs.length; i++) {
            for (let j = i + 1; j < packs.length; j++) {
                const cost = extra(packs[i], packs[j]);
                if (cost < cheapest) [cheapest, best] = [cost, [i, j]];
            }
        }
        const [i, j] = best;
        const [b] = packs.splice(j, 1);
        packs[i].files.push(...b.files);
        packs[i].bytes += b.bytes;
        for (const g of b.groups) packs[i].groups.add(g);
    }
    const refined = refine(units, packs, weight);
    refined.sort((a, b) => b.bytes - a.bytes);
    // A group's own pack starts with its split module (the loader's `[0]`); see `smallFirst`.
    return [
        ...exports.map((e) => {
            const [split, ...chunks] = own.get(e.name);
            return { name: `pack_${e.name.slice(PREFIX.length)}.wasm`, files: [split, ...smallFirst(chunks, size)] };
        }),
        ...refined.map((p, i) => ({ name: `pack_shared_${i}.wasm`, files: smallFirst(p.files, size) })),
    ];
}

/**
 * The order of a pack's chunks: smallest first (ties in the order given). The loader takes
 * them in any order; gzip does not. Small chunks are mostly their import and type sections,
 * alike from one to the next, and side by side they fall into one 32 KB window: measured on
 * the optimised modules of `41716bc` (zlib -9), the console's pack 143,260 -> 140,148 B and
 * all packs 1,002,559 -> 996,519 B against the chunks' numbering. A greedy order by each
 * chunk's cost beside the last 16 KB gave 139,149 for the console's, for 14 s of build.
 */
function smallFirst(files, size) {
    return files.map((f, i) => [size(f), i, f]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).map(([, , f]) => f);
}

/**
 * The greedy merge, mended: it merges whole packs two by two and never undoes a merge, so a
 * set of chunks can end in a pack that pads a likely screen's download although another
 * pack would cost less. Each set of chunks (those the same groups need) is moved to the pack
 * where the weighted bytes fetched without need are fewest, until no move lowers them.
 */
function refine(units, merged, weight) {
    const home = new Map();
    merged.forEach((p, i) => {
        for (const f of p.files) home.set(f, i);
    });
    const at = units.map((u) => home.get(u.files[0]));
    const cost = (i) => {
        let total = 0;
        const need = new Map();
        for (let u = 0; u < units.length; u++) {
            if (at[u] !== i) continue;
            total += units[u].bytes;
            for (const g of units[u].groups) need.set(g, (need.get(g) ?? 0) + units[u].bytes);
        }
        let padding = 0;
        for (const [g, n] of need) padding += weight([g]) * (total - n);
        return padding;
    };
    const costs = merged.map((_, i) => cost(i));
    for (let round = 0, moved = true; moved && round < 100; round++) {
        moved = false;
        for (let u = 0; u < units.length; u++) {
            const from = at[u];
            let best = from;
            let gain = 0;
            const before = costs[from];
            at[u] = -1;
            const without = cost(from);
            for (let to = 0; to < merged.length; to++) {
                if (to === from) continue;
                const was = costs[to];
                at[u] = to;
                const now = without + cost(to) - before - was;
                if (now < gain) [gain, best] = [now, to];
                at[u] = -1;
            }
            at[u] = best;
            if (best !== from) {
                costs[from] = without;
                costs[best] = cost(best);
                moved = true;
            }
        }
    }
    const out = merged.map(() => ({ files: [], bytes: 0 }));
    units.forEach((u, i) => {
        out[at[i]].files.push(...u.files);
        out[at[i]].bytes += u.bytes;
    });
    return out.filter((p) => p.files.length > 0);
}

/** Unsigned LEB128, as the headers write their numbers. */
function uleb(n) {
    const out = [];
    do {
        const low = n % 128;
        n = Math.floor(n / 128);
        out.push(n ? low | 128 : low);
    } while (n);
    return out;
}

/**
 * A pack's header, before its modules:
 *   - the number of modules, n, and the number of groups, G (LEB128 both);
 *   - for each group g (0 … G-1), one bit per module, set when g instantiates that module as a
 *     chunk: module i is bit i % 8 of byte g × ⌈n/8⌉ + ⌊i/8⌋.
 * A group's number is its own pack's, whose first module is its split module; the group
 * instantiates that one itself, after its chunks, so no bit is set for it. The bits are a row
 * per group rather than a set of groups per module: the CLI makes one chunk per distinct set
 * of groups, so per-module sets never repeat, while a group's row has runs gzip shortens.
 *
 * The modules' lengths are not written: each module is found by walking its sections (see
 * `readPack`), as the loader does. Lengths would have cost about 2 bytes a module, 400 B of
 * gzip in the console's pack alone, for what the modules already say.
 */
export function packHeader(files, groupsOf, groups) {
    const width = Math.ceil(files.length / 8);
    const rows = new Uint8Array(groups * width);
    files.forEach((f, i) => {
        for (const g of groupsOf(f)) rows[g * width + (i >> 3)] |= 1 << (i & 7);
    });
    return Buffer.from([...uleb(files.length), ...uleb(groups), ...rows]);
}

/**
 * A pack's modules, read as the loader reads them: after the header, a module is its magic
 * and version (8 bytes), then sections (an id byte, a LEB128 size, that many bytes) until the
 * pack ends or the next module's magic, "\0asm", begins. A section of a valid module cannot
 * begin with those bytes: id 0 is a custom section, 0x61 its size (97 bytes), and 0x73 the
 * length of its name, 115 bytes, longer than the section. The packer checks it anyway on
 * every pack it writes.
 */
export function readPack(pack) {
    let at = 0;
    const leb = () => {
        let n = 0, shift = 0, b;
        do {
            b = pack[at++];
            n += (b & 127) * 2 ** shift;
            shift += 7;
        } while (b & 128);
        return n;
    };
    const count = leb();
    // Its own statement: `at += leb() * …` would read `at` before leb() moves it.
    const groups = leb();
    at += groups * Math.ceil(count / 8);
    const magic = () => pack[at] === 0 && pack[at + 1] === 0x61 && pack[at + 2] === 0x73 && pack[at + 3] === 0x6d;
    return Array.from({ length: count }, () => {
        const start = at;
        at += 8;
        while (at < pack.length && !magic()) {
            at++;
            const size = leb();
            at += size;
        }
        return pack.subarray(start, at);
    });
}

/**
 * The loader: the CLI's header, the packs' names, and for each group the packs it needs; which
 * modules of a pack a group needs the pack's header says, and where they are their sections.
 */
export function loader(graph, packs, needs) {
    const { header, wrap, exports } = graph;
    const names = packs.map((p) => p.name.replace(/^pack_(.*)\.wasm$/, "$1"));
    const table = exports.map((e, g) => `    "${ranges(needs[g])}", // ${names[g]}`);
    const load = exports.map((e, g) => `export const ${e.name} = group(${g});`);
    return `${header}// Written by scripts/pack-modules.mjs: the modules travel in packs (see the script).
// Each pack's file, pack_<name>.wasm. The first ones are the route groups' own, in the order
// of their numbers, so a group's number is also its own pack's.
const packs = ${JSON.stringify(names)};
const fetching = [];
/** A pack's modules, fetched once; a failed fetch is forgotten so the next load tries again. */
function pack(p, priority = "auto") {
    if (fetching[p] === undefined) {
        const file = \`pack_\${packs[p]}.wasm\`;
        const modules = fetch(new URL("./" + file, import.meta.url), { priority }).then(async (r) => {
            if (!r.ok) throw new Error(\`\${file} answered HTTP \${r.status}\`);
            return unpack(new Uint8Array(await r.arrayBuffer()), file);
        });
        modules.catch(() => {
            if (fetching[p] === modules) fetching[p] = undefined;
        });
        fetching[p] = modules;
    }
    return fetching[p];
}
/** A pack's modules (see packHeader and readPack in the script): each one's bytes, whether
 * group g instantiates it as a chunk, and its load (once, like the CLI's chunks). */
function unpack(bytes, file) {
    let at = 0;
    const leb = () => {
        let n = 0, shift = 0, b;
        do {
            b = bytes[at++];
            n += (b & 127) * 2 ** shift;
            shift += 7;
        } while (b & 128);
        return n;
    };
    const count = leb();
    // Each module is 8 bytes at least: a larger count is no pack (a server's HTML page for a
    // missing file, say), which must fail (and be fetched again) rather than be allocated for.
    if (count * 8 > bytes.length) throw new Error(\`\${file} is not a pack\`);
    const groups = leb();
    const width = (count + 7) >> 3;
    const rows = bytes.subarray(at, (at += groups * width));
    // Each module ends where its sections do: at the pack's end or the next module's magic,
    // "\\0asm", which no section of a valid module begins with (see readPack in the script).
    const magic = () => bytes[at] === 0 && bytes[at + 1] === 97 && bytes[at + 2] === 115 && bytes[at + 3] === 109;
    return Array.from({ length: count }, (_, i) => {
        const start = at;
        at += 8; // magic and version
        while (at < bytes.length && !magic()) {
            at++; // the section's id
            const size = leb(); // apart: \`at += leb()\` would read \`at\` before leb() moves it
            at += size;
        }
        const module = bytes.subarray(start, at);
        return {
            module,
            chunkOf: (g) => (rows[g * width + (i >> 3)] >> (i & 7)) & 1,
            load: makeLoad(() => (imports) => instantiate(module, imports), []),
        };
    });
}
const instantiate = (module, imports) => ${wrap}(WebAssembly.instantiate(module, imports));
${NUMBERS_JS}// The packs each split point (a route group) needs, by the group's number: its own, and those
// holding its chunks.
const needs = [
${table.join("\n")}
];
/** Group g's load: its chunks in every pack it needs, each pack's as soon as it arrives, then
 * its split module (its own pack's first). */
function group(g) {
    const chunks = (p) => () => pack(p).then((modules) => Promise.all(modules.filter((m) => m.chunkOf(g)).map((m) => m.load())));
    const split = () => {
        const src = pack(g);
        src.catch(() => {});
        return async (imports) => instantiate((await src)[0].module, imports);
    };
    return wrapAsyncCb(makeLoad(split, numbers(needs[g]).map(chunks)));
}
${load.join("\n")}
// Fetches a group's packs ahead (src/prefetch.rs) at low priority, instantiating nothing;
// answers how many fetches it started.
globalThis.__consolePrefetch = (name) => {
    const wanted = numbers(needs[packs.indexOf(name)] || "").filter((p) => fetching[p] === undefined);
    for (const p of wanted) pack(p, "low").catch(() => {});
    return wanted.length;
};
`;
}

const NUMBERS_JS = `// Numbers are written as ranges: "20-24 31" is 20, 21, 22, 23, 24 and 31.
const numbers = (spec) => spec.split(" ").filter(Boolean).flatMap((range) => {
    const [from, to = from] = range.split("-").map(Number);
    return Array.from({ length: to - from + 1 }, (_, i) => from + i);
});
`;

/**
 * Packs the modules in `dir` (the CLI's output): writes the packs, the loader and packs.json,
 * and removes the modules it packed.
 */
export function packDir(dir) {
    const file = join(dir, "__wasm_split.js");
    const graph = parse(readFileSync(file, "utf8"));
    for (const [n, ds] of graph.chunks) {
        // The CLI has only ever listed a split point's chunks in full, each chunk needing none;
        // the loader instantiates a group's chunks in any order, so a new CLI that orders them
        // must be looked at first.
        if (ds.length) throw new Error(`pack-modules: chunk ${n} needs chunks ${ds.join(", ")}; the loader cannot order chunks`);
    }
    const size = (f) => statSync(join(dir, f)).size;
    const packs = plan(graph, size);
    const home = new Map(); // module file -> pack number
    packs.forEach((p, i) => p.files.forEach((f) => home.set(f, i)));
    const chunkOf = new Map(); // chunk file -> the groups (by number) instantiating it
    const needs = graph.exports.map((e, g) => {
        if (packs[g].files[0] !== e.file) throw new Error(`pack-modules: ${packs[g].name} does not start with ${e.file}`);
        const files = [...closure(e.deps, graph.chunks)].map((n) => `chunk_${n}.wasm`);
        for (const f of files) chunkOf.set(f, [...(chunkOf.get(f) ?? []), g]);
        return [...new Set([e.file, ...files].map((f) => home.get(f)))];
    });
    let headers = 0;
    for (const p of packs) {
        const head = packHeader(p.files, (f) => chunkOf.get(f) ?? [], graph.exports.length);
        headers += head.length;
        const parts = p.files.map((f) => readFileSync(join(dir, f)));
        const bytes = Buffer.concat([head, ...parts]);
        // The loader finds the modules by walking their sections: a module that would not read
        // back whole (not wasm, or damaged) stops the build here rather than in a browser.
        const found = readPack(bytes);
        p.files.forEach((f, i) => {
            if (found.length !== parts.length || !parts[i].equals(found[i])) throw new Error(`pack-modules: ${f} does not read back from ${p.name}`);
        });
        writeFileSync(join(dir, p.name), bytes);
        for (const f of p.files) unlinkSync(join(dir, f));
    }
    writeFileSync(file, loader(graph, packs, needs));
    // Which packs each group needs, for tests and people (the loader holds the same, by number).
    const byName = {};
    graph.exports.forEach((e, g) => {
        byName[e.name.slice(PREFIX.length)] = needs[g].map((p) => packs[p].name).sort();
    });
    writeFileSync(join(dir, "packs.json"), JSON.stringify(byName, null, 1));
    const modules = packs.reduce((sum, p) => sum + p.files.length, 0);
    return { modules, packs: packs.length, shared: packs.length - graph.exports.length, headers };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
    const dir = process.argv[2];
    if (!dir) throw new Error("usage: node scripts/pack-modules.mjs <dir>");
    const r = packDir(dir);
    console.log(`pack-modules: ${r.modules} modules in ${r.packs} packs (${r.shared} shared), headers ${r.headers} B`);
}
