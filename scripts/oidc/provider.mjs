#!/usr/bin/env node
// A certified OpenID provider (panva's oidc-provider, installed into .tools by `make setup`)
// set up as a Keycloak realm would be for the console, for the browser flows
// (tests/browser/flows/certified.rs) and for trying the console and `--issuer` by hand.
//
//   node scripts/oidc/provider.mjs --console http://127.0.0.1:8080 [--realm acme]
//        [--host localhost] [--port 0] [--access-ttl 300]
//
// It prints one line of JSON, {"port":…,"issuer":…}, once it listens (port 0: a free one).
//
// Keycloak's paths: the issuer is http://<host>:<port>/realms/<realm>, its discovery document
// at <issuer>/.well-known/openid-configuration, its endpoints at
// <issuer>/protocol/openid-connect/{auth,token,logout,certs,userinfo,revoke}.
//
// Strict, as a realm should be for a browser client:
// - one public client, `console` (no secret), with exactly two addresses: the redirect URI
//   `<console>/` and the post-logout redirect URI `<console>/sign-in?signed-out=1`; CORS for
//   the console's origin only (Keycloak's "web origins");
// - PKCE required, S256 only (oidc-provider 9 knows no other method);
// - the `iss` parameter in every authorization response (RFC 9207; always on in 9.x);
// - refresh tokens issued without `offline_access` (as Keycloak does), rotated on every use;
//   a used one is refused and, as reuse detection, ends the grant;
// - JWT access tokens (RFC 9068) through a resource indicator: the console sends none, so
//   every token is for RESOURCE, with `email` and Keycloak's `resource_access` added
//   (extraTokenClaims) for the sandbox to find the person and support staff;
// - RP-initiated logout: with a valid `id_token_hint` the session ends at once, with no
//   confirmation page (Keycloak's behaviour); without one the person is asked, as Keycloak
//   asks. See `logoutSource`.
//
// The demo people of crates/sandbox/src/store/people_seed.rs, password `demo`, sign in on a
// small login page of this script's (`#username`, `#password`, `#kc-login`, and
// `#kc-cancel`, which answers `access_denied`), not oidc-provider's development pages
// (they load a web font from the internet). Consent is not asked (a first-party client).
//
// For tests only, under /_test/: GET /_test/log (every request to the provider: what was
// asked, what was answered, the refresh tokens issued and presented) and POST
// /_test/end-sessions (every session ends, as when it times out).

import * as crypto from 'node:crypto';
import * as http from 'node:http';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    console: { type: 'string' },
    realm: { type: 'string', default: 'acme' },
    host: { type: 'string', default: 'localhost' },
    port: { type: 'string', default: '0' },
    'access-ttl': { type: 'string', default: '300' },
  },
});
if (!args.console) {
  console.error('usage: provider.mjs --console <the console\'s origin, e.g. http://127.0.0.1:8080>');
  process.exit(2);
}
const consoleOrigin = args.console.replace(/\/+$/, '');
const accessTtl = Number(args['access-ttl']);
const prefix = `/realms/${args.realm}`;
const here = new URL('../../.tools/node_modules/oidc-provider/lib/index.js', import.meta.url);
const { default: Provider } = await import(here.href).catch((e) => {
  console.error(`oidc-provider is not in .tools (run make setup): ${e.message}`);
  process.exit(1);
});

/** The service the access tokens are for (their `aud`). */
const RESOURCE = 'urn:cluster-management:api';
const PASSWORD = 'demo';
/**
 * The demo people (people_seed.rs) by email: their user ID, which is the tokens' `sub` (a
 * Keycloak user's ID is the service's user ID, so the sandbox's IDs), name, and Keycloak
 * client roles.
 */
const PEOPLE = new Map([
  ['alice@acme.example', { sub: 'user-alice', name: 'Alice Anders', clientRoles: {} }],
  ['carol@acme.example', { sub: 'user-carol', name: 'Carol Chen', clientRoles: {} }],
  ['bob@acme.example', { sub: 'user-bob', name: 'Bob Brown', clientRoles: {} }],
  ['sam@staff.example', { sub: 'user-sam', name: 'Sam Support', clientRoles: { 'cluster-management': ['manage-clusters'] } }],
]);
const bySub = (sub) => [...PEOPLE].find(([, person]) => person.sub === sub);

/** What /_test/log gives: one entry per request. */
const log = [];

/** oidc-provider's storage, in memory, with the sessions findable (to end them all). */
const store = new Map();
class MemoryAdapter {
  constructor(model) { this.model = model; }
  key(id) { return `${this.model}:${id}`; }
  async upsert(id, payload, expiresIn) {
    const expires = expiresIn ? Date.now() + expiresIn * 1000 : Infinity;
    store.set(this.key(id), { payload: { ...payload }, expires, model: this.model });
  }
  async find(id) {
    const found = store.get(this.key(id));
    if (!found) return undefined;
    if (found.expires < Date.now()) { store.delete(this.key(id)); return undefined; }
    return found.payload;
  }
  async findByUid(uid) {
    for (const [key, { payload, model }] of store) {
      if (model === this.model && payload.uid === uid) return this.find(key.slice(model.length + 1));
    }
    return undefined;
  }
  async findByUserCode() { return undefined; }
  async consume(id) {
    const found = store.get(this.key(id));
    if (found) found.payload.consumed = Math.floor(Date.now() / 1000);
  }
  async destroy(id) { store.delete(this.key(id)); }
  async revokeByGrantId(grantId) {
    for (const [key, { payload }] of store) if (payload.grantId === grantId) store.delete(key);
  }
}

const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' };

const escape = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * RP-initiated logout's page, shown when the provider still has a session. oidc-provider
 * always asks; Keycloak asks the person to confirm only when no valid `id_token_hint`
 * comes (issue 39; the sandbox's own identity server does the same). So:
 * with a hint, which `end_session` has validated by now (signature, issuer, audience = the
 * client) and kept as the IdTokenHint entity, the same form is sent at once with
 * `logout=yes` (end the whole session, not only this client's part); without one, the
 * question, as oidc-provider and Keycloak ask it.
 */
async function logoutSource(ctx, form) {
  const hinted = Boolean(ctx.oidc.entities.IdTokenHint);
  const yes = '<input type="hidden" name="logout" value="yes"/></form>';
  ctx.type = 'html';
  if (hinted) {
    const script = "document.getElementById('op.logoutForm').submit()";
    const sha = crypto.hash('sha256', script, 'base64');
    ctx.set('content-security-policy', `default-src 'none'; script-src 'sha256-${sha}'; form-action *`);
    ctx.body = `<!DOCTYPE html><title>Signing out</title>${form.replace('</form>', yes)}<script>${script}</script>`;
    return;
  }
  ctx.body = `<!DOCTYPE html><title>Logging out</title><h1 id="kc-page-title">Do you want to log out?</h1>
    ${form.replace('</form>', yes)}<button id="kc-logout" type="submit" form="op.logoutForm">Logout</button>`;
}

/** The provider for `issuer`, once the server knows its port. */
function configure(issuer) {
  return new Provider(issuer, {
    adapter: MemoryAdapter,
    clients: [{
      client_id: 'console',
      token_endpoint_auth_method: 'none',
      application_type: 'web',
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      redirect_uris: [`${consoleOrigin}/`],
      post_logout_redirect_uris: [`${consoleOrigin}/sign-in?signed-out=1`],
    }],
    clientBasedCORS: (_ctx, origin) => origin === consoleOrigin,
    pkce: { required: () => true },
    cookies: { keys: [crypto.randomBytes(32).toString('hex')] },
    jwks: { keys: [signingKey] },
    scopes: ['openid', 'email', 'profile', 'offline_access'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    findAccount: async (_ctx, sub) => {
      const [email, person] = bySub(sub) || [];
      if (!person) return undefined;
      return { accountId: sub, claims: async () => ({ sub, email, email_verified: true, name: person.name }) };
    },
    // Keycloak's access tokens carry `email` and the client roles (`resource_access`).
    extraTokenClaims: async (_ctx, token) => {
      const [email, person] = bySub(token.accountId) || [];
      if (!person) return undefined;
      const access = Object.fromEntries(Object.entries(person.clientRoles).map(([c, roles]) => [c, { roles }]));
      return { email, resource_access: access };
    },
    // Keycloak issues a refresh token with every code; oidc-provider only for offline_access.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    // No consent page: the console is the realm's own application (Keycloak's "Consent
    // required" off). The grant covers the scopes and the resource asked for.
    loadExistingGrant: async (ctx) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile');
      grant.addResourceScope(RESOURCE, 'cluster');
      await grant.save();
      return grant;
    },
    features: {
      devInteractions: { enabled: false },
      revocation: { enabled: true },
      rpInitiatedLogout: { enabled: true, logoutSource },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => RESOURCE,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== RESOURCE) throw new Provider.errors.InvalidTarget();
          return {
            scope: 'cluster',
            audience: RESOURCE,
            accessTokenTTL: accessTtl,
            accessTokenFormat: 'jwt',
            jwt: { sign: { alg: 'RS256' } },
          };
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `${prefix}/interaction/${interaction.uid}` },
    routes: {
      authorization: '/protocol/openid-connect/auth',
      token: '/protocol/openid-connect/token',
      end_session: '/protocol/openid-connect/logout',
      jwks: '/protocol/openid-connect/certs',
      userinfo: '/protocol/openid-connect/userinfo',
      revocation: '/protocol/openid-connect/revoke',
    },
    ttl: { AccessToken: accessTtl, IdToken: 3600, RefreshToken: 86400, Session: 86400, Grant: 86400, Interaction: 600 },
  });
}

/** The login page: the demo people with the demo password. */
function loginPage(uid, email, wrong) {
  const action = `${prefix}/interaction/${escape(uid)}`;
  return `<!DOCTYPE html><html lang="en"><meta charset="utf-8"><title>Sign in to ${escape(args.realm)}</title>
    <h1 id="kc-page-title">Sign in to ${escape(args.realm)}</h1>
    ${wrong ? '<p id="input-error">Invalid username or password.</p>' : ''}
    <form method="post" action="${action}">
      <label>Email <input id="username" name="username" value="${escape(email)}" autofocus></label>
      <label>Password <input id="password" name="password" type="password"></label>
      <button id="kc-login" type="submit">Sign In</button>
    </form>
    <a id="kc-cancel" href="${action}/abort">Cancel</a></html>`;
}

function send(res, status, type, body) {
  const bytes = Buffer.from(body);
  res.writeHead(status, { 'content-type': type, 'content-length': bytes.length, 'cache-control': 'no-store' });
  res.end(bytes);
}

async function form(req) {
  let text = '';
  for await (const chunk of req) text += chunk;
  return new URLSearchParams(text);
}

/** Our interaction routes (login, cancel); Err-free: a failure answers 400 in words. */
async function interaction(provider, req, res, uid, rest) {
  try {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('this sign-in has expired; start again from the console');
    if (rest === '/abort') {
      const result = { error: 'access_denied', error_description: 'The person cancelled the sign-in' };
      return await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    }
    if (req.method === 'POST') {
      const body = await form(req);
      const email = (body.get('username') || '').trim().toLowerCase();
      if (PEOPLE.has(email) && body.get('password') === PASSWORD) {
        const { sub } = PEOPLE.get(email);
        return await provider.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
      }
      return send(res, 200, 'text/html; charset=utf-8', loginPage(uid, email, true));
    }
    return send(res, 200, 'text/html; charset=utf-8', loginPage(uid, details.params.login_hint || '', false));
  } catch (e) {
    return send(res, 400, 'text/plain; charset=utf-8', `The sign-in cannot go on: ${e.message}`);
  }
}

/** One entry of /_test/log per request the provider answers. */
function recording(provider) {
  provider.use(async (ctx, next) => {
    const asked = { ...ctx.query, ...(typeof ctx.request.body === 'object' ? ctx.request.body : {}) };
    await next();
    const params = ctx.oidc?.params || asked;
    const body = ctx.body && typeof ctx.body === 'object' && !Buffer.isBuffer(ctx.body) ? ctx.body : {};
    log.push({
      method: ctx.method,
      path: ctx.path,
      status: ctx.status,
      location: ctx.response.get('location') || undefined,
      state: params.state,
      prompt: params.prompt,
      grant_type: params.grant_type,
      id_token_hint: params.id_token_hint ? true : undefined,
      post_logout_redirect_uri: params.post_logout_redirect_uri,
      refresh_token_presented: params.refresh_token,
      refresh_token_issued: body.refresh_token,
      error: body.error,
      error_description: body.error_description,
    });
  });
}

const server = http.createServer();
server.listen(Number(args.port), args.host === 'localhost' ? '127.0.0.1' : args.host, () => {
  const { port } = server.address();
  const issuer = `http://${args.host}:${port}${prefix}`;
  const provider = configure(issuer);
  recording(provider);
  const handle = provider.callback();
  server.on('request', (req, res) => {
    const url = new URL(req.url, issuer);
    if (url.pathname === '/_test/log') return send(res, 200, 'application/json', JSON.stringify(log));
    if (url.pathname === '/_test/end-sessions' && req.method === 'POST') {
      let ended = 0;
      for (const [key, { model }] of store) if (model === 'Session') { store.delete(key); ended += 1; }
      return send(res, 200, 'application/json', JSON.stringify({ ended }));
    }
    const step = url.pathname.match(new RegExp(`^${prefix}/interaction/([^/]+)(/abort)?$`));
    if (step) return interaction(provider, req, res, step[1], step[2] || '');
    if (url.pathname === prefix || url.pathname.startsWith(`${prefix}/`)) {
      // Mounted under the realm's path, as oidc-provider documents for a plain http server.
      req.originalUrl = req.url;
      req.url = req.url.slice(prefix.length) || '/';
      return handle(req, res);
    }
    return send(res, 404, 'text/plain', 'Not found');
  });
  console.log(JSON.stringify({ port, issuer }));
});
