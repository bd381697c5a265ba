// Small pieces shared by size.mjs and bench.mjs: the browser, network profiles, recording
// what the browser fetches, signing in, in-app navigation, and compressed sizes.
import { createHash } from 'node:crypto';
import { brotli, gzip } from '../compress.mjs';
import { CHROMIUM, loadPuppeteer } from './paths.mjs';

export const CREDENTIALS = { id: 'demo-admin', secret: 'demo-admin-secret' };

/** The two conditions of the issue. Slow 4G: 1.6 Mbit/s down, 750 kbit/s up, 150 ms RTT. */
export const PROFILES = [
  { name: 'slow 4G, 4x CPU', network: { download: 1.6e6 / 8, upload: 750e3 / 8, latency: 150 }, cpu: 4 },
  { name: 'unthrottled', network: null, cpu: 1 },
];

/** Requests that are API traffic or sandbox stand-ins, not the console's own files. */
const NOT_CONSOLE = [/^\/auth\//, /^\/v2(\/|$)/, /^\/sandbox\//];

export function isConsoleFile(url) {
  if (!/^https?:/.test(url)) return false; // data:, blob:
  const path = new URL(url).pathname;
  return !NOT_CONSOLE.some((re) => re.test(path));
}

export async function launchBrowser() {
  const puppeteer = await loadPuppeteer();
  return puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-dev-shm-usage', '--no-first-run', '--disable-extensions',
      '--disable-background-networking', '--disable-component-update'],
  });
}

/** A page in a fresh browser context (no cookies, an empty cache), throttled as the profile
 * says. The cache is disabled unless `cache: true` (then what the page fetched once, or
 * prefetched, can be served from it later in the same visit). Puppeteer sends
 * Network.setCacheDisabled, Network.emulateNetworkConditions and
 * Emulation.setCPUThrottlingRate on the page's own CDP session. */
export async function openPage(browser, profile = PROFILES[1], { cache = false } = {}) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.setDefaultTimeout(90_000);
  await page.setCacheEnabled(cache);
  if (profile.network) await page.emulateNetworkConditions(profile.network);
  await page.emulateCPUThrottling(profile.cpu > 1 ? profile.cpu : null);
  return { page, close: () => context.close().catch(() => {}) };
}

/** Follows every console file the page requests: `make(request)` is its entry (with
 * `failed: null`), `finished(entry, request)` fills it in once the request has finished.
 * Each entry's `done` settles once it has finished or failed. Shared by recordFetches and
 * navigation.mjs, which keep different facts about each file. */
export function followConsoleRequests(page, make, finished) {
  const byId = new Map();
  const entries = [];
  page.on('request', (request) => {
    if (!isConsoleFile(request.url())) return;
    const entry = make(request);
    entry.done = new Promise((resolve) => { entry.finish = resolve; });
    byId.set(request.id, entry);
    entries.push(entry);
  });
  page.on('requestfinished', async (request) => {
    const entry = byId.get(request.id);
    if (!entry) return;
    await finished(entry, request);
    entry.finish();
  });
  page.on('requestfailed', (request) => {
    const entry = byId.get(request.id);
    if (!entry) return;
    entry.failed = request.failure()?.errorText || 'failed';
    entry.finish();
  });
  return { byId, entries };
}

/** Waits until every entry (of followConsoleRequests) has finished or failed. A request
 * Chromium never reports as either would hang the run (seen once, with no CPU in use): one
 * still `pending(entry)` after 20 s counts as failed, and is named. */
export async function settle(entries, pending) {
  const limit = (e) => new Promise((resolve) => setTimeout(() => {
    if (pending(e)) {
      e.failed = 'never finished (20 s)';
      console.warn(`  ${e.url}: never finished (20 s)`);
    }
    resolve();
  }, 20_000).unref());
  await Promise.all(entries.map((e) => Promise.race([e.done, limit(e)])));
}

/** Records every console file the page fetches, tagged with the phase current when the
 * request started; bodies come from the browser (decoded), bytes on the wire from CDP. */
export async function recordFetches(page) {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.enable');
  const rec = { phase: 'initial' };
  const { byId, entries } = followConsoleRequests(
    page,
    (request) => ({ url: request.url(), phase: rec.phase, wire: null, body: null, failed: null }),
    async (entry, request) => {
      try {
        entry.body = await request.response().buffer();
      } catch (e) {
        entry.failed = `no body: ${e.message}`;
      }
    },
  );
  rec.entries = entries;
  cdp.on('Network.loadingFinished', (e) => {
    const entry = byId.get(e.requestId);
    if (entry) entry.wire = e.encodedDataLength;
  });
  /** The phase's entries, once every one of them has finished. */
  rec.settled = async (phase) => {
    const entries = rec.entries.filter((e) => e.phase === phase);
    await settle(entries, (e) => !e.body && !e.failed);
    return entries;
  };
  return rec;
}

/** Waits until the page has had no request in flight for a second (API polls included;
 * the console polls at intervals of seconds, so a quiet second comes). */
export async function networkQuiet(page) {
  await page.waitForNetworkIdle({ idleTime: 1000, timeout: 20_000 }).catch(() => {});
}

export async function signIn(page) {
  await expect('the sign-in form (#client-id)', page.waitForSelector('#client-id', { visible: true }));
  await page.type('#client-id', CREDENTIALS.id);
  await page.type('#client-secret', CREDENTIALS.secret);
  await page.click('form button[type=submit]');
  await expect('the clusters list ([data-cluster] rows) after sign-in', page.waitForSelector('[data-cluster]'));
}

/** Awaits `waiting`, turning a timeout into a sentence naming what never showed up. */
export async function expect(what, waiting) {
  try {
    return await waiting;
  } catch (e) {
    if (e.name !== 'TimeoutError') throw e;
    throw new Error(`${what} did not appear within ${e.message.match(/\d+ ?ms/)?.[0] ?? 'the timeout'}: `
      + 'is the measured dist a console build, and does the sandbox serve it?');
  }
}

/** In-app navigation: clicks the link to `href` (no reload) and waits for the route. */
export async function followLink(page, href) {
  const link = await page.waitForSelector(`a[href="${href}"]`);
  await link.click();
  await page.waitForFunction((p) => location.pathname === p, {}, href);
}

const sizes = new Map();

/** Raw, gzip (zopfli, as the build writes it) and brotli 11 sizes of a body, compressed here
 * so they do not depend on what the server sends. Kept by content: a run meets the same
 * files on many screens, and zopfli takes seconds for the largest. */
export function compressedSizes(buf) {
  const key = createHash('sha256').update(buf).digest('hex');
  if (!sizes.has(key)) sizes.set(key, { raw: buf.length, gzip: gzip(buf).length, brotli: brotli(buf).length });
  return sizes.get(key);
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Injected before the page's own scripts: timestamps (ms since navigation start) for the
 * sign-in form becoming visible, the sign-in submit, the first cluster row, and the first
 * contentful paint. Taken in the page, so CDP round trips do not count. */
export const TIMING_PROBE = `(() => {
  const t = (window.__bench = {});
  const visible = (el) => el && el.checkVisibility() && el.getBoundingClientRect().width > 0;
  const check = () => {
    if (t.form === undefined && visible(document.getElementById('client-id'))) t.form = performance.now();
    if (t.submit !== undefined && t.list === undefined && document.querySelector('[data-cluster]')) t.list = performance.now();
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  document.addEventListener('submit', () => { if (t.submit === undefined) t.submit = performance.now(); }, true);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') t.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
})();`;
