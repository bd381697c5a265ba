// `make size`: what the browser downloads, measured by fetching it.
// 1. The initial download: every console file fetched from opening / until the clusters
//    list is rendered after sign-in (API calls and /sandbox/... excluded).
// 2. Each lazy screen's own new files on its first visit, reached by clicking links (no
//    reload), in the order a person might visit them.
// 3. Every file in dist together (all screens).
// Raw, gzip (zopfli, as the build writes it) and brotli 11 sizes are computed here from the bodies; "wire" is what the
// server actually sent (headers included), to check its compression.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { buildCommit, distDir, ROOT } from './paths.mjs';
import { startSandbox } from './sandbox.mjs';
import { compressedSizes, followLink, launchBrowser, networkQuiet, openPage, recordFetches, signIn } from './measure.mjs';
import { bytes, kb, printTable, today, upsertRow, verdict } from './report.mjs';
import { PEER_DIR, peerBuilt, peerCommit } from './peer.mjs';

/** The goals in gzip bytes (initial download, each screen, all of dist), kept in
 * size-budget.json beside the ceilings `make test` enforces (tests/size_budget/). */
function goals() {
  const file = path.join(ROOT, 'size-budget.json');
  const g = JSON.parse(readFileSync(file, 'utf8')).goals;
  for (const key of ['initial', 'screen', 'all']) {
    if (!Number.isInteger(g?.[key])) throw new Error(`${file}: goals.${key} is not a number of bytes`);
  }
  return g;
}

const TARGET = goals();

/** The screens after sign-in, as links to follow from where the previous one left off. */
function screens(clusterHref) {
  return [
    { name: 'cluster overview', href: clusterHref },
    { name: 'cluster billing tab', href: `${clusterHref}/billing` },
    { name: 'cluster resources tab', href: `${clusterHref}/resources` },
    { name: 'cluster realms tab', href: `${clusterHref}/realms` },
    { name: 'cluster domains tab', href: `${clusterHref}/domains` },
    { name: 'cluster environment variables tab', href: `${clusterHref}/env-vars` },
    { name: 'cluster access tab', href: `${clusterHref}/access` },
    { name: 'cluster logs tab', href: `${clusterHref}/logs` },
    { name: 'clusters list (again)', href: '/clusters', revisit: true },
    { name: 'create wizard', href: '/clusters/new' },
    { name: 'organizations', href: '/organizations' },
    { name: 'organization API secrets', href: '/organizations/org-acme/secrets' },
    { name: 'organization billing', href: '/billing' },
    { name: 'realms', href: '/realms' },
    { name: 'realm page', href: '/realms/dep-acme-customers' },
  ];
}

const sum = (files, key) => files.reduce((n, f) => n + (f[key] ?? 0), 0);

/** Sizes of a phase's files, each URL counted once per session (the first time). */
function sized(entries, seen, origin) {
  const files = [];
  for (const e of entries) {
    if (seen.has(e.url)) continue;
    seen.add(e.url);
    if (!e.body) { console.warn(`warning: ${e.url}: ${e.failed}`); continue; }
    const u = new URL(e.url);
    const name = u.origin === origin ? u.pathname + u.search : e.url;
    files.push({ name, wire: e.wire, ...compressedSizes(e.body) });
  }
  return files;
}

function totals(files) {
  return { raw: sum(files, 'raw'), gzip: sum(files, 'gzip'), brotli: sum(files, 'brotli'), wire: sum(files, 'wire') };
}

function printFiles(files, indent = '  ') {
  const t = totals(files);
  const row = (name, f) => [name, bytes(f.raw), bytes(f.gzip), bytes(f.brotli), f.wire == null ? '?' : bytes(f.wire)];
  printTable(['file', 'raw', 'gzip', 'brotli', 'wire'],
    [...files.map((f) => row(f.name, f)), row(`total (${files.length} file${files.length === 1 ? "" : "s"})`, t)], indent);
}

/** Every file in dist except the precompressed .gz/.br siblings. */
function distFiles(dir) {
  const out = [];
  const walk = (d) => {
    for (const name of readdirSync(d)) {
      const p = path.join(d, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (!/\.(gz|br)$/.test(name)) out.push({ name: path.relative(dir, p), ...compressedSizes(readFileSync(p)) });
    }
  };
  walk(dir);
  return out;
}

async function measure(url) {
  const browser = await launchBrowser();
  try {
    const { page } = await openPage(browser);
    const rec = await recordFetches(page);
    const seen = new Set();
    await page.goto(url + '/');
    await signIn(page);
    rec.phase = 'after the list';
    const initial = sized(await rec.settled('initial'), seen, url);
    await networkQuiet(page);
    const after = sized(await rec.settled('after the list'), seen, url);

    const prod = await page.$('[data-cluster="acme-prod"] a');
    const clusterHref = await (prod ?? await page.$('[data-cluster] a')).evaluate((a) => a.getAttribute('href'));
    const visited = [];
    for (const screen of screens(clusterHref)) {
      rec.phase = screen.name;
      await followLink(page, screen.href);
      await networkQuiet(page);
      visited.push({ ...screen, files: sized(await rec.settled(screen.name), seen, url) });
    }
    return { initial, after, visited };
  } finally {
    await browser.close().catch(() => {});
  }
}

function report({ initial, after, visited }, all, commit) {
  const t = totals(initial);
  console.log(`\nInitial download: / until the clusters list is rendered after sign-in (build ${commit})`);
  printFiles(initial);
  if (after.length) {
    console.log('\nFetched after the list rendered, before any click (not in the initial download):');
    printFiles(after);
  }

  console.log('\nLazy screens: new files on first visit (in-app navigation)');
  printTable(['screen', 'path', 'files', 'raw', 'gzip', 'brotli', 'wire', `≤ ${kb(TARGET.screen)} gzip`],
    visited.map((s) => {
      const st = totals(s.files);
      return [s.name, s.href, s.files.length, bytes(st.raw), bytes(st.gzip), bytes(st.brotli), bytes(st.wire),
        s.revisit ? '' : verdict(st.gzip <= TARGET.screen)];
    }), '  ');
  for (const s of visited.filter((v) => v.files.length)) {
    console.log(`\n  ${s.name} (${s.href}):`);
    printFiles(s.files, '    ');
  }

  const at = totals(all);
  console.log(`\nAll files in dist (all screens together, .gz/.br siblings excluded): ${all.length} files`);
  printTable(['', 'raw', 'gzip', 'brotli'], [['total', bytes(at.raw), bytes(at.gzip), bytes(at.brotli)]], '  ');

  const screensOnly = visited.filter((s) => !s.revisit);
  const worst = screensOnly.reduce((w, s) => (totals(s.files).gzip > totals(w.files).gzip ? s : w), screensOnly[0]);
  const worstGzip = totals(worst.files).gzip;
  console.log('\nTargets (gzip, from the issue):');
  printTable(['target', 'measured', 'budget', ''], [
    ['initial download', kb(t.gzip), kb(TARGET.initial), verdict(t.gzip <= TARGET.initial)],
    [`largest screen (${worst.name})`, kb(worstGzip), kb(TARGET.screen), verdict(worstGzip <= TARGET.screen)],
    ['all screens together (dist)', kb(at.gzip), kb(TARGET.all), verdict(at.gzip <= TARGET.all)],
  ], '  ');

  if (peerBuilt()) {
    // The peer is one bundle: its whole download is index.html and assets/.
    const peer = distFiles(PEER_DIR).filter((f) => f.name === 'index.html' || f.name.startsWith('assets/'));
    const pt = totals(peer);
    console.log(`\nReact peer (phasetwo-admin-portal ${peerCommit()}, built by scripts/bench/peer-build.sh): index.html + assets/`);
    printTable(['', 'raw', 'gzip', 'brotli'], [['total', bytes(pt.raw), bytes(pt.gzip), bytes(pt.brotli)]], '  ');
  }

  upsertRow({
    heading: 'Download by screen',
    intro: 'Command: `make size` (`scripts/bench/size.mjs`): headless Chromium opens `/`, signs in and '
      + 'visits each screen by clicking links; every console file it fetches (API and `/sandbox/` '
      + 'calls excluded) is compressed locally with gzip (zopfli, as the build writes it; zlib -9 before session 9 of 2026-11-28) and brotli 11. Bytes. Targets: initial '
      + `≤ ${bytes(TARGET.initial)} gzip, each screen ≤ ${bytes(TARGET.screen)}, all ≤ ${bytes(TARGET.all)}.`,
    header: ['Date', 'Commit', 'Initial raw', 'Initial gzip', 'Initial brotli', 'Largest screen gzip', 'All (dist) gzip', 'All (dist) brotli', 'Files in dist'],
    row: [today(), `\`${commit}\``, bytes(t.raw), `**${bytes(t.gzip)}**`, bytes(t.brotli),
      `${bytes(worstGzip)} (${worst.name})`, bytes(at.gzip), bytes(at.brotli), String(all.length)],
    keyCells: 2,
  });
  if (!process.env.NO_RECORD) console.log('\nBENCHMARKS.md: "Download by screen" updated.');
}

async function main() {
  const dist = distDir();
  const commit = buildCommit(dist);
  console.log(`Measuring ${dist} (build ${commit})…`);
  const sandbox = await startSandbox(dist);
  try {
    report(await measure(sandbox.url), distFiles(dist), commit);
  } finally {
    sandbox.stop();
  }
}

main().catch((e) => {
  console.error(`size: ${e.stack || e}`);
  process.exitCode = 1;
});
