// Optimises every .wasm file in a directory in place, as
//   wasm-opt --reorder-functions-by-name -Oz --low-memory-unused \
//            --strip-producers --strip-target-features FILE -o FILE
// would, with binaryen 132 (npm `binaryen`, the same package as that wasm-opt).
//
// Why not that CLI once per file: it is binaryen compiled to JavaScript, and each run spends
// about a second of CPU starting (parsing 11 MB of JS) before it reads a module. The split
// build has ~600 modules, most of a few KB, so on 2 cores the starts alone took most of the
// build's quarter of an hour. Here each worker thread loads binaryen once and takes modules,
// largest first, from a shared list; the output is byte for byte the CLI's (the way to check
// it is in BENCHMARKS.md, "Build time").
//
// Usage: node scripts/wasm-opt-all.mjs DIR
import { readFileSync, readdirSync, writeFileSync, statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { Worker, isMainThread, parentPort } from "node:worker_threads";

if (isMainThread) {
    const dir = process.argv[2];
    if (!dir) {
        console.error("usage: node scripts/wasm-opt-all.mjs DIR");
        process.exit(2);
    }
    const files = readdirSync(dir)
        .filter((name) => name.endsWith(".wasm"))
        .map((name) => join(dir, name))
        .sort((a, b) => statSync(b).size - statSync(a).size);
    const lanes = Math.max(1, Math.min(availableParallelism(), files.length));
    let next = 0;
    let failed = false;
    const lane = () =>
        new Promise((done) => {
            const worker = new Worker(new URL(import.meta.url));
            const give = () => worker.postMessage(failed ? null : (files[next++] ?? null));
            worker.on("message", (reply) => {
                if (reply.error) {
                    console.error(`wasm-opt-all: ${reply.file}: ${reply.error}`);
                    failed = true;
                }
                give();
            });
            worker.on("error", (e) => {
                console.error(`wasm-opt-all: ${e.stack ?? e}`);
                failed = true;
                done();
            });
            worker.on("exit", (code) => {
                if (code !== 0) failed = true;
                done();
            });
            give();
        });
    await Promise.all(Array.from({ length: lanes }, lane));
    if (failed) process.exit(1);
    console.log(`wasm-opt-all: ${files.length} modules optimised on ${lanes} threads`);
} else {
    // `make setup` installs it into .tools (as the wasm-opt CLI's package).
    const where = new URL("../.tools/node_modules/binaryen/index.js", import.meta.url);
    const { default: binaryen } = await import(where.href);
    // The CLI's flags: -Oz, --low-memory-unused; no -g, so no names section is written.
    binaryen.setOptimizeLevel(2);
    binaryen.setShrinkLevel(2);
    binaryen.setLowMemoryUnused(true);
    binaryen.setDebugInfo(false);
    // At -O2 and above the CLI also writes through Stack IR, optimised (local2stack and the like).
    binaryen.setGenerateStackIR(true);
    binaryen.setOptimizeStackIR(true);
    parentPort.on("message", (file) => {
        if (file === null) {
            parentPort.close();
            return;
        }
        try {
            // Its features are what the module's target_features section says, as for the CLI.
            const module = binaryen.readBinary(readFileSync(file));
            try {
                module.runPasses(["reorder-functions-by-name"]);
                module.optimize();
                module.runPasses(["strip-producers", "strip-target-features"]);
                if (!module.validate()) throw new Error("the optimised module does not validate");
                writeFileSync(file, module.emitBinary());
            } finally {
                module.dispose();
            }
            parentPort.postMessage({ file });
        } catch (e) {
            parentPort.postMessage({ file, error: String(e?.stack ?? e) });
        }
    });
}
