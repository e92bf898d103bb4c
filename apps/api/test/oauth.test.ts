import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { OAuthClientInformationMixed, OAuthTokens } from '@modelcontextprotocol/sdk/shared/auth.js';
import { developerScopes } from '@textline/contract';
import { sha256Hex } from '../src/lib/crypto.ts';
import { call, createDeveloper, freshIp, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, mcpHeaders, postMcp, tokenWithScopes, toolError } from './mcp-support.ts';
import {
  authorizationUrl,
  authorizeThroughPage,
  exchangeCode,
  newUser,
  openAuthorizationPage,
  pkcePair,
  redirectUri,
  registerClient,
  requestWithHost,
  submitConsent,
  tokenRequest,
} from './oauth-support.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ OAUTH_REGISTRATIONS_PER_HOUR: '3' });
});
afterAll(async () => {
  await app.close();
});

const listTools = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

describe('discovery metadata', () => {
  it('serves RFC 9728 protected resource metadata for /mcp', async () => {
    const response = await call(app, 'GET', '/.well-known/oauth-protected-resource/mcp');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      resource: `${app.baseUrl}/mcp`,
      authorization_servers: [`${app.baseUrl}/mcp`],
      scopes_supported: [...developerScopes],
      bearer_methods_supported: ['header'],
      resource_name: expect.any(String),
    });
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serves RFC 8414 authorization server metadata at the path-inserted and the root well-known URLs', async () => {
    const pathInserted = await call(app, 'GET', '/.well-known/oauth-authorization-server/mcp');
    const root = await call(app, 'GET', '/.well-known/oauth-authorization-server');
    expect(pathInserted.status).toBe(200);
    expect(root.body).toEqual(pathInserted.body);
    expect(pathInserted.body).toMatchObject({
      issuer: `${app.baseUrl}/mcp`,
      authorization_endpoint: `${app.baseUrl}/oauth/authorize`,
      token_endpoint: `${app.baseUrl}/oauth/token`,
      registration_endpoint: `${app.baseUrl}/oauth/register`,
      revocation_endpoint: `${app.baseUrl}/oauth/revoke`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      token_endpoint_auth_methods_supported: ['client_secret_post', 'none'],
      scopes_supported: [...developerScopes],
    });
    expect((await call(app, 'POST', '/.well-known/oauth-authorization-server/mcp', { body: {} })).status).toBe(405);
  });

  it('answers on any name the server is reached by over http, naming that origin, when PUBLIC_BASE_URL is unset', async () => {
    const origin = 'http://sms.internal:3000';
    const authorizationServer = await requestWithHost(
      app,
      'sms.internal:3000',
      'GET',
      '/.well-known/oauth-authorization-server/mcp',
    );
    expect(authorizationServer.status).toBe(200);
    expect(JSON.parse(authorizationServer.text)).toMatchObject({
      issuer: `${origin}/mcp`,
      authorization_endpoint: `${origin}/oauth/authorize`,
      token_endpoint: `${origin}/oauth/token`,
      registration_endpoint: `${origin}/oauth/register`,
    });
    const protectedResource = await requestWithHost(app, 'sms.internal:3000', 'GET', '/.well-known/oauth-protected-resource/mcp');
    expect(protectedResource.status).toBe(200);
    expect(JSON.parse(protectedResource.text)).toMatchObject({
      resource: `${origin}/mcp`,
      authorization_servers: [`${origin}/mcp`],
    });
  });

  it('never names a foreign Host header when PUBLIC_BASE_URL is set', async () => {
    const publicBaseUrl = 'https://sms.example.test';
    const hostile = 'attacker.example';
    const own = await startTestApp({ PUBLIC_BASE_URL: publicBaseUrl });
    try {
      const authorizationServer = await requestWithHost(own, hostile, 'GET', '/.well-known/oauth-authorization-server/mcp');
      expect(authorizationServer.status).toBe(200);
      expect(JSON.parse(authorizationServer.text)).toMatchObject({
        issuer: `${publicBaseUrl}/mcp`,
        token_endpoint: `${publicBaseUrl}/oauth/token`,
      });
      const protectedResource = await requestWithHost(own, hostile, 'GET', '/.well-known/oauth-protected-resource/mcp');
      expect(JSON.parse(protectedResource.text)).toMatchObject({
        resource: `${publicBaseUrl}/mcp`,
        authorization_servers: [`${publicBaseUrl}/mcp`],
      });
      const refused = await requestWithHost(own, hostile, 'POST', '/mcp', {
        headers: mcpHeaders,
        body: JSON.stringify(listTools),
      });
      expect(refused.status).toBe(401);
      expect(refused.headers['www-authenticate']).toContain(
        `resource_metadata="${publicBaseUrl}/.well-known/oauth-protected-resource/mcp"`,
      );
      expect(refused.text).toContain(`POST ${publicBaseUrl}/mcp/accounts`);
      for (const response of [authorizationServer, protectedResource, refused]) {
        expect(`${JSON.stringify(response.headers)} ${response.text}`).not.toContain(hostile);
      }
    } finally {
      await own.close();
    }
  });
});

describe('POST /oauth/register', () => {
  it('registers a public client', async () => {
    const client = await registerClient(app, { client_name: 'Desk Agent' });
    expect(client).toMatchObject({ client_name: 'Desk Agent', redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' });
    expect(client.client_id).toEqual(expect.any(String));
    expect(client.client_secret).toBeUndefined();
    const row = await app.services.prisma.oAuthClient.findUniqueOrThrow({ where: { id: client.client_id } });
    expect(row).toMatchObject({ name: 'Desk Agent', secretHash: null });
  });

  it('registers a confidential client and keeps only a hash of its secret', async () => {
    const client = await registerClient(app, { token_endpoint_auth_method: 'client_secret_basic' });
    expect(client.client_secret).toEqual(expect.any(String));
    expect(client).toMatchObject({ token_endpoint_auth_method: 'client_secret_post', client_secret_expires_at: 0 });
    const row = await app.services.prisma.oAuthClient.findUniqueOrThrow({ where: { id: client.client_id } });
    expect(row.secretHash).toBe(sha256Hex(client.client_secret!));
    expect(JSON.stringify(row)).not.toContain(client.client_secret);
  });

  it('accepts https, loopback http and private-use scheme redirect URIs', async () => {
    const client = await registerClient(app, {
      redirect_uris: [
        'https://agent.example/callback',
        'http://localhost:3999/cb',
        'http://[::1]/cb',
        'com.example.agent:/oauth',
      ],
    });
    expect(client.redirect_uris).toHaveLength(4);
  });

  it.each([
    ['plain http to a remote host', ['http://agent.example/callback'], 'invalid_redirect_uri'],
    ['a fragment', ['https://agent.example/callback#x'], 'invalid_redirect_uri'],
    ['a javascript: URI', ['javascript:alert(1)'], 'invalid_client_metadata'],
    ['a file: URI', ['file:///etc/passwd'], 'invalid_redirect_uri'],
    ['no URI', [], 'invalid_redirect_uri'],
    ['not a URL', ['callback'], 'invalid_client_metadata'],
  ])('refuses %s', async (_label, redirectUris, error) => {
    const response = await call(app, 'POST', '/oauth/register', {
      body: { client_name: 'Bad', redirect_uris: redirectUris, token_endpoint_auth_method: 'none' },
      headers: { 'x-forwarded-for': freshIp() },
    });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error, error_description: expect.any(String) });
  });

  it('refuses unsupported grant types and a client_name that is too long', async () => {
    for (const metadata of [{ grant_types: ['client_credentials'] }, { client_name: 'x'.repeat(101) }]) {
      const response = await call(app, 'POST', '/oauth/register', {
        body: { redirect_uris: [redirectUri], ...metadata },
        headers: { 'x-forwarded-for': freshIp() },
      });
      expect(response.status).toBe(400);
      expect(response.body.error).toBe('invalid_client_metadata');
    }
  });

  it('answers 429 with Retry-After when one address registers too often', async () => {
    const register = (ip: string) =>
      call(app, 'POST', '/oauth/register', {
        body: { redirect_uris: [redirectUri], token_endpoint_auth_method: 'none' },
        headers: { 'x-forwarded-for': ip },
      });
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await register('198.51.100.7')).status).toBe(201);
    const limited = await register('198.51.100.7');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ error: 'too_many_requests', error_description: expect.any(String) });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await register('198.51.100.8')).status).toBe(201);
  });
});

describe('authorization code flow with PKCE through the consent page', () => {
  it('goes from registration to an MCP call, refreshes with rotation, and detects refresh token reuse', async () => {
    const user = await newUser(app);
    const client = await registerClient(app, { client_name: 'Flow Agent' });
    const { verifier, challenge } = pkcePair();

    const page = await openAuthorizationPage(
      app,
      authorizationUrl(app, client, { challenge, scope: 'mcp:read mcp:execute', state: 'xyz' }),
    );
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.html).toContain('Flow Agent');
    expect(page.html).toContain('mcp:read');
    expect(page.html).toContain('mcp:execute');
    expect(page.html).toContain('127.0.0.1:7777');
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(page.cookie).toMatch(/^textline_oauth_csrf=/);
    expect(page.headers.getSetCookie()[0]).toMatch(/HttpOnly/i);
    expect(page.headers.getSetCookie()[0]).toMatch(/SameSite=Strict/i);

    const consent = await submitConsent(app, page, user);
    expect(consent.status).toBe(302);
    const location = new URL(consent.location!);
    expect(`${location.origin}${location.pathname}`).toBe(redirectUri);
    expect(location.searchParams.get('state')).toBe('xyz');
    const code = location.searchParams.get('code')!;
    expect(await app.services.prisma.oAuthAuthorizationCode.findUnique({ where: { codeHash: sha256Hex(code) } })).not.toBeNull();

    const tokens = await exchangeCode(app, client, { code, verifier });
    expect(tokens.status).toBe(200);
    expect(tokens.headers.get('cache-control')).toBe('no-store');
    expect(tokens.body).toEqual({
      access_token: expect.stringMatching(/^txt_[0-9A-Za-z]{43}$/),
      token_type: 'Bearer',
      expires_in: 3600,
      scope: 'mcp:read mcp:execute',
      refresh_token: expect.stringMatching(/^txr_/),
    });
    const row = await app.services.prisma.accessToken.findUniqueOrThrow({
      where: { tokenHash: sha256Hex(tokens.body.access_token) },
    });
    expect(row).toMatchObject({
      origin: 'oauth',
      oauthClientId: client.client_id,
      scopes: ['mcp:read', 'mcp:execute'],
      name: 'Flow Agent',
    });
    expect(row.expiresAt.getTime()).toBe(app.clock.now() + 3_600_000);
    const refreshRow = await app.services.prisma.oAuthRefreshToken.findUniqueOrThrow({
      where: { tokenHash: sha256Hex(tokens.body.refresh_token) },
    });
    expect(refreshRow.accessTokenId).toBe(row.id);

    // The access token works on /mcp, as the user who approved it (its OAuth client tools are in the tokens set).
    const agent = await connectMcp(app, tokens.body.access_token, { toolsets: 'tokens' });
    expect((await agent.listTools()).tools.map((tool) => tool.name)).toContain('list_oauth_clients');
    const listed = await agent.callTool({ name: 'list_oauth_clients', arguments: {} });
    await agent.close();
    expect(
      (listed.structuredContent as { oauth_clients: { client_id: string }[] }).oauth_clients.map((entry) => entry.client_id),
    ).toEqual([client.client_id]);

    // It is bound to the MCP resource: the developer API refuses it.
    const rest = await call(app, 'GET', '/api/v1/mcp/oauth-clients', { token: tokens.body.access_token });
    expect(rest.status).toBe(401);

    // Refresh (JSON body) rotates both tokens.
    const refreshed = await tokenRequest(
      app,
      { grant_type: 'refresh_token', client_id: client.client_id, refresh_token: tokens.body.refresh_token },
      'json',
    );
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.refresh_token).not.toBe(tokens.body.refresh_token);
    expect(refreshed.body.access_token).not.toBe(tokens.body.access_token);
    expect((await postMcp(app, refreshed.body.access_token, listTools)).status).toBe(200);

    // The spent refresh token presented again: invalid_grant, and the whole grant is revoked.
    const reused = await tokenRequest(app, {
      grant_type: 'refresh_token',
      client_id: client.client_id,
      refresh_token: tokens.body.refresh_token,
    });
    expect(reused.status).toBe(400);
    expect(reused.body).toEqual({ error: 'invalid_grant', error_description: expect.stringContaining('already used') });
    expect((await postMcp(app, refreshed.body.access_token, listTools)).status).toBe(401);
    expect((await postMcp(app, tokens.body.access_token, listTools)).status).toBe(401);
    const afterReuse = await tokenRequest(app, {
      grant_type: 'refresh_token',
      client_id: client.client_id,
      refresh_token: refreshed.body.refresh_token,
    });
    expect(afterReuse.body.error).toBe('invalid_grant');
  });

  it('lets a refresh narrow the scopes but never widen them', async () => {
    const user = await newUser(app);
    const client = await registerClient(app);
    const tokens = await exchangeCode(
      app,
      client,
      await authorizeThroughPage(app, client, user, { approvedScopes: ['mcp:read'] }),
    );
    expect(tokens.body.scope).toBe('mcp:read');
    const widened = await tokenRequest(app, {
      grant_type: 'refresh_token',
      client_id: client.client_id,
      refresh_token: tokens.body.refresh_token,
      scope: 'mcp:read mcp:execute',
    });
    expect(widened.status).toBe(400);
    expect(widened.body.error).toBe('invalid_scope');
  });

  it('issues a token with only the scopes the user left checked', async () => {
    const user = await newUser(app);
    const client = await registerClient(app);
    const tokens = await exchangeCode(
      app,
      client,
      await authorizeThroughPage(app, client, user, { approvedScopes: ['mcp:read'] }),
    );
    expect(tokens.body.scope).toBe('mcp:read');
    expect((await postMcp(app, tokens.body.access_token, listTools)).status).toBe(200);
    const call = await postMcp(app, tokens.body.access_token, {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'list_oauth_clients', arguments: {} },
    });
    expect(call.status).toBe(403);
  });

  it('makes a code single-use and revokes what it issued when it is replayed', async () => {
    const user = await newUser(app);
    const client = await registerClient(app);
    const grant = await authorizeThroughPage(app, client, user);
    const first = await exchangeCode(app, client, grant);
    expect(first.status).toBe(200);
    const second = await exchangeCode(app, client, grant);
    expect(second.status).toBe(400);
    expect(second.body.error).toBe('invalid_grant');
    expect((await postMcp(app, first.body.access_token, listTools)).status).toBe(401);
  });

  it('refuses a wrong code_verifier, another client, a different redirect_uri or resource, and an expired code', async () => {
    const user = await newUser(app);
    const client = await registerClient(app);
    const other = await registerClient(app);
    const grant = await authorizeThroughPage(app, client, user);
    const wrongVerifier = await exchangeCode(app, client, { code: grant.code, verifier: pkcePair().verifier });
    expect(wrongVerifier.body.error).toBe('invalid_grant');
    expect((await exchangeCode(app, other, grant)).body.error).toBe('invalid_grant');
    expect((await exchangeCode(app, client, grant, { redirect_uri: 'http://127.0.0.1:7777/other' })).body.error).toBe(
      'invalid_grant',
    );
    expect((await exchangeCode(app, client, grant, { resource: 'https://elsewhere.example/mcp' })).body.error).toBe(
      'invalid_target',
    );
    // None of the failures spent the code.
    expect((await exchangeCode(app, client, grant)).status).toBe(200);

    const late = await authorizeThroughPage(app, client, user);
    app.clock.advance(5 * 60_000 + 1);
    const expired = await exchangeCode(app, client, late);
    expect(expired.status).toBe(400);
    expect(expired.body).toEqual({ error: 'invalid_grant', error_description: expect.stringContaining('expired') });
  });

  it('stops accepting the access token after its lifetime', async () => {
    const user = await newUser(app);
    const client = await registerClient(app);
    const tokens = await exchangeCode(app, client, await authorizeThroughPage(app, client, user));
    expect((await postMcp(app, tokens.body.access_token, listTools)).status).toBe(200);
    app.clock.advance(3_600_000);
    expect((await postMcp(app, tokens.body.access_token, listTools)).status).toBe(401);
    const refreshed = await tokenRequest(app, {
      grant_type: 'refresh_token',
      client_id: client.client_id,
      refresh_token: tokens.body.refresh_token,
    });
    expect(refreshed.status).toBe(200);
    expect((await postMcp(app, refreshed.body.access_token, listTools)).status).toBe(200);
  });

  it('authenticates confidential clients at the token endpoint', async () => {
    const user = await newUser(app);
    const client = await registerClient(app, { token_endpoint_auth_method: 'client_secret_post' });
    const grant = await authorizeThroughPage(app, client, user);
    const withoutSecret = await exchangeCode(app, client, grant);
    expect(withoutSecret.body.error).toBe('invalid_client');
    const wrongSecret = await exchangeCode(app, client, grant, { client_secret: 'nope' });
    expect(wrongSecret.body.error).toBe('invalid_client');
    const right = await exchangeCode(app, client, grant, { client_secret: client.client_secret! });
    expect(right.status).toBe(200);
  });

  it('answers token endpoint errors in RFC 6749 form', async () => {
    const client = await registerClient(app);
    const unsupported = await tokenRequest(app, { grant_type: 'client_credentials', client_id: client.client_id });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body).toEqual({ error: 'unsupported_grant_type', error_description: expect.any(String) });
    expect((await tokenRequest(app, { grant_type: 'authorization_code', code: 'x', code_verifier: 'y' })).body.error).toBe(
      'invalid_request',
    );
    expect(
      (await tokenRequest(app, { grant_type: 'authorization_code', client_id: 'unknown', code: 'x', code_verifier: 'y' })).body
        .error,
    ).toBe('invalid_client');
    const malformed = await fetch(`${app.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"grant_type":',
    });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
  });

  it('answers a form with more fields than the parser takes as too large, in RFC 6749 form', async () => {
    const fields = new URLSearchParams(Array.from({ length: 1_001 }, (_, index): [string, string] => [`f${index}`, 'x']));
    fields.set('grant_type', 'authorization_code');
    const response = await fetch(`${app.baseUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: fields.toString(),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: 'invalid_request', error_description: expect.any(String) });
  });
});

describe('the consent page', () => {
  it('says in plain words what each requested scope lets the client do', async () => {
    const client = await registerClient(app);
    const page = await openAuthorizationPage(
      app,
      authorizationUrl(app, client, { challenge: pkcePair().challenge, scope: 'mcp:read mcp:execute messages:write' }),
    );
    expect(page.status).toBe(200);
    expect(page.html).toContain('List the tools the other permissions here allow');
    expect(page.html).toContain('each only within the other permissions here');
    expect(page.html).toContain('Send, schedule and cancel SMS, which spends your prepaid balance');
    expect(page.html).toContain('It cannot create API keys.');
  });

  it('escapes the client name', async () => {
    const client = await registerClient(app, { client_name: '<script>alert("x")</script>' });
    const page = await openAuthorizationPage(app, authorizationUrl(app, client, { challenge: pkcePair().challenge }));
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('<script>alert');
    expect(page.html).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;');
  });

  it('refuses a submission without the CSRF cookie or with a wrong password, and issues no code', async () => {
    const user = await newUser(app);
    const client = await registerClient(app);
    const page = await openAuthorizationPage(app, authorizationUrl(app, client, { challenge: pkcePair().challenge }));
    const noCookie = await submitConsent(app, page, { ...user, cookie: '' });
    expect(noCookie.status).toBe(403);
    expect(noCookie.location).toBeNull();
    const forged = await submitConsent(app, page, { ...user, csrf: 'forged' });
    expect(forged.status).toBe(403);
    const wrongPassword = await submitConsent(app, page, { ...user, password: 'not the password at all' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.html).toContain('username or password is incorrect');
    expect(wrongPassword.location).toBeNull();
    const noScope = await submitConsent(app, page, { ...user, approvedScopes: [] });
    expect(noScope.status).toBe(400);
    expect(await app.services.prisma.oAuthAuthorizationCode.count({ where: { clientId: client.client_id } })).toBe(0);
  });

  it('redirects with access_denied when the user denies', async () => {
    const user = await newUser(app);
    const client = await registerClient(app);
    const page = await openAuthorizationPage(
      app,
      authorizationUrl(app, client, { challenge: pkcePair().challenge, state: 'keep-me' }),
    );
    const denied = await submitConsent(app, page, { ...user, password: '', decision: 'deny' });
    expect(denied.status).toBe(302);
    const location = new URL(denied.location!);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('keep-me');
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('redirects request errors to the client: missing PKCE, plain PKCE, wrong resource, unsupported scope', async () => {
    const client = await registerClient(app);
    const cases: [string, Record<string, string>, string][] = [
      ['no code_challenge', { code_challenge: '' }, 'invalid_request'],
      ['plain PKCE', { code_challenge_method: 'plain' }, 'invalid_request'],
      ['another resource', { resource: 'https://elsewhere.example/mcp' }, 'invalid_target'],
      ['only unsupported scopes', { scope: 'messages:admin' }, 'invalid_scope'],
    ];
    for (const [label, extra, error] of cases) {
      const url = new URL(authorizationUrl(app, client, { challenge: pkcePair().challenge }));
      for (const [name, value] of Object.entries(extra)) {
        if (value === '') url.searchParams.delete(name);
        else url.searchParams.set(name, value);
      }
      const response = await fetch(url, { redirect: 'manual' });
      expect(response.status, label).toBe(302);
      expect(new URL(response.headers.get('location')!).searchParams.get('error'), label).toBe(error);
    }
    const page = await openAuthorizationPage(
      app,
      authorizationUrl(app, client, { challenge: pkcePair().challenge, scope: 'mcp:read messages:write messages:admin' }),
    );
    expect(page.html).toContain('value="mcp:read"');
    expect(page.html).toContain('value="messages:write"');
    expect(page.html).not.toContain('value="mcp:execute"');
    expect(page.html).not.toContain('name="approved_scope" value="messages:admin"');
  });

  it('never redirects to an unregistered redirect_uri or for an unknown client', async () => {
    const client = await registerClient(app);
    const wrongRedirect = await fetch(
      authorizationUrl(app, client, { challenge: pkcePair().challenge, redirect_uri: 'https://attacker.example/cb' }),
      { redirect: 'manual' },
    );
    expect(wrongRedirect.status).toBe(400);
    expect(await wrongRedirect.json()).toMatchObject({ error: 'invalid_request' });
    const unknownClient = await fetch(
      authorizationUrl(app, { ...client, client_id: 'unknown' }, { challenge: pkcePair().challenge }),
      { redirect: 'manual' },
    );
    expect(unknownClient.status).toBe(400);
  });
});

describe('POST /oauth/revoke', () => {
  it('revokes an access token (form) and a refresh token with its grant (JSON), always answering 200', async () => {
    const user = await newUser(app);
    const client = await registerClient(app);
    const first = await exchangeCode(app, client, await authorizeThroughPage(app, client, user));
    const revoke = (body: Record<string, string>, encoding: 'form' | 'json') =>
      fetch(`${app.baseUrl}/oauth/revoke`, {
        method: 'POST',
        headers: { 'content-type': encoding === 'form' ? 'application/x-www-form-urlencoded' : 'application/json' },
        body: encoding === 'form' ? new URLSearchParams(body) : JSON.stringify(body),
      });

    const accessRevoked = await revoke(
      { token: first.body.access_token, token_type_hint: 'access_token', client_id: client.client_id },
      'form',
    );
    expect(accessRevoked.status).toBe(200);
    expect(await accessRevoked.json()).toEqual({});
    expect((await postMcp(app, first.body.access_token, listTools)).status).toBe(401);

    const second = await tokenRequest(app, {
      grant_type: 'refresh_token',
      client_id: client.client_id,
      refresh_token: first.body.refresh_token,
    });
    expect(second.status).toBe(200);
    expect((await revoke({ token: second.body.refresh_token }, 'json')).status).toBe(200);
    expect((await postMcp(app, second.body.access_token, listTools)).status).toBe(401);
    expect(
      (
        await tokenRequest(app, {
          grant_type: 'refresh_token',
          client_id: client.client_id,
          refresh_token: second.body.refresh_token,
        })
      ).body.error,
    ).toBe('invalid_grant');

    const ignored: Record<string, string>[] = [{ token: 'garbage' }, {}, { token: `txt_${'B'.repeat(43)}` }];
    for (const body of ignored) {
      expect((await revoke(body, 'json')).status).toBe(200);
    }
    expect((await call(app, 'GET', '/oauth/revoke')).status).toBe(405);
  });

  it('lets the holder of any txt_ token revoke it when no client is named', async () => {
    const developer = await createDeveloper(app);
    const response = await call(app, 'POST', '/oauth/revoke', { body: { token: developer.token } });
    expect(response.status).toBe(200);
    expect((await call(app, 'GET', '/api/v1/mcp/oauth-clients', { token: developer.token })).status).toBe(401);
  });

  it("does not revoke another client's token", async () => {
    const user = await newUser(app);
    const client = await registerClient(app);
    const other = await registerClient(app);
    const tokens = await exchangeCode(app, client, await authorizeThroughPage(app, client, user));
    const response = await call(app, 'POST', '/oauth/revoke', {
      body: { token: tokens.body.access_token, client_id: other.client_id },
    });
    expect(response.status).toBe(200);
    expect((await postMcp(app, tokens.body.access_token, listTools)).status).toBe(200);
  });
});

describe('what an OAuth access token cannot do', () => {
  it('mints no API key, over MCP or the REST tool surface, and says which token can', async () => {
    const user = await newUser(app);
    const client = await registerClient(app);
    const tokens = await exchangeCode(
      app,
      client,
      await authorizeThroughPage(app, client, user, {
        scope: 'mcp:execute onboarding:write',
        approvedScopes: ['mcp:execute', 'onboarding:write'],
      }),
    );
    expect(tokens.body.scope).toBe('onboarding:write mcp:execute');

    const agent = await connectMcp(app, tokens.body.access_token);
    const refused = await agent.callTool({ name: 'create_api_key', arguments: { name: 'outlive the grant' } });
    await agent.close();
    expect(refused.isError).toBe(true);
    expect(toolError(refused)).toEqual({
      code: 'oauth_token_cannot_mint',
      message: expect.any(String),
      fix: expect.stringContaining('POST /mcp/accounts'),
      retry: expect.any(String),
    });
    const legacySurface = await call(app, 'POST', '/mcp/tools/create_api_key', {
      token: tokens.body.access_token,
      body: { params: {} },
    });
    expect(legacySurface.status).toBe(403);
    expect(legacySurface.body.error).toMatchObject({ code: 'oauth_token_cannot_mint', fix: expect.stringContaining('account') });

    // The developer API turns it away as bound to /mcp, saying so.
    const rest = await call(app, 'POST', '/api/v1/onboarding/api-key', { token: tokens.body.access_token });
    expect(rest.status).toBe(401);
    expect(rest.body).toEqual({ error: { code: 'unauthorized', message: expect.stringContaining('bound to /mcp') } });
    expect(rest.body.error.message).toContain('txt_ key from the account');

    const workspace = await app.services.prisma.workspace.findUniqueOrThrow({ where: { accountId: user.accountId } });
    expect(await app.services.prisma.accessToken.count({ where: { workspaceId: workspace.id, origin: 'api_key' } })).toBe(0);
  });
});

describe('GET /api/v1/mcp/oauth-clients, DELETE /api/v1/mcp/oauth-clients/{client_id}', () => {
  it('lists the clients the user authorized and revokes one', async () => {
    const developer = await createDeveloper(app);
    const user = { username: developer.account.account.username, password: 'correct horse battery staple' };
    const client = await registerClient(app, { client_name: 'Listed Agent' });
    const tokens = await exchangeCode(
      app,
      client,
      await authorizeThroughPage(app, client, user, { approvedScopes: ['mcp:read', 'mcp:execute'] }),
    );

    const before = await call(app, 'GET', '/api/v1/mcp/oauth-clients', { token: developer.token });
    expect(before.status).toBe(200);
    expect(before.body).toEqual({
      oauth_clients: [
        {
          client_id: client.client_id,
          client_name: 'Listed Agent',
          redirect_uris: [redirectUri],
          scopes: ['mcp:read', 'mcp:execute'],
          authorized_at: expect.any(String),
          last_used_at: null,
        },
      ],
    });
    expect((await postMcp(app, tokens.body.access_token, listTools)).status).toBe(200);
    const used = await call(app, 'GET', '/api/v1/mcp/oauth-clients', { token: developer.token });
    expect(used.body.oauth_clients[0].last_used_at).toBe(new Date(app.clock.now()).toISOString());

    // Another user neither sees nor revokes it.
    const stranger = await createDeveloper(app);
    expect((await call(app, 'GET', '/api/v1/mcp/oauth-clients', { token: stranger.token })).body).toEqual({ oauth_clients: [] });
    expect((await call(app, 'DELETE', `/api/v1/mcp/oauth-clients/${client.client_id}`, { token: stranger.token })).status).toBe(
      404,
    );
    expect((await postMcp(app, tokens.body.access_token, listTools)).status).toBe(200);

    const revoked = await call(app, 'DELETE', `/api/v1/mcp/oauth-clients/${client.client_id}`, { token: developer.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ client_id: client.client_id, revoked: true, revoked_tokens: 2 });
    expect((await postMcp(app, tokens.body.access_token, listTools)).status).toBe(401);
    const refresh = await tokenRequest(app, {
      grant_type: 'refresh_token',
      client_id: client.client_id,
      refresh_token: tokens.body.refresh_token,
    });
    expect(refresh.body.error).toBe('invalid_grant');
    expect((await call(app, 'GET', '/api/v1/mcp/oauth-clients', { token: developer.token })).body).toEqual({ oauth_clients: [] });
    const again = await call(app, 'DELETE', `/api/v1/mcp/oauth-clients/${client.client_id}`, { token: developer.token });
    expect(again.body).toMatchObject({ revoked: true, revoked_tokens: 0 });
  });

  it('needs mcp:read to list and mcp:execute to revoke', async () => {
    const developer = await createDeveloper(app);
    const executeOnly = await tokenWithScopes(app, developer.workspaceId, ['mcp:execute']);
    const readOnly = await tokenWithScopes(app, developer.workspaceId, ['mcp:read']);
    expect((await call(app, 'GET', '/api/v1/mcp/oauth-clients', { token: executeOnly })).status).toBe(403);
    expect((await call(app, 'DELETE', '/api/v1/mcp/oauth-clients/anything', { token: readOnly })).status).toBe(403);
    expect((await call(app, 'DELETE', '/api/v1/mcp/oauth-clients/anything', { token: executeOnly })).status).toBe(404);
  });
});

/** An MCP client app's OAuth glue, with the "browser" scripted through the real consent page. */
class ScriptedBrowserProvider implements OAuthClientProvider {
  private information: OAuthClientInformationMixed | undefined;
  private issued: OAuthTokens | undefined;
  private verifier = '';
  authorizationCode: string | undefined;

  constructor(
    private readonly testApp: TestApp,
    private readonly user: { username: string; password: string },
  ) {}

  get redirectUrl() {
    return redirectUri;
  }
  get clientMetadata() {
    return {
      client_name: 'SDK Agent',
      redirect_uris: [redirectUri],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
    };
  }
  clientInformation() {
    return this.information;
  }
  saveClientInformation(information: OAuthClientInformationMixed) {
    this.information = information;
  }
  tokens() {
    return this.issued;
  }
  saveTokens(tokens: OAuthTokens) {
    this.issued = tokens;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
  async redirectToAuthorization(url: URL) {
    const page = await openAuthorizationPage(this.testApp, url.href);
    const consent = await submitConsent(this.testApp, page, this.user);
    this.authorizationCode = new URL(consent.location!).searchParams.get('code') ?? undefined;
  }
}

describe('the official SDK client', () => {
  it('discovers, registers, authorizes with PKCE and calls tools on its own', async () => {
    const user = await newUser(app);
    const provider = new ScriptedBrowserProvider(app, user);
    const mcpUrl = new URL(`${app.baseUrl}/mcp`);
    const first = new Client({ name: 'sdk-agent', version: '1.0.0' });
    await expect(first.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: provider }))).rejects.toBeInstanceOf(
      UnauthorizedError,
    );
    expect(provider.authorizationCode).toEqual(expect.any(String));

    // The OAuth clients are in the tokens tool set.
    const transport = new StreamableHTTPClientTransport(new URL(`${mcpUrl.href}?toolsets=tokens`), { authProvider: provider });
    await transport.finishAuth(provider.authorizationCode!);
    expect(provider.tokens()?.access_token).toMatch(/^txt_/);
    const agent = new Client({ name: 'sdk-agent', version: '1.0.0' });
    await agent.connect(transport);
    const tools = await agent.listTools();
    expect(tools.tools.map((tool) => tool.name)).toContain('list_oauth_clients');
    const listed = await agent.callTool({ name: 'list_oauth_clients', arguments: {} });
    expect((listed.structuredContent as { oauth_clients: { client_name: string }[] }).oauth_clients[0]?.client_name).toBe(
      'SDK Agent',
    );
    await agent.close();
  });
});
