import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { developerScopes, operations } from '@textline/contract';
import { sha256Hex } from '../src/lib/crypto.ts';
import { closeWithoutStackTraces } from '../src/mcp/close-without-stack-traces.ts';
import { buildMcpServer } from '../src/mcp/server.ts';
import { call, createAccount, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, postMcp, tokenWithScopes, toolError } from './mcp-support.ts';
import { sendingWorkspace } from './sending-support.ts';

let app: TestApp;
let developer: Awaited<ReturnType<typeof createDeveloper>>;

beforeAll(async () => {
  app = await startTestApp();
  developer = await createDeveloper(app);
});
afterAll(async () => {
  await app.close();
});

const agentTools = [
  'send_message',
  'get_message',
  'list_numbers',
  'buy_number',
  'get_onboarding_status',
  'create_api_key',
  'send_test_sms',
  'create_funding_invoice',
  'get_funding_invoice',
  'submit_branded_request',
  'provision_dedicated_number',
  'list_campaigns',
  'create_campaign',
  'get_campaign',
  'update_campaign',
  'activate_campaign',
  'pause_campaign',
  'archive_campaign',
  'enroll_in_campaign',
  'add_campaign_stage',
  'list_campaign_suppressions',
  'create_campaign_suppression',
  'delete_campaign_suppression',
  'list_snippets',
  'create_snippet',
  'update_snippet',
  'list_contact_lists',
  'create_contact_list',
  'add_contacts',
  'list_oauth_clients',
  'revoke_oauth_client',
];

const contractToolNames = Object.values(operations).flatMap((operation) =>
  operation.path && operation.mcp ? [operation.mcp.name] : [],
);

describe('native MCP endpoint with the SDK client', () => {
  it('initializes statelessly and tells an agent where tokens come from', async () => {
    const client = await connectMcp(app, developer.token);
    expect(client.getServerVersion()).toMatchObject({ name: 'textline' });
    expect(client.getServerCapabilities()?.tools).toBeDefined();
    const instructions = client.getInstructions() ?? '';
    expect(instructions).toContain(`POST ${app.baseUrl}/mcp/accounts`);
    expect(instructions).toContain(`${app.baseUrl}/.well-known/oauth-protected-resource/mcp`);
    await client.close();

    const initialize = await postMcp(app, developer.token, {
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    expect(initialize.status).toBe(200);
    expect(initialize.headers.get('mcp-session-id')).toBeNull();
    expect(initialize.body.result.serverInfo.name).toBe('textline');
  });

  it('lists one described tool per contract operation that has an mcp entry, with every tool set', async () => {
    const client = await connectMcp(app, developer.token, { toolsets: 'all' });
    const { tools } = await client.listTools();
    await client.close();
    expect(tools.map((tool) => tool.name).sort()).toEqual([...contractToolNames].sort());
    // Every developer operation an agent needs has its tool.
    expect(tools.map((tool) => tool.name)).toEqual(expect.arrayContaining(agentTools));
    for (const tool of tools) {
      expect(tool.name, tool.name).toMatch(/^[a-z][a-z0-9_]*$/);
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description?.length, tool.name).toBeGreaterThan(20);
      expect(tool.inputSchema.type, tool.name).toBe('object');
      expect(tool.outputSchema?.type, tool.name).toBe('object');
      expect(typeof tool.annotations?.readOnlyHint, tool.name).toBe('boolean');
      expect(typeof tool.annotations?.destructiveHint, tool.name).toBe('boolean');
      expect(typeof tool.annotations?.idempotentHint, tool.name).toBe('boolean');
      expect(typeof tool.annotations?.openWorldHint, tool.name).toBe('boolean');
      for (const [field, schema] of Object.entries(tool.inputSchema.properties ?? {})) {
        expect((schema as { description?: string }).description, `${tool.name}.${field} has no description`).toBeTruthy();
      }
    }
    const revoke = tools.find((tool) => tool.name === 'revoke_oauth_client')!;
    expect(revoke.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(revoke.inputSchema).toMatchObject({ required: ['client_id'], additionalProperties: false });
    expect(tools.find((tool) => tool.name === 'list_oauth_clients')!.annotations).toMatchObject({ readOnlyHint: true });
    expect(tools.find((tool) => tool.name === 'send_message')!.annotations).toMatchObject({
      readOnlyHint: false,
      openWorldHint: true,
      idempotentHint: false,
    });
  });

  it('calls a tool as the token owner and returns structured content matching the output schema', async () => {
    const stackTraceLimit = Error.stackTraceLimit;
    const client = await connectMcp(app, developer.token);
    const result = await client.callTool({ name: 'create_api_key', arguments: { name: 'from mcp' } });
    await client.close();
    expect(result.isError).toBeFalsy();
    // Each request's server is closed with stack traces off for a moment (routes.ts); they come back.
    expect(Error.stackTraceLimit).toBe(stackTraceLimit);
    const structured = result.structuredContent as { token: { access_token: string; scopes: string[] } };
    expect(structured.token.access_token).toMatch(/^txt_/);
    expect([...structured.token.scopes].sort()).toEqual([...developerScopes].sort());
    expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(structured);
    const row = await app.services.prisma.accessToken.findUniqueOrThrow({
      where: { tokenHash: sha256Hex(structured.token.access_token) },
    });
    expect(row).toMatchObject({ workspaceId: developer.workspaceId, name: 'from mcp', origin: 'api_key' });
    // The new token works on the developer API.
    expect((await call(app, 'GET', '/api/v1/mcp/oauth-clients', { token: structured.token.access_token })).status).toBe(200);
  });

  it("does not need the operation's REST scope: the account-creation token reaches onboarding tools", async () => {
    const account = await createAccount(app);
    expect(account.token.scopes).not.toContain('onboarding:write');
    const rest = await call(app, 'POST', '/api/v1/onboarding/api-key', { token: account.token.access_token });
    expect(rest.status).toBe(403);
    const client = await connectMcp(app, account.token.access_token);
    const result = await client.callTool({ name: 'create_api_key', arguments: {} });
    await client.close();
    expect(result.isError).toBeFalsy();
    expect((result.structuredContent as { token: { scopes: string[] } }).token.scopes).toContain('onboarding:write');
  });

  it('returns a domain error as an isError result with code, message, fix and retry', async () => {
    const client = await connectMcp(app, developer.token);
    const result = await client.callTool({ name: 'revoke_oauth_client', arguments: { client_id: 'never-registered' } });
    await client.close();
    expect(result.isError).toBe(true);
    expect(toolError(result)).toEqual({
      code: 'not_found',
      message: expect.stringContaining('never authorized'),
      fix: expect.any(String),
      retry: 'retry_with_valid_id',
    });
  });

  it('refuses invalid arguments and unknown tools as tool errors in the catalogue form', async () => {
    const client = await connectMcp(app, developer.token);
    const invalid = await client.callTool({ name: 'create_api_key', arguments: { name: '', surprise: true } });
    expect(invalid.isError).toBe(true);
    expect(toolError(invalid)).toMatchObject({ code: 'validation_failed', fix: expect.any(String), retry: expect.any(String) });
    expect(JSON.stringify(toolError(invalid).issues)).toMatch(/name|surprise/);
    const unknown = await client.callTool({ name: 'no_such_tool', arguments: {} });
    expect(unknown.isError).toBe(true);
    expect(toolError(unknown)).toMatchObject({ code: 'not_found', message: expect.stringContaining('no_such_tool') });
    await client.close();
  });
});

describe('message tools', () => {
  it('send_message answers a replay of an idempotency_key with the original message although the send bucket is empty', async () => {
    const workspace = await sendingWorkspace(app, { tier: 'starter' });
    const client = await connectMcp(app, workspace.token);
    const request = { phone_number: '+14155550123', body: 'Your table is ready.', idempotency_key: 'agent-retry' };
    const first = await client.callTool({ name: 'send_message', arguments: request });
    expect(first.isError).toBeFalsy();
    const replay = await client.callTool({ name: 'send_message', arguments: request });
    expect(replay.isError).toBeFalsy();
    expect((replay.structuredContent as { message: { id: string } }).message.id).toBe(
      (first.structuredContent as { message: { id: string } }).message.id,
    );
    // The bucket is empty for anything else, a reuse of the key for another text included.
    const conflicting = await client.callTool({ name: 'send_message', arguments: { ...request, body: 'Another text' } });
    expect(toolError(conflicting)).toMatchObject({ code: 'message_send_rate_limited' });
    await client.close();
    expect(await app.services.prisma.message.count({ where: { workspaceId: workspace.workspaceId } })).toBe(1);
  });

  it('get_message says why a message failed', async () => {
    const workspace = await sendingWorkspace(app);
    const client = await connectMcp(app, workspace.token);
    // The sandbox's magic recipient +15005550001 is sent, then fails with error_code unreachable.
    const sent = await client.callTool({ name: 'send_message', arguments: { phone_number: '+15005550001', body: 'Hello' } });
    const id = (sent.structuredContent as { message: { id: string } }).message.id;
    await app.services.jobs.drain();
    const got = await client.callTool({ name: 'get_message', arguments: { id } });
    await client.close();
    expect(got.isError).toBeFalsy();
    expect(got.structuredContent).toMatchObject({ message: { id, status: 'failed', error_code: 'unreachable', retry: null } });
  });
});

describe('scopes on /mcp', () => {
  it('needs mcp:read for tools/list and mcp:execute for tools/call', async () => {
    // Each also holds messages:read, the scope of list_messages: the tool's own scope is not enough.
    const readOnly = await tokenWithScopes(app, developer.workspaceId, ['mcp:read', 'messages:read']);
    const executeOnly = await tokenWithScopes(app, developer.workspaceId, ['mcp:execute', 'messages:read']);
    const neither = await tokenWithScopes(app, developer.workspaceId, ['messages:write']);

    const reader = await connectMcp(app, readOnly);
    expect((await reader.listTools()).tools.map((tool) => tool.name)).toContain('list_messages');
    const refused = await reader.callTool({ name: 'list_messages', arguments: {} }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StreamableHTTPError);
    expect((refused as StreamableHTTPError).code).toBe(403);
    await reader.close();

    const executor = await connectMcp(app, executeOnly);
    expect((await executor.callTool({ name: 'list_messages', arguments: {} })).isError).toBeFalsy();
    await expect(executor.listTools()).rejects.toMatchObject({ code: 403 });
    await executor.close();

    // initialize and ping need only a valid token.
    const bare = await connectMcp(app, neither);
    await expect(bare.ping()).resolves.toBeDefined();
    await bare.close();

    const forbidden = await postMcp(app, readOnly, {
      jsonrpc: '2.0',
      id: 7,
      method: 'tools/call',
      params: { name: 'list_oauth_clients', arguments: {} },
    });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: { code: 'unauthorized', message: 'This token lacks the mcp:execute scope.' } });
    const challenge = forbidden.headers.get('www-authenticate') ?? '';
    expect(challenge).toContain('error="insufficient_scope"');
    expect(challenge).toContain('scope="mcp:execute"');
    expect(challenge).toContain(`resource_metadata="${app.baseUrl}/.well-known/oauth-protected-resource/mcp"`);

    // A batch is held to the strictest method it contains.
    const batch = await postMcp(app, readOnly, [
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'list_oauth_clients', arguments: {} } },
    ]);
    expect(batch.status).toBe(403);

    // A method named like an object's own properties needs no scope: it is unknown, and JSON-RPC says so.
    for (const method of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      const unknown = await postMcp(app, neither, { jsonrpc: '2.0', id: 8, method });
      expect(unknown.status, method).toBe(200);
      expect(unknown.body, method).toMatchObject({ id: 8, error: { code: -32601 } });
    }
  });

  it('answers 401 with the resource metadata and the way to an account, for every bad credential', async () => {
    const expired = await tokenWithScopes(app, developer.workspaceId, ['mcp:read']);
    await app.services.prisma.accessToken.update({
      where: { tokenHash: sha256Hex(expired) },
      data: { expiresAt: new Date(app.clock.now() - 1) },
    });
    const revoked = await tokenWithScopes(app, developer.workspaceId, ['mcp:read']);
    await app.services.prisma.accessToken.update({ where: { tokenHash: sha256Hex(revoked) }, data: { revokedAt: new Date() } });
    app.services.authenticator.forget();
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    const cases: [string, string | undefined][] = [
      ['missing', undefined],
      ['malformed', 'txt_short'],
      ['unknown', `txt_${'A'.repeat(43)}`],
      ['expired', expired],
      ['revoked', revoked],
      ['legacy key', `txk_${'A'.repeat(43)}`],
    ];
    for (const [name, token] of cases) {
      const response = await postMcp(app, token, list);
      expect(response.status, name).toBe(401);
      expect(response.body.error.code, name).toBe('unauthorized');
      expect(Object.keys(response.body.error).sort(), name).toEqual(['code', 'message']);
      expect(response.body.error.message, name).toContain(`POST ${app.baseUrl}/mcp/accounts`);
      const challenge = response.headers.get('www-authenticate') ?? '';
      expect(challenge, name).toMatch(/^Bearer realm="textline"/);
      expect(challenge, name).toContain(`resource_metadata="${app.baseUrl}/.well-known/oauth-protected-resource/mcp"`);
      expect(challenge.includes('invalid_token'), name).toBe(name !== 'missing');
    }
    const sdkError = await connectMcp(app, 'txt_short').catch((error: unknown) => error);
    expect((sdkError as StreamableHTTPError).code).toBe(401);
  });
});

describe('HTTP rules of POST /mcp', () => {
  const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };

  it('requires Accept: application/json, text/event-stream (406)', async () => {
    for (const accept of ['application/json', 'text/event-stream', '*/*']) {
      const response = await postMcp(app, developer.token, list, { accept });
      expect(response.status, accept).toBe(406);
    }
  });

  it('requires Content-Type: application/json (415)', async () => {
    const response = await postMcp(app, developer.token, JSON.stringify(list), { 'content-type': 'text/plain' });
    expect(response.status).toBe(415);
  });

  it('answers 400 to malformed JSON and to JSON that is not JSON-RPC', async () => {
    expect((await postMcp(app, developer.token, '{"jsonrpc": "2.0", ')).status).toBe(400);
    expect((await postMcp(app, developer.token, { hello: 'world' })).status).toBe(400);
    expect((await postMcp(app, developer.token, { jsonrpc: '2.0', id: 1 })).status).toBe(400);
  });

  it('answers 202 with no body to notifications and responses', async () => {
    const notification = await postMcp(app, developer.token, { jsonrpc: '2.0', method: 'notifications/initialized' });
    expect(notification.status).toBe(202);
    expect(notification.body).toBeUndefined();
    const response = await postMcp(app, developer.token, { jsonrpc: '2.0', id: 99, result: {} });
    expect(response.status).toBe(202);
  });

  it('answers a lone tools/call (our path) byte for byte as the SDK server answers it in a batch', async () => {
    expect(
      (await call(app, 'POST', '/api/v1/snippets', { token: developer.token, body: { name: 'lone-path', body: 'Hi' } })).status,
    ).toBe(201);
    const calls = [
      { name: 'list_snippets', arguments: {} },
      { name: 'get_message', arguments: { id: 'msg_missing' } },
      { name: 'get_message', arguments: { id: 5, surprise: true } },
      { name: 'no_such_tool' },
      // Not a valid tools/call, and a task the server never offered: the SDK answers both either way.
      { arguments: {} },
      { name: 'list_snippets', arguments: {}, task: { ttl: 1000 } },
    ];
    for (const [index, params] of calls.entries()) {
      const request = { jsonrpc: '2.0', id: `lone-${index}`, method: 'tools/call', params };
      const lone = await postMcp(app, developer.token, request, { 'mcp-protocol-version': '2025-06-18' });
      const batch = await postMcp(app, developer.token, [request]);
      expect(lone.status, JSON.stringify(params)).toBe(200);
      expect(batch.status, JSON.stringify(params)).toBe(200);
      expect(lone.headers.get('content-type')).toMatch(/^application\/json/);
      // The SDK answers a batch of one with its one response, not an array.
      expect(lone.text, JSON.stringify(params)).toBe(batch.text);
      expect(lone.body).toMatchObject({ jsonrpc: '2.0', id: `lone-${index}` });
    }
    const [listed, missing, invalid, unknownTool, nameless, task] = await Promise.all(
      calls.map((params, index) => postMcp(app, developer.token, { jsonrpc: '2.0', id: index, method: 'tools/call', params })),
    );
    expect(JSON.stringify(listed!.body.result.structuredContent.snippets)).toContain('lone-path');
    expect(toolError(missing!.body.result)).toMatchObject({ code: 'not_found' });
    expect(toolError(invalid!.body.result)).toMatchObject({ code: 'validation_failed' });
    expect(toolError(unknownTool!.body.result)).toMatchObject({
      code: 'not_found',
      message: expect.stringContaining('no_such_tool'),
    });
    expect(nameless!.body).toMatchObject({ id: 4, error: { code: expect.any(Number) } });
    expect(task!.body).toMatchObject({ id: 5, error: { code: expect.any(Number) } });
    // An unknown method is the server's JSON-RPC error.
    const unknown = await postMcp(app, developer.token, { jsonrpc: '2.0', id: 7, method: 'no/such' });
    expect(unknown.body).toMatchObject({ id: 7, error: { code: -32601 } });
  });

  it('keeps concurrent tool calls with the same id apart, each answered as its own caller', async () => {
    const other = await createDeveloper(app);
    const owners = [
      { token: developer.token, snippet: 'first-workspace' },
      { token: other.token, snippet: 'second-workspace' },
    ];
    for (const { token, snippet } of owners) {
      expect((await call(app, 'POST', '/api/v1/snippets', { token, body: { name: snippet, body: 'Hi' } })).status).toBe(201);
    }
    const listing = { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'list_snippets', arguments: {} } };
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => postMcp(app, owners[i % 2]!.token, listing)));
    answers.forEach((answer, i) => {
      expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: 1 });
      const names = answer.body.result.structuredContent.snippets.map((snippet: { name: string }) => snippet.name);
      expect(names).toContain(owners[i % 2]!.snippet);
      expect(names).not.toContain(owners[(i + 1) % 2]!.snippet);
    });
  });

  it('leaves a lone request with an unsupported MCP-Protocol-Version to the SDK (400)', async () => {
    const response = await postMcp(app, developer.token, list, { 'mcp-protocol-version': '1999-01-01' });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain('Unsupported protocol version');
  });

  it("builds the SDK's Connection closed error with no stack when a request's server is closed (close-without-stack-traces.ts)", async () => {
    const built = vi.spyOn(McpError, 'fromError');
    try {
      const server = buildMcpServer({
        baseUrl: app.baseUrl,
        services: app.services,
        caller: { scopes: [], origin: 'api_key' },
        contextOf: () => {
          throw new Error('no tool is called');
        },
      });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      await server.connect(transport);
      const stackTraceLimit = Error.stackTraceLimit;
      closeWithoutStackTraces(() => {
        void transport.close();
        void server.close();
      });
      expect(Error.stackTraceLimit).toBe(stackTraceLimit);
      // The SDK built it while closing, synchronously, so while stack traces were off.
      const closed = built.mock.results
        .map((result) => result.value as Error)
        .find((error) => error.message.includes('Connection closed'));
      expect(closed).toBeInstanceOf(McpError);
      expect(closed!.stack).not.toContain('\n    at ');
    } finally {
      built.mockRestore();
    }
  });

  it('answers GET, DELETE and other methods with 405 and Allow: POST', async () => {
    for (const method of ['GET', 'DELETE', 'PUT', 'PATCH']) {
      const response = await call(app, method, '/mcp', { token: developer.token, headers: { accept: 'text/event-stream' } });
      expect(response.status, method).toBe(405);
      expect(response.headers.get('allow'), method).toBe('POST');
      expect(response.body.error.code, method).toBe('method_not_allowed');
    }
  });

  it('never logs the bearer token', async () => {
    await postMcp(app, developer.token, list);
    expect(app.logs.join('\n')).not.toContain(developer.token);
  });
});
