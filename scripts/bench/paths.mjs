// Where things are: the repository, the console build to measure, and its commit.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';

/** The dist folder to measure: `DIST=...` (e.g. another worktree's build) or ./dist. */
export function distDir() {
  const dir = path.resolve(ROOT, process.env.DIST || 'dist');
  if (!existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`no console build at ${dir} (run trunk build --release, or set DIST=/path/to/dist)`);
  }
  return dir;
}

/** What the console is built from (not BENCHMARKS.md or these scripts). */
// The build scripts shape the output as much as the code does (minifying, import names).
const SOURCES = ['src', 'crates', 'style', 'public', 'index.html', 'Cargo.toml', 'Cargo.lock', 'Trunk.toml', '.cargo',
  'scripts/build-wasm.sh', 'scripts/split-loader.mjs', 'scripts/pack-modules.mjs', 'scripts/short-imports.mjs', 'scripts/unused-exports.mjs',
  'scripts/wasm-leb.mjs', 'scripts/compress.mjs', 'scripts/headers.mjs'];

/** The commit the build was made from: the last commit that changed the console's sources
 * in the git checkout holding the dist folder, with "+changes" when they differ from it. */
export function buildCommit(dir) {
  const git = (...args) => execFileSync('git', ['-C', path.dirname(dir), ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    const head = git('log', '-1', '--format=%h', '--', ...SOURCES);
    return git('status', '--porcelain', '--untracked-files=no', '--', ...SOURCES) ? `${head}+changes` : head;
  } catch {
    return 'unknown';
  }
}

/** puppeteer-core from .tools/node_modules (scripts/bench/install.sh puts it there). */
export async function loadPuppeteer() {
  const { createRequire } = await import('node:module');
  const require = createRequire(path.join(ROOT, '.tools', 'package.json'));
  return require('puppeteer-core');
}
