// `make size`, without a browser: where the main module's code comes from, by crate, and
// which of the console's own modules weigh most.
//
// It reads the split main module before wasm-opt (target/split/split/cluster-console.wasm,
// written by scripts/build-wasm.sh), whose name section still names every function; the
// optimised module has lost the names, and the unsplit one also holds the lazy modules'
// code. Each function's code-section body is counted for the crate of its (Rust) name: the
// first path segment, for a trait method `<A as B>::f` the crate of A, or of B when A is a
// generic parameter or a primitive. A generic's instances count for the crate that defines
// it (Leptos' renderer instantiated for a console view is Leptos'). Raw bytes before wasm-opt,
// so shares, not download sizes (the download is gzip after wasm-opt: size-budget.json).
//
// Usage: node scripts/bench/weight.mjs [module.wasm]   (or WASM=path)
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { leb } from '../wasm-leb.mjs';
import { ROOT } from './paths.mjs';
import { bytes, printTable } from './report.mjs';

const CONSOLE_CRATE = 'cluster_console';
// wasm-bindgen runs these at build time to learn the bindings' types, then removes them: they
// are in the module read here, never in the one shipped, so they are left out of the shares.
const DESCRIPTOR = '__wbindgen_describe';
const DESCRIPTORS = '(wasm-bindgen descriptors)';

function readName(buf, at) {
  const [len, start] = leb(buf, at);
  return [new TextDecoder().decode(buf.subarray(start, start + len)), start + len];
}

function limits(buf, at) {
  const flags = buf[at++];
  let n;
  [n, at] = leb(buf, at); // minimum
  if (flags & 1) [n, at] = leb(buf, at); // maximum
  return at;
}

/** The number of imported functions: they come first in the function index space. */
function importedFunctions(buf, at, end) {
  let count, funcs = 0;
  [count, at] = leb(buf, at);
  for (let i = 0; i < count; i++) {
    [, at] = readName(buf, at); // module
    [, at] = readName(buf, at); // field
    const kind = buf[at++];
    if (kind === 0) { funcs++; [, at] = leb(buf, at); }
    else if (kind === 1) at = limits(buf, at + 1); // reference type, then limits
    else if (kind === 2) at = limits(buf, at);
    else if (kind === 3) at += 2; // value type, mutability
    else if (kind === 4) [, at] = leb(buf, at + 1); // tag: attribute, type
    else throw new Error(`weight: import kind ${kind} at byte ${at - 1} is not known`);
  }
  if (at !== end) throw new Error('weight: the import section was misread');
  return funcs;
}

/** The function names of a `name` custom section's subsection 1. */
function functionNames(buf, at, end, names) {
  while (at < end) {
    const id = buf[at++];
    let size;
    [size, at] = leb(buf, at);
    if (id === 1) {
      let count, p = at;
      [count, p] = leb(buf, p);
      for (let i = 0; i < count; i++) {
        let index, name;
        [index, p] = leb(buf, p);
        [name, p] = readName(buf, p);
        names.set(index, name);
      }
    }
    at += size;
  }
}

/**
 * A module's functions with a body: [{ index, name, size }] (size: the body's bytes), and
 * the data section's size.
 */
export function parseModule(buf) {
  const magic = [0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00];
  if (buf.length < 8 || magic.some((b, i) => buf[i] !== b)) throw new Error('weight: not a wasm module (version 1)');
  let at = 8, imports = 0, data = 0, code = null;
  const names = new Map();
  while (at < buf.length) {
    const id = buf[at++];
    let size;
    [size, at] = leb(buf, at);
    const end = at + size;
    if (end > buf.length) throw new Error(`weight: section ${id} runs past the end`);
    if (id === 2) imports = importedFunctions(buf, at, end);
    else if (id === 10) code = [at, end];
    else if (id === 11) data = size;
    else if (id === 0) {
      const [name, p] = readName(buf, at);
      if (name === 'name') functionNames(buf, p, end, names);
    }
    at = end;
  }
  if (!code) throw new Error('weight: the module has no code section');
  if (names.size === 0) throw new Error('weight: the module has no function names (a name section): read the module before wasm-opt');
  const functions = [];
  let [count, p] = leb(buf, code[0]);
  for (let i = 0; i < count; i++) {
    let size;
    [size, p] = leb(buf, p);
    functions.push({ index: imports + i, name: names.get(imports + i) ?? null, size });
    p += size;
  }
  if (p !== code[1]) throw new Error('weight: the code section was misread');
  return { functions, data };
}

const ESCAPES = { SP: '@', BP: '*', RF: '&', LT: '<', GT: '>', LP: '(', RP: ')', C: ',' };

/** A legacy-mangled identifier as Rust spells it: `_$LT$a..B$GT$` -> `<a::B>`. */
function unescape(ident) {
  const s = ident.startsWith('_$') ? ident.slice(1) : ident;
  return s
    .replace(/\$(SP|BP|RF|LT|GT|LP|RP|C|u[0-9a-f]+)\$/g, (_, e) => ESCAPES[e] ?? String.fromCodePoint(parseInt(e.slice(1), 16)))
    .replace(/\.\./g, '::');
}

/** Splits `a::<b::c as d>::e` at the `::` outside angle brackets. */
function splitPath(s) {
  const out = [];
  let depth = 0, from = 0;
  for (let i = 0; i < s.length; i++) {
    if (s[i] === '<') depth++;
    else if (s[i] === '>' && s[i - 1] !== '-') depth = Math.max(0, depth - 1);
    else if (depth === 0 && s.startsWith('::', i)) { out.push(s.slice(from, i)); from = i + 2; i++; }
  }
  out.push(s.slice(from));
  return out;
}

/** Legacy `_ZN<len><ident>…E`: the path's segments, the hash dropped. */
function legacy(sym) {
  const out = [];
  let at = 3;
  while (at < sym.length && sym[at] !== 'E') {
    const m = /^\d+/.exec(sym.slice(at));
    if (!m) return null;
    at += m[0].length;
    out.push(unescape(sym.slice(at, at + Number(m[0]))));
    at += Number(m[0]);
  }
  return out;
}

/** base-62 as v0 writes it (`_` is 0, `<digits>_` is the value plus one). */
function base62(cur) {
  if (cur.s[cur.at] === '_') { cur.at++; return 0; }
  let n = 0;
  for (;;) {
    const c = cur.s[cur.at++];
    if (c === '_') return n + 1;
    const d = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'.indexOf(c);
    if (d < 0) throw new Error('v0: base-62');
    n = n * 62 + d;
  }
}

/**
 * v0 `_R…` (RFC 2603): the path's segments. A trait or inherent impl's method is placed
 * where the impl is written (`impl` blocks carry their module in v0), so a console type's
 * `impl Clone` counts for the console and serde's impl for `Vec<T>` for serde. Types and
 * generic arguments are read only to be skipped.
 */
function v0(sym) {
  const cur = { s: sym.slice(2), at: 0 };
  const peek = () => cur.s[cur.at];
  const next = () => cur.s[cur.at++];
  const decimal = () => {
    const m = /^(?:0|[1-9]\d*)/.exec(cur.s.slice(cur.at)); // `0` stands alone: `00` is two
    if (!m) throw new Error('v0: number');
    cur.at += m[0].length;
    return Number(m[0]);
  };
  const undisambiguated = () => {
    if (peek() === 'u') cur.at++;
    const len = decimal();
    if (peek() === '_') cur.at++;
    const out = cur.s.slice(cur.at, cur.at + len);
    cur.at += len;
    return out;
  };
  const identifier = () => {
    if (peek() === 's') { cur.at++; base62(cur); }
    return undisambiguated();
  };
  /** Follows a backref to what it names, then comes back. */
  const backref = (read) => {
    const to = base62(cur);
    const back = cur.at;
    cur.at = to;
    const out = read();
    cur.at = back;
    return out;
  };
  const lifetime = () => { if (peek() === 'L') { cur.at++; base62(cur); } };
  const constant = () => {
    const c = next();
    if (c === 'p') return;
    if (c === 'B') { base62(cur); return; }
    if (peek() === 'n') cur.at++;
    while (peek() !== '_') { if (cur.at >= cur.s.length) throw new Error('v0: const'); cur.at++; }
    cur.at++;
  };
  const genericArg = () => {
    if (peek() === 'L') lifetime();
    else if (peek() === 'K') { cur.at++; constant(); }
    else type();
  };
  const type = () => {
    const c = next();
    if ('abcdefhijlmnostuvxyzp'.includes(c)) return;
    switch (c) {
      case 'A': type(); constant(); return;
      case 'S': case 'P': case 'O': type(); return;
      case 'R': case 'Q': lifetime(); type(); return;
      case 'T': while (peek() !== 'E') type(); cur.at++; return;
      case 'F':
        if (peek() === 'G') { cur.at++; base62(cur); }
        if (peek() === 'U') cur.at++;
        if (peek() === 'K') { cur.at++; if (peek() === 'C') cur.at++; else undisambiguated(); }
        while (peek() !== 'E') type();
        cur.at++;
        type();
        return;
      case 'D':
        if (peek() === 'G') { cur.at++; base62(cur); }
        while (peek() !== 'E') {
          path();
          while (peek() === 'p') { cur.at++; undisambiguated(); type(); }
        }
        cur.at++;
        lifetime();
        return;
      case 'B': base62(cur); return;
      default: cur.at--; path(); // a named type
    }
  };
  const implPath = () => {
    if (peek() === 's') { cur.at++; base62(cur); }
    return path();
  };
  const path = () => {
    const c = next();
    switch (c) {
      case 'C': return [identifier()];
      case 'N': {
        const ns = next();
        const parent = path();
        const name = identifier();
        return [...parent, ns === 'C' ? '{{closure}}' : name];
      }
      case 'M': { const p = implPath(); type(); return p; }
      case 'X': { const p = implPath(); type(); path(); return p; }
      case 'Y': { type(); return path(); } // <T as Trait>: the trait's default method
      case 'I': {
        const p = path();
        while (peek() !== 'E') { if (cur.at >= cur.s.length) throw new Error('v0: generic'); genericArg(); }
        cur.at++;
        return p;
      }
      case 'B': return backref(path);
      default: throw new Error(`v0: path ${c}`);
    }
  };
  try {
    if (/\d/.test(peek())) decimal(); // encoding version
    return path();
  } catch {
    return null;
  }
}

/** A function name's Rust path segments (`<A as B>` one segment), or null if it is not Rust. */
export function segments(name) {
  let s = name.replace(/\.llvm\.\d+$/, '');
  let out;
  if (s.startsWith('_ZN')) out = legacy(s);
  else if (s.startsWith('_R')) out = v0(s);
  else if (s.includes('::')) out = splitPath(s).map(unescape); // already demangled (by the linker)
  else return null;
  if (!out || out.length === 0) return null;
  if (/^h[0-9a-f]{16}$/.test(out[out.length - 1])) out.pop();
  return out;
}

/** The path a `<A as B>` or `<A>` segment stands for: A when it is a path, else B. */
function implPath(segment) {
  const inner = segment.slice(1, -1);
  let depth = 0, as = -1;
  for (let i = 0; i < inner.length; i++) {
    if (inner[i] === '<') depth++;
    else if (inner[i] === '>' && inner[i - 1] !== '-') depth--;
    else if (depth === 0 && inner.startsWith(' as ', i)) { as = i; break; }
  }
  const strip = (t) => t.replace(/^(?:&|mut |\*const |\*mut |dyn |\[|\()+/, '');
  const a = strip(as < 0 ? inner : inner.slice(0, as));
  if (splitPath(a).length > 1) return splitPath(a);
  return as < 0 ? null : splitPath(strip(inner.slice(as + 4)));
}

/** The crate a function belongs to and its path within it, or a bucket for non-Rust names. */
export function classify(name) {
  if (name === null) return { crate: '(unnamed)', path: [] };
  const segs = segments(name);
  if (!segs) {
    if (name.startsWith(DESCRIPTOR)) return { crate: DESCRIPTORS, path: [] };
    if (/^__wbg|^__wbindgen|^__externref/.test(name)) return { crate: '(wasm-bindgen glue)', path: [] };
    if (/^__wasm_split/.test(name)) return { crate: '(wasm-split stubs)', path: [] };
    return { crate: '(other, not Rust)', path: [] };
  }
  let full = segs;
  if (segs[0].startsWith('<')) {
    const p = implPath(segs[0]);
    if (!p) return { crate: '(primitive impls)', path: [] };
    full = [...p, ...segs.slice(1)];
  }
  const crate = full[0].replace(/<.*$/, '');
  return { crate, path: full.slice(1) };
}

/** The console module a path is in: the longest prefix (at most two) that is a module file. */
export function consoleModule(path, isModule) {
  for (const n of [2, 1]) {
    const prefix = path.slice(0, n);
    if (prefix[0] === 'main' || prefix[0] === 'lib') continue; // the crate root's file
    if (prefix.length === n && prefix.every((s) => /^[a-z_][a-z0-9_]*$/.test(s)) && isModule(prefix.join('/'))) {
      return prefix.join('::');
    }
  }
  return '(crate root)';
}

/** Sums sizes by key: [{ key, size, count }], largest first. */
function tally(items, key) {
  const m = new Map();
  for (const it of items) {
    const k = key(it);
    const t = m.get(k) ?? { key: k, size: 0, count: 0 };
    t.size += it.size;
    t.count++;
    m.set(k, t);
  }
  return [...m.values()].sort((a, b) => b.size - a.size || a.key.localeCompare(b.key));
}

/** The module's code by crate, and the console's own modules. */
export function weigh(functions, isModule) {
  const all = functions.map((f) => ({ ...f, ...classify(f.name) }));
  const classified = all.filter((f) => f.crate !== DESCRIPTORS);
  const descriptors = all.filter((f) => f.crate === DESCRIPTORS);
  const crates = tally(classified, (f) => f.crate);
  const own = classified.filter((f) => f.crate === CONSOLE_CRATE);
  const modules = tally(own, (f) => consoleModule(f.path, isModule));
  const sum = (fs) => fs.reduce((n, f) => n + f.size, 0);
  return { crates, modules, code: sum(classified), functions: classified.length, descriptors: sum(descriptors) };
}

const pct = (n, total) => `${((100 * n) / total).toFixed(1)}%`;

function defaultModule() {
  let target = path.join(ROOT, 'target');
  try {
    const meta = execFileSync('cargo', ['metadata', '--format-version', '1', '--no-deps'], { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    target = JSON.parse(meta).target_directory;
  } catch { /* no cargo: the default target directory */ }
  return path.join(target, 'split', 'split', 'cluster-console.wasm');
}

function main() {
  const file = path.resolve(process.argv[2] || process.env.WASM || defaultModule());
  if (!existsSync(file)) throw new Error(`no split main module at ${file} (make build writes it)`);
  const { functions, data } = parseModule(readFileSync(file));
  const src = path.join(ROOT, 'src');
  const isModule = (rel) => existsSync(path.join(src, `${rel}.rs`)) || existsSync(path.join(src, rel, 'mod.rs'));
  const { crates, modules, code, functions: counted, descriptors } = weigh(functions, isModule);

  console.log(`\nMain module's code by crate (${path.relative(ROOT, file) || file}, before wasm-opt):`);
  console.log(`  ${bytes(code)} B of code in ${bytes(counted)} functions; data ${bytes(data)} B (not attributed); `
    + `${bytes(descriptors)} B of wasm-bindgen descriptors left out (removed by wasm-bindgen). Raw bytes: shares, not download sizes.`);
  const TOP_CRATES = 30;
  const rest = crates.slice(TOP_CRATES);
  const restRow = rest.length
    ? [[`(${rest.length} more crates)`, bytes(rest.reduce((n, c) => n + c.size, 0)), pct(rest.reduce((n, c) => n + c.size, 0), code), bytes(rest.reduce((n, c) => n + c.count, 0))]]
    : [];
  printTable(['crate', 'bytes', 'share', 'functions'],
    [...crates.slice(0, TOP_CRATES).map((c) => [c.key, bytes(c.size), pct(c.size, code), bytes(c.count)]), ...restRow], '  ');

  const own = crates.find((c) => c.key === CONSOLE_CRATE);
  console.log(`\nThe console's own modules in the main module (${CONSOLE_CRATE}::<module>[::<sub>]), top 25 of ${modules.length}:`);
  printTable(['module', 'bytes', 'share of code', 'functions'],
    modules.slice(0, 25).map((m) => [m.key, bytes(m.size), pct(m.size, code), bytes(m.count)]), '  ');
  if (!own) console.log(`  (no function of ${CONSOLE_CRATE}: are the names mangled differently?)`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (e) {
    console.error(`weight: ${e.message}`);
    process.exitCode = 1;
  }
}
