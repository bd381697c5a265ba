// What a code group's download holds, without a browser: the modules a navigation to the
// given groups fetches beyond what the main module and the `console` group already brought
// (the group's split module and the chunks it needs, as wasm-split-cli's loader names them),
// by crate, by console module and by generic function, from their name sections.
//
// It reads the split output before wasm-opt (target/split/split: split_<group>.wasm,
// chunk_N.wasm and the CLI's own __wasm_split.js, written by scripts/build-wasm.sh before the
// packer rewrites the loader in dist). Raw bytes before wasm-opt: shares, not download sizes.
// "Own" is what only these groups use (what the packer puts in their packs); "shared" is what
// they share with later groups (the shared packs).
//
// Usage: node scripts/bench/group-weight.mjs [--dir target/split/split] group [group…]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { closure, parse } from '../split-loader.mjs';
import { ROOT } from './paths.mjs';
import { bytes, printTable } from './report.mjs';
import { classify, parseModule, weigh } from './weight.mjs';

const PREFIX = '__wasm_split_load_';
/** Loaded before any later screen: what they need is never fetched again (unless weighed). */
const LOADED = ['console', 'signing_in', 'i18n_load'];

/** A function's name without its hash and generic arguments: instances of one generic meet. */
function generic(name) {
  const { crate, path: p } = classify(name);
  const tail = p.map((s) => s.replace(/<.*$/s, '')).join('::');
  return `${crate}::${tail}`;
}

/**
 * The console file a function is for: the first console path its symbol names, in its own
 * path or in a generic argument (a Leptos effect made for a viewer closure counts for the
 * viewer), up to four segments; null when it names none.
 */
export function consoleFile(name) {
  const at = name ? name.indexOf('15cluster_console') : -1;
  if (at < 0) return null;
  const out = [];
  let p = at + '15cluster_console'.length;
  while (out.length < 4) {
    const m = /^(\d+)_?/.exec(name.slice(p));
    if (!m) break;
    const ident = name.slice(p + m[0].length, p + m[0].length + Number(m[1]));
    if (!/^[a-z_][a-z0-9_]*$/.test(ident) || ident.startsWith('___')) break;
    out.push(ident);
    p += m[0].length + ident.length;
  }
  return out.length ? out.join('::') : '(instances over library types, made by the console)';
}

function main() {
  const args = process.argv.slice(2);
  let dir = path.join(ROOT, 'target', 'split', 'split');
  const at = args.indexOf('--dir');
  if (at >= 0) [, dir] = args.splice(at, 2);
  const groups = args;
  if (groups.length === 0) throw new Error('name at least one group');
  const { chunks, exports } = parse(readFileSync(path.join(dir, '__wasm_split.js'), 'utf8'));
  const byName = new Map(exports.map((e) => [e.name.slice(PREFIX.length), e]));
  const users = new Map();
  for (const e of exports) for (const n of closure(e.deps, chunks)) users.set(n, [...(users.get(n) ?? []), e.name.slice(PREFIX.length)]);
  const loaded = new Set();
  for (const g of LOADED) if (byName.has(g) && !groups.includes(g)) for (const n of closure(byName.get(g).deps, chunks)) loaded.add(n);
  const wanted = new Set();
  for (const g of groups) {
    const e = byName.get(g);
    if (!e) throw new Error(`no split point for ${g}`);
    for (const n of closure(e.deps, chunks)) if (!loaded.has(n)) wanted.add(n);
  }
  const files = [...groups.map((g) => ({ file: byName.get(g).file, own: true })),
    ...[...wanted].map((n) => ({ file: `chunk_${n}.wasm`, own: users.get(n).every((u) => groups.includes(u)) }))];
  const fns = [];
  let data = { own: 0, shared: 0 };
  for (const { file, own } of files) {
    const f = path.join(dir, file);
    if (!existsSync(f)) throw new Error(`missing ${f}`);
    const buf = readFileSync(f);
    let m;
    try {
      m = parseModule(buf);
    } catch {
      m = { functions: [{ index: 0, name: null, size: buf.length }], data: 0 }; // a module with no name section
    }
    data[own ? 'own' : 'shared'] += m.data;
    for (const fn of m.functions) fns.push({ ...fn, own, file });
  }
  const src = path.join(ROOT, 'src');
  const isModule = (rel) => existsSync(path.join(src, `${rel}.rs`)) || existsSync(path.join(src, rel, 'mod.rs'));
  for (const part of ['own', 'shared']) {
    const these = fns.filter((f) => f.own === (part === 'own'));
    const { crates, modules, code, functions } = weigh(these, isModule);
    console.log(`\n${groups.join(' + ')}: ${part} code ${bytes(code)} B in ${bytes(functions)} functions, data ${bytes(data[part])} B, `
      + `${files.filter((f) => f.own === (part === 'own')).length} modules`);
    printTable(['crate', 'bytes', 'functions'], crates.slice(0, 20).map((c) => [c.key, bytes(c.size), bytes(c.count)]), '  ');
    console.log('  console modules:');
    printTable(['module', 'bytes', 'functions'], modules.slice(0, 25).map((m) => [m.key, bytes(m.size), bytes(m.count)]), '  ');
    const perFile = new Map();
    for (const f of these) {
      const k = consoleFile(f.name) ?? `(no console path: ${classify(f.name).crate})`;
      const t = perFile.get(k) ?? { key: k, size: 0, count: 0 };
      t.size += f.size; t.count++;
      perFile.set(k, t);
    }
    console.log('  by the console file each function is for (its own or a generic argument\'s), top 30:');
    printTable(['file', 'bytes', 'functions'],
      [...perFile.values()].sort((a, b) => b.size - a.size).slice(0, 30).map((g) => [g.key, bytes(g.size), bytes(g.count)]), '  ');
    const gen = new Map();
    for (const f of these) {
      const k = f.name ? generic(f.name) : '(unnamed)';
      const t = gen.get(k) ?? { key: k, size: 0, count: 0 };
      t.size += f.size; t.count++;
      gen.set(k, t);
    }
    console.log('  by function (instances together), top 40:');
    printTable(['function', 'bytes', 'instances'],
      [...gen.values()].sort((a, b) => b.size - a.size).slice(0, 40).map((g) => [g.key.slice(0, 110), bytes(g.size), bytes(g.count)]), '  ');
  }
}

try {
  main();
} catch (e) {
  console.error(`group-weight: ${e.message}`);
  process.exitCode = 1;
}
