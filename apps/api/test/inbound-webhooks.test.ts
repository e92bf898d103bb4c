import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { newId } from '../src/lib/crypto.ts';
import { createServices } from '../src/services.ts';
import { createProviderEventStore } from '../src/provider-callbacks/event-store.ts';
import { computeSignature, signWebhook } from '../src/provider-callbacks/signature.ts';
import { call, startTestApp, type TestApp } from './harness.ts';
import { customerEvents, eventId, jobCount, postSigned } from './inbound-support.ts';
import { sendingWorkspace } from './sending-support.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

/** +15005550003 is the sandbox's slow recipient: it reports nothing for 60 s, so the test's own events are the only ones. */
const SLOW_RECIPIENT = '+15005550003';

async function dispatchedMessage(recipient = SLOW_RECIPIENT) {
  const workspace = await sendingWorkspace(app);
  const sent = await call(app, 'POST', '/api/v1/messages', {
    token: workspace.token,
    body: { phone_number: recipient, body: 'Your table is ready.' },
  });
  expect(sent.status).toBe(202);
  await app.services.jobs.drain();
  const message = await app.services.prisma.message.findUniqueOrThrow({ where: { id: sent.body.message.id } });
  expect(message.status).toBe('sending');
  expect(message.providerMessageId).toMatch(/^SBX/);
  return { workspace, message };
}

async function messageEvent(type: string, providerMessageId: string, extra: Record<string, unknown> = {}) {
  const response = await postSigned(app, 'messaging', 'events', { type, id: eventId(), message_id: providerMessageId, ...extra });
  expect(response.status).toBe(202);
  await app.services.jobs.drain();
  return response;
}

async function balanceOf(workspaceId: string) {
  return (await app.services.prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).balanceCents;
}

describe('POST /webhooks/sandbox/events: acceptance', () => {
  it('stores a verified event and answers 202 with the acceptance record', async () => {
    const id = eventId();
    const response = await postSigned(app, 'messaging', 'events', { type: 'message.delivered', id, message_id: 'SBXunknown' });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'received',
      provider: 'sandbox',
      event_type: 'message.delivered',
      external_id: id,
      duplicate: false,
    });
    const stored = await app.services.prisma.providerEvent.findUniqueOrThrow({ where: { id: response.body.id } });
    expect(stored).toMatchObject({ provider: 'sandbox', eventType: 'message.delivered', externalId: id });
    expect(stored.payload).toEqual({ type: 'message.delivered', id, message_id: 'SBXunknown' });
  });

  it('serves its paths as express would route them: any letter case, one trailing slash, POST only', async () => {
    const key = app.services.inboundWebhooks.messaging;
    const post = (path: string) => {
      const body = { type: 'message.delivered', id: eventId(), message_id: 'SBXunknown' };
      return call(app, 'POST', path, {
        body,
        headers: { 'content-type': 'application/json', ...signWebhook(key, body, app.clock.now()) },
      });
    };
    expect((await post(`/WEBHOOKS/${key.provider.toUpperCase()}/Events`)).status).toBe(202);
    expect((await post(`/webhooks/${key.provider}/events/`)).status).toBe(202);
    expect((await post(`/webhooks/${key.provider}/events//`)).body.error.code).toBe('not_found');
    expect((await call(app, 'GET', `/webhooks/${key.provider}/events`)).body.error.code).toBe('not_found');
  });

  it('returns the existing record with duplicate true and queues nothing for a repeat', async () => {
    const body = { type: 'message.sent', id: eventId(), message_id: 'SBXrepeat' };
    const first = await postSigned(app, 'messaging', 'events', body);
    const jobsAfterFirst = await jobCount(app, 'provider_event');
    const again = await postSigned(app, 'messaging', 'events', body);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ ...first.body, duplicate: true });
    expect(await jobCount(app, 'provider_event')).toBe(jobsAfterFirst);
    // Concurrent repeats agree on one record too.
    const burst = await Promise.all(
      Array.from({ length: 5 }, () => postSigned(app, 'messaging', 'events', { ...body, id: `${body.id}-burst` })),
    );
    expect(new Set(burst.map((response) => response.body.id)).size).toBe(1);
    expect(burst.filter((response) => !response.body.duplicate)).toHaveLength(1);
    expect(await jobCount(app, 'provider_event')).toBe(jobsAfterFirst + 1);
  });

  it('answers events arriving together as if each came alone: new, stored before, repeated within the burst', async () => {
    const storedBefore = { type: 'message.sent', id: eventId(), message_id: 'SBXtogether' };
    await postSigned(app, 'messaging', 'events', storedBefore);
    const jobsBefore = await jobCount(app, 'provider_event');
    const fresh = Array.from({ length: 8 }, () => ({ type: 'message.delivered', id: eventId(), message_id: 'SBXtogether' }));
    const burst = [...fresh, storedBefore, fresh[0]!, storedBefore, fresh[1]!];
    const responses = await Promise.all(burst.map((body) => postSigned(app, 'messaging', 'events', body)));
    expect(responses.filter((response) => response.status === 202)).toHaveLength(fresh.length);
    expect(responses.filter((response) => response.status === 200 && response.body.duplicate === true)).toHaveLength(4);
    // Every answer for one event names the same stored record.
    const idsByEvent = new Map<string, Set<string>>();
    burst.forEach((body, index) =>
      idsByEvent.set(body.id, (idsByEvent.get(body.id) ?? new Set()).add(responses[index]!.body.id)),
    );
    expect([...idsByEvent.values()].every((ids) => ids.size === 1)).toBe(true);
    expect(await jobCount(app, 'provider_event')).toBe(jobsBefore + fresh.length);
  });

  it('stores each event of a burst whose shared statement failed on its own, so one unstorable event fails alone', async () => {
    const store = createProviderEventStore(app.services.sql);
    const event = (payload: unknown) => ({
      provider: 'sandbox',
      eventType: 'message.delivered',
      externalId: eventId(),
      payload,
      receivedAt: new Date(app.clock.now()),
    });
    // The first goes alone; the next three go as one statement, which the NUL (unstorable in jsonb) makes fail.
    const outcomes = await Promise.allSettled(
      [event({}), event({}), event({ note: 'nul \u0000 here' }), event({})].map((incoming) => store.store(incoming)),
    );
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
  });

  it('treats the same external id under another event type as a different event', async () => {
    const id = eventId();
    const sent = await postSigned(app, 'messaging', 'events', { type: 'message.sent', id, message_id: 'SBXx' });
    const delivered = await postSigned(app, 'messaging', 'events', { type: 'message.delivered', id, message_id: 'SBXx' });
    expect([sent.status, delivered.status]).toEqual([202, 202]);
    expect(delivered.body.id).not.toBe(sent.body.id);
  });

  it('stores an unknown but validly signed event and otherwise ignores it', async () => {
    const response = await postSigned(app, 'messaging', 'events', {
      type: 'number.ported',
      id: eventId(),
      metadata: { note: 'x' },
    });
    expect(response.status).toBe(202);
    await app.services.jobs.drain();
    const stored = await app.services.prisma.providerEvent.findUniqueOrThrow({ where: { id: response.body.id } });
    expect(stored.status).toBe('ignored');
    expect(stored.processedAt).not.toBeNull();
  });

  it('verifies the canonical form, so key order and whitespace do not matter', async () => {
    const id = eventId();
    const body = { type: 'message.sent', id, message_id: 'SBXcanon', metadata: { b: 1, a: [1, 2] } };
    const reordered = `{ "metadata": {"a": [1,2], "b": 1.0}, "message_id": "SBXcanon",\n "id": "${id}", "type": "message.sent" }`;
    const response = await postSigned(app, 'messaging', 'events', body, { rawBody: reordered });
    expect(response.status).toBe(202);
  });

  it('accepts a numeric event id as its string form', async () => {
    const response = await postSigned(app, 'messaging', 'events', { type: 'message.sent', id: 424242, message_id: 'SBXn' });
    expect(response.status).toBe(202);
    expect(response.body.external_id).toBe('424242');
  });
});

describe('inbound webhooks: signature failures answer 401 {"error":"invalid_signature"}', () => {
  const body = () => ({ type: 'message.sent', id: eventId(), message_id: 'SBXsig' });
  const key = () => app.services.inboundWebhooks.messaging;

  async function expectRejected(response: Awaited<ReturnType<typeof postSigned>>) {
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ error: 'invalid_signature' });
  }

  it('rejects a request without a signature', async () => {
    await expectRejected(await call(app, 'POST', '/webhooks/sandbox/events', { body: body() }));
  });

  it('rejects a missing timestamp or a missing signature header', async () => {
    const event = body();
    const timestamp = String(Math.floor(app.clock.now() / 1000));
    const signature = computeSignature(key().secret, timestamp, event);
    await expectRejected(
      await call(app, 'POST', '/webhooks/sandbox/events', { body: event, headers: { [key().signatureHeader]: signature } }),
    );
    await expectRejected(
      await call(app, 'POST', '/webhooks/sandbox/events', { body: event, headers: { [key().timestampHeader]: timestamp } }),
    );
  });

  it('rejects a stale timestamp and a future one, accepting the edge of the five-minute window', async () => {
    const now = app.clock.now();
    await expectRejected(await postSigned(app, 'messaging', 'events', body(), { atMs: now - 301_000 }));
    await expectRejected(await postSigned(app, 'messaging', 'events', body(), { atMs: now + 301_000 }));
    expect((await postSigned(app, 'messaging', 'events', body(), { atMs: now - 299_000 })).status).toBe(202);
    expect((await postSigned(app, 'messaging', 'events', body(), { atMs: now + 299_000 })).status).toBe(202);
  });

  it('rejects a request that was valid once the window has passed (replay)', async () => {
    const event = body();
    const signedAt = app.clock.now();
    expect((await postSigned(app, 'messaging', 'events', event, { atMs: signedAt })).status).toBe(202);
    app.clock.advance(301_000);
    await expectRejected(await postSigned(app, 'messaging', 'events', { ...event, id: eventId() }, { atMs: signedAt }));
  });

  it('rejects a signature made with another secret', async () => {
    await expectRejected(await postSigned(app, 'messaging', 'events', body(), { secret: 'not-the-configured-secret-at-all' }));
  });

  it('rejects a tampered body', async () => {
    const event = body();
    const tampered = JSON.stringify({ ...event, type: 'message.failed' });
    await expectRejected(await postSigned(app, 'messaging', 'events', event, { rawBody: tampered }));
  });

  it('rejects a timestamp other than the signed one, and malformed values', async () => {
    const event = body();
    const timestamp = Math.floor(app.clock.now() / 1000);
    const signature = computeSignature(key().secret, timestamp, event);
    await expectRejected(
      await postSigned(app, 'messaging', 'events', event, {
        headers: { [key().timestampHeader]: String(timestamp - 1), [key().signatureHeader]: signature },
      }),
    );
    await expectRejected(
      await postSigned(app, 'messaging', 'events', event, {
        headers: { [key().signatureHeader]: signature.slice('sha256='.length) },
      }),
    );
    await expectRejected(
      await postSigned(app, 'messaging', 'events', event, { headers: { [key().timestampHeader]: `${timestamp}.5` } }),
    );
  });

  it('rejects a body that is not JSON', async () => {
    await expectRejected(await postSigned(app, 'messaging', 'events', body(), { rawBody: 'type=message.sent&id=1' }));
  });

  it('does not accept the messaging key on the funding route, nor the reverse', async () => {
    const messagingSigned = await postSigned(
      app,
      'funding',
      'events',
      { event: 'funding.completed', event_id: eventId() },
      { secret: app.services.inboundWebhooks.messaging.secret },
    );
    await expectRejected(messagingSigned);
    const fundingKey = app.services.inboundWebhooks.funding;
    const fundingSigned = await postSigned(app, 'messaging', 'events', body(), {
      secret: fundingKey.secret,
    });
    await expectRejected(fundingSigned);
  });

  it('stores nothing and queues nothing when rejected', async () => {
    const before = await app.services.prisma.providerEvent.count();
    const jobs = await jobCount(app, 'provider_event');
    await expectRejected(await postSigned(app, 'messaging', 'events', body(), { secret: 'wrong-secret-wrong-secret' }));
    expect(await app.services.prisma.providerEvent.count()).toBe(before);
    expect(await jobCount(app, 'provider_event')).toBe(jobs);
  });
});

describe('inbound webhooks: 422 {"error":"invalid_webhook_payload"} when signed without identity', () => {
  it.each([
    ['events without a type', 'messaging', 'events', { id: 'evt_1' }],
    ['events without an id', 'messaging', 'events', { type: 'message.sent' }],
    ['events with an empty id', 'messaging', 'events', { type: 'message.sent', id: '  ' }],
    ['events whose body is an array', 'messaging', 'events', [{ type: 'message.sent', id: 'x' }]],
    ['incoming without a sender', 'messaging', 'incoming', { id: 'in_1', to: '+14155550100', body: 'hi' }],
    ['funding without event_id', 'funding', 'events', { event: 'funding.completed', session_id: 'sps_1' }],
    ['funding with `type` instead of `event`', 'funding', 'events', { type: 'funding.completed', event_id: 'e1' }],
  ] as const)('%s', async (_name, kind, route, body) => {
    const response = await postSigned(app, kind, route, body);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ error: 'invalid_webhook_payload' });
  });

  it('refuses a signed payload PostgreSQL cannot store (a NUL character) with 422, storing nothing', async () => {
    const id = eventId();
    const response = await postSigned(app, 'messaging', 'events', {
      type: 'message.delivered',
      id,
      message_id: 'SBXnul',
      note: 'a\u0000b',
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({ error: 'invalid_webhook_payload' });
    expect(await app.services.prisma.providerEvent.count({ where: { externalId: id } })).toBe(0);
  });

  it('checks the signature before the payload: an unsigned payload without identity is a 401', async () => {
    const response = await call(app, 'POST', '/webhooks/sandbox/events', { body: { nothing: true } });
    expect(response.status).toBe(401);
  });
});

describe('reconciliation: message events', () => {
  it('moves a message to sent, then delivered, recording one customer event each', async () => {
    const { workspace, message } = await dispatchedMessage();
    await messageEvent('message.sent', message.providerMessageId!);
    expect((await app.services.prisma.message.findUniqueOrThrow({ where: { id: message.id } })).status).toBe('sent');
    await messageEvent('message.delivered', message.providerMessageId!);
    const delivered = await app.services.prisma.message.findUniqueOrThrow({ where: { id: message.id } });
    expect(delivered.status).toBe('delivered');
    expect(delivered.sentAt).not.toBeNull();
    expect(delivered.deliveredAt).not.toBeNull();
    const events = await customerEvents(app, workspace.workspaceId);
    expect(events.map((event) => event.type).sort()).toEqual(['message.delivered', 'message.sent']);
    const deliveredEvent = events.find((event) => event.type === 'message.delivered')!;
    expect(deliveredEvent.id).toMatch(/^evt_/);
    expect(deliveredEvent.data).toEqual({
      sequence: 2,
      occurred_at: delivered.deliveredAt!.toISOString(),
      message: { id: message.id, status: 'delivered', phone_number: SLOW_RECIPIENT, segments: 1, cost_cents: message.costCents },
    });
    const get = await call(app, 'GET', `/api/v1/messages/${message.id}`, { token: workspace.token });
    expect(get.body.message.status).toBe('delivered');
  });

  it('settles a status report in the request that stored it, leaving no reconciliation job to run', async () => {
    const { message } = await dispatchedMessage();
    const jobsBefore = await jobCount(app, 'provider_event');
    const id = eventId();
    const response = await postSigned(app, 'messaging', 'events', {
      type: 'message.sent',
      id,
      message_id: message.providerMessageId,
    });
    expect(response.status).toBe(202);
    // No drain: the answer came after the report was applied.
    expect((await app.services.prisma.message.findUniqueOrThrow({ where: { id: message.id } })).status).toBe('sent');
    const stored = await app.services.prisma.providerEvent.findUniqueOrThrow({ where: { id: response.body.id } });
    expect(stored.status).toBe('processed');
    expect(await jobCount(app, 'provider_event')).toBe(jobsBefore);
  });

  it('reconciles a report whose process stopped between storing and settling it, one job lease later', async () => {
    const { message } = await dispatchedMessage();
    // What the ingestion has written when its process dies right after the store: the report, and
    // its job due one lease later.
    const receivedAt = new Date(app.clock.now());
    const id = eventId();
    const stored = await createProviderEventStore(app.services.sql).store({
      provider: 'sandbox',
      eventType: 'message.sent',
      externalId: id,
      payload: { type: 'message.sent', id, message_id: message.providerMessageId },
      receivedAt,
      jobRunAt: new Date(receivedAt.getTime() + app.services.config.jobLeaseMs),
    });
    await app.services.jobs.drain();
    expect((await app.services.prisma.message.findUniqueOrThrow({ where: { id: message.id } })).status).toBe('sending');
    app.clock.advance(app.services.config.jobLeaseMs);
    await app.services.jobs.drain();
    expect((await app.services.prisma.message.findUniqueOrThrow({ where: { id: message.id } })).status).toBe('sent');
    const job = await app.services.prisma.job.findUniqueOrThrow({ where: { id: stored.job_id! } });
    expect(job.status).toBe('done');
  });

  it('never regresses on out-of-order events: sent after delivered, failed after delivered', async () => {
    const { workspace, message } = await dispatchedMessage();
    const balance = await balanceOf(workspace.workspaceId);
    await messageEvent('message.delivered', message.providerMessageId!);
    await messageEvent('message.sent', message.providerMessageId!);
    await messageEvent('message.failed', message.providerMessageId!, { metadata: { error_code: 'late' } });
    const settled = await app.services.prisma.message.findUniqueOrThrow({ where: { id: message.id } });
    expect(settled.status).toBe('delivered');
    expect(settled.errorCode).toBeNull();
    expect(await balanceOf(workspace.workspaceId)).toBe(balance);
    // The delivery report implied the sent one; the late sent report adds nothing.
    expect((await customerEvents(app, workspace.workspaceId)).map((event) => event.type).sort()).toEqual([
      'message.delivered',
      'message.sent',
    ]);
  });

  it('applies events delivered concurrently and out of order to the same final state', async () => {
    const { workspace, message } = await dispatchedMessage();
    const bodies = ['message.delivered', 'message.sent', 'message.sent', 'message.delivered'].map((type) => ({
      type,
      id: eventId(),
      message_id: message.providerMessageId,
    }));
    const responses = await Promise.all(bodies.map((body) => postSigned(app, 'messaging', 'events', body)));
    expect(responses.every((response) => response.status === 202)).toBe(true);
    await app.services.jobs.drain();
    expect((await app.services.prisma.message.findUniqueOrThrow({ where: { id: message.id } })).status).toBe('delivered');
    const types = (await customerEvents(app, workspace.workspaceId)).map((event) => event.type);
    expect(types.sort()).toEqual(['message.delivered', 'message.sent']);
  });

  it('fails a message, refunds its debit exactly once and keeps the error code', async () => {
    const { workspace, message } = await dispatchedMessage();
    const balance = await balanceOf(workspace.workspaceId);
    await messageEvent('message.failed', message.providerMessageId!, { metadata: { error_code: 'carrier_blocked' } });
    await messageEvent('message.failed', message.providerMessageId!, { metadata: { error_code: 'carrier_blocked' } });
    const failed = await app.services.prisma.message.findUniqueOrThrow({ where: { id: message.id } });
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'carrier_blocked' });
    expect(await balanceOf(workspace.workspaceId)).toBe(balance + message.costCents);
    const refunds = await app.services.prisma.ledgerEntry.findMany({ where: { messageId: message.id, kind: 'send_refund' } });
    expect(refunds).toEqual([expect.objectContaining({ amountCents: message.costCents, reference: `refund:${message.id}` })]);
    const events = await customerEvents(app, workspace.workspaceId);
    expect(events.map((event) => event.type)).toEqual(['message.failed']);
    expect(events[0]!.data).toMatchObject({ message: { id: message.id, status: 'failed', error_code: 'carrier_blocked' } });
  });

  it('finds the message by our reference before the provider id is stored, and stores the provider id', async () => {
    const { message } = await dispatchedMessage();
    await app.services.prisma.message.update({ where: { id: message.id }, data: { providerMessageId: null } });
    await messageEvent('message.sent', 'SBXfromEvent', { metadata: { client_reference: message.id } });
    const updated = await app.services.prisma.message.findUniqueOrThrow({ where: { id: message.id } });
    expect(updated).toMatchObject({ status: 'sent', providerMessageId: 'SBXfromEvent' });
  });

  it('ignores an event about a message it does not know', async () => {
    const response = await messageEvent('message.delivered', 'SBXnobody');
    const stored = await app.services.prisma.providerEvent.findUniqueOrThrow({ where: { id: response.body.id } });
    expect(stored.status).toBe('ignored');
  });
});

describe('reconciliation: opt-out events', () => {
  it.each(['recipient.opted_out', 'contact.opted_out', 'message.opted_out', 'message.unsubscribed'])(
    '%s creates a workspace suppression with provider metadata, and blocks the next send',
    async (type) => {
      const { workspace, message } = await dispatchedMessage();
      const id = eventId();
      await messageEvent(type, message.providerMessageId!, {
        id,
        phone_number: SLOW_RECIPIENT,
        metadata: { keyword: 'STOP', carrier: 'x' },
      });
      const suppression = await app.services.prisma.workspaceSuppression.findUniqueOrThrow({
        where: { workspaceId_phoneNumber: { workspaceId: workspace.workspaceId, phoneNumber: SLOW_RECIPIENT } },
      });
      expect(suppression).toMatchObject({ active: true, source: 'provider_event', provider: 'sandbox', reason: type });
      expect(suppression.providerMetadata).toEqual({
        event_id: id,
        event_type: type,
        message_id: message.providerMessageId,
        metadata: { keyword: 'STOP', carrier: 'x' },
      });
      const events = await customerEvents(app, workspace.workspaceId);
      expect(events.map((event) => event.type)).toEqual(['opt_out.created']);
      expect(events[0]!.data).toMatchObject({
        opt_out: { phone_number: SLOW_RECIPIENT, source: 'provider_event', provider: 'sandbox' },
      });
      const blocked = await call(app, 'POST', '/api/v1/messages', {
        token: workspace.token,
        body: { phone_number: SLOW_RECIPIENT, body: 'again' },
      });
      expect(blocked.status).toBe(403);
      expect(blocked.body.error.code).toBe('workspace_suppressed');
    },
  );

  it('updates an existing suppression without a second opt_out.created', async () => {
    const { workspace, message } = await dispatchedMessage();
    await messageEvent('recipient.opted_out', message.providerMessageId!, { phone_number: SLOW_RECIPIENT });
    await messageEvent('contact.opted_out', message.providerMessageId!, {
      phone_number: SLOW_RECIPIENT,
      metadata: { list: 'all' },
    });
    const suppressions = await app.services.prisma.workspaceSuppression.findMany({
      where: { workspaceId: workspace.workspaceId },
    });
    expect(suppressions).toHaveLength(1);
    expect(suppressions[0]).toMatchObject({
      reason: 'contact.opted_out',
      providerMetadata: expect.objectContaining({ metadata: { list: 'all' } }),
    });
    expect((await customerEvents(app, workspace.workspaceId)).filter((event) => event.type === 'opt_out.created')).toHaveLength(
      1,
    );
  });

  it('uses the workspace the provider names when the event is not about a message', async () => {
    const workspace = await sendingWorkspace(app);
    await postSigned(app, 'messaging', 'events', {
      type: 'recipient.opted_out',
      id: eventId(),
      phone_number: '+14155550123',
      metadata: { workspace_id: workspace.workspaceId },
    });
    await app.services.jobs.drain();
    const suppression = await app.services.prisma.workspaceSuppression.findFirst({
      where: { workspaceId: workspace.workspaceId },
    });
    expect(suppression?.phoneNumber).toBe('+14155550123');
  });
});

describe('reconciliation: the number an opt-out names', () => {
  const suppressionsOf = (workspaceId: string) => app.services.prisma.workspaceSuppression.findMany({ where: { workspaceId } });

  it.each(['415-555-0182', '(415) 555-0182', '1 415 555 0182', '+1 415-555-0182'])(
    'suppresses %s, read in the region of the message, and not the message recipient',
    async (written) => {
      const { workspace, message } = await dispatchedMessage();
      await messageEvent('recipient.opted_out', message.providerMessageId!, { phone_number: written });
      expect(
        (await suppressionsOf(workspace.workspaceId)).map((suppression) => [suppression.phoneNumber, suppression.active]),
      ).toEqual([['+14155550182', true]]);
      const optOuts = (await customerEvents(app, workspace.workspaceId)).filter((event) => event.type === 'opt_out.created');
      expect(optOuts.map((event) => event.data)).toMatchObject([{ opt_out: { phone_number: '+14155550182' } }]);
      const toRecipient = await call(app, 'POST', '/api/v1/messages', {
        token: workspace.token,
        body: { phone_number: SLOW_RECIPIENT, body: 'still fine' },
      });
      expect(toRecipient.status).toBe(202);
      const toOptedOut = await call(app, 'POST', '/api/v1/messages', {
        token: workspace.token,
        body: { phone_number: '+14155550182', body: 'no' },
      });
      expect(toOptedOut.status).toBe(403);
    },
  );

  it.each([
    ['a number no region has', { phone_number: '555-0182' }, 'about the message'],
    ['a word', { phone_number: 'STOP' }, 'about the message'],
    ['a national number and no message to read it by', { phone_number: '415-555-0182' }, 'about no message'],
  ])(
    'accepts an opt-out naming %s, suppresses nothing and marks it unreconciled with the reason',
    async (_name, named, about) => {
      const { workspace, message } = await dispatchedMessage();
      const reference =
        about === 'about the message'
          ? { message_id: message.providerMessageId! }
          : { metadata: { workspace_id: workspace.workspaceId } };
      const response = await postSigned(app, 'messaging', 'events', {
        type: 'recipient.opted_out',
        id: eventId(),
        ...reference,
        ...named,
      });
      expect(response.status).toBe(202);
      expect(response.body).toMatchObject({ status: 'received', duplicate: false });
      await app.services.jobs.drain();
      const stored = await app.services.prisma.providerEvent.findUniqueOrThrow({ where: { id: response.body.id } });
      expect(stored).toMatchObject({
        status: 'unreconciled',
        statusReason: expect.stringContaining('phone_number is not a valid'),
      });
      expect(await suppressionsOf(workspace.workspaceId)).toEqual([]);
      expect((await customerEvents(app, workspace.workspaceId)).filter((event) => event.type === 'opt_out.created')).toEqual([]);
      expect(app.logs.some((line) => line.includes('provider event unreconciled') && line.includes(response.body.id))).toBe(true);
      const toRecipient = await call(app, 'POST', '/api/v1/messages', {
        token: workspace.token,
        body: { phone_number: SLOW_RECIPIENT, body: 'still fine' },
      });
      expect(toRecipient.status).toBe(202);
    },
  );

  it('suppresses the recipient of the message when the opt-out names no phone_number', async () => {
    const { workspace, message } = await dispatchedMessage();
    await messageEvent('message.unsubscribed', message.providerMessageId!);
    expect((await suppressionsOf(workspace.workspaceId)).map((suppression) => suppression.phoneNumber)).toEqual([SLOW_RECIPIENT]);
  });
});

describe('POST /webhooks/sandbox/incoming: inbound messages', () => {
  async function inbound(from: string, to: string, body: string, id = eventId('in')) {
    const response = await postSigned(app, 'messaging', 'incoming', { id, from, to, body });
    expect(response.status).toBe(202);
    expect(response.body.event_type).toBe('message.inbound');
    await app.services.jobs.drain();
    return response;
  }

  it('stores the message in a conversation and records message.received and conversation events', async () => {
    const workspace = await sendingWorkspace(app);
    const ours = workspace.senders[0]!.number;
    await inbound('+14155550111', ours, 'Is 6pm still OK?');
    await inbound('+14155550111', ours, 'See you then');
    const conversations = await app.services.prisma.conversation.findMany({ where: { workspaceId: workspace.workspaceId } });
    expect(conversations).toHaveLength(1);
    const messages = await app.services.prisma.inboundMessage.findMany({
      where: { workspaceId: workspace.workspaceId },
      orderBy: { createdAt: 'asc' },
    });
    expect(messages.map((message) => message.body).sort()).toEqual(['Is 6pm still OK?', 'See you then']);
    expect(messages.every((message) => message.conversationId === conversations[0]!.id)).toBe(true);
    const types = (await customerEvents(app, workspace.workspaceId)).map((event) => event.type);
    expect(types.sort()).toEqual(['conversation.created', 'conversation.updated', 'message.received', 'message.received']);
    const received = (await customerEvents(app, workspace.workspaceId)).find((event) => event.type === 'message.received')!;
    expect(received.data).toMatchObject({ message: { from: '+14155550111', to: ours, conversation_id: conversations[0]!.id } });
  });

  it('STOP-family keywords suppress the sender; START lifts a keyword suppression', async () => {
    const workspace = await sendingWorkspace(app);
    const ours = workspace.senders[0]!.number;
    await inbound('+14155550122', ours, '  stop. ');
    const suppressed = () =>
      app.services.prisma.workspaceSuppression.findUnique({
        where: { workspaceId_phoneNumber: { workspaceId: workspace.workspaceId, phoneNumber: '+14155550122' } },
      });
    expect(await suppressed()).toMatchObject({ active: true, source: 'inbound_keyword', reason: 'keyword STOP' });
    expect((await customerEvents(app, workspace.workspaceId)).filter((event) => event.type === 'opt_out.created')).toHaveLength(
      1,
    );
    await inbound('+14155550122', ours, 'START');
    expect((await suppressed())?.active).toBe(false);
    await inbound('+14155550122', ours, 'Unsubscribe');
    expect((await suppressed())?.active).toBe(true);
    expect((await customerEvents(app, workspace.workspaceId)).filter((event) => event.type === 'opt_out.created')).toHaveLength(
      2,
    );
  });

  it('does not treat a sentence containing a keyword as an opt-out', async () => {
    const workspace = await sendingWorkspace(app);
    await inbound('+14155550133', workspace.senders[0]!.number, "please don't stop texting me");
    expect(await app.services.prisma.workspaceSuppression.count({ where: { workspaceId: workspace.workspaceId } })).toBe(0);
  });

  it('ignores a message to a number that is not ours', async () => {
    const response = await inbound('+14155550144', '+14155550999', 'hello?');
    const stored = await app.services.prisma.providerEvent.findUniqueOrThrow({ where: { id: response.body.id } });
    expect(stored.status).toBe('ignored');
  });
});

describe('POST /webhooks/sandboxpay/events: funding reconciliation', () => {
  async function openInvoice() {
    const workspace = await sendingWorkspace(app, { balanceCents: 0 });
    const invoice = await app.services.prisma.fundingInvoice.create({
      data: {
        id: newId('inv'),
        workspaceId: workspace.workspaceId,
        amountCents: 2_500,
        currency: 'USDC',
        network: 'base',
        payTo: '0xabc',
        sessionId: newId('sps'),
        hostedUrl: 'https://example.test/checkout',
        expiresAt: new Date(app.clock.now() + 3_600_000),
      },
    });
    return { workspace, invoice };
  }

  async function fundingEvent(event: string, sessionId: string, extra: Record<string, unknown> = {}) {
    const response = await postSigned(app, 'funding', 'events', {
      event,
      event_id: eventId('fe'),
      session_id: sessionId,
      ...extra,
    });
    expect(response.status).toBe(202);
    expect(response.body.provider).toBe('sandboxpay');
    await app.services.jobs.drain();
    return response;
  }

  it('funding.completed marks the invoice paid and credits the ledger exactly once', async () => {
    const { workspace, invoice } = await openInvoice();
    const body = { event: 'funding.completed', event_id: eventId('fe'), session_id: invoice.sessionId, amount_cents: 2_500 };
    await postSigned(app, 'funding', 'events', body);
    const duplicate = await postSigned(app, 'funding', 'events', body);
    expect(duplicate.body.duplicate).toBe(true);
    // A second completion of the same session under a new event id credits nothing more.
    await fundingEvent('funding.completed', invoice.sessionId, { amount_cents: 2_500 });
    await app.services.jobs.drain();
    const paid = await app.services.prisma.fundingInvoice.findUniqueOrThrow({ where: { id: invoice.id } });
    expect(paid.status).toBe('paid');
    expect(paid.paidAt).not.toBeNull();
    expect(await balanceOf(workspace.workspaceId)).toBe(2_500);
    const credits = await app.services.prisma.ledgerEntry.findMany({
      where: { workspaceId: workspace.workspaceId, kind: 'funding_credit' },
    });
    expect(credits).toEqual([expect.objectContaining({ amountCents: 2_500, reference: `funding:${invoice.sessionId}` })]);
    const get = await call(app, 'GET', `/api/v1/onboarding/funding-invoices/${invoice.id}`, { token: workspace.token });
    expect(get.body.invoice.status).toBe('paid');
  });

  it('funding.failed and funding.expired update an open invoice for review, and never a paid one', async () => {
    const failed = await openInvoice();
    await fundingEvent('funding.failed', failed.invoice.sessionId);
    expect((await app.services.prisma.fundingInvoice.findUniqueOrThrow({ where: { id: failed.invoice.id } })).status).toBe(
      'failed',
    );

    const expired = await openInvoice();
    await fundingEvent('funding.expired', expired.invoice.sessionId);
    expect((await app.services.prisma.fundingInvoice.findUniqueOrThrow({ where: { id: expired.invoice.id } })).status).toBe(
      'expired',
    );
    // Money that arrives late still counts.
    await fundingEvent('funding.completed', expired.invoice.sessionId);
    expect((await app.services.prisma.fundingInvoice.findUniqueOrThrow({ where: { id: expired.invoice.id } })).status).toBe(
      'paid',
    );
    expect(await balanceOf(expired.workspace.workspaceId)).toBe(2_500);
    await fundingEvent('funding.expired', expired.invoice.sessionId);
    expect((await app.services.prisma.fundingInvoice.findUniqueOrThrow({ where: { id: expired.invoice.id } })).status).toBe(
      'paid',
    );
  });

  it('ignores a funding event for an unknown session', async () => {
    const response = await fundingEvent('funding.completed', 'sps_unknown');
    expect((await app.services.prisma.providerEvent.findUniqueOrThrow({ where: { id: response.body.id } })).status).toBe(
      'ignored',
    );
  });
});

describe('webhook secrets', () => {
  it('are required in production rather than generated', async () => {
    const production = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_BASE_URL: 'https://sms.example.test',
      DATA_DIR: 'memory://',
      IP_HASH_SECRET: 'the-ip-hash-secret-of-the-operator',
    });
    await expect(createServices(production)).rejects.toThrow(
      /Missing required secrets in production: .*MESSAGING_WEBHOOK_SECRET, FUNDING_WEBHOOK_SECRET/,
    );
  });

  it('shorter than 32 characters refuse start-up, naming the variable and the minimum', () => {
    for (const name of ['MESSAGING_WEBHOOK_SECRET', 'FUNDING_WEBHOOK_SECRET', 'IP_HASH_SECRET', 'TWILIO_AUTH_TOKEN']) {
      expect(() => loadConfig({ [name]: 'x'.repeat(31) }), name).toThrow(new RegExp(`${name}: must be at least 32 characters`));
      expect(() => loadConfig({ [name]: 'x'.repeat(32) }), name).not.toThrow();
    }
  });
});

describe('configured signature headers', () => {
  it('reads the messaging signature from MESSAGING_*_HEADER', async () => {
    const custom = await startTestApp({
      MESSAGING_TIMESTAMP_HEADER: 'X-Carrier-Time',
      MESSAGING_SIGNATURE_HEADER: 'X-Carrier-Sig',
    });
    try {
      const key = custom.services.inboundWebhooks.messaging;
      expect(key).toMatchObject({ timestampHeader: 'x-carrier-time', signatureHeader: 'x-carrier-sig' });
      const accepted = await postSigned(custom, 'messaging', 'events', { type: 'message.sent', id: eventId() });
      expect(accepted.status).toBe(202);
      expect(custom.services.inboundWebhooks.funding).toMatchObject({
        timestampHeader: 'x-sandboxpay-timestamp',
        signatureHeader: 'x-sandboxpay-signature',
      });
    } finally {
      await custom.close();
    }
  });
});
