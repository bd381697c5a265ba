// Starts the sandbox serving a built console, and stops it again. The sandbox is started
// in its own process group so that stopping it ends cargo and the server together, and
// nothing else.
import { spawn } from 'node:child_process';
import { ROOT } from './paths.mjs';

const BUILD_TIMEOUT_MS = 30 * 60 * 1000; // a cold release build of the sandbox on 2 cores
const READY_TIMEOUT_MS = 20 * 1000;

/** Starts `cluster-sandbox` on a free port with an in-memory demo world (plus `extraArgs`,
 * e.g. `--demo-scale 500`); resolves to
 * `{ url, stop }` once it answers HTTP. */
export async function startSandbox(distDir, extraArgs = []) {
  const args = ['run', '--release', '--quiet', '-p', 'cluster-sandbox', '--',
    '--port', '0', '--console-dir', distDir, '--data', ':memory:', '--quiet', ...extraArgs];
  const child = spawn('cargo', args, { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = () => stopGroup(child);
  // Also when node itself is interrupted or exits early: never leave a sandbox behind.
  process.once('exit', stop);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(signal, () => { stop(); process.exit(130); });
  }
  try {
    const url = await bannerUrl(child);
    await waitAnswering(url);
    return { url, stop };
  } catch (e) {
    stop();
    throw e;
  }
}

/** The sandbox prints "Cluster sandbox listening on http://host:port" once bound (port 0
 * means the OS picked one, so the banner is the only place to learn it). */
function bannerUrl(child) {
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`the sandbox did not start within ${BUILD_TIMEOUT_MS / 60000} minutes`)), BUILD_TIMEOUT_MS);
    child.stdout.on('data', (chunk) => {
      out += chunk;
      const m = out.match(/listening on (http:\/\/\S+)/);
      if (m) { clearTimeout(timer); resolve(m[1]); }
    });
    child.stderr.on('data', (chunk) => { err = (err + chunk).slice(-4000); });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the sandbox exited (code ${code}) before listening:\n${err}`));
    });
  });
}

async function waitAnswering(url) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    try {
      const res = await fetch(url + '/');
      if (res.ok) return;
    } catch { /* not yet */ }
    if (Date.now() > deadline) throw new Error(`the sandbox at ${url} did not answer within ${READY_TIMEOUT_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

function stopGroup(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try { process.kill(-child.pid, 'SIGTERM'); } catch { /* already gone */ }
}
