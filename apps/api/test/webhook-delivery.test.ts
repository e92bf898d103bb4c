import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { retryScheduleMs } from '../src/domain/customer-webhooks/worker.ts';
import { call, startTestApp, type TestApp } from './harness.ts';
import { sendingWorkspace } from './sending-support.ts';
import {
  consoleUser,
  createEndpoint,
  signIn,
  data,
  deliveries,
  deliveryAttempts,
  deliveryDetail,
  errorBody,
  recordEvent,
  startSink,
  trpcMutation,
  trpcQuery,
  type ConsoleSession,
} from './console-support.ts';

let app: TestApp;
let sink: Awaited<ReturnType<typeof startSink>>;

beforeAll(async () => {
  // Sessions outlive the days these tests move the clock through.
  app = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_URLS: '1', WEBHOOK_TIMEOUT_MS: '500', CONSOLE_SESSION_TTL_HOURS: '720' });
  sink = await startSink();
});
afterAll(async () => {
  await sink.close();
  await app.close();
});

async function secretOf(session: ConsoleSession, endpointId: string): Promise<string> {
  return data(await trpcQuery(app, 'webhookEndpoints.secret', { id: endpointId }, session)).secret;
}

/** A signed-in user with one endpoint at the sink, and the sink answering 200 with no requests yet. */
async function setup(path = 'hooks', eventTypes?: string[]) {
  sink.respond = { status: 200, body: 'ok', delayMs: 0 };
  sink.requests.length = 0;
  const { session } = await consoleUser(app);
  const endpoint = await createEndpoint(app, session, {
    url: sink.url.replace('hooks', path),
    ...(eventTypes && { event_types: eventTypes as never }),
  });
  return { session, endpoint };
}

describe('signed delivery', () => {
  it('delivers the event envelope signed per Standard Webhooks, verifiable with the standardwebhooks library', async () => {
    const { session, endpoint } = await setup('signed');
    const eventId = await recordEvent(app, session.workspaceId, 'message.delivered', {
      message: { id: 'msg_1', status: 'delivered', phone_number: '+14155550100', segments: 1, cost_cents: 2 },
    });
    await app.services.jobs.drain();

    expect(sink.requests).toHaveLength(1);
    const request = sink.requests[0]!;
    expect(request.path).toBe('/signed');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['webhook-id']).toBe(eventId);
    const verified = new Webhook(await secretOf(session, endpoint.id)).verify(request.body, {
      'webhook-id': String(request.headers['webhook-id']),
      'webhook-timestamp': String(request.headers['webhook-timestamp']),
      'webhook-signature': String(request.headers['webhook-signature']),
    });
    expect(verified).toEqual({
      id: eventId,
      type: 'message.delivered',
      created_at: new Date(app.clock.now()).toISOString(),
      data: { message: { id: 'msg_1', status: 'delivered', phone_number: '+14155550100', segments: 1, cost_cents: 2 } },
    });
    // A tampered body or another secret does not verify.
    const headers = Object.fromEntries(
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(request.headers[name])]),
    );
    const secret = await secretOf(session, endpoint.id);
    expect(() => new Webhook(secret).verify(request.body.replace('msg_1', 'msg_2'), headers)).toThrow();
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(request.body, headers)).toThrow();

    const [delivery] = (await deliveries(app, session)).deliveries;
    expect(delivery).toMatchObject({
      event_id: eventId,
      status: 'succeeded',
      response_code: 200,
      next_retry: null,
      attempts: 1,
      endpoint_id: endpoint.id,
    });
    expect(delivery.latency_ms).toEqual(expect.any(Number));
  });

  it('delivers the events of a message sent through the API (sandbox carrier)', async () => {
    sink.respond = { status: 200, body: 'ok', delayMs: 0 };
    sink.requests.length = 0;
    const developer = await sendingWorkspace(app);
    const session = await signIn(app, developer.account.account.username);
    await createEndpoint(app, session, { url: sink.url.replace('hooks', 'messages') });
    const sent = await call(app, 'POST', '/api/v1/messages', {
      token: developer.token,
      body: { phone_number: '+14155550123', body: 'Hello from the test' },
    });
    expect(sent.status).toBe(202);
    await app.services.jobs.drain();

    const received = sink.requests.map((request) => JSON.parse(request.body));
    expect(received.map((event) => event.type).sort()).toEqual(['message.delivered', 'message.sent']);
    for (const event of received)
      expect(event.data.message).toMatchObject({ id: sent.body.message.id, phone_number: '+14155550123' });
    const listed = (await deliveries(app, session)).deliveries;
    expect(listed.map((delivery) => delivery.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('sends only subscribed event types to enabled endpoints', async () => {
    const { session, endpoint } = await setup('filtered', ['message.failed']);
    await recordEvent(app, session.workspaceId, 'message.delivered');
    await app.services.jobs.drain();
    expect(sink.requests).toHaveLength(0);

    await recordEvent(app, session.workspaceId, 'message.failed');
    await app.services.jobs.drain();
    expect(sink.requests.map((request) => JSON.parse(request.body).type)).toEqual(['message.failed']);

    data(await trpcMutation(app, 'webhookEndpoints.update', { id: endpoint.id, enabled: false }, session));
    await recordEvent(app, session.workspaceId, 'message.failed');
    await app.services.jobs.drain();
    expect(sink.requests).toHaveLength(1);
  });

  it('signs with both secrets for a day after a rotation', async () => {
    const { session, endpoint } = await setup('rotated');
    const oldSecret = await secretOf(session, endpoint.id);
    const rotated = data(await trpcMutation(app, 'webhookEndpoints.rotateSecret', { id: endpoint.id }, session));
    expect(rotated.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(rotated.secret).not.toBe(oldSecret);
    await recordEvent(app, session.workspaceId);
    await app.services.jobs.drain();
    const request = sink.requests[0]!;
    const headers = Object.fromEntries(
      ['webhook-id', 'webhook-timestamp', 'webhook-signature'].map((name) => [name, String(request.headers[name])]),
    );
    expect(headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(new Webhook(rotated.secret).verify(request.body, headers)).toMatchObject({ type: 'message.delivered' });
    expect(new Webhook(oldSecret).verify(request.body, headers)).toMatchObject({ type: 'message.delivered' });
  });
});

describe('retries', () => {
  it('moves each retry at random by up to 20 % either way of the schedule, so deliveries that failed together retry apart', async () => {
    const jittered = await startTestApp({
      ALLOW_PRIVATE_WEBHOOK_URLS: '1',
      WEBHOOK_TIMEOUT_MS: '500',
      RETRY_JITTER_PERCENT: '20',
    });
    try {
      sink.respond = { status: 500, body: 'down', delayMs: 0 };
      sink.requests.length = 0;
      const { session } = await consoleUser(jittered);
      await createEndpoint(jittered, session, { url: sink.url.replace('hooks', 'jitter') });
      // Fewer than the slots of an endpoint not known to answer, so every first attempt is made at once.
      const events = 12;
      for (let index = 0; index < events; index += 1) await recordEvent(jittered, session.workspaceId);
      await jittered.services.jobs.drain();

      const failed = (await deliveries(jittered, session, { status: 'failed' })).deliveries;
      expect(failed).toHaveLength(events);
      const delays = failed.map((delivery) => Date.parse(delivery.next_retry) - jittered.clock.now());
      for (const delay of delays) {
        expect(delay).toBeGreaterThanOrEqual(retryScheduleMs[0] * 0.8);
        expect(delay).toBeLessThanOrEqual(retryScheduleMs[0] * 1.2);
      }
      // Spread out, not one instant (twelve draws within a tenth of the range: about one run in four million).
      expect(Math.max(...delays) - Math.min(...delays)).toBeGreaterThanOrEqual(retryScheduleMs[0] * 0.04);

      // Each retry comes due at its own time, and by the end of the range all have.
      jittered.clock.advance(retryScheduleMs[0] * 1.2);
      await jittered.services.jobs.drain();
      expect(sink.requests).toHaveLength(2 * events);
    } finally {
      await jittered.close();
    }
  });

  it('follows 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, reading failed with next_retry set, then null', async () => {
    const { session } = await setup('retries');
    sink.respond = { status: 500, body: 'x'.repeat(10_000), delayMs: 0 };
    await recordEvent(app, session.workspaceId);
    await app.services.jobs.drain();

    for (const [index, delay] of retryScheduleMs.entries()) {
      // Failed after every failed attempt, whether or not a retry is scheduled; the failed-only filter included.
      const [retrying] = (await deliveries(app, session, { status: 'failed' })).deliveries;
      expect(retrying).toMatchObject({ status: 'failed', attempts: index + 1, response_code: 500 });
      expect(retrying.next_retry).toBe(new Date(app.clock.now() + delay).toISOString());
      expect((await deliveries(app, session, { status: 'pending' })).deliveries).toHaveLength(0);
      // Not a moment early.
      app.clock.advance(delay - 1_000);
      await app.services.jobs.drain();
      expect(sink.requests).toHaveLength(index + 1);
      app.clock.advance(1_000);
      await app.services.jobs.drain();
      expect(sink.requests).toHaveLength(index + 2);
    }

    const [failed] = (await deliveries(app, session, { status: 'failed' })).deliveries;
    expect(failed).toMatchObject({ status: 'failed', attempts: 8, response_code: 500, next_retry: null });
    const attempts = await deliveryAttempts(app, session, failed.id);
    expect(attempts).toHaveLength(8);
    expect(attempts.every((attempt: any) => attempt.trigger === 'automatic' && attempt.response_code === 500)).toBe(true);
    expect(attempts[0].response_body).toHaveLength(4096);
    // Every attempt carried the same event id and bytes.
    expect(new Set(sink.requests.map((request) => request.headers['webhook-id'])).size).toBe(1);
    expect(new Set(sink.requests.map((request) => request.body)).size).toBe(1);

    app.clock.advance(86_400_000);
    await app.services.jobs.drain();
    expect(sink.requests).toHaveLength(8);
  });

  it('succeeds on the retry once an endpoint that was down comes back', async () => {
    const { session } = await setup('down-then-up');
    sink.respond = { status: 503, body: 'maintenance', delayMs: 0 };
    await recordEvent(app, session.workspaceId);
    await app.services.jobs.drain();
    let [delivery] = (await deliveries(app, session, { status: 'failed' })).deliveries;
    expect(delivery).toMatchObject({
      status: 'failed',
      response_code: 503,
      attempts: 1,
      next_retry: new Date(app.clock.now() + 5_000).toISOString(),
    });

    sink.respond = { status: 204, body: '', delayMs: 0 };
    app.clock.advance(5_000);
    await app.services.jobs.drain();
    [delivery] = (await deliveries(app, session)).deliveries;
    expect(delivery).toMatchObject({ status: 'succeeded', response_code: 204, attempts: 2, next_retry: null });
    expect((await deliveries(app, session, { status: 'failed' })).deliveries).toHaveLength(0);
    // The retry that succeeded was the last one: nothing more is sent.
    app.clock.advance(86_400_000);
    await app.services.jobs.drain();
    expect(sink.requests).toHaveLength(2);
  });

  it('keeps the scheduled retry when a replay fails meanwhile, and stops retrying once a replay succeeds', async () => {
    const { session } = await setup('replay-while-retrying');
    sink.respond = { status: 500, body: 'down', delayMs: 0 };
    await recordEvent(app, session.workspaceId);
    await app.services.jobs.drain();
    const [failed] = (await deliveries(app, session)).deliveries;
    const scheduled = failed.next_retry;
    expect(scheduled).toEqual(expect.any(String));

    data(await trpcMutation(app, 'webhookDeliveries.replay', { id: failed.id }, session));
    await app.services.jobs.drain();
    expect(await deliveryDetail(app, session, failed.id)).toMatchObject({ status: 'failed', attempts: 2, next_retry: scheduled });
    app.clock.advance(5_000);
    await app.services.jobs.drain();
    expect(sink.requests).toHaveLength(3);
    const retried = await deliveryDetail(app, session, failed.id);
    expect(retried).toMatchObject({
      status: 'failed',
      attempts: 3,
      next_retry: new Date(app.clock.now() + retryScheduleMs[1]).toISOString(),
    });

    sink.respond = { status: 200, body: 'ok', delayMs: 0 };
    data(await trpcMutation(app, 'webhookDeliveries.replay', { id: failed.id }, session));
    await app.services.jobs.drain();
    expect(await deliveryDetail(app, session, failed.id)).toMatchObject({ status: 'succeeded', attempts: 4, next_retry: null });
    app.clock.advance(retryScheduleMs[1]);
    await app.services.jobs.drain();
    expect(sink.requests).toHaveLength(4);
  });

  it('counts a response slower than the time-out as a failed attempt', async () => {
    const { session } = await setup('slow');
    sink.respond = { status: 200, body: 'late', delayMs: 2_000 };
    await recordEvent(app, session.workspaceId);
    await app.services.jobs.drain();
    const [delivery] = (await deliveries(app, session)).deliveries;
    expect(delivery).toMatchObject({ status: 'failed', response_code: null, attempts: 1, next_retry: expect.any(String) });
    const [attempt] = await deliveryAttempts(app, session, delivery.id);
    expect(attempt).toMatchObject({ response_code: null, error: 'No response within 0.5 s' });
    expect(attempt.latency_ms).toBeGreaterThanOrEqual(450);
  });

  it('disables an endpoint after 5 days of failures and says why', async () => {
    const { session, endpoint } = await setup('dead');
    sink.respond = { status: 500, body: 'down', delayMs: 0 };
    await recordEvent(app, session.workspaceId);
    await app.services.jobs.drain();
    app.clock.advance(3 * 86_400_000);
    await recordEvent(app, session.workspaceId);
    await app.services.jobs.drain();
    let [listed] = data(await trpcQuery(app, 'webhookEndpoints.list', {}, session)).endpoints;
    expect(listed).toMatchObject({ enabled: true, disabled_reason: null });

    app.clock.advance(2 * 86_400_000);
    await app.services.jobs.drain();
    [listed] = data(await trpcQuery(app, 'webhookEndpoints.list', {}, session)).endpoints;
    expect(listed.enabled).toBe(false);
    expect(listed.disabled_reason).toMatch(/failed for 5 days/);
    const all = (await deliveries(app, session)).deliveries;
    expect(all.every((delivery) => delivery.status === 'failed' && delivery.next_retry === null)).toBe(true);

    // Nothing more is sent; re-enabling clears the reason and replay works again.
    const sent = sink.requests.length;
    await recordEvent(app, session.workspaceId);
    app.clock.advance(86_400_000);
    await app.services.jobs.drain();
    expect(sink.requests).toHaveLength(sent);
    const refused = await trpcMutation(app, 'webhookDeliveries.replay', { id: all[0].id }, session);
    expect(refused.status).toBe(422);
    const enabled = data(
      await trpcMutation(app, 'webhookEndpoints.update', { id: endpoint.id, enabled: true }, session),
    ).endpoint;
    expect(enabled).toMatchObject({ enabled: true, disabled_reason: null });
  });
});

describe('replay', () => {
  it('resends the original payload and event id and records a new attempt', async () => {
    const { session } = await setup('replay');
    sink.respond = { status: 500, body: 'broken', delayMs: 0 };
    await recordEvent(app, session.workspaceId);
    await app.services.jobs.drain();
    for (const delay of retryScheduleMs) {
      app.clock.advance(delay);
      await app.services.jobs.drain();
    }
    const [failed] = (await deliveries(app, session)).deliveries;
    expect(failed).toMatchObject({ status: 'failed', next_retry: null, attempts: 8 });
    const before = await deliveryDetail(app, session, failed.id);

    sink.respond = { status: 200, body: 'fixed', delayMs: 0 };
    const replayed = await trpcMutation(app, 'webhookDeliveries.replay', { id: failed.id }, session);
    expect(data(replayed).delivery.id).toBe(failed.id);
    await app.services.jobs.drain();

    const after = await deliveryDetail(app, session, failed.id);
    expect(after).toMatchObject({
      status: 'succeeded',
      response_code: 200,
      attempts: 9,
      next_retry: null,
      event_id: failed.event_id,
    });
    expect(after.payload).toEqual(before.payload);
    expect((await deliveryAttempts(app, session, failed.id))[0]).toMatchObject({
      trigger: 'replay',
      response_code: 200,
      response_body: 'fixed',
    });
    const [first, last] = [sink.requests[0]!, sink.requests.at(-1)!];
    expect(last.body).toBe(first.body);
    expect(last.headers['webhook-id']).toBe(failed.event_id);
  });

  it('sends a test event to one endpoint and lists it', async () => {
    const { session, endpoint } = await setup('test-event');
    const other = await createEndpoint(app, session, { url: sink.url.replace('hooks', 'other') });
    const queued = data(
      await trpcMutation(app, 'webhookEndpoints.sendTest', { id: endpoint.id, event_type: 'opt_out.created' }, session),
    ).delivery;
    await app.services.jobs.drain();
    expect(sink.requests.map((request) => request.path)).toEqual(['/test-event']);
    expect(JSON.parse(sink.requests[0]!.body)).toMatchObject({
      id: queued.event_id,
      type: 'opt_out.created',
      data: { opt_out: expect.any(Object) },
    });
    expect(await deliveryDetail(app, session, queued.id)).toMatchObject({ status: 'succeeded', endpoint_id: endpoint.id });
    const attempts = await deliveryAttempts(app, session, queued.id);
    expect(attempts[0].trigger).toBe('test');
    expect((await deliveries(app, session, { endpoint_id: other.id })).deliveries).toHaveLength(0);
  });
});

describe('delivery list', () => {
  it('filters by status, event type and endpoint, newest first, with a cursor', async () => {
    const { session, endpoint } = await setup('list');
    const ids: string[] = [];
    for (const type of ['message.sent', 'message.delivered', 'message.failed'] as const) {
      ids.push(await recordEvent(app, session.workspaceId, type));
      app.clock.advance(1_000);
    }
    await app.services.jobs.drain();

    const first = await deliveries(app, session, { limit: 2 });
    expect(first.deliveries.map((delivery) => delivery.event_id)).toEqual([ids[2], ids[1]]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = await deliveries(app, session, { limit: 2, cursor: first.next_cursor });
    expect(second.deliveries.map((delivery) => delivery.event_id)).toEqual([ids[0]]);
    expect(second.next_cursor).toBeNull();

    expect(
      (await deliveries(app, session, { event_type: 'message.failed' })).deliveries.map((delivery) => delivery.event_id),
    ).toEqual([ids[2]]);
    expect((await deliveries(app, session, { status: 'failed' })).deliveries).toHaveLength(0);
    expect((await deliveries(app, session, { endpoint_id: endpoint.id })).deliveries).toHaveLength(3);

    const badCursor = await trpcQuery(app, 'webhookDeliveries.list', { cursor: 'nonsense' }, session);
    expect(badCursor.status).toBe(422);
    expect(errorBody(badCursor).error.issues).toEqual([{ path: 'cursor', message: expect.any(String) }]);
    const badStatus = await trpcQuery(app, 'webhookDeliveries.list', { status: 'lost' }, session);
    expect(badStatus.status).toBe(422);
  });

  it('refuses with 422 naming cursor a cursor taken from another list or tampered with', async () => {
    const { session } = await setup('foreign-cursor');
    for (const type of ['message.sent', 'message.delivered'] as const) {
      await recordEvent(app, session.workspaceId, type);
      app.clock.advance(1_000);
    }
    await app.services.jobs.drain();
    for (const name of ['first', 'second']) data(await trpcMutation(app, 'snippets.create', { name, body: 'Hi' }, session));
    for (const name of ['first', 'second']) data(await trpcMutation(app, 'contactLists.create', { name }, session));

    const deliveryCursor = (await deliveries(app, session, { limit: 1 })).next_cursor;
    const snippetCursor = data(await trpcQuery(app, 'snippets.list', { limit: 1 }, session)).next_cursor;
    const contactListCursor = data(await trpcQuery(app, 'contactLists.list', { limit: 1 }, session)).next_cursor;
    const [list, createdAt, id] = Buffer.from(deliveryCursor!, 'base64url').toString().split('|');
    const tampered = Buffer.from(`${list}|${createdAt}|${id}|more`).toString('base64url');
    for (const [operation, cursor] of [
      ['webhookDeliveries.list', snippetCursor],
      ['webhookDeliveries.list', tampered],
      ['snippets.list', deliveryCursor],
      ['snippets.list', contactListCursor],
      ['contactLists.list', snippetCursor],
    ] as const) {
      const response = await trpcQuery(app, operation, { cursor }, session);
      expect(response.status, `${operation} with ${cursor}`).toBe(422);
      expect(errorBody(response).error).toMatchObject({
        code: 'validation_failed',
        issues: [{ path: 'cursor', message: expect.any(String) }],
      });
    }
  });

  it("keeps every workspace's endpoints and deliveries to itself", async () => {
    const { session, endpoint } = await setup('private');
    await recordEvent(app, session.workspaceId);
    await app.services.jobs.drain();
    const [delivery] = (await deliveries(app, session)).deliveries;
    const { session: intruder } = await consoleUser(app);

    expect((await deliveries(app, intruder)).deliveries).toHaveLength(0);
    for (const response of [
      await trpcQuery(app, 'webhookDeliveries.get', { id: delivery.id }, intruder),
      await trpcMutation(app, 'webhookDeliveries.replay', { id: delivery.id }, intruder),
      await trpcQuery(app, 'webhookEndpoints.secret', { id: endpoint.id }, intruder),
      await trpcMutation(app, 'webhookEndpoints.update', { id: endpoint.id, enabled: false }, intruder),
      await trpcMutation(app, 'webhookEndpoints.delete', { id: endpoint.id }, intruder),
    ]) {
      expect(response.status).toBe(404);
      expect(errorBody(response).error.code).toBe('not_found');
    }
    expect(data(await trpcQuery(app, 'webhookEndpoints.list', {}, session)).endpoints).toHaveLength(1);
  });

  it('deletes an endpoint with its deliveries and pending retries', async () => {
    const { session, endpoint } = await setup('deleted');
    sink.respond = { status: 500, body: '', delayMs: 0 };
    await recordEvent(app, session.workspaceId);
    await app.services.jobs.drain();
    expect(data(await trpcMutation(app, 'webhookEndpoints.delete', { id: endpoint.id }, session))).toEqual({
      id: endpoint.id,
      deleted: true,
    });
    app.clock.advance(5_000);
    await app.services.jobs.drain();
    expect(sink.requests).toHaveLength(1);
    expect((await deliveries(app, session)).deliveries).toHaveLength(0);
  });
});
