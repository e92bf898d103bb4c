import type { Scope } from '@textline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../src/http/rest.ts';
import { call, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';

/**
 * The compliance scopes on every compliance operation, over REST, the legacy tool route and MCP:
 * compliance:read reads, compliance:write changes and reads too, the full key (the one onboarding
 * issues) does both, and a token with neither does nothing. An answer other than 401 and 403 (a 404
 * for an id that does not exist, a 422 for an empty body) means the scope check let the call through.
 */

let app: TestApp;
let workspaceId: string;
let fullKey: string;
beforeAll(async () => {
  app = await startTestApp({}, { startJobs: false });
  const developer = await createDeveloper(app);
  workspaceId = developer.workspaceId;
  fullKey = developer.token;
});
afterAll(async () => {
  await app.close();
});

const complianceRoutes = restRoutes()
  .map(({ operation }) => operation)
  .filter((operation) => operation.auth.kind === 'bearer' && operation.auth.scope.startsWith('compliance:'));
const reads = complianceRoutes.filter(
  (operation) => operation.auth.kind === 'bearer' && operation.auth.scope === 'compliance:read',
);
const writes = complianceRoutes.filter(
  (operation) => operation.auth.kind === 'bearer' && operation.auth.scope === 'compliance:write',
);

const concretePath = (path: string) => path.replace('{phone_number}', '%2B14155550199').replace(/\{\w+\}/g, 'does_not_exist');
const label = (operation: (typeof complianceRoutes)[number]) => `${operation.method} ${operation.path}`;

async function restStatus(token: string, operation: (typeof complianceRoutes)[number]) {
  const body = operation.method === 'GET' || operation.method === 'DELETE' ? undefined : {};
  return (await call(app, operation.method, concretePath(operation.path), { token, body })).status;
}

async function legacyToolStatus(token: string, operation: (typeof complianceRoutes)[number]) {
  const params = Object.fromEntries(
    [...operation.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [
      name!,
      name === 'phone_number' ? '+14155550199' : 'does_not_exist',
    ]),
  );
  return (await call(app, 'POST', `/mcp/tools/${operation.mcp!.name}`, { token, body: { params } })).status;
}

const mcpScopes: Scope[] = ['mcp:read', 'mcp:execute'];

describe('the compliance scopes', () => {
  it('cover the operations of brands, use cases, numbers, toll-free verification, settings, consents and lookups', () => {
    expect(reads.map(label).sort()).toEqual(
      [
        'GET /api/v1/brands',
        'GET /api/v1/brands/{id}',
        'GET /api/v1/consents/{phone_number}',
        'GET /api/v1/lookups/{phone_number}',
        'GET /api/v1/messaging-settings',
        'GET /api/v1/use-cases',
        'GET /api/v1/use-cases/{id}',
      ].sort(),
    );
    expect(writes.map(label).sort()).toEqual(
      [
        'DELETE /api/v1/use-cases/{id}/numbers/{number_id}',
        'PATCH /api/v1/brands/{id}',
        'PATCH /api/v1/messaging-settings',
        'PATCH /api/v1/use-cases/{id}',
        'POST /api/v1/brands',
        'POST /api/v1/consents',
        'POST /api/v1/numbers/{id}/toll-free-verification',
        'POST /api/v1/use-cases',
        'POST /api/v1/use-cases/{id}/numbers',
      ].sort(),
    );
    for (const operation of complianceRoutes) expect(operation.mcp?.name, label(operation)).toBeDefined();
  });

  it('compliance:read reads and changes nothing, over REST and the legacy tool route', async () => {
    const reader = await tokenWithScopes(app, workspaceId, ['compliance:read', ...mcpScopes]);
    for (const operation of reads) {
      expect(await restStatus(reader, operation), label(operation)).not.toBeOneOf([401, 403]);
      expect(await legacyToolStatus(reader, operation), operation.mcp!.name).not.toBeOneOf([401, 403]);
    }
    for (const operation of writes) {
      const response = await call(app, operation.method, concretePath(operation.path), {
        token: reader,
        body: operation.method === 'DELETE' ? undefined : {},
      });
      expect(response.status, label(operation)).toBe(403);
      expect(response.body.error, label(operation)).toEqual({
        code: 'unauthorized',
        message: expect.stringContaining('compliance:write'),
      });
      expect(await legacyToolStatus(reader, operation), operation.mcp!.name).toBe(403);
    }
  });

  it.each([
    [
      'compliance:write (which implies compliance:read)',
      async () => tokenWithScopes(app, workspaceId, ['compliance:write', ...mcpScopes]),
    ],
    ['the full key', async () => fullKey],
  ])('%s reads and changes, over REST and the legacy tool route', async (_name, tokenOf) => {
    const token = await tokenOf();
    for (const operation of complianceRoutes) {
      expect(await restStatus(token, operation), label(operation)).not.toBeOneOf([401, 403]);
      expect(await legacyToolStatus(token, operation), operation.mcp!.name).not.toBeOneOf([401, 403]);
    }
  });

  it('a token with neither scope is refused every compliance operation', async () => {
    const outsider = await tokenWithScopes(app, workspaceId, ['messages:write', 'numbers:write', ...mcpScopes]);
    for (const operation of complianceRoutes) {
      expect(await restStatus(outsider, operation), label(operation)).toBe(403);
      expect(await legacyToolStatus(outsider, operation), operation.mcp!.name).toBe(403);
    }
  });

  it('over MCP, lists to compliance:read only the read tools, and refuses a write tool naming the scope', async () => {
    const reader = await tokenWithScopes(app, workspaceId, ['compliance:read', ...mcpScopes]);
    const writer = await tokenWithScopes(app, workspaceId, ['compliance:write', ...mcpScopes]);
    const toolNames = async (token: string) => {
      const client = await connectMcp(app, token, { toolsets: 'all' });
      try {
        return (await client.listTools()).tools.map((tool) => tool.name);
      } finally {
        await client.close();
      }
    };
    const readTools = reads.map((operation) => operation.mcp!.name);
    const writeTools = writes.map((operation) => operation.mcp!.name);
    const readerTools = await toolNames(reader);
    expect(readerTools).toEqual(expect.arrayContaining(readTools));
    expect(readerTools.filter((name) => writeTools.includes(name))).toEqual([]);
    expect(await toolNames(writer)).toEqual(expect.arrayContaining([...readTools, ...writeTools]));

    const client = await connectMcp(app, reader, { toolsets: 'all' });
    try {
      const refused = await client.callTool({ name: 'update_messaging_settings', arguments: { reject_landlines: true } });
      expect(refused.isError).toBe(true);
      expect(toolError(refused)).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('compliance:write') });
    } finally {
      await client.close();
    }
  });
});
