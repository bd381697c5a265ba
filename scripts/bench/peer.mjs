// The React peer of the issue (Phase Two's admin portal, built by peer-build.sh), served by
// a tiny static server and timed like the console. It signs in through Keycloak's own
// server-rendered page: on start it reads keycloak.json and leaves for Keycloak. So what can
// be timed without a Keycloak is its first paint and the moment it is ready to leave for
// the sign-in page: a lower bound for its "sign-in form visible".
import { createServer } from 'node:http';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotli, gzip } from '../compress.mjs';
import { ROOT } from './paths.mjs';
import { openPage } from './measure.mjs';

export const PEER_DIR = path.join(ROOT, '.tools', 'peer', 'build');

export function peerBuilt() {
  return existsSync(path.join(PEER_DIR, 'index.html'));
}

export function peerCommit() {
  try { return readFileSync(path.join(PEER_DIR, '.peer-commit'), 'utf8').trim().slice(0, 7); } catch { return 'unknown'; }
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon' };

/** Serves the build compressed like a production server would (brotli 11 or zopfli's gzip, as the
 * browser accepts), index.html for unknown paths, keycloak.json pointing at this server,
 * and a blank stand-in for Keycloak under /auth/. Resolves to { url, stop }. */
export function startStatic(dir) {
  // Compressed once, like a server's precompressed files: brotli 11 of an 800 KB bundle
  // takes seconds, which must not be counted in the first run.
  const cache = new Map();
  const encode = (body, encoding) => (encoding === 'br' ? brotli(body) : gzip(body));
  const compressed = (file, body, encoding) => {
    if (path.basename(file) === 'keycloak.json') return encode(body, encoding); // rewritten per host
    const key = `${file}:${encoding}`;
    if (!cache.has(key)) cache.set(key, encode(body, encoding));
    return cache.get(key);
  };
  for (const name of ['index.html', ...readdirSync(path.join(dir, 'assets')).map((f) => `assets/${f}`)]) {
    const file = path.join(dir, name);
    for (const encoding of ['br', 'gzip']) compressed(file, readFileSync(file), encoding);
  }
  const server = createServer((req, res) => {
    const { pathname } = new URL(req.url, 'http://x');
    if (pathname.startsWith('/auth/')) {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Keycloak stand-in</title>');
      return;
    }
    let file = path.join(dir, path.normalize(pathname));
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(dir, 'index.html');
    let body = readFileSync(file);
    if (path.basename(file) === 'keycloak.json') {
      const kc = JSON.parse(body);
      kc['auth-server-url'] = `http://${req.headers.host}/auth/`;
      body = Buffer.from(JSON.stringify(kc));
    }
    const accept = String(req.headers['accept-encoding'] || '');
    const encoding = accept.includes('br') ? 'br' : accept.includes('gzip') ? 'gzip' : null;
    const headers = { 'content-type': TYPES[path.extname(file)] || 'application/octet-stream', 'cache-control': 'no-cache' };
    if (encoding) headers['content-encoding'] = encoding;
    res.writeHead(200, headers).end(encoding ? compressed(file, body, encoding) : body);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const url = `http://127.0.0.1:${server.address().port}`;
      resolve({ url, stop: () => server.close() });
    });
  });
}

/** One cold load of the peer: { fcp, ready } in ms since navigation start; `ready` is when
 * it leaves for Keycloak's sign-in page. */
export async function runPeer(browser, url, profile) {
  const { page, close } = await openPage(browser, profile);
  try {
    const t = {};
    let left;
    const gone = new Promise((resolve) => { left = resolve; });
    // Reported through a binding: the page's own globals die with the redirect.
    await page.exposeFunction('__benchReport', (name, ms) => { t[name] ??= ms; if (name === 'ready') left(); });
    await page.evaluateOnNewDocument(`(() => {
      if (location.pathname.startsWith('/auth/')) return;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__benchReport('fcp', e.startTime);
      }).observe({ type: 'paint', buffered: true });
      addEventListener('beforeunload', () => window.__benchReport('ready', performance.now()));
    })();`);
    await page.goto(url + '/', { waitUntil: 'domcontentloaded' });
    await Promise.race([gone, new Promise((_, reject) => setTimeout(() => reject(new Error('the peer never left for sign-in')), 90_000))]);
    return t;
  } finally {
    await close();
  }
}
