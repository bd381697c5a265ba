// `make bench`, part 2: support staff's review desk against a sandbox started with
// `--demo-scale 500` (about 500 more clusters, 10,000 more extension versions), unthrottled:
// (a) from the click on Review to the last cluster read (#desk-progress-done), with the
//     largest number of cluster reads the page had in flight at once;
// (b) the median time from a keystroke in the search box to the next paint, over 20
//     keystrokes, with every version shown (view=all): target one frame, 16 ms;
// (c) the desk's own module (split_review), and every console file first fetched on the
//     way to /review (shared chunks included), gzip (zopfli, as the build writes it). Target for its own ≤ 40 KB.
import { compressedSizes, expect, followLink, median } from './measure.mjs';
import { bytes, printTable, today, upsertRow, verdict } from './report.mjs';
import { againstScaledSandbox, asStaff, keyProbe, keyRows, ms, TARGET_KEY_MS, timeKeys } from './scaled.mjs';

const SCALE = Number(process.env.DESK_SCALE || 500);
const TARGET_CHUNK_GZIP = 40_000;

/** In the page: when the Review link is clicked, and when the desk has read every cluster. */
const PROBE = `(() => {
  const t = (window.__desk = window.__desk || { keys: [] });
  document.addEventListener('click', (e) => {
    if (e.target.closest && e.target.closest('#nav-review') && t.open === undefined) t.open = performance.now();
  }, true);
  new MutationObserver(() => {
    if (t.open !== undefined && t.done === undefined && document.getElementById('desk-progress-done')) t.done = performance.now();
  }).observe(document, { subtree: true, childList: true });
})();`;

async function run(url) {
  return asStaff(url, [PROBE, keyProbe('__desk', 'desk-q')], 300_000, async ({ page, rec }) => {
    let inFlight = 0;
    let maxInFlight = 0;
    const isClusterRead = (r) => /\/clusters\/[^/]+\/extensions$/.test(new URL(r.url()).pathname);
    page.on('request', (r) => { if (isClusterRead(r)) maxInFlight = Math.max(maxInFlight, ++inFlight); });
    const done = (r) => { if (isClusterRead(r)) inFlight--; };
    page.on('requestfinished', done);
    page.on('requestfailed', done);

    rec.phase = 'desk';
    await followLink(page, '/review');
    await expect('the desk reading every cluster (#desk-progress-done)',
      page.waitForFunction(() => window.__desk.done !== undefined, { polling: 100, timeout: 300_000 }));
    const t = await page.evaluate(() => window.__desk);
    const clusters = await page.$eval('#desk-progress-done', (el) => Number(el.dataset.total));
    const files = (await rec.settled('desk')).filter((e) => e.body);
    if (process.env.DESK_FILES) for (const e of files) console.log(`  ${e.url}  ${compressedSizes(e.body).gzip}`);
    const chunk = files.reduce((n, e) => {
      const s = compressedSizes(e.body);
      return { raw: n.raw + s.raw, gzip: n.gzip + s.gzip, brotli: n.brotli + s.brotli };
    }, { raw: 0, gzip: 0, brotli: 0 });

    rec.phase = 'keys';
    await page.click('#view-all');
    await page.waitForFunction(() => location.search.includes('view=all'));
    const total = await page.$eval('#desk-count', (el) => el.textContent);
    await page.focus('#desk-q');
    const keys = await timeKeys(page, '__desk');
    const domRows = await page.$$eval('#review-desk tbody tr', (rows) => rows.length);
    // The desk's own module (split_review*), apart from chunks it shares with other screens.
    const own = files.filter((e) => /\/split_review[^/]*\.wasm$/.test(new URL(e.url).pathname))
      .reduce((n, e) => n + compressedSizes(e.body).gzip, 0);
    return { load: t.done - t.open, clusters, maxInFlight, chunk, own, files: files.length, keys, total, domRows };
  });
}

async function main() {
  const { r, commit } = await againstScaledSandbox('Review desk', SCALE, run);
  const keyMedian = median(r.keys);
  console.log(`\nReview desk, --demo-scale ${SCALE}, unthrottled (${r.total.trim()})`);
  printTable(['measure', 'value'], [
    ['open /review → last cluster read', `${(r.load / 1000).toFixed(2)} s (${r.clusters} clusters)`],
    ['cluster reads in flight at most', String(r.maxInFlight)],
    ...keyRows(r.keys),
    ['table rows in the DOM', String(r.domRows)],
    ['the desk\'s own module gzip', bytes(r.own)],
    [`first visit, shared chunks included (${r.files} files) gzip`, bytes(r.chunk.gzip)],
  ], '  ');
  console.log(`\nTarget: keystroke → next paint ≤ ${TARGET_KEY_MS} ms: ${ms(keyMedian)}, ${verdict(keyMedian <= TARGET_KEY_MS)}`);
  console.log(`Target: the desk's own module ≤ ${bytes(TARGET_CHUNK_GZIP)} gzip: ${bytes(r.own)}, ${verdict(r.own <= TARGET_CHUNK_GZIP)}`
    + ` (with the shared chunks a first visit also fetches: ${bytes(r.chunk.gzip)})`);
  upsertRow({
    heading: 'Review desk',
    intro: 'Command: `make bench` (`scripts/bench/desk.mjs`): headless Chromium, unthrottled, a sandbox started with '
      + '`--demo-scale 500` (about 500 more clusters, 10,000 more versions), signed in with the demo staff secret. '
      + 'Load: from the click on Review to the last cluster read, and the most cluster reads in flight at once. '
      + 'Filter: median keystroke-to-next-paint of 20 keystrokes in the search box with every version shown (target ≤ 16 ms). '
      + 'Modules: the desk\'s own module (split_review), and every console file first fetched on the way to /review '
      + '(shared chunks included), gzip (zopfli, as the build writes it; zlib -9 before session 9 of 2026-11-28) (target for the desk\'s own ≤ 40,000). The machine (2 cores shared with '
      + 'parallel builds) adds noise to the times.',
    header: ['Date', 'Commit', 'Clusters', 'Versions shown', '**Open → last row**', 'In flight', '**Keystroke → paint (median)**', 'Slowest key', 'DOM rows', '**Desk module gzip**', 'First visit gzip'],
    row: [today(), `\`${commit}\``, String(r.clusters), r.total.trim(), `**${(r.load / 1000).toFixed(2)} s**`, String(r.maxInFlight),
      `**${ms(keyMedian)}**`, ms(Math.max(...r.keys)), String(r.domRows), `**${bytes(r.own)}**`, bytes(r.chunk.gzip)],
    keyCells: 2,
  });
  if (!process.env.NO_RECORD) console.log('BENCHMARKS.md: "Review desk" updated.');
}

main().catch((e) => {
  console.error(`desk bench: ${e.stack || e}`);
  process.exitCode = 1;
});
