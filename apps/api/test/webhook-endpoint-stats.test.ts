import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { call, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { recordEvent, startSink } from './console-support.ts';
import { connectMcp, tokenWithScopes } from './mcp-support.ts';

const HOUR = 3_600_000;

let app: TestApp;
let sink: Awaited<ReturnType<typeof startSink>>;
let owner: Awaited<ReturnType<typeof createDeveloper>>;
let endpointId: string;

const messageData = (id: string) => ({
  message: { id, status: 'delivered', phone_number: '+14155550100', segments: 1, cost_cents: 2 },
});

beforeAll(async () => {
  app = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_URLS: '1', WEBHOOK_TIMEOUT_MS: '500' });
  sink = await startSink();
  owner = await createDeveloper(app);
  const created = await call(app, 'POST', '/api/v1/webhook-endpoints', { token: owner.token, body: { url: sink.url } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  endpointId = created.body.endpoint.id;
  // Two successes, then, two hours later, a failure.
  for (const id of ['msg_s1', 'msg_s2']) await recordEvent(app, owner.workspaceId, 'message.delivered', messageData(id));
  await app.services.jobs.drain();
  app.clock.advance(2 * HOUR);
  sink.respond = { status: 500, body: 'down', delayMs: 0 };
  await recordEvent(app, owner.workspaceId, 'message.delivered', messageData('msg_s3'));
  await app.services.jobs.drain();
});
afterAll(async () => {
  await sink.close();
  await app.close();
});

describe('GET /api/v1/webhook-endpoints/{id}/stats', () => {
  it('answers attempts and successes for each of the last 24 hours, the current hour last', async () => {
    const response = await call(app, 'GET', `/api/v1/webhook-endpoints/${endpointId}/stats`, { token: owner.token });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const { endpoint_id, hours } = response.body as {
      endpoint_id: string;
      hours: { start: string; attempts: number; succeeded: number }[];
    };
    expect(endpoint_id).toBe(endpointId);
    expect(hours).toHaveLength(24);
    const now = app.clock.now();
    expect(Date.parse(hours[23]!.start)).toBe(now - (now % HOUR));
    for (let index = 1; index < 24; index += 1) {
      expect(Date.parse(hours[index]!.start) - Date.parse(hours[index - 1]!.start)).toBe(HOUR);
    }
    expect(hours[23]).toMatchObject({ attempts: 1, succeeded: 0 });
    expect(hours[21]).toMatchObject({ attempts: 2, succeeded: 2 });
    expect(hours.filter((_, index) => index !== 21 && index !== 23).every((hour) => hour.attempts === 0)).toBe(true);
    // The same attempts as the endpoint's 24 h health.
    const { health } = (await call(app, 'GET', `/api/v1/webhook-endpoints/${endpointId}`, { token: owner.token })).body.endpoint;
    expect(hours.reduce((sum, hour) => sum + hour.attempts, 0)).toBe(health.attempts_24h);

    // A day later the window is empty.
    app.clock.advance(25 * HOUR);
    const later = await call(app, 'GET', `/api/v1/webhook-endpoints/${endpointId}/stats`, { token: owner.token });
    expect(later.body.hours.filter((hour: { attempts: number }) => hour.attempts > 0).length).toBeLessThanOrEqual(1);
  });

  it('answers 404 for an unknown or malformed id (its only input), never 5xx', async () => {
    for (const id of ['whe_missing', 'x'.repeat(65)]) {
      const response = await call(app, 'GET', `/api/v1/webhook-endpoints/${id}/stats`, { token: owner.token });
      expect(response.status, id).toBe(404);
      expect(response.body.error.code).toBe('not_found');
      expect(response.body.error.fix).toBeTruthy();
    }
  });

  it('answers 401 without a token, 403 without webhooks:read, and 404 to another workspace', async () => {
    const path = `/api/v1/webhook-endpoints/${endpointId}/stats`;
    const anonymous = await call(app, 'GET', path);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.code).toBe('unauthorized');
    const outsider = await tokenWithScopes(app, owner.workspaceId, ['messages:write']);
    const refused = await call(app, 'GET', path, { token: outsider });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toMatch(/insufficient_scope/);
    const reader = await tokenWithScopes(app, owner.workspaceId, ['webhooks:read']);
    expect((await call(app, 'GET', path, { token: reader })).status).toBe(200);
    const stranger = await createDeveloper(app);
    const foreign = await call(app, 'GET', path, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('not_found');
    expect(JSON.stringify(foreign.body)).not.toContain(sink.url);
  });

  it('is the MCP tool get_webhook_endpoint_stats', async () => {
    const agent = await connectMcp(app, owner.token);
    try {
      const result = (await agent.callTool({
        name: 'get_webhook_endpoint_stats',
        arguments: { id: endpointId },
      })) as CallToolResult;
      expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
      const stats = result.structuredContent as { endpoint_id: string; hours: unknown[] };
      expect(stats.endpoint_id).toBe(endpointId);
      expect(stats.hours).toHaveLength(24);
      const missing = (await agent.callTool({
        name: 'get_webhook_endpoint_stats',
        arguments: { id: 'whe_missing' },
      })) as CallToolResult;
      expect(missing.isError).toBe(true);
    } finally {
      await agent.close();
    }
  });
});
