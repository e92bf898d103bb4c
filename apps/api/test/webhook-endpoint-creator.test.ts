import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { data, recordEvent, signIn, startSink, trpcMutation, trpcQuery } from './console-support.ts';
import { call, closeStarted, createDeveloper, scaledMode, startTestApp, type TestApp } from './harness.ts';
import { connectMcp } from './mcp-support.ts';
import { authorizeThroughPage, exchangeCode, newUser, registerClient } from './oauth-support.ts';

/**
 * What a credential creates that sends data out dies with it: revoking a delegated token (or a token
 * above it) or an OAuth grant disables the webhook endpoints it created, with a reason naming the
 * revocation, and nothing more is delivered to them. The account's own credentials (the console,
 * root-level keys) are not handed out, so revoking other tokens leaves what they created alone.
 */

let app: TestApp;
let sink: Awaited<ReturnType<typeof startSink>>;

beforeAll(async () => {
  // Jobs run when a test drains them, so a test can revoke a token while its endpoint's event waits.
  app = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_URLS: '1' }, { startJobs: false });
  sink = await startSink();
});
afterAll(async () => {
  await closeStarted(sink, app);
});

type Developer = Awaited<ReturnType<typeof createDeveloper>>;

async function mintToken(parentToken: string, name: string): Promise<{ id: string; access_token: string }> {
  const response = await call(app, 'POST', '/api/v1/tokens', {
    token: parentToken,
    body: { name, scopes: ['webhooks:write', 'tokens:write'] },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.token;
}

/** An endpoint at the sink under its own path, so the sink tells which endpoint a request went to. */
async function createEndpoint(token: string, path: string) {
  const response = await call(app, 'POST', '/api/v1/webhook-endpoints', { token, body: { url: `${sink.url}/${path}` } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.endpoint as { id: string; created_by: Record<string, unknown> };
}

async function endpoint(developer: Developer, id: string) {
  return (await call(app, 'GET', `/api/v1/webhook-endpoints/${id}`, { token: developer.token })).body.endpoint;
}

/** The endpoint as the account's owner sees it in the console. */
async function endpointInConsole(username: string, id: string) {
  return data(await trpcQuery(app, 'webhookEndpoints.get', { id }, await signIn(app, username))).endpoint;
}

/** The sink paths one new event reaches. */
async function pathsReachedByAnEvent(workspaceId: string): Promise<string[]> {
  sink.requests.length = 0;
  await recordEvent(app, workspaceId);
  await app.services.jobs.drain();
  return sink.requests.map((request) => request.path.split('/').pop()!).sort();
}

describe('delegated tokens', () => {
  it('disables the endpoints of a revoked token and of the tokens under it, and sends them nothing more', async () => {
    const developer = await createDeveloper(app);
    const child = await mintToken(developer.token, 'sub-agent');
    const grandchild = await mintToken(child.access_token, 'sub-sub-agent');
    const own = await createEndpoint(developer.token, 'own');
    const childs = await createEndpoint(child.access_token, 'child');
    const grandchilds = await createEndpoint(grandchild.access_token, 'grandchild');
    expect(childs.created_by).toEqual({
      kind: 'token',
      name: 'sub-agent',
      token_id: child.id,
      token_origin: 'delegated',
      oauth_client_id: null,
      disabled_when_revoked: true,
    });
    expect(own.created_by).toMatchObject({ kind: 'token', token_origin: 'api_key', disabled_when_revoked: false });
    expect(await pathsReachedByAnEvent(developer.workspaceId)).toEqual(['child', 'grandchild', 'own']);

    const revoked = await call(app, 'DELETE', `/api/v1/tokens/${child.id}`, { token: developer.token });
    expect(revoked.status).toBe(200);
    expect(await endpoint(developer, childs.id)).toMatchObject({
      enabled: false,
      disabled_reason: expect.stringMatching(/the token "sub-agent" \(tok_\w+\) that created it was revoked/),
    });
    expect(await endpoint(developer, grandchilds.id)).toMatchObject({
      enabled: false,
      disabled_reason: expect.stringContaining(`the token "sub-sub-agent" (${grandchild.id})`),
    });
    expect(await endpoint(developer, own.id)).toMatchObject({ enabled: true, disabled_reason: null });
    expect(await pathsReachedByAnEvent(developer.workspaceId)).toEqual(['own']);

    // The account may turn one back on; the revoked token's reason goes with it.
    const enabled = await call(app, 'PATCH', `/api/v1/webhook-endpoints/${childs.id}`, {
      token: developer.token,
      body: { enabled: true },
    });
    expect(enabled.body.endpoint).toMatchObject({ enabled: true, disabled_reason: null });
  });

  it('drops the events already queued for the endpoint of a token revoked before they went out', async () => {
    const developer = await createDeveloper(app);
    const child = await mintToken(developer.token, 'agent');
    await createEndpoint(child.access_token, 'queued');
    sink.requests.length = 0;
    await recordEvent(app, developer.workspaceId);
    // The console revokes it (revoke_token and the console share revokeTokenTree).
    const session = await signIn(app, developer.account.account.username);
    expect((await trpcMutation(app, 'apiTokens.revoke', { id: child.id }, session)).status).toBe(200);
    await app.services.jobs.drain();
    expect(sink.requests).toHaveLength(0);
  });

  it('leaves the endpoints of the console and of root-level keys when tokens are revoked', async () => {
    const developer = await createDeveloper(app);
    const session = await signIn(app, developer.account.account.username);
    const fromConsole = data(
      await trpcMutation(app, 'webhookEndpoints.create', { url: `${sink.url}/console` }, session),
    ).endpoint;
    expect(fromConsole.created_by).toEqual({
      kind: 'console',
      name: 'Console',
      token_id: null,
      token_origin: null,
      oauth_client_id: null,
      disabled_when_revoked: false,
    });
    const fromKey = await createEndpoint(developer.token, 'key');
    const child = await mintToken(developer.token, 'agent');
    await createEndpoint(child.access_token, 'child');

    expect((await call(app, 'DELETE', `/api/v1/tokens/${child.id}`, { token: developer.token })).status).toBe(200);
    // A root-level key is the account's own: revoking it (say, to rotate it) leaves what it set up.
    const keyId = fromKey.created_by.token_id as string;
    expect((await trpcMutation(app, 'apiTokens.revoke', { id: keyId }, session)).status).toBe(200);
    for (const id of [fromConsole.id, fromKey.id]) {
      expect(data(await trpcQuery(app, 'webhookEndpoints.get', { id }, session)).endpoint).toMatchObject({
        enabled: true,
        disabled_reason: null,
      });
    }
    expect(await pathsReachedByAnEvent(developer.workspaceId)).toEqual(['console', 'key']);
  });
});

describe('OAuth grants', () => {
  async function grantedAgent() {
    const user = await newUser(app);
    const workspace = await app.services.prisma.workspace.findFirstOrThrow({ where: { account: { id: user.accountId } } });
    const client = await registerClient(app, { client_name: 'Helpful Agent' });
    const scopes = ['mcp:read', 'mcp:execute', 'webhooks:write'];
    const grant = await authorizeThroughPage(app, client, user, { scope: scopes.join(' '), approvedScopes: scopes });
    const tokens = await exchangeCode(app, client, grant);
    expect(tokens.status, JSON.stringify(tokens.body)).toBe(200);
    const agent = await connectMcp(app, tokens.body.access_token);
    const result = (await agent.callTool({
      name: 'create_webhook_endpoint',
      arguments: { url: `${sink.url}/agent` },
    })) as CallToolResult;
    await agent.close();
    expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
    const created = (result.structuredContent as { endpoint: { id: string; created_by: unknown } }).endpoint;
    expect(created.created_by).toEqual({
      kind: 'oauth_client',
      name: 'Helpful Agent',
      token_id: expect.stringMatching(/^tok_/),
      token_origin: 'oauth',
      oauth_client_id: client.client_id,
      disabled_when_revoked: true,
    });
    return { user, workspaceId: workspace.id, client, tokens: tokens.body, endpointId: created.id };
  }

  it('disables what the client created when the user revokes the client', async () => {
    const { user, workspaceId, client, endpointId } = await grantedAgent();
    expect(await pathsReachedByAnEvent(workspaceId)).toEqual(['agent']);
    const revoked = await call(app, 'DELETE', `/api/v1/mcp/oauth-clients/${client.client_id}`, { token: user.token });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(await endpointInConsole(user.username, endpointId)).toMatchObject({
      enabled: false,
      disabled_reason: expect.stringContaining('the access of the OAuth client "Helpful Agent" that created it was revoked'),
    });
    expect(await pathsReachedByAnEvent(workspaceId)).toEqual([]);
  });

  it('disables it when the refresh token is revoked, though the access token that created it had expired', async () => {
    const { user, client, tokens, endpointId } = await grantedAgent();
    // Its access tokens live an hour: the one that created the endpoint has expired by now.
    app.clock.advance(2 * 3_600_000);
    const response = await fetch(`${app.baseUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: tokens.refresh_token, client_id: client.client_id }),
    });
    expect(response.status).toBe(200);
    expect(await endpointInConsole(user.username, endpointId)).toMatchObject({
      enabled: false,
      disabled_reason: expect.stringContaining('"Helpful Agent"'),
    });
  });
});

describe.runIf(scaledMode)('a token revoked in another process', () => {
  it('creates and re-enables nothing there, although that process still accepts it from its token cache', async () => {
    const second = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_URLS: '1' }, { shareWith: app });
    try {
      const developer = await createDeveloper(app);
      const child = await mintToken(developer.token, 'cached');
      const before = await createEndpoint(child.access_token, 'before');
      // The second process caches the token; the manual clock never lets the entry expire.
      expect((await call(second, 'GET', '/api/v1/webhook-endpoints', { token: child.access_token })).status).toBe(200);
      expect((await call(app, 'DELETE', `/api/v1/tokens/${child.id}`, { token: developer.token })).status).toBe(200);
      const created = await call(second, 'POST', '/api/v1/webhook-endpoints', {
        token: child.access_token,
        body: { url: `${sink.url}/late` },
      });
      expect(created.status).toBe(401);
      const reenabled = await call(second, 'PATCH', `/api/v1/webhook-endpoints/${before.id}`, {
        token: child.access_token,
        body: { enabled: true },
      });
      expect(reenabled.status).toBe(401);
      const listed = await call(app, 'GET', '/api/v1/webhook-endpoints', { token: developer.token });
      expect(listed.body.endpoints).toEqual([expect.objectContaining({ id: before.id, enabled: false })]);
    } finally {
      await second.close();
    }
  });
});
