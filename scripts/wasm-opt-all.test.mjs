// Tests of wasm-opt-all.mjs: what it writes must be byte for byte what the wasm-opt CLI writes
// with the build's flags, and a module it cannot read must stop it, naming the file.
// `node --test scripts/wasm-opt-all.test.mjs`
//
// Two inputs: a made-up module whose every function the flags change (always), and a sample
// of this build's split modules (SPLIT_DIR, or target/split/split as scripts/build-wasm.sh
// leaves it; the test fails when there is none, since it could then check nothing real).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { after, test } from "node:test";
import { fileURLToPath } from "node:url";

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const CLI = join(ROOT, ".tools/node_modules/.bin/wasm-opt");
const FLAGS = ["--reorder-functions-by-name", "-Oz", "--low-memory-unused", "--strip-producers", "--strip-target-features"];
const work = mkdtempSync(join(tmpdir(), "wasm-opt-all-"));
after(() => rmSync(work, { recursive: true, force: true }));

// Each function needs one of the flags: `b` before `a` in the file (ordered by name), a
// constant offset added to a pointer (folded into the load only when low memory is unused),
// and a local set, then a call, then the local read once (the value can wait on the stack
// across the call, so only Stack IR's optimisation removes the local).
const MADE_UP = String.raw`(module
  (import "env" "f" (func $f (result i32)))
  (import "env" "g" (func $g (param i32)))
  (import "env" "h" (func $h))
  (memory 1)
  (func $b (export "b") (param $p i32) (result i32)
    (i32.load (i32.add (local.get $p) (i32.const 16))))
  (func $a (export "a") (local $x i32)
    (local.set $x (call $f))
    (call $h)
    (call $g (local.get $x))))`;

function runCli(file) {
    const out = spawnSync(CLI, [...FLAGS, file, "-o", file], { encoding: "utf8" });
    assert.equal(out.status, 0, `wasm-opt ${file}: ${out.stderr}`);
}

function runScript(dir) {
    return spawnSync("node", [join(ROOT, "scripts/wasm-opt-all.mjs"), dir], { encoding: "utf8" });
}

/** Optimises copies of `sources` both ways and asserts the bytes are the same. */
function sameAsCli(sources) {
    const byCli = mkdtempSync(join(work, "cli-"));
    const byScript = mkdtempSync(join(work, "script-"));
    for (const source of sources) {
        const name = source.split("/").pop();
        copyFileSync(source, join(byCli, name));
        copyFileSync(source, join(byScript, name));
        runCli(join(byCli, name));
    }
    const out = runScript(byScript);
    assert.equal(out.status, 0, out.stderr);
    assert.match(out.stdout, new RegExp(`${sources.length} modules optimised`));
    for (const source of sources) {
        const name = source.split("/").pop();
        const [cli, script] = [readFileSync(join(byCli, name)), readFileSync(join(byScript, name))];
        assert.ok(script.length < readFileSync(source).length, `${name} was not optimised`);
        assert.ok(cli.equals(script), `${name}: ${script.length} B, the CLI's ${cli.length} B`);
    }
}

test("a made-up module comes out as the CLI writes it", async () => {
    const { default: binaryen } = await import(join(ROOT, ".tools/node_modules/binaryen/index.js"));
    const module = binaryen.parseText(MADE_UP);
    binaryen.setDebugInfo(true); // the names, which the build's modules carry too
    const file = join(work, "made_up.wasm");
    writeFileSync(file, module.emitBinary());
    module.dispose();
    sameAsCli([file]);
});

test("this build's split modules come out as the CLI writes them", () => {
    const dir = process.env.SPLIT_DIR ?? join(ROOT, "target/split/split");
    assert.ok(existsSync(dir), `no split build in ${dir}: run make build (or set SPLIT_DIR)`);
    const modules = readdirSync(dir)
        .filter((name) => name.endsWith(".wasm") && name !== "cluster-console.wasm")
        .map((name) => join(dir, name))
        .sort((a, b) => statSync(a).size - statSync(b).size);
    assert.ok(modules.length > 10, `only ${modules.length} modules in ${dir}`);
    // The three smallest, three around the middle and one route group of 50-100 KB: a second
    // or two of the CLI each.
    const middle = Math.floor(modules.length / 2);
    const group = modules.find((m) => m.includes("/split_") && statSync(m).size > 50_000 && statSync(m).size < 100_000);
    assert.ok(group, "no route group of 50-100 KB to check");
    sameAsCli([...modules.slice(0, 3), ...modules.slice(middle, middle + 3), group]);
});

test("a module that cannot be read stops it, naming the file", () => {
    const dir = mkdtempSync(join(work, "broken-"));
    writeFileSync(join(dir, "broken.wasm"), Buffer.from("not wasm at all"));
    const out = runScript(dir);
    assert.notEqual(out.status, 0, "a broken module was let through");
    assert.match(out.stderr, /broken\.wasm/);
});
