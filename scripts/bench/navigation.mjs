// `make bench`, after bench.mjs: in-app navigation from the clusters list to a cluster's page and two
// of its tabs ("Instant navigation"). Each run is a fresh browser context: an empty HTTP
// cache, but with the cache ON (what was fetched or prefetched earlier in the visit can serve
// a later click), and the whole visit throttled (slow 4G and 4x CPU, PROFILES[0]):
//   sign in with the admin API secret; 1.5 s on the clusters list;
//   click acme-prod in the list, until its overview is rendered (#cluster-id); 1.5 s;
//   click its Resources tab, until the resources list has loaded (#usage-themes); 1.5 s;
//   click its Realms tab, until the realms list has loaded (#realm-usage).
// Per click: the time from the click to that element in the DOM (both taken in the page),
// and the console files requested in between (API and sandbox calls excluded: isConsoleFile),
// with how many of them hit the network rather than the cache (puppeteer's fromCache()).
// Then the floor, in the same page with the code loaded: back to the list by the side
// navigation, 1.5 s, and the same three clicks with the same pauses.
// Median of RUNS (3) runs, then one unthrottled run; printed, and one row in BENCHMARKS.md.
// NAV_FILES=1 also lists each file, from the cache or the network, per pause and click.
import { buildCommit, distDir } from './paths.mjs';
import { startSandbox } from './sandbox.mjs';
import { PROFILES, expect, followConsoleRequests, launchBrowser, median, openPage, settle, signIn } from './measure.mjs';
import { printTable, today, upsertRow } from './report.mjs';

const RUNS = Number(process.env.RUNS || 3);
const PAUSE_MS = 1500; // on each page before the next click, as a person would
const TIMEOUT_MS = 60_000; // a link or a rendered page that has not appeared by then fails the run
const CLUSTER = 'cl-acme-prod';

/** The three clicks: the link clicked, and the element that appears only once the page it
 * leads to has rendered its content. */
const STEPS = [
  { name: 'list → cluster page', link: `a[href='/clusters/${CLUSTER}']`, rendered: '#cluster-id',
    what: 'the cluster overview (#cluster-id)' },
  { name: '→ Resources tab', link: `nav.tabs a[href='/clusters/${CLUSTER}/resources']`, rendered: '#usage-themes',
    what: 'the loaded resources list (#usage-themes)' },
  { name: '→ Realms tab', link: `nav.tabs a[href='/clusters/${CLUSTER}/realms']`, rendered: '#realm-usage',
    what: 'the loaded realms list (#realm-usage)' },
];
/** Back to the list for the floor (no cluster row is on the Realms tab). */
const BACK = { name: 'back to the list', link: "nav.sidenav a[href='/clusters']", rendered: '[data-cluster]',
  what: 'the clusters list ([data-cluster] rows)' };

/** In the page, before its own scripts: the time (ms since the epoch, to compare with CDP's
 * wallTime) of the first cluster row, of the next click once `want` is set, and of the first
 * DOM change after it that leaves `want` in the document. `doc` tells a reloaded document
 * from the one measured. */
const PROBE = `(() => {
  const n = (window.__nav = { doc: Math.random(), list: undefined, want: null, click: undefined, done: undefined });
  const now = () => performance.timeOrigin + performance.now();
  document.addEventListener('click', () => { if (n.want && n.click === undefined) n.click = now(); }, true);
  new MutationObserver(() => {
    if (n.list === undefined && document.querySelector('[data-cluster]')) n.list = now();
    if (n.click !== undefined && n.done === undefined && document.querySelector(n.want)) n.done = now();
  }).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every console file the page requests: when it started (CDP's wallTime, ms since the epoch),
 * and once finished whether it came from the memory or disk cache. */
async function recordRequests(page) {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  const wall = new Map();
  cdp.on('Network.requestWillBeSent', (e) => { if (!wall.has(e.requestId)) wall.set(e.requestId, e.wallTime * 1000); });
  const { entries } = followConsoleRequests(
    page,
    (request) => ({ id: request.id, url: request.url(), fromCache: null, failed: null }),
    (entry, request) => { entry.fromCache = request.response()?.fromCache() ?? false; },
  );
  return {
    /** Waits (20 s at most) for every request so far to finish, then counts those that
     * started in [from, to): { requests, network }. A request never finished counts as
     * fetched from the network, and is named. */
    async count(from, to) {
      await settle(entries, (e) => e.fromCache === null && !e.failed);
      const within = entries.filter((e) => {
        const t = wall.get(e.id);
        if (t === undefined) throw new Error(`no start time from CDP for ${e.url} (request ${e.id})`);
        return t >= from && t < to;
      });
      if (process.env.NAV_FILES) {
        for (const e of within) console.log(`    ${e.fromCache ? 'cache  ' : 'network'} ${new URL(e.url).pathname}${e.failed ? ` (${e.failed})` : ''}`);
      }
      return { requests: within.length, network: within.filter((e) => !e.fromCache).length };
    },
  };
}

/** Waits for a visible element matching `selector` (tables keep a hidden copy of some links
 * for the phone layout) and returns it; fails the run after TIMEOUT_MS. */
async function visible(page, selector, what) {
  const handle = await expect(what, page.waitForFunction((sel) => [...document.querySelectorAll(sel)]
    .find((el) => el.checkVisibility() && el.getBoundingClientRect().width > 0), { polling: 100, timeout: TIMEOUT_MS }, selector));
  return handle.asElement();
}

/** Clicks the step's link and waits until its page has rendered. Returns the click and
 * rendered times (ms since the epoch, taken in the page). */
async function click(page, doc, step) {
  const link = await visible(page, step.link, `the link ${step.link}`);
  const stale = await page.evaluate((want) => {
    Object.assign(window.__nav, { want, click: undefined, done: undefined });
    return document.querySelector(want) !== null;
  }, step.rendered);
  if (stale) throw new Error(`${step.rendered} is in the page before the click on ${step.link}: it cannot tell the new page has rendered`);
  await link.click();
  await expect(`${step.what} after the click on ${step.link}`, page.waitForFunction((d) => {
    if (window.__nav?.doc !== d) throw new Error('the page reloaded: the navigation was not in-app');
    return window.__nav.done !== undefined;
  }, { polling: 100, timeout: TIMEOUT_MS }, doc));
  const t = await page.evaluate(() => window.__nav);
  if (t.click === undefined) throw new Error(`the click on ${step.link} never reached the page`);
  return { click: t.click, done: t.done };
}

/** The three clicks from the clusters list, pausing on each page first; `since` is when the
 * list had rendered. Per click: ms, its files, and the files requested from the previous
 * page's rendering to the click (the pause: prefetching shows there). */
async function clicks(page, rec, doc, since) {
  const times = [];
  let before = since;
  for (const step of STEPS) {
    await pause(PAUSE_MS);
    const t = await click(page, doc, step);
    times.push({ ...t, before });
    before = t.done;
  }
  const out = [];
  for (const [i, t] of times.entries()) {
    if (process.env.NAV_FILES) console.log(`  ${STEPS[i].name}: files in the pause before, then after the click`);
    const waiting = await rec.count(t.before, t.click);
    out.push({ ms: t.done - t.click, files: await rec.count(t.click, t.done), waiting });
  }
  return out;
}

/** One visit in a fresh context: the three clicks cold, then again with the code loaded. */
async function run(browser, url, profile) {
  const { page, close } = await openPage(browser, profile, { cache: true });
  try {
    page.setDefaultTimeout(TIMEOUT_MS);
    const rec = await recordRequests(page);
    await page.evaluateOnNewDocument(PROBE);
    await page.goto(url + '/', { waitUntil: 'domcontentloaded' });
    await signIn(page);
    const { doc, list: listed } = await page.evaluate(() => window.__nav);
    if (process.env.NAV_FILES) {
      console.log('  files up to the clusters list (sign-in included)');
      await rec.count(0, listed);
    }
    const cold = await clicks(page, rec, doc, listed);

    const back = await click(page, doc, BACK);
    const floor = await clicks(page, rec, doc, back.done);
    return { cold, floor };
  } finally {
    await close();
  }
}

/** Per step, the medians over runs of one part (cold or floor). */
function medians(runs, part) {
  return STEPS.map((step, i) => {
    const of = (f) => median(runs.map((r) => f(r[part][i])));
    return {
      step,
      ms: of((s) => s.ms),
      requests: of((s) => s.files.requests),
      network: of((s) => s.files.network),
      waiting: of((s) => s.waiting.requests),
      runs: runs.map((r) => r[part][i].ms),
    };
  });
}

const ms = (v) => `${Math.round(v)} ms`;
const n = (v) => String(Math.round(v * 10) / 10);
/** "12 files", or "12 files (9 from network)" when some came from the cache. */
const files = (requests, network) => `${n(requests)} file${requests === 1 ? '' : 's'}${requests === network ? '' : ` (${n(network)} from network)`}`;
const slash = (rows, f) => rows.map(f).join(' / ');
/** Three steps in one cell: "310 / 420 / 280 ms · 3 / 0 / 1 files". */
function three(rows) {
  const same = rows.every((r) => r.requests === r.network);
  return `${slash(rows, (r) => Math.round(r.ms))} ms · ${slash(rows, (r) => n(r.requests))} files`
    + (same ? '' : ` (${slash(rows, (r) => n(r.network))} from network)`);
}

function print(title, cold, floor) {
  console.log(`\n${title}`);
  printTable(['click', 'click → rendered', 'files', 'from network', 'files in the pause before', 'runs (ms)'],
    [...cold.map((r) => [r.step.name, r]), ...floor.map((r) => [`floor: ${r.step.name}`, r])].map(([name, r]) => [
      name, ms(r.ms), n(r.requests), n(r.network), n(r.waiting), r.runs.map((v) => Math.round(v)).join(' ')]), '  ');
}

const INTRO = 'Command: `make bench` (`scripts/bench/navigation.mjs`): headless Chromium, the sandbox serving `dist/`. '
  + 'Each run is a fresh browser context: an empty HTTP cache, with the cache on (unlike *Load time*), so a file fetched '
  + 'or prefetched earlier in the visit can serve a later click. The whole visit at slow 4G (1.6 Mbit/s down, 750 kbit/s up, '
  + '150 ms RTT) with a 4x CPU throttle: sign in with the demo admin secret, 1.5 s on the clusters list, click acme-prod '
  + '(until its overview shows, `#cluster-id`), 1.5 s, click its Resources tab (until the resources list has loaded, '
  + '`#usage-themes`), 1.5 s, click its Realms tab (until the realms list has loaded, `#realm-usage`). Per click: the time '
  + 'from the click to that element in the DOM, taken in the page, and the console files requested in between (API calls '
  + 'excluded), with how many came from the network when some came from the cache. Floor: in the same page, back to the list '
  + 'by the side navigation, and the same three clicks with the code loaded. Median of 3 runs (`RUNS=` overrides); unthrottled: one run. The '
  + 'machine (2 shared cores) adds noise: compare rows measured the same day.';
const HEADER = ['Date', 'Commit', '**List → cluster page**', '**→ Resources**', '**→ Realms**',
  'Floor (code loaded)', 'Unthrottled', 'Unthrottled floor', 'Runs, slow 4G (ms)'];

function record(slow, slowFloor, fast, fastFloor, runs, commit) {
  const cell = (r) => `**${ms(r.ms)}** · ${files(r.requests, r.network)}`;
  upsertRow({
    heading: 'Navigation',
    intro: INTRO,
    header: HEADER,
    row: [today(), `\`${commit}\``, ...slow.map(cell), three(slowFloor), three(fast), three(fastFloor),
      runs.map((r) => r.cold.map((s) => Math.round(s.ms)).join(' / ')).join(', ')],
    keyCells: 2,
  });
  if (!process.env.NO_RECORD) console.log('BENCHMARKS.md: "Navigation" updated.');
}

async function main() {
  const dist = distDir();
  const commit = buildCommit(dist);
  console.log(`Navigation in ${dist} (build ${commit})…`);
  const sandbox = await startSandbox(dist);
  try {
    const browser = await launchBrowser();
    try {
      const [slowProfile, fastProfile] = PROFILES;
      const slowRuns = [];
      for (let i = 0; i < RUNS; i++) {
        slowRuns.push(await run(browser, sandbox.url, slowProfile));
        console.log(`${slowProfile.name}: run ${i + 1}/${RUNS} done`);
      }
      const fastRuns = [await run(browser, sandbox.url, fastProfile)];
      console.log(`${fastProfile.name}: 1 run done`);

      const slow = medians(slowRuns, 'cold');
      const slowFloor = medians(slowRuns, 'floor');
      const fast = medians(fastRuns, 'cold');
      const fastFloor = medians(fastRuns, 'floor');
      print(`Navigation, ${slowProfile.name}, median of ${RUNS} run${RUNS === 1 ? '' : 's'} (build ${commit}); cache on, empty at the start`, slow, slowFloor);
      print(`Navigation, ${fastProfile.name}, 1 run`, fast, fastFloor);
      record(slow, slowFloor, fast, fastFloor, slowRuns, commit);
    } finally {
      await browser.close().catch(() => {});
    }
  } finally {
    sandbox.stop();
  }
}

main().catch((e) => {
  console.error(`navigation bench: ${e.stack || e}`);
  process.exitCode = 1;
});
