// Writes <dist>/_headers: the security headers every response of the console must carry,
// computed from this build. The Content-Security-Policy allows exactly what the build needs:
//   - scripts: this origin's files, wasm compilation ('wasm-unsafe-eval'), and the SHA-256 of
//     every inline <script> of index.html (the build puts none there: the loader is
//     pkg-<hash>/boot.js, so normally no hash is listed);
//   - connections: this origin, every environment's `console_url` origin in config.json
//     (the API and the token endpoint live there) and its `storage_origins` (where presigned
//     URLs point: uploads are PUT there, log files downloaded from there) and its `issuer`
//     (a person's sign-in reads its discovery document and calls its token endpoint);
//   - an absolute `payments.script_url` (Stripe.js) adds its origin to script-src and
//     frame-src (Stripe.js runs its card challenge in a frame of its own origin);
//   - Trusted Types for every script sink, with the two policies the console makes, and
//     violations reported to /csp-report.
// The file uses the `_headers` format (Netlify, Cloudflare Pages); the sandbox serves the
// console with these headers, and the README shows the same for nginx and Caddy.
// Usage: node scripts/headers.mjs <dist dir>
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createHash } from "node:crypto";

const dist = process.argv[2];
if (!dist) {
    console.error("usage: node scripts/headers.mjs <dist dir>");
    process.exit(2);
}

function fail(message) {
    console.error(`headers.mjs: ${message}`);
    process.exit(1);
}

function origin(url, what) {
    try {
        const parsed = new URL(url);
        if (parsed.protocol !== "https:" && parsed.protocol !== "http:") fail(`${what} is not http(s): ${url}`);
        return parsed.origin;
    } catch {
        fail(`${what} is not an absolute URL: ${url}`);
    }
}

const isAbsolute = (url) => /^[a-z][a-z0-9+.-]*:/i.test(url);

let config;
try {
    config = JSON.parse(readFileSync(join(dist, "config.json"), "utf8"));
} catch (e) {
    fail(`cannot read config.json in ${dist}: ${e.message}`);
}
if (!Array.isArray(config.environments)) fail("config.json has no environments list");

const connect = new Set();
const scripts = new Set();
const frames = new Set();
for (const env of config.environments) {
    const url = (env.console_url ?? "").trim();
    if (url) connect.add(origin(url, `environment ${env.name}'s console_url`));
    const issuer = env.issuer == null ? "" : env.issuer;
    if (typeof issuer !== "string") fail(`environment ${env.name}'s issuer is ${JSON.stringify(issuer)}, not a string`);
    if (issuer.trim()) connect.add(origin(issuer.trim(), `environment ${env.name}'s issuer`));
    // One string or a list, as src/config.rs reads it; each must be an origin, no path.
    const storage = env.storage_origins == null ? [] : [env.storage_origins].flat();
    for (const entry of storage) {
        if (typeof entry !== "string") fail(`environment ${env.name}'s storage_origins holds ${JSON.stringify(entry)}, not a string`);
        const text = entry.trim().replace(/\/+$/, "");
        if (!text) continue;
        const o = origin(text, `environment ${env.name}'s storage origin`);
        const parsed = new URL(text);
        if (parsed.pathname !== "/" || parsed.search || parsed.hash || parsed.username || text.endsWith("?") || text.endsWith("#")) fail(`environment ${env.name}'s storage origin is not an origin (scheme://host[:port], no path): ${entry}`);
        connect.add(o);
    }
    const script = (env.payments?.script_url ?? "").trim();
    if (script && isAbsolute(script)) {
        const o = origin(script, `environment ${env.name}'s payments.script_url`);
        scripts.add(o);
        frames.add(o);
    }
}

// Inline scripts: `<script>` without src. A module loader trunk writes inline would be one.
const html = readFileSync(join(dist, "index.html"), "utf8");
for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    scripts.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
}
if (/<style\b/i.test(html) || /\sstyle\s*=/i.test(html)) fail("index.html has inline styles: style-src 'self' would block them");

const list = (set) => [...set].sort().map((s) => ` ${s}`).join("");
const directives = [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval'${list(scripts)}`,
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src 'self'${list(connect)}`,
    ...(frames.size ? [`frame-src${list(frames)}`] : []),
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
    "form-action 'self'",
    // Trusted Types: string-to-DOM sinks take only what a named policy made: `default`
    // (public/prefs.js: markup with no script, no script URL) and `console-payments`
    // (src/billing/stripe.rs: the payment script config.json names).
    "require-trusted-types-for 'script'",
    "trusted-types default console-payments",
    // Where browsers send what the policy refused (the sandbox keeps them: /sandbox/csp-reports).
    "report-uri /csp-report",
];
const headers = [
    ["Content-Security-Policy", directives.join("; ")],
    ["X-Content-Type-Options", "nosniff"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
];
const text = `# The console's security headers, computed at build time by scripts/headers.mjs from\n` +
    `# config.json and index.html. Serve every path of dist/ with them (see the README).\n` +
    `# Edit config.json's environments? Rebuild, or add their origins to connect-src here.\n` +
    `/*\n${headers.map(([name, value]) => `  ${name}: ${value}\n`).join("")}`;
writeFileSync(join(dist, "_headers"), text);
