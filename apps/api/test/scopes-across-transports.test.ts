import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { developerScopes } from '@textline/contract';
import { accountCreationTools } from '../src/auth/tool-access.ts';
import { call, closeStarted, createAccount, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, postMcp, toolError } from './mcp-support.ts';
import { authorizeThroughPage, exchangeCode, newUser, registerClient } from './oauth-support.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({}, { startJobs: false });
});
afterAll(async () => {
  await closeStarted(app);
});

type Minted = { id: string; access_token: string; scopes: string[] };

async function mintChild(parent: string, body: Record<string, unknown>): Promise<Minted> {
  const response = await call(app, 'POST', '/api/v1/tokens', { token: parent, body: { name: 'sub-agent', ...body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.token as Minted;
}

/** The workspace's token rows as GET /api/v1/tokens lists them, by id. */
async function tokensOf(token: string): Promise<Map<string, Record<string, unknown>>> {
  const response = await call(app, 'GET', '/api/v1/tokens?limit=100', { token });
  expect(response.status).toBe(200);
  return new Map((response.body.tokens as Record<string, unknown>[]).map((row) => [row.id as string, row]));
}

function outliveTokenCache() {
  app.clock.advance(app.config.tokenCacheMs + 1);
}

describe('a delegated token mints only its own children', () => {
  it('create_api_key over MCP gives a child of the caller, capped as it is and revoked with it', async () => {
    const developer = await createDeveloper(app);
    const child = await mintChild(developer.token, {
      scopes: ['mcp:execute', 'messages:write', 'onboarding:write'],
      spend_cap_cents_daily: 5,
      send_rate_tier: 'starter',
      expires_in_seconds: 3_600,
    });
    const agent = await connectMcp(app, child.access_token);
    const result = await agent.callTool({ name: 'create_api_key', arguments: { name: 'minted by the sub-agent' } });
    expect(result.isError, JSON.stringify(result)).toBeFalsy();
    const key = (result.structuredContent as { token: Minted & { expires_at: string } }).token;
    expect(key.scopes).toEqual(['messages:write', 'onboarding:write', 'mcp:execute']);
    await agent.close();

    const rows = await tokensOf(developer.token);
    const childId = [...rows.values()].find((row) => row.name === 'sub-agent')!.id as string;
    const minted = [...rows.values()].find((row) => row.name === 'minted by the sub-agent')!;
    expect(minted).toMatchObject({
      parent_token_id: childId,
      spend_cap_cents_daily: 5,
      send_rate_tier: 'starter',
      origin: 'delegated',
    });
    expect(Date.parse(minted.expires_at as string)).toBeLessThanOrEqual(Date.parse(rows.get(childId)!.expires_at as string));

    const revoked = await call(app, 'DELETE', `/api/v1/tokens/${childId}`, { token: developer.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.revoked_token_ids).toContain(minted.id);
    outliveTokenCache();
    expect((await call(app, 'POST', '/api/v1/messages/preview', { token: key.access_token, body: {} })).status).toBe(401);
  });

  it('POST /api/v1/onboarding/api-key from a delegated token gives its child, which cannot revoke a sibling', async () => {
    const developer = await createDeveloper(app);
    const child = await mintChild(developer.token, { scopes: ['onboarding:write', 'tokens:write'], spend_cap_cents_daily: 7 });
    const sibling = await mintChild(developer.token, { scopes: ['messages:write'] });
    const response = await call(app, 'POST', '/api/v1/onboarding/api-key', { token: child.access_token, body: { name: 'key' } });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const key = response.body.token as Minted;
    expect(key.scopes).toEqual(['onboarding:write', 'tokens:write']);

    const rows = await tokensOf(developer.token);
    const minted = [...rows.values()].find((row) => row.name === 'key')!;
    const childId = [...rows.values()].find(
      (row) => row.name === 'sub-agent' && (row.scopes as string[]).includes('tokens:write'),
    )!.id as string;
    expect(minted).toMatchObject({ parent_token_id: childId, spend_cap_cents_daily: 7 });

    const siblingId = [...rows.values()].find((row) => (row.scopes as string[]).join() === 'messages:write')!.id as string;
    expect(sibling.scopes).toEqual(['messages:write']);
    const refused = await call(app, 'DELETE', `/api/v1/tokens/${siblingId}`, { token: key.access_token });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    // Nor the token it was minted by.
    expect((await call(app, 'DELETE', `/api/v1/tokens/${childId}`, { token: key.access_token })).status).toBe(403);
    // It revokes itself.
    expect((await call(app, 'DELETE', `/api/v1/tokens/${minted.id as string}`, { token: key.access_token })).status).toBe(200);
  });

  it('create_token and POST /api/v1/tokens from a delegated token stay children with no wider cap', async () => {
    const developer = await createDeveloper(app);
    const child = await mintChild(developer.token, { scopes: ['mcp:execute', 'tokens:write'], spend_cap_cents_daily: 3 });
    const agent = await connectMcp(app, child.access_token);
    const wider = await agent.callTool({
      name: 'create_token',
      arguments: { name: 'grandchild', scopes: ['tokens:write'], spend_cap_cents_daily: 4 },
    });
    expect(wider.isError).toBe(true);
    expect(toolError(wider).code).toBe('validation_failed');
    const grandchild = await agent.callTool({ name: 'create_token', arguments: { name: 'grandchild', scopes: ['tokens:read'] } });
    expect(grandchild.isError, JSON.stringify(grandchild)).toBeFalsy();
    expect((grandchild.structuredContent as { token: Record<string, unknown> }).token).toMatchObject({
      spend_cap_cents_daily: 3,
      parent_token_id: expect.any(String),
    });
    await agent.close();
  });

  it('root-level credentials keep the bootstrap: a full root key that may revoke any token of the workspace', async () => {
    const account = await createAccount(app);
    const agent = await connectMcp(app, account.token.access_token);
    const result = await agent.callTool({ name: 'create_api_key', arguments: {} });
    await agent.close();
    const key = (result.structuredContent as { token: Minted }).token;
    expect(key.scopes).toEqual([...developerScopes]);

    const child = await mintChild(key.access_token, { scopes: ['tokens:write'] });
    await mintChild(child.access_token, { scopes: ['tokens:read'] });
    const rows = [...(await tokensOf(key.access_token)).values()];
    const rootKey = rows.find((row) => row.origin === 'api_key')!;
    expect(rootKey.parent_token_id).toBeNull();
    const childRow = rows.find((row) => row.parent_token_id === rootKey.id)!;
    const grandchildId = rows.find((row) => row.parent_token_id === childRow.id)!.id as string;
    // A second root key minted by the first also stands for the account.
    const second = await call(app, 'POST', '/api/v1/onboarding/api-key', { token: key.access_token, body: { name: 'second' } });
    expect(second.status).toBe(201);
    const revoked = await call(app, 'DELETE', `/api/v1/tokens/${grandchildId}`, {
      token: (second.body.token as Minted).access_token,
    });
    expect(revoked.status).toBe(200);
  });
});

describe("a token's scopes bind on MCP", () => {
  const limited = ['mcp:read', 'mcp:execute', 'messages:write'];

  it('tools/list shows only the tools a delegated token may call, and tools/call refuses the others naming the scope', async () => {
    const developer = await createDeveloper(app);
    const child = await mintChild(developer.token, { scopes: limited });
    const agent = await connectMcp(app, child.access_token, { toolsets: 'all' });
    const names = (await agent.listTools()).tools.map((tool) => tool.name);
    expect(names).toContain('send_message');
    expect(names).toContain('get_message');
    for (const hidden of ['list_tokens', 'create_token', 'get_balance', 'get_usage', 'buy_number', 'update_webhook_endpoint'])
      expect(names).not.toContain(hidden);

    for (const [name, scope, args] of [
      ['list_tokens', 'tokens:read', {}],
      ['create_token', 'tokens:write', { name: 'x', scopes: ['messages:write'] }],
      ['get_balance', 'billing:read', {}],
      ['get_usage', 'billing:read', {}],
      ['buy_number', 'numbers:write', {}],
      ['update_webhook_endpoint', 'webhooks:write', { id: 'whe_nothing', url: 'https://example.com/hook' }],
      ['get_webhook_endpoint_secret', 'webhooks:write', { id: 'whe_nothing' }],
      ['create_api_key', 'onboarding:write', {}],
    ] as const) {
      const result = await agent.callTool({ name, arguments: args });
      expect(result.isError, name).toBe(true);
      const error = toolError(result);
      expect(error.code, name).toBe('unauthorized');
      expect(error.message, name).toBe(`This token lacks the ${scope} scope.`);
      expect(error.fix, name).toContain(scope);
    }
    await agent.close();
  });

  it('the legacy tool route answers 403 insufficient_scope naming the scope', async () => {
    const developer = await createDeveloper(app);
    const child = await mintChild(developer.token, { scopes: limited });
    const response = await call(app, 'POST', '/mcp/tools/list_tokens', { token: child.access_token, body: { params: {} } });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('unauthorized');
    expect(response.headers.get('www-authenticate')).toContain('error="insufficient_scope", scope="tokens:read"');
    const listed = await call(app, 'GET', '/mcp/tools', { token: child.access_token });
    expect((listed.body.tools as { name: string }[]).map((tool) => tool.name)).not.toContain('list_tokens');
    const allowed = await call(app, 'POST', '/mcp/tools/list_messages', { token: child.access_token, body: { params: {} } });
    expect(allowed.status).toBe(200);
  });

  it('tools/list needs mcp:read and tools/call mcp:execute whatever else the token holds', async () => {
    const developer = await createDeveloper(app);
    const noRead = await mintChild(developer.token, { scopes: ['mcp:execute', 'messages:write'] });
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} };
    const listed = await postMcp(app, noRead.access_token, list);
    expect(listed.status).toBe(403);
    expect(listed.headers.get('www-authenticate')).toContain('scope="mcp:read"');
    const noExecute = await mintChild(developer.token, { scopes: ['mcp:read', 'messages:write'] });
    const called = await postMcp(app, noExecute.access_token, {
      jsonrpc: '2.0',
      id: 2,
      method: 'tools/call',
      params: { name: 'list_messages', arguments: {} },
    });
    expect(called.status).toBe(403);
    expect(called.headers.get('www-authenticate')).toContain('scope="mcp:execute"');
  });

  it('the account-creation token calls the onboarding path and nothing else beyond its scopes', async () => {
    const account = await createAccount(app);
    const agent = await connectMcp(app, account.token.access_token, { toolsets: 'all' });
    const names = new Set((await agent.listTools()).tools.map((tool) => tool.name));
    for (const tool of accountCreationTools) expect(names.has(tool) || tool.startsWith('sandbox_'), tool).toBe(true);
    expect(names.has('send_message')).toBe(true);
    for (const hidden of [
      'list_tokens',
      'create_webhook_endpoint',
      'get_webhook_endpoint_secret',
      'create_campaign',
      'get_usage',
    ])
      expect(names.has(hidden), hidden).toBe(false);
    const invoice = await agent.callTool({ name: 'create_funding_invoice', arguments: { amount_cents: 500 } });
    expect(invoice.isError, JSON.stringify(invoice)).toBeFalsy();
    const refused = await agent.callTool({ name: 'create_webhook_endpoint', arguments: { url: 'https://example.com/hook' } });
    expect(toolError(refused)).toMatchObject({ code: 'unauthorized', message: 'This token lacks the webhooks:write scope.' });
    await agent.close();
    // Over REST it holds its three fixed scopes only: the onboarding route still needs onboarding:write.
    const rest = await call(app, 'POST', '/api/v1/onboarding/funding-invoices', {
      token: account.token.access_token,
      body: { amount_cents: 500 },
    });
    expect(rest.status).toBe(403);
  });
});

describe('OAuth clients hold exactly the developer scopes the user consented to', () => {
  it('lists every developer scope in both metadata documents', async () => {
    for (const path of ['/.well-known/oauth-authorization-server', '/.well-known/oauth-protected-resource/mcp']) {
      const response = await call(app, 'GET', path);
      expect(response.status, path).toBe(200);
      expect(response.body.scopes_supported, path).toEqual([...developerScopes]);
    }
  });

  it('names each requested scope on the consent page, and a client consented for mcp:* alone reads no webhook secret', async () => {
    const user = await newUser(app);
    const client = await registerClient(app);
    const mcpOnly = await exchangeCode(
      app,
      client,
      await authorizeThroughPage(app, client, user, {
        scope: 'mcp:read mcp:execute',
        approvedScopes: ['mcp:read', 'mcp:execute'],
      }),
    );
    expect(mcpOnly.status).toBe(200);
    expect(mcpOnly.body.scope).toBe('mcp:read mcp:execute');
    const agent = await connectMcp(app, mcpOnly.body.access_token as string);
    expect((await agent.listTools()).tools.map((tool) => tool.name)).not.toContain('get_webhook_endpoint_secret');
    const secret = await agent.callTool({ name: 'get_webhook_endpoint_secret', arguments: { id: 'whe_nothing' } });
    expect(toolError(secret)).toMatchObject({ code: 'unauthorized', message: 'This token lacks the webhooks:write scope.' });
    const repoint = await agent.callTool({
      name: 'update_webhook_endpoint',
      arguments: { id: 'whe_nothing', url: 'https://example.com/steal' },
    });
    expect(toolError(repoint).code).toBe('unauthorized');
    await agent.close();

    const wider = await exchangeCode(
      app,
      client,
      await authorizeThroughPage(app, client, user, {
        scope: 'mcp:read mcp:execute messages:read webhooks:read',
        approvedScopes: ['mcp:read', 'mcp:execute', 'messages:read'],
      }),
    );
    expect(wider.body.scope).toBe('messages:read mcp:read mcp:execute');
    const reader = await connectMcp(app, wider.body.access_token as string);
    const listed = await reader.callTool({ name: 'list_messages', arguments: {} });
    expect(listed.isError, JSON.stringify(listed)).toBeFalsy();
    // webhooks:read was asked for but not approved.
    expect(toolError(await reader.callTool({ name: 'list_webhook_endpoints', arguments: {} })).code).toBe('unauthorized');
    await reader.close();
  });

  it('shows each requested developer scope in plain words on the consent page', async () => {
    const client = await registerClient(app);
    const page = await fetch(
      `${app.baseUrl}/oauth/authorize?${new URLSearchParams({
        response_type: 'code',
        client_id: client.client_id,
        redirect_uri: client.redirect_uris[0]!,
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
        scope: 'mcp:execute numbers:write billing:read',
        resource: `${app.baseUrl}/mcp`,
      }).toString()}`,
    );
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('value="numbers:write"');
    expect(html).toContain('Buy phone numbers, which can cost money.');
    expect(html).toContain('value="billing:read"');
    expect(html).not.toContain('value="tokens:write"');
  });
});
