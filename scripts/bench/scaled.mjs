// Shared by desk.mjs and palette.mjs: a sandbox started with `--demo-scale N`, a fresh
// unthrottled browser signed in with the demo staff secret once the clusters list has
// loaded, and the keystroke-to-next-paint timing of 20 keystrokes in one input.
import { buildCommit, distDir } from './paths.mjs';
import { startSandbox } from './sandbox.mjs';
import { expect, launchBrowser, median, openPage, recordFetches } from './measure.mjs';

export const STAFF = { id: 'demo-staff', secret: 'demo-staff-secret' };
/** One frame. */
export const TARGET_KEY_MS = 16;
/** 10 characters narrowing to one cluster, then 10 Backspaces widening again. */
export const KEYS = [...'scale-0042', ...Array(10).fill('Backspace')];

export const ms = (v) => `${v.toFixed(1)} ms`;

/** In the page (before its own scripts): pushes onto `window[store].keys` the time from
 * each keydown in `#inputId` to a task queued from the next animation frame (which runs
 * after that frame is painted). */
export function keyProbe(store, inputId) {
  return `(() => {
  const t = (window.${store} = window.${store} || {});
  t.keys = t.keys || [];
  document.addEventListener('keydown', (e) => {
    if (e.target.id !== ${JSON.stringify(inputId)}) return;
    const start = performance.now();
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => t.keys.push(performance.now() - start);
      channel.port2.postMessage(0);
    });
  }, true);
})();`;
}

/** Starts the `--demo-scale` sandbox on the build in ./dist (or $DIST), calls
 * `measure(url)` and stops the sandbox again. Resolves to `{ r, commit }`. */
export async function againstScaledSandbox(what, scale, measure) {
  const dist = distDir();
  const commit = buildCommit(dist);
  console.log(`${what} against --demo-scale ${scale} (build ${commit})…`);
  const sandbox = await startSandbox(dist, ['--demo-scale', String(scale)]);
  try {
    return { r: await measure(sandbox.url), commit };
  } finally {
    sandbox.stop();
  }
}

/** A fresh browser with the `probes` injected, signed in as staff, the clusters list
 * loaded and the network quiet; `use({ page, rec })` measures, then the browser closes. */
export async function asStaff(url, probes, timeout, use) {
  const browser = await launchBrowser();
  try {
    const { page } = await openPage(browser);
    page.setDefaultTimeout(timeout);
    const rec = await recordFetches(page);
    for (const probe of probes) await page.evaluateOnNewDocument(probe);
    await page.goto(url + '/');
    await expect('the sign-in form', page.waitForSelector('#client-id', { visible: true }));
    await page.type('#client-id', STAFF.id);
    await page.type('#client-secret', STAFF.secret);
    await page.click('form button[type=submit]');
    await expect('the clusters list', page.waitForSelector('[data-cluster]'));
    await page.waitForNetworkIdle({ idleTime: 500, timeout: 60_000 }).catch(() => {});
    return await use({ page, rec });
  } finally {
    await browser.close().catch(() => {});
  }
}

/** Presses KEYS in the focused input, 150–166 ms apart, and returns the times `keyProbe(store)`
 * took of them. */
export async function timeKeys(page, store) {
  // 150 ms is 9 frames at 60 Hz: keys pressed exactly that far apart all land at the same
  // point of the frame, so one run measured 9.7 ms and the next 17.5 ms for the same build.
  // The extra 0–16 ms (a different one per key) spreads them over the whole frame.
  for (const [i, key] of KEYS.entries()) {
    await page.keyboard.press(key);
    await new Promise((r) => setTimeout(r, 150 + ((i * 7) % 17)));
  }
  await page.waitForFunction((s, n) => window[s].keys.length >= n, {}, store, KEYS.length);
  return page.evaluate((s) => window[s].keys, store);
}

/** The browser's own floor for the same keys on the page as it is: a plain input with no
 * listener, in a modal dialog of its own (as the palette's is), typed into the same way.
 * What a keystroke costs above it is the console's. Needs `keyProbe('__floor', 'floor-input')`
 * among the probes. */
export async function floorKeys(page) {
  await page.evaluate(() => {
    const dialog = document.createElement('dialog');
    const input = document.createElement('input');
    input.id = 'floor-input';
    input.setAttribute('aria-label', 'floor');
    dialog.append(input);
    document.body.append(dialog);
    dialog.showModal();
    input.focus();
  });
  const keys = await timeKeys(page, '__floor');
  await page.evaluate(() => document.getElementById('floor-input').closest('dialog').remove());
  return keys;
}

/** The keystroke rows of a report: median and slowest. */
export function keyRows(keys) {
  return [
    ['keystroke → next paint, median of 20', ms(median(keys))],
    ['keystroke → next paint, slowest', ms(Math.max(...keys))],
  ];
}
