// Tests of weight.mjs on a module written byte by byte: `node --test scripts/bench/weight.test.mjs`.
import assert from 'node:assert/strict';
import test from 'node:test';
import { classify, consoleModule, parseModule, segments, weigh } from './weight.mjs';

const uleb = (n) => {
  const out = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
};
const str = (s) => [...uleb(Buffer.byteLength(s)), ...Buffer.from(s)];
/** A legacy mangled name: `_ZN` and each identifier after its length, the hash, `E`. */
const mangle = (...idents) => `_ZN${[...idents, 'h0123456789abcdef'].map((i) => `${i.length}${i}`).join('')}E`;
const section = (id, body) => [id, ...uleb(body.length), ...body];

/** One imported function, two defined ones (bodies of 2 and 140 bytes), a memory, names. */
function tinyModule(names) {
  const type = section(1, [1, 0x60, 0, 0]); // one type: () -> ()
  const imports = section(2, [2, ...str('env'), ...str('f'), 0, 0, ...str('env'), ...str('memory'), 2, 1, 1, 2]);
  const funcs = section(3, [2, 0, 0]);
  const small = [0, 0x0b]; // no locals, end
  const large = [0, ...Array(138).fill(0x01), 0x0b]; // 138 nops: the size needs two LEB bytes
  const code = section(10, [2, ...uleb(small.length), ...small, ...uleb(large.length), ...large]);
  const data = section(11, [0]);
  const entries = names.flatMap(([i, n]) => [...uleb(i), ...str(n)]);
  const sub = [...uleb(names.length), ...entries];
  // A module-name subsection (0) and an unknown one (3) before the function names.
  const nameBody = [...str('name'), 0, ...uleb(2), ...str('m'), 3, 1, 0, 1, ...uleb(sub.length), ...sub];
  const custom = section(0, nameBody);
  return Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, ...type, ...imports, ...funcs, ...code, ...data, ...custom]);
}

test('reads body sizes and names, imported functions first in the index space', () => {
  const wasm = tinyModule([[0, 'f'], [1, '_ZN4core3fmt5write17h0123456789abcdefE'], [2, '_ZN15cluster_console3kit5table4view17h0123456789abcdefE']]);
  const { functions, data } = parseModule(wasm);
  assert.deepEqual(functions, [
    { index: 1, name: '_ZN4core3fmt5write17h0123456789abcdefE', size: 2 },
    { index: 2, name: '_ZN15cluster_console3kit5table4view17h0123456789abcdefE', size: 140 },
  ]);
  assert.equal(data, 1);
  const { crates, modules, code } = weigh(functions, (rel) => rel === 'kit' || rel === 'kit/table');
  assert.equal(code, 142);
  assert.deepEqual(crates.map((c) => [c.key, c.size]), [['cluster_console', 140], ['core', 2]]);
  assert.deepEqual(modules.map((m) => [m.key, m.size]), [['kit::table', 140]]);
});

test('refuses what it cannot read', () => {
  assert.throws(() => parseModule(Buffer.from('not wasm')), /not a wasm module/);
  assert.throws(() => parseModule(tinyModule([])), /no function names/);
  const cut = tinyModule([[1, 'a']]);
  assert.throws(() => parseModule(cut.subarray(0, cut.length - 3)), /past the end/);
});

test('demangles legacy, v0 and linker-demangled names to a crate', () => {
  assert.deepEqual(segments('_ZN4core3fmt5write17h0123456789abcdefE'), ['core', 'fmt', 'write']);
  const impl = mangle('_$LT$leptos..reactive..Memo$LT$T$GT$$u20$as$u20$core..ops..drop..Drop$GT$', 'drop');
  assert.deepEqual(segments(impl), ['<leptos::reactive::Memo<T> as core::ops::drop::Drop>', 'drop']);
  assert.equal(classify(impl).crate, 'leptos');
  // A generic or primitive implementing type: the trait's crate.
  assert.equal(classify(mangle('_$LT$$RF$T$u20$as$u20$core..fmt..Display$GT$', 'fmt')).crate, 'core');
  assert.equal(classify(mangle('_$LT$u32$u20$as$u20$serde..de..Deserialize$GT$', 'deserialize')).crate, 'serde');
  // A console type implementing another crate's trait: the console's, in its module.
  const own = classify(mangle('_$LT$cluster_console..clusters..list..Row$u20$as$u20$leptos..IntoView$GT$', 'into_view'));
  assert.deepEqual(own, { crate: 'cluster_console', path: ['clusters', 'list', 'Row', 'into_view'] });
  assert.deepEqual(classify('_RNvNtCs1234_15cluster_console3kit4view'), { crate: 'cluster_console', path: ['kit', 'view'] });
  assert.deepEqual(classify('_RNCNvCsabc_6leptos5mount0'), { crate: 'leptos', path: ['mount', '{{closure}}'] });
  // Names from the console's build: closures in closures (`00`: two empty names), generic
  // arguments, a backref, the instantiating crate at the end, an inherent impl.
  assert.deepEqual(classify('_RNCNCNvNtCs5atBVkvzlYR_15cluster_console3app19___component_console00B7_'),
    { crate: 'cluster_console', path: ['app', '__component_console', '{{closure}}', '{{closure}}'] });
  const load = '_RNCNCINvNtCs5atBVkvzlYR_15cluster_console4load4loadINtNtCs3pRfAIqob2O_4core6result6ResultNtNtB8_6config6ConfigNtNtCs3b4fO2xu3Je_5alloc6string6StringENCNCNvNtB8_3app15___component_app00NCB2r_0E0s_0B8_';
  assert.deepEqual(classify(load), { crate: 'cluster_console', path: ['load', 'load', '{{closure}}', '{{closure}}'] });
  assert.deepEqual(classify('_RNvMs_NtCs5atBVkvzlYR_15cluster_console7sessionNtB4_7Session5begin'),
    { crate: 'cluster_console', path: ['session', 'begin'] });
  // A generic of another crate instantiated for a console closure: that crate's.
  const effect = '_RNCNCINvNtCsdc6ToGxfyBg_6js_sys7futures17future_to_promiseNCNvNtCs5atBVkvzlYR_15cluster_console3app4show0E00B6_';
  assert.equal(classify(effect).crate, 'js_sys');
  assert.equal(classify('_RNvXs_Cs1_9hashbrownINtB4_3MapppENtNtCs2_4core5clone5Clone5clone').crate, 'hashbrown');
  assert.deepEqual(classify('cluster_console::app::{{closure}}::h0123456789abcdef'), { crate: 'cluster_console', path: ['app', '{{closure}}'] });
  assert.equal(classify('<alloc::vec::Vec<T> as core::clone::Clone>::clone::h0123456789abcdef').crate, 'alloc');
  assert.equal(classify('__wbg_fetch_123').crate, '(wasm-bindgen glue)');
  assert.equal(classify('memcpy').crate, '(other, not Rust)');
  assert.equal(classify(null).crate, '(unnamed)');
});

test('a console path is counted in its module file, at most two levels deep', () => {
  const files = new Set(['clusters', 'clusters/list', 'kit', 'app']);
  const isModule = (rel) => files.has(rel);
  assert.equal(consoleModule(['clusters', 'list', 'view', '{{closure}}'], isModule), 'clusters::list');
  assert.equal(consoleModule(['clusters', 'detail_fn'], isModule), 'clusters');
  assert.equal(consoleModule(['app', 'App'], isModule), 'app');
  assert.equal(consoleModule(['main'], isModule), '(crate root)');
  assert.equal(consoleModule(['main'], () => true), '(crate root)', 'src/main.rs is the root, not a module');
  assert.equal(consoleModule(['Table<T>', 'new'], isModule), '(crate root)');
});
