import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrismaClient } from '@textline/db';
import { sha256Hex } from '../src/lib/crypto.ts';
import { call, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';

let app: TestApp;
let developer: Awaited<ReturnType<typeof createDeveloper>>;

beforeAll(async () => {
  app = await startTestApp();
  developer = await createDeveloper(app);
});
afterAll(async () => {
  await app.close();
});

describe('GET /mcp/tools', () => {
  it('lists the same tools as the native tools/list, with JSON schemas', async () => {
    const legacy = await call(app, 'GET', '/mcp/tools', { token: developer.token });
    expect(legacy.status).toBe(200);
    // The legacy route lists every tool set.
    const client = await connectMcp(app, developer.token, { toolsets: 'all' });
    const native = await client.listTools();
    await client.close();
    const comparable = (tool: Record<string, unknown>) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema,
      annotations: tool.annotations,
    });
    expect(legacy.body.tools.map(comparable)).toEqual(native.tools.map(comparable));
    const createApiKey = legacy.body.tools.find((tool: { name: string }) => tool.name === 'create_api_key');
    expect(createApiKey.inputSchema).toMatchObject({
      type: 'object',
      properties: { name: { type: 'string', description: expect.any(String) } },
    });
  });

  it('needs a token with mcp:read', async () => {
    const missing = await call(app, 'GET', '/mcp/tools');
    expect(missing.status).toBe(401);
    expect(missing.headers.get('www-authenticate')).toContain('resource_metadata=');
    const executeOnly = await tokenWithScopes(app, developer.workspaceId, ['mcp:execute']);
    const forbidden = await call(app, 'GET', '/mcp/tools', { token: executeOnly });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toEqual({ error: { code: 'unauthorized', message: 'This token lacks the mcp:read scope.' } });
  });

  it('answers other methods with 405', async () => {
    const response = await call(app, 'POST', '/mcp/tools', { token: developer.token, body: {} });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
  });
});

describe('POST /mcp/tools/{name}', () => {
  it('runs the tool with {params} and answers 200 with its result', async () => {
    const response = await call(app, 'POST', '/mcp/tools/create_api_key', {
      token: developer.token,
      body: { params: { name: 'legacy' } },
    });
    expect(response.status).toBe(200);
    expect(response.body.result.token.access_token).toMatch(/^txt_/);
    const row = await app.services.prisma.accessToken.findUniqueOrThrow({
      where: { tokenHash: sha256Hex(response.body.result.token.access_token) },
    });
    expect(row).toMatchObject({ workspaceId: developer.workspaceId, name: 'legacy' });

    const withoutBody = await call(app, 'POST', '/mcp/tools/list_oauth_clients', { token: developer.token });
    expect(withoutBody.status).toBe(200);
    expect(withoutBody.body).toEqual({ result: { oauth_clients: [] } });
  });

  it('answers 404 for an unknown tool', async () => {
    const response = await call(app, 'POST', '/mcp/tools/no_such_tool', { token: developer.token, body: { params: {} } });
    expect(response.status).toBe(404);
    expect(response.body.error).toMatchObject({ code: 'not_found', message: expect.stringContaining('no_such_tool') });
  });

  it('answers 422 with field errors for invalid params or body', async () => {
    const invalid = await call(app, 'POST', '/mcp/tools/create_api_key', {
      token: developer.token,
      body: { params: { name: '', extra: 1 } },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.code).toBe('validation_failed');
    expect(invalid.body.error.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(['extra', 'name']);

    const missingField = await call(app, 'POST', '/mcp/tools/revoke_oauth_client', {
      token: developer.token,
      body: { params: {} },
    });
    expect(missingField.status).toBe(422);
    expect(missingField.body.error.issues).toEqual([{ path: 'client_id', message: expect.any(String) }]);

    const wrongBody = await call(app, 'POST', '/mcp/tools/create_api_key', {
      token: developer.token,
      body: { params: 'name=x', other: true },
    });
    expect(wrongBody.status).toBe(422);
    expect(wrongBody.body.error.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(['other', 'params']);

    const notJson = await call(app, 'POST', '/mcp/tools/create_api_key', {
      token: developer.token,
      rawBody: 'name=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(notJson.status).toBe(415);
  });

  it('renders domain errors from the catalogue', async () => {
    const response = await call(app, 'POST', '/mcp/tools/revoke_oauth_client', {
      token: developer.token,
      body: { params: { client_id: 'unknown' } },
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      error: { code: 'not_found', message: expect.any(String), fix: expect.any(String), retry: 'retry_with_valid_id' },
    });
  });

  it('needs a token with mcp:execute and the tool operation scope', async () => {
    const readOnly = await tokenWithScopes(app, developer.workspaceId, ['mcp:read', 'onboarding:write']);
    const forbidden = await call(app, 'POST', '/mcp/tools/create_api_key', { token: readOnly, body: {} });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error.message).toContain('mcp:execute');
    const executeOnly = await tokenWithScopes(app, developer.workspaceId, ['mcp:execute']);
    const lacking = await call(app, 'POST', '/mcp/tools/create_api_key', { token: executeOnly, body: {} });
    expect(lacking.status).toBe(403);
    expect(lacking.body).toEqual({ error: { code: 'unauthorized', message: 'This token lacks the onboarding:write scope.' } });
    expect(lacking.headers.get('www-authenticate')).toContain('error="insufficient_scope", scope="onboarding:write"');
    const both = await tokenWithScopes(app, developer.workspaceId, ['mcp:execute', 'onboarding:write']);
    expect((await call(app, 'POST', '/mcp/tools/create_api_key', { token: both, body: {} })).status).toBe(200);
    expect((await call(app, 'POST', '/mcp/tools/create_api_key', { body: {} })).status).toBe(401);
  });

  it('answers other methods with 405', async () => {
    const response = await call(app, 'GET', '/mcp/tools/create_api_key', { token: developer.token });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('POST');
  });
});

describe('MCP_TOOL_TIMEOUT_MS', () => {
  it('answers 504 on the legacy surface and a timeout tool error natively when a tool is too slow', async () => {
    // 3 s for a tool: a quick one never reaches it on a loaded machine, a write held 3.5 s always does.
    const slowApp = await startTestApp({ MCP_TOOL_TIMEOUT_MS: '3000' });
    try {
      const slowDeveloper = await createDeveloper(slowApp);
      const fast = await call(slowApp, 'POST', '/mcp/tools/list_oauth_clients', { token: slowDeveloper.token });
      expect(fast.status).toBe(200);

      // Slow the database write behind create_api_key, through the services the tools run on.
      const prisma = slowApp.services.prisma;
      const slowWrites: Promise<unknown>[] = [];
      slowApp.services.prisma = prisma.$extends({
        query: {
          accessToken: {
            create({ args, query }) {
              const write = new Promise((resolve) => setTimeout(resolve, 3_500)).then(() => query(args));
              slowWrites.push(write);
              return write;
            },
          },
        },
      }) as unknown as PrismaClient;
      try {
        const legacy = await call(slowApp, 'POST', '/mcp/tools/create_api_key', { token: slowDeveloper.token, body: {} });
        expect(legacy.status).toBe(504);
        expect(legacy.body).toEqual({
          error: {
            code: 'timeout',
            message: expect.stringContaining('3000 ms'),
            fix: expect.any(String),
            retry: 'retry_with_backoff',
          },
        });

        const client = await connectMcp(slowApp, slowDeveloper.token);
        const native = await client.callTool({ name: 'create_api_key', arguments: {} });
        await client.close();
        expect(native.isError).toBe(true);
        expect(toolError(native)).toMatchObject({ code: 'timeout' });
      } finally {
        slowApp.services.prisma = prisma;
        // The delayed writes finish before the database closes.
        await Promise.allSettled(slowWrites);
      }
    } finally {
      await slowApp.close();
    }
  });
});
