import { isIP, type LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Webhook } from 'standardwebhooks';
import { customerEventEnvelope, customerEventTypes, type CustomerEventType } from '@textline/contract';
import { webhookHealthJob } from '../src/domain/customer-webhooks/health.ts';
import { call, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { recordEvent, signIn, startSink, trpcMutation, trpcQuery, data } from './console-support.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';

const DAY = 86_400_000;

let app: TestApp;
/** Production URL rules (no private or plain-http endpoints), for the bad-input cases. */
let strict: TestApp;
let sink: Awaited<ReturnType<typeof startSink>>;

beforeAll(async () => {
  app = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_URLS: '1', WEBHOOK_TIMEOUT_MS: '500' });
  strict = await startTestApp({}, { startJobs: false });
  sink = await startSink();
});
afterAll(async () => {
  await sink.close();
  await app.close();
  await strict.close();
});

type Developer = Awaited<ReturnType<typeof createDeveloper>>;

function resetSink(status = 200, body = 'ok') {
  sink.respond = { status, body, delayMs: 0 };
  sink.requests.length = 0;
}

async function createEndpoint(developer: Developer, body: Record<string, unknown> = {}, on: TestApp = app) {
  const response = await call(on, 'POST', '/api/v1/webhook-endpoints', {
    token: developer.token,
    body: { url: sink.url, ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.endpoint as { id: string; url: string; enabled: boolean; health: Record<string, unknown> };
}

async function get(developer: Developer, path: string) {
  const response = await call(app, 'GET', path, { token: developer.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

const messageData = (id: string) => ({
  message: { id, status: 'delivered', phone_number: '+14155550100', segments: 1, cost_cents: 2 },
});

describe('webhook endpoints: POST /api/v1/webhook-endpoints, GET /api/v1/webhook-endpoints, GET /api/v1/webhook-endpoints/{id}, PATCH /api/v1/webhook-endpoints/{id}, POST /api/v1/webhook-endpoints/{id}/rotate-secret, GET /api/v1/webhook-endpoints/{id}/secret, POST /api/v1/webhook-endpoints/{id}/test, DELETE /api/v1/webhook-endpoints/{id}', () => {
  it('creates, lists, shows, changes, rotates, reveals, tests and deletes an endpoint', async () => {
    resetSink();
    const developer = await createDeveloper(app);
    const created = await call(app, 'POST', '/api/v1/webhook-endpoints', {
      token: developer.token,
      body: { url: sink.url, description: 'Orders', event_types: ['message.failed', 'message.failed'] },
    });
    expect(created.status).toBe(201);
    const endpoint = created.body.endpoint;
    expect(endpoint).toEqual({
      id: expect.stringMatching(/^whe_/),
      url: sink.url,
      description: 'Orders',
      event_types: ['message.failed'],
      enabled: true,
      disabled_reason: null,
      max_per_second: null,
      ordering: 'none',
      created_by: {
        kind: 'token',
        name: 'test',
        token_id: expect.stringMatching(/^tok_/),
        token_origin: 'api_key',
        oauth_client_id: null,
        disabled_when_revoked: false,
      },
      health: {
        attempts_24h: 0,
        success_rate_24h: null,
        latency_p50_ms_24h: null,
        latency_p99_ms_24h: null,
        consecutive_failures: 0,
        failing_since: null,
        last_success_at: null,
      },
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    app.clock.advance(1_000);
    const paused = await createEndpoint(developer, { enabled: false });
    expect(paused.enabled).toBe(false);

    const firstPage = await get(developer, '/api/v1/webhook-endpoints?limit=1');
    expect(firstPage.endpoints.map((row: { id: string }) => row.id)).toEqual([paused.id]);
    const secondPage = await get(developer, `/api/v1/webhook-endpoints?limit=1&cursor=${firstPage.next_cursor}`);
    expect(secondPage).toEqual({ endpoints: [endpoint], next_cursor: null });
    expect((await get(developer, `/api/v1/webhook-endpoints/${endpoint.id}`)).endpoint).toEqual(endpoint);

    const patched = await call(app, 'PATCH', `/api/v1/webhook-endpoints/${endpoint.id}`, {
      token: developer.token,
      body: { event_types: [], description: 'Everything' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.endpoint).toMatchObject({ event_types: [], description: 'Everything', url: sink.url });

    const { secret } = await get(developer, `/api/v1/webhook-endpoints/${endpoint.id}/secret`);
    expect(secret).toMatch(/^whsec_/);
    const rotated = await call(app, 'POST', `/api/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, { token: developer.token });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({ secret: expect.stringMatching(/^whsec_/), previous_secret_expires_at: expect.any(String) });
    expect(rotated.body.secret).not.toBe(secret);

    const tested = await call(app, 'POST', `/api/v1/webhook-endpoints/${endpoint.id}/test`, {
      token: developer.token,
      body: { event_type: 'conversation.created' },
    });
    expect(tested.status).toBe(200);
    expect(tested.body.delivery).toMatchObject({
      endpoint_id: endpoint.id,
      event_type: 'conversation.created',
      status: 'pending',
    });
    await app.services.jobs.drain();
    expect(sink.requests).toHaveLength(1);
    // The test event has the contract's shape for its type, and both secrets sign it during the rotation overlap.
    const body = JSON.parse(sink.requests[0]!.body);
    expect(customerEventEnvelope('conversation.created').safeParse(body).success).toBe(true);
    const { delivery, attempts } = await get(developer, `/api/v1/webhook-deliveries/${tested.body.delivery.id}`);
    expect(delivery).toMatchObject({ id: tested.body.delivery.id, status: 'succeeded', payload: body, message_id: null });
    expect(attempts).toEqual([
      {
        id: expect.any(String),
        at: expect.any(String),
        trigger: 'test',
        response_code: 200,
        latency_ms: expect.any(Number),
        response_body: 'ok',
        request_headers: {
          'content-type': 'application/json',
          'user-agent': expect.any(String),
          'webhook-id': body.id,
          'webhook-timestamp': expect.stringMatching(/^\d+$/),
          'webhook-signature': expect.stringMatching(/^v1,\S+ v1,\S+$/),
        },
        error: null,
      },
    ]);
    const headers = attempts[0].request_headers;
    expect(new Webhook(rotated.body.secret).verify(sink.requests[0]!.body, headers)).toEqual(body);
    expect(new Webhook(secret).verify(sink.requests[0]!.body, headers)).toEqual(body);
    expect(JSON.stringify(attempts)).not.toContain('whsec_');

    const deleted = await call(app, 'DELETE', `/api/v1/webhook-endpoints/${endpoint.id}`, { token: developer.token });
    expect(deleted.body).toEqual({ id: endpoint.id, deleted: true });
    expect((await call(app, 'GET', `/api/v1/webhook-endpoints/${endpoint.id}`, { token: developer.token })).status).toBe(404);
    expect((await call(app, 'GET', `/api/v1/webhook-deliveries/${delivery.id}`, { token: developer.token })).status).toBe(404);
  });

  it('keeps the console working through the same operations', async () => {
    const developer = await createDeveloper(app);
    const session = await signIn(app, developer.account.account.username);
    const endpoint = data(await trpcMutation(app, 'webhookEndpoints.create', { url: sink.url }, session)).endpoint;
    expect(endpoint.created_by).toMatchObject({ kind: 'console', name: 'Console', token_id: null, disabled_when_revoked: false });
    expect(data(await trpcQuery(app, 'webhookEndpoints.get', { id: endpoint.id }, session)).endpoint.id).toBe(endpoint.id);
    expect((await get(developer, '/api/v1/webhook-endpoints')).endpoints.map((row: { id: string }) => row.id)).toEqual([
      endpoint.id,
    ]);
    // Mutations still need the session's CSRF token; the cookie alone opens no REST route.
    expect((await trpcMutation(app, 'webhookEndpoints.delete', { id: endpoint.id }, { cookie: session.cookie })).status).toBe(
      403,
    );
    expect((await call(app, 'GET', '/api/v1/webhook-endpoints', { headers: { cookie: session.cookie } })).status).toBe(401);
  });
});

describe('webhook deliveries: GET /api/v1/webhook-deliveries, GET /api/v1/webhook-deliveries/{id}, POST /api/v1/webhook-deliveries/{id}/replay', () => {
  it('filters by status, event type, endpoint, event, message and creation time, and replays', async () => {
    resetSink();
    const developer = await createDeveloper(app);
    const first = await createEndpoint(developer);
    const second = await createEndpoint(developer, { event_types: ['message.failed'] });
    const start = app.clock.now();
    const delivered = await recordEvent(app, developer.workspaceId, 'message.delivered', messageData('msg_aaa'));
    app.clock.advance(60_000);
    const failed = await recordEvent(app, developer.workspaceId, 'message.failed', messageData('msg_bbb'));
    await app.services.jobs.drain();
    sink.respond = { status: 500, body: 'down', delayMs: 0 };
    app.clock.advance(60_000);
    const received = await recordEvent(app, developer.workspaceId, 'message.received', {
      message: {
        id: 'inb_ccc',
        from: '+14155550100',
        to: '+14155550199',
        body: 'Hi',
        conversation_id: 'cnv_1',
        received_at: new Date(app.clock.now()).toISOString(),
      },
    });
    await app.services.jobs.drain();

    /** The deliveries listed, as event@endpoint; the two deliveries of one event share a creation time. */
    const listed = async (query: string) =>
      (await get(developer, `/api/v1/webhook-deliveries${query}`)).deliveries.map(
        (row: { event_id: string; endpoint_id: string }) => `${row.event_id}@${row.endpoint_id === first.id ? 1 : 2}`,
      ) as string[];
    const ids = async (query: string) => (await listed(query)).sort();
    const all = await listed('');
    expect([all[0], all[3]]).toEqual([`${received}@1`, `${delivered}@1`]);
    expect(all.slice(1, 3).sort()).toEqual([`${failed}@1`, `${failed}@2`]);
    expect(await ids('?status=failed')).toEqual([`${received}@1`]);
    expect(await ids('?event_type=message.failed')).toEqual([`${failed}@1`, `${failed}@2`]);
    expect(await ids(`?endpoint_id=${second.id}`)).toEqual([`${failed}@2`]);
    expect(await ids(`?event_id=${delivered}`)).toEqual([`${delivered}@1`]);
    expect(await ids('?message_id=msg_bbb')).toEqual([`${failed}@1`, `${failed}@2`]);
    expect(await ids('?message_id=inb_ccc')).toEqual([`${received}@1`]);
    const after = new Date(start + 60_000).toISOString();
    const before = new Date(start + 120_000).toISOString();
    expect(await ids(`?created_after=${after}&created_before=${before}`)).toEqual([`${failed}@1`, `${failed}@2`]);
    expect(await ids(`?created_after=${before}`)).toEqual([`${received}@1`]);
    const page = await get(developer, '/api/v1/webhook-deliveries?limit=3&status=succeeded');
    expect(page.deliveries).toHaveLength(3);
    expect(page.next_cursor).toBeNull();
    expect(page.deliveries.find((row: { endpoint_id: string }) => row.endpoint_id === second.id)).toMatchObject({
      id: expect.stringMatching(/^whd_/),
      event_id: failed,
      event_type: 'message.failed',
      endpoint_id: second.id,
      message_id: 'msg_bbb',
      status: 'succeeded',
      response_code: 200,
      latency_ms: expect.any(Number),
      next_retry: null,
      attempts: 1,
      created_at: new Date(start + 60_000).toISOString(),
    });

    resetSink();
    const [failedDelivery] = (await get(developer, '/api/v1/webhook-deliveries?status=failed')).deliveries;
    const replayed = await call(app, 'POST', `/api/v1/webhook-deliveries/${failedDelivery.id}/replay`, {
      token: developer.token,
    });
    expect(replayed.status).toBe(200);
    expect(replayed.body.delivery.id).toBe(failedDelivery.id);
    await app.services.jobs.drain();
    const detail = await get(developer, `/api/v1/webhook-deliveries/${failedDelivery.id}`);
    expect(detail.delivery).toMatchObject({ status: 'succeeded', attempts: 2 });
    expect(detail.attempts.map((attempt: { trigger: string; response_code: number }) => attempt.trigger)).toEqual([
      'replay',
      'automatic',
    ]);
    expect(detail.attempts[1]).toMatchObject({ response_code: 500, response_body: 'down' });
  });

  it.each([
    ['status', '?status=lost'],
    ['event_type', '?event_type=message.bounced'],
    ['created_after', '?created_after=yesterday'],
    ['created_before', '?created_before=2026-13-01T00:00:00Z'],
    ['limit', '?limit=0'],
    ['cursor', '?cursor=bm90IGEgY3Vyc29y'],
  ])('answers 422 naming %s for a bad filter', async (field, query) => {
    const developer = await createDeveloper(app);
    const response = await call(app, 'GET', `/api/v1/webhook-deliveries${query}`, { token: developer.token });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'validation_failed', fix: expect.any(String) });
    expect(response.body.error.issues.map((issue: { path: string }) => issue.path)).toContain(field);
  });
});

describe('recovery: POST /api/v1/webhook-endpoints/{id}/recover', () => {
  it('replays every failed delivery of the endpoint since a time, and nothing else', async () => {
    resetSink(503, 'maintenance');
    const developer = await createDeveloper(app);
    const endpoint = await createEndpoint(developer);
    const other = await createEndpoint(developer, { event_types: ['message.sent'] });
    const old = await recordEvent(app, developer.workspaceId, 'message.delivered', messageData('msg_old'));
    await app.services.jobs.drain();
    app.clock.advance(3_600_000);
    const since = new Date(app.clock.now()).toISOString();
    const recent = [
      await recordEvent(app, developer.workspaceId, 'message.delivered', messageData('msg_r1')),
      await recordEvent(app, developer.workspaceId, 'message.sent', {
        message: { ...messageData('msg_r2').message, status: 'sent' },
      }),
    ];
    await app.services.jobs.drain();
    sink.respond = { status: 200, body: 'ok', delayMs: 0 };
    await recordEvent(app, developer.workspaceId, 'message.delivered', messageData('msg_ok'));
    await app.services.jobs.drain();
    sink.requests.length = 0;

    const recovered = await call(app, 'POST', `/api/v1/webhook-endpoints/${endpoint.id}/recover`, {
      token: developer.token,
      body: { since },
    });
    expect(recovered.status).toBe(200);
    expect(recovered.body).toEqual({ queued: 2, remaining: 2, since, started_at: expect.any(String), already_running: false });
    await app.services.jobs.drain();
    expect(sink.requests.map((request) => request.headers['webhook-id']).sort()).toEqual([...recent].sort());
    const failedLeft = (await get(developer, `/api/v1/webhook-deliveries?status=failed&endpoint_id=${endpoint.id}`)).deliveries;
    expect(failedLeft.map((row: { event_id: string }) => row.event_id)).toEqual([old]);
    // The other endpoint's failed delivery was not touched.
    expect((await get(developer, `/api/v1/webhook-deliveries?status=failed&endpoint_id=${other.id}`)).deliveries).toHaveLength(1);
  });

  it.each([
    ['in the future', () => new Date(app.clock.now() + 60_000).toISOString(), 'future'],
    ['older than the recovery window', () => new Date(app.clock.now() - 15 * DAY).toISOString(), '14 days'],
    ['not a timestamp', () => 'last tuesday', ''],
  ])('answers 422 naming since when it is %s', async (_label, since, message) => {
    const developer = await createDeveloper(app);
    const endpoint = await createEndpoint(developer);
    const response = await call(app, 'POST', `/api/v1/webhook-endpoints/${endpoint.id}/recover`, {
      token: developer.token,
      body: { since: since() },
    });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('validation_failed');
    expect(response.body.error.issues[0]).toMatchObject({ path: 'since', message: expect.stringContaining(message) });
  });

  it('refuses to recover to a disabled endpoint until it is enabled', async () => {
    const developer = await createDeveloper(app);
    const endpoint = await createEndpoint(developer, { enabled: false });
    const body = { since: new Date(app.clock.now() - DAY).toISOString() };
    const refused = await call(app, 'POST', `/api/v1/webhook-endpoints/${endpoint.id}/recover`, { token: developer.token, body });
    expect(refused.status).toBe(422);
    expect(refused.body.error.issues[0].path).toBe('id');
  });
});

describe('endpoint health', () => {
  it('reports the 24 h success rate, latency percentiles, consecutive failures and last success', async () => {
    resetSink();
    const developer = await createDeveloper(app);
    const endpoint = await createEndpoint(developer);
    for (const id of ['msg_h1', 'msg_h2']) await recordEvent(app, developer.workspaceId, 'message.delivered', messageData(id));
    await app.services.jobs.drain();
    const lastSuccess = new Date(app.clock.now()).toISOString();
    app.clock.advance(60_000);
    sink.respond = { status: 500, body: 'no', delayMs: 0 };
    for (const id of ['msg_h3', 'msg_h4', 'msg_h5'])
      await recordEvent(app, developer.workspaceId, 'message.delivered', messageData(id));
    await app.services.jobs.drain();
    const failingSince = new Date(app.clock.now()).toISOString();
    // Each failure's first retry, 5 s later, fails too.
    app.clock.advance(5_000);
    await app.services.jobs.drain();

    const health = (await get(developer, `/api/v1/webhook-endpoints/${endpoint.id}`)).endpoint.health;
    expect(health).toEqual({
      attempts_24h: 8,
      success_rate_24h: 0.25,
      latency_p50_ms_24h: expect.any(Number),
      latency_p99_ms_24h: expect.any(Number),
      consecutive_failures: 6,
      failing_since: failingSince,
      last_success_at: lastSuccess,
    });
    expect(health.latency_p99_ms_24h).toBeGreaterThanOrEqual(health.latency_p50_ms_24h);
    const [listed] = (await get(developer, '/api/v1/webhook-endpoints')).endpoints;
    expect(listed.health).toEqual(health);

    // Every retry fails (each waits at most 10 h); a day after the last one the window is empty,
    // while the failure run (8 attempts of each of the 3 deliveries) and the last success remain.
    for (let step = 0; step < 7; step += 1) {
      app.clock.advance(11 * 3_600_000);
      await app.services.jobs.drain();
    }
    app.clock.advance(DAY + 60_000);
    expect((await get(developer, `/api/v1/webhook-endpoints/${endpoint.id}`)).endpoint.health).toEqual({
      attempts_24h: 0,
      success_rate_24h: null,
      latency_p50_ms_24h: null,
      latency_p99_ms_24h: null,
      consecutive_failures: 24,
      failing_since: failingSince,
      last_success_at: lastSuccess,
    });

    // A success ends the failure run.
    sink.respond = { status: 200, body: 'ok', delayMs: 0 };
    await recordEvent(app, developer.workspaceId, 'message.delivered', messageData('msg_h6'));
    await app.services.jobs.drain();
    expect((await get(developer, `/api/v1/webhook-endpoints/${endpoint.id}`)).endpoint.health).toMatchObject({
      consecutive_failures: 0,
      failing_since: null,
      last_success_at: new Date(app.clock.now()).toISOString(),
    });
  });

  it('disables an endpoint that failed every attempt for 5 days (the hourly job), and one PATCH enables it again', async () => {
    resetSink(500, 'broken');
    const developer = await createDeveloper(app);
    const failing = await createEndpoint(developer);
    const healthy = await createDeveloper(app).then((other) => createEndpoint(other).then((row) => ({ other, row })));
    await recordEvent(app, developer.workspaceId, 'message.delivered', messageData('msg_d1'));
    await app.services.jobs.drain();
    // Other tests move the clock too: run the job now, for this state of it.
    const runJob = () =>
      webhookHealthJob.run(
        app.services,
        { period: 0 },
        { id: 'job_test', queue: 'webhook_health', attempt: 1, isLastAttempt: false },
      );

    app.clock.advance(5 * DAY - 60_000);
    await runJob();
    expect((await get(developer, `/api/v1/webhook-endpoints/${failing.id}`)).endpoint).toMatchObject({ enabled: true });

    app.clock.advance(60_000);
    await runJob();
    const disabled = (await get(developer, `/api/v1/webhook-endpoints/${failing.id}`)).endpoint;
    expect(disabled).toMatchObject({
      enabled: false,
      disabled_reason: expect.stringMatching(/every delivery attempt failed for 5 days/),
    });
    expect((await get(healthy.other, `/api/v1/webhook-endpoints/${healthy.row.id}`)).endpoint.enabled).toBe(true);

    const enabled = await call(app, 'PATCH', `/api/v1/webhook-endpoints/${failing.id}`, {
      token: developer.token,
      body: { enabled: true },
    });
    expect(enabled.status).toBe(200);
    expect(enabled.body.endpoint).toMatchObject({
      enabled: true,
      disabled_reason: null,
      health: { failing_since: null, consecutive_failures: 0 },
    });
    await runJob();
    expect((await get(developer, `/api/v1/webhook-endpoints/${failing.id}`)).endpoint.enabled).toBe(true);
  });
});

describe('authorization and workspaces', () => {
  const routes: [method: string, path: (endpoint: string, delivery: string) => string, body?: Record<string, unknown>][] = [
    ['GET', () => '/api/v1/webhook-endpoints'],
    ['POST', () => '/api/v1/webhook-endpoints', { url: 'https://hooks.example.com/x' }],
    ['GET', (endpoint) => `/api/v1/webhook-endpoints/${endpoint}`],
    ['PATCH', (endpoint) => `/api/v1/webhook-endpoints/${endpoint}`, { description: 'x' }],
    ['DELETE', (endpoint) => `/api/v1/webhook-endpoints/${endpoint}`],
    ['GET', (endpoint) => `/api/v1/webhook-endpoints/${endpoint}/secret`],
    ['POST', (endpoint) => `/api/v1/webhook-endpoints/${endpoint}/rotate-secret`],
    ['POST', (endpoint) => `/api/v1/webhook-endpoints/${endpoint}/test`],
    ['POST', (endpoint) => `/api/v1/webhook-endpoints/${endpoint}/recover`, { since: new Date().toISOString() }],
    ['GET', () => '/api/v1/webhook-deliveries'],
    ['GET', (_endpoint, delivery) => `/api/v1/webhook-deliveries/${delivery}`],
    ['POST', (_endpoint, delivery) => `/api/v1/webhook-deliveries/${delivery}/replay`],
  ];

  let owner: Developer;
  let endpointId: string;
  let deliveryId: string;
  beforeAll(async () => {
    resetSink();
    owner = await createDeveloper(app);
    endpointId = (await createEndpoint(owner)).id;
    await recordEvent(app, owner.workspaceId, 'message.delivered', messageData('msg_auth'));
    await app.services.jobs.drain();
    deliveryId = (await get(owner, '/api/v1/webhook-deliveries')).deliveries[0].id;
  });

  it('answers 401 without a valid token on every route', async () => {
    for (const [method, path, body] of routes) {
      for (const token of [undefined, 'txt_notarealtoken000000000000000000000']) {
        const response = await call(app, method, path(endpointId, deliveryId), {
          ...(token && { token }),
          ...(body && { body }),
        });
        expect(response.status, `${method} ${path('{id}', '{id}')}`).toBe(401);
        expect(response.body.error.code).toBe('unauthorized');
      }
    }
  });

  it('lets webhooks:read read but not write, and refuses tokens without a webhooks scope', async () => {
    const reader = await tokenWithScopes(app, owner.workspaceId, ['webhooks:read']);
    const outsider = await tokenWithScopes(app, owner.workspaceId, ['messages:write', 'campaigns:write']);
    for (const [method, path, body] of routes) {
      const label = `${method} ${path('{id}', '{id}')}`;
      const asReader = await call(app, method, path(endpointId, deliveryId), { token: reader, ...(body && { body }) });
      // The signing secret forges events, so revealing it takes webhooks:write.
      const readable = method === 'GET' && !label.endsWith('/secret');
      expect(asReader.status, label).toBe(readable ? 200 : 403);
      const asOutsider = await call(app, method, path(endpointId, deliveryId), { token: outsider, ...(body && { body }) });
      expect(asOutsider.status, label).toBe(403);
      expect(asOutsider.headers.get('www-authenticate')).toMatch(/insufficient_scope/);
    }
    // webhooks:write implies reading.
    const writer = await tokenWithScopes(app, owner.workspaceId, ['webhooks:write']);
    expect((await call(app, 'GET', '/api/v1/webhook-deliveries', { token: writer })).status).toBe(200);
  });

  it("answers 404 for another workspace's endpoints and deliveries, and lists none of them", async () => {
    const stranger = await createDeveloper(app);
    for (const [method, path, body] of routes) {
      if (!path('{id}', '{id}').includes('{id}')) continue;
      const response = await call(app, method, path(endpointId, deliveryId), { token: stranger.token, ...(body && { body }) });
      expect(response.status, `${method} ${path('{id}', '{id}')}`).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
    expect((await get(stranger, `/api/v1/webhook-deliveries?endpoint_id=${endpointId}`)).deliveries).toEqual([]);
    expect((await get(stranger, '/api/v1/webhook-endpoints')).endpoints).toEqual([]);
    // The owner's endpoint is untouched.
    expect((await get(owner, `/api/v1/webhook-endpoints/${endpointId}`)).endpoint.description).toBe('');
  });
});

describe('bad input (production URL rules)', () => {
  /** A resolver under test control: a public-looking name that resolves to a private address. */
  const privateDns = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    const address = hostname === 'internal.example.net' ? '10.0.0.5' : undefined;
    if (!address) {
      callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
      return;
    }
    if (options.all) callback(null, [{ address, family: isIP(address) }]);
    else callback(null, address, isIP(address));
  }) as unknown as LookupFunction;

  it.each([
    ['plain http', { url: 'http://hooks.example.com/events' }, 'url', 'must use https'],
    ['a private address', { url: 'https://10.1.2.3/events' }, 'url', 'private'],
    ['loopback by name', { url: 'https://localhost/events' }, 'url', 'private'],
    ['a host that does not resolve', { url: 'https://hooks.nowhere.invalid/events' }, 'url', 'must resolve'],
    ['an unknown event type', { url: 'https://hooks.example.com/e', event_types: ['message.bounced'] }, 'event_types.0', ''],
    ['an unknown field', { url: 'https://hooks.example.com/e', secret: 'mine' }, 'secret', 'not a recognised field'],
    ['a missing url', {}, 'url', ''],
  ])('refuses %s with 422', async (_label, body, path, message) => {
    const developer = await createDeveloper(strict);
    const response = await call(strict, 'POST', '/api/v1/webhook-endpoints', { token: developer.token, body });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'validation_failed', fix: expect.any(String) });
    expect(response.body.error.issues).toEqual(
      expect.arrayContaining([expect.objectContaining({ path, message: expect.stringContaining(message) })]),
    );
  });

  it('refuses a name that resolves to a private address, on create and on change', async () => {
    const developer = await createDeveloper(strict);
    const endpoint = await createEndpoint(developer, { url: 'https://hooks.example.com/ok' }, strict);
    const original = strict.services.webhookLookup;
    strict.services.webhookLookup = privateDns;
    try {
      const body = { url: 'https://internal.example.net/hooks' };
      const created = await call(strict, 'POST', '/api/v1/webhook-endpoints', { token: developer.token, body });
      expect(created.status).toBe(422);
      expect(created.body.error.issues[0]).toMatchObject({ path: 'url', message: expect.stringContaining('private') });
      const changed = await call(strict, 'PATCH', `/api/v1/webhook-endpoints/${endpoint.id}`, { token: developer.token, body });
      expect(changed.status).toBe(422);
    } finally {
      strict.services.webhookLookup = original;
    }
  });

  it('answers 422 for an unknown test event type and 404 for an unknown id, never 5xx', async () => {
    const developer = await createDeveloper(strict);
    const endpoint = await createEndpoint(developer, { url: 'https://hooks.example.com/ok' }, strict);
    const badType = await call(strict, 'POST', `/api/v1/webhook-endpoints/${endpoint.id}/test`, {
      token: developer.token,
      body: { event_type: 'message.bounced' },
    });
    expect(badType.status).toBe(422);
    expect(badType.body.error.issues[0].path).toBe('event_type');
    for (const path of ['/api/v1/webhook-endpoints/whe_missing', `/api/v1/webhook-endpoints/${'x'.repeat(65)}`]) {
      expect((await call(strict, 'GET', path, { token: developer.token })).status).toBe(404);
    }
    expect((await call(strict, 'GET', '/api/v1/webhook-deliveries/whd_missing', { token: developer.token })).status).toBe(404);
  });
});

describe('MCP tools', () => {
  it('manages endpoints and deliveries through the official MCP client', async () => {
    resetSink();
    const developer = await createDeveloper(app);
    const agent = await connectMcp(app, developer.token, { toolsets: 'webhooks' });
    const { tools } = await agent.listTools();
    const annotations = Object.fromEntries(
      tools
        .filter((tool) => tool.name.includes('webhook'))
        .map((tool) => [tool.name, [tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint]]),
    );
    expect(annotations).toEqual({
      list_webhook_endpoints: [true, false],
      create_webhook_endpoint: [false, false],
      get_webhook_endpoint: [true, false],
      update_webhook_endpoint: [false, false],
      delete_webhook_endpoint: [false, true],
      get_webhook_endpoint_secret: [true, false],
      rotate_webhook_endpoint_secret: [false, false],
      send_test_webhook: [false, false],
      recover_webhook_endpoint: [false, false],
      get_webhook_endpoint_stats: [true, false],
      list_webhook_deliveries: [true, false],
      get_webhook_delivery: [true, false],
      replay_webhook_delivery: [false, false],
    });

    async function tool(name: string, args: Record<string, unknown>) {
      const result = (await agent.callTool({ name, arguments: args })) as CallToolResult;
      expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
      return result.structuredContent as any;
    }
    const { endpoint } = await tool('create_webhook_endpoint', { url: sink.url, event_types: ['message.failed'] });
    expect((await tool('list_webhook_endpoints', {})).endpoints.map((row: { id: string }) => row.id)).toEqual([endpoint.id]);
    expect((await tool('get_webhook_endpoint', { id: endpoint.id })).endpoint.health.attempts_24h).toBe(0);
    expect((await tool('update_webhook_endpoint', { id: endpoint.id, description: 'agent' })).endpoint.description).toBe('agent');
    expect((await tool('get_webhook_endpoint_secret', { id: endpoint.id })).secret).toMatch(/^whsec_/);
    expect((await tool('rotate_webhook_endpoint_secret', { id: endpoint.id })).secret).toMatch(/^whsec_/);
    const { delivery } = await tool('send_test_webhook', { id: endpoint.id });
    expect(delivery.event_type).toBe('message.failed');
    await app.services.jobs.drain();
    expect((await tool('list_webhook_deliveries', { endpoint_id: endpoint.id })).deliveries).toHaveLength(1);
    const detail = await tool('get_webhook_delivery', { id: delivery.id });
    expect(detail.attempts[0]).toMatchObject({ trigger: 'test', response_code: 200 });
    expect((await tool('replay_webhook_delivery', { id: delivery.id })).delivery.id).toBe(delivery.id);
    const since = new Date(app.clock.now() - 60_000).toISOString();
    expect(await tool('recover_webhook_endpoint', { id: endpoint.id, since })).toMatchObject({
      queued: 0,
      already_running: false,
    });

    const missing = (await agent.callTool({ name: 'get_webhook_endpoint', arguments: { id: 'whe_missing' } })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(toolError(missing)).toMatchObject({ code: 'not_found', fix: expect.any(String) });
    const future = (await agent.callTool({
      name: 'recover_webhook_endpoint',
      arguments: { id: endpoint.id, since: new Date(app.clock.now() + DAY).toISOString() },
    })) as CallToolResult;
    expect(toolError(future)).toMatchObject({ code: 'validation_failed', issues: [{ path: 'since' }] });

    expect(await tool('delete_webhook_endpoint', { id: endpoint.id })).toEqual({ id: endpoint.id, deleted: true });
    await agent.close();
  });
});

describe('openapi.json', () => {
  it('describes every customer event in the top-level webhooks section with its payload schema', async () => {
    const document = (await call(app, 'GET', '/openapi.json')).body;
    expect(Object.keys(document.webhooks).sort()).toEqual([...customerEventTypes].sort());
    for (const type of customerEventTypes as readonly CustomerEventType[]) {
      const operation = document.webhooks[type].post;
      const schema = operation.requestBody.content['application/json'].schema;
      expect(schema.properties.type).toMatchObject({ const: type });
      expect(schema.required).toEqual(expect.arrayContaining(['id', 'type', 'created_at', 'data']));
      expect(Object.keys(schema.properties.data.properties)).toEqual(Object.keys(customerEventEnvelope(type).shape.data.shape));
      expect(operation.parameters.map((parameter: { name: string }) => parameter.name)).toEqual([
        'webhook-id',
        'webhook-timestamp',
        'webhook-signature',
      ]);
    }
    expect(document.paths['/api/v1/webhook-endpoints/{id}/recover'].post.security).toEqual([{ bearerAuth: ['webhooks:write'] }]);
  });
});
