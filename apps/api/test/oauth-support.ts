import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { call, createAccount, freshIp, type TestApp } from './harness.ts';

export const redirectUri = 'http://127.0.0.1:7777/callback';
export const password = 'correct horse battery staple';

type RegisteredClient = { client_id: string; client_secret?: string; client_name?: string; redirect_uris: string[] };

export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export async function registerClient(app: TestApp, metadata: Record<string, unknown> = {}): Promise<RegisteredClient> {
  const response = await call(app, 'POST', '/oauth/register', {
    body: { client_name: 'Test Agent', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none', ...metadata },
    headers: { 'x-forwarded-for': freshIp() },
  });
  if (response.status !== 201) throw new Error(`registration failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as RegisteredClient;
}

export async function newUser(app: TestApp) {
  const account = await createAccount(app);
  return { username: account.account.username, password, token: account.token.access_token, accountId: account.account.id };
}

function decodeEntities(value: string): string {
  return value.replace(/&#(\d+);/g, (_match, code: string) => String.fromCharCode(Number(code)));
}

/** The consent page as a browser would hold it: its HTML, hidden form fields and CSRF cookie. */
type ConsentPage = { status: number; html: string; fields: Record<string, string>; cookie: string; headers: Headers };

export async function openAuthorizationPage(app: Pick<TestApp, 'baseUrl'>, url: string): Promise<ConsentPage> {
  const response = await fetch(url, { redirect: 'manual', headers: { 'x-forwarded-for': freshIp() } });
  const html = await response.text();
  const fields: Record<string, string> = {};
  for (const match of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    fields[decodeEntities(match[1]!)] = decodeEntities(match[2]!);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ');
  return { status: response.status, html, fields, cookie, headers: response.headers };
}

export function authorizationUrl(
  app: Pick<TestApp, 'baseUrl'>,
  client: RegisteredClient,
  params: {
    challenge: string;
    scope?: string;
    state?: string;
    resource?: string;
    redirect_uri?: string;
    extra?: Record<string, string>;
  },
): string {
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: params.redirect_uri ?? redirectUri,
    code_challenge: params.challenge,
    code_challenge_method: 'S256',
    state: params.state ?? 'state-123',
    resource: params.resource ?? `${app.baseUrl}/mcp`,
    ...(params.scope === undefined ? {} : { scope: params.scope }),
    ...params.extra,
  });
  return `${app.baseUrl}/oauth/authorize?${query.toString()}`;
}

/** Submits the page's form like the user would; returns the raw (unfollowed) response. */
export async function submitConsent(
  app: Pick<TestApp, 'baseUrl'>,
  page: ConsentPage,
  form: {
    username: string;
    password: string;
    decision?: 'approve' | 'deny';
    approvedScopes?: string[];
    cookie?: string;
    csrf?: string;
  },
): Promise<{ status: number; location: string | null; html: string; headers: Headers }> {
  const body = new URLSearchParams({
    ...page.fields,
    username: form.username,
    password: form.password,
    decision: form.decision ?? 'approve',
  });
  if (form.csrf !== undefined) body.set('csrf_token', form.csrf);
  for (const scope of form.approvedScopes ?? ['mcp:read', 'mcp:execute']) body.append('approved_scope', scope);
  const response = await fetch(`${app.baseUrl}/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      cookie: form.cookie ?? page.cookie,
      'x-forwarded-for': freshIp(),
    },
    body,
  });
  return {
    status: response.status,
    location: response.headers.get('location'),
    html: await response.text(),
    headers: response.headers,
  };
}

/** Register-free shortcut: user approves `client` through the real page; returns the code and its verifier. */
export async function authorizeThroughPage(
  app: TestApp,
  client: RegisteredClient,
  user: { username: string; password: string },
  options: { approvedScopes?: string[]; scope?: string } = {},
): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkcePair();
  const page = await openAuthorizationPage(app, authorizationUrl(app, client, { challenge, scope: options.scope }));
  if (page.status !== 200) throw new Error(`authorization page failed: ${page.status} ${page.html}`);
  const consent = await submitConsent(app, page, { ...user, approvedScopes: options.approvedScopes });
  const code = consent.location ? new URL(consent.location).searchParams.get('code') : null;
  if (consent.status !== 302 || !code) throw new Error(`consent failed: ${consent.status} ${consent.location} ${consent.html}`);
  return { code, verifier };
}

/** POST /oauth/token, as a form (default) or JSON. */
export async function tokenRequest(
  app: Pick<TestApp, 'baseUrl'>,
  params: Record<string, string>,
  encoding: 'form' | 'json' = 'form',
) {
  const response = await fetch(`${app.baseUrl}/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
      'x-forwarded-for': freshIp(),
    },
    body: encoding === 'form' ? new URLSearchParams(params) : JSON.stringify(params),
  });
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, any> };
}

export async function exchangeCode(
  app: TestApp,
  client: RegisteredClient,
  grant: { code: string; verifier: string },
  extra: Record<string, string> = {},
) {
  return tokenRequest(app, {
    grant_type: 'authorization_code',
    client_id: client.client_id,
    code: grant.code,
    code_verifier: grant.verifier,
    redirect_uri: redirectUri,
    resource: `${app.baseUrl}/mcp`,
    ...extra,
  });
}

/**
 * A request that reached the server under another name: fetch always sends the URL's own Host, so
 * this goes through node:http, which sends the one given.
 */
export function requestWithHost(
  app: Pick<TestApp, 'baseUrl'>,
  host: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(`${app.baseUrl}${path}`, { method, headers: { ...options.headers, host } }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}
