import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { messageListStatement } from '../src/domain/messages/history.ts';
import { sendMessage } from '../src/domain/messages/send.ts';
import { newId } from '../src/lib/crypto.ts';
import { startSink } from './console-support.ts';
import { call, scaledMode, startTestApp, type TestApp } from './harness.ts';
import { eventId, postSigned } from './inbound-support.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';
import { planOf } from './query-plan-support.ts';
import { sendingWorkspace } from './sending-support.ts';

let app: TestApp;
beforeAll(async () => {
  // Jobs run only when a test drains them, so each test decides how far its messages get. The sandbox
  // carrier's reports come a second apart (on the test's clock), so a timeline's order is the real one.
  app = await startTestApp(
    { ALLOW_PRIVATE_WEBHOOK_URLS: '1', WEBHOOK_TIMEOUT_MS: '500', SANDBOX_DELAY_MS: '1000' },
    { startJobs: false },
  );
});
afterAll(async () => {
  await app.close();
});

type Developer = Awaited<ReturnType<typeof sendingWorkspace>>;

const recipient = '+14155550123';
const otherRecipient = '+14155550124';

function list(developer: Pick<Developer, 'token'>, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
  return call(app, 'GET', `/api/v1/messages${search.size ? `?${search.toString()}` : ''}`, { token: developer.token });
}

async function send(developer: Developer, body: Record<string, unknown>) {
  const response = await call(app, 'POST', '/api/v1/messages', { token: developer.token, body });
  expect(response.status).toBe(202);
  return response.body.message.id as string;
}

/** A reply from `from` to the workspace's first number, through the signed provider webhook. */
async function reply(developer: Developer, from: string, body: string) {
  const response = await postSigned(app, 'messaging', 'incoming', {
    id: eventId('in'),
    from,
    to: developer.senders[0]!.number,
    body,
  });
  expect(response.status).toBe(202);
  await app.services.jobs.drain();
  const inbound = await app.services.prisma.inboundMessage.findFirstOrThrow({
    where: { workspaceId: developer.workspaceId, fromNumber: from },
    orderBy: { createdAt: 'desc' },
  });
  return inbound.id;
}

/** Runs every job, moving the clock on until the sandbox carrier has made all its reports. */
async function settle() {
  for (let second = 0; second < 5; second += 1) {
    await app.services.jobs.drain();
    app.clock.advance(1_000);
  }
  await app.services.jobs.drain();
}

/** Every page of the list, following next_cursor. */
async function everyPage(developer: Developer, query: Record<string, string | number>) {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 20; page += 1) {
    const response = await list(developer, { ...query, ...(cursor && { cursor }) });
    expect(response.status).toBe(200);
    ids.push(...response.body.messages.map((message: { id: string }) => message.id));
    cursor = response.body.next_cursor ?? undefined;
    if (!cursor) return ids;
  }
  throw new Error('too many pages');
}

/**
 * A workspace with, oldest first: a send to `recipient` with an idempotency key and metadata, a reply
 * from `recipient`, a campaign's send to `otherRecipient`, and a send to `otherRecipient` whose own
 * metadata happens to hold a campaign_id. Each a millisecond after the one before.
 */
async function history() {
  const developer = await sendingWorkspace(app);
  const tick = () => app.clock.advance(1);
  const keyed = await send(developer, {
    phone_number: recipient,
    body: 'Your order shipped.',
    idempotency_key: 'order-42',
    metadata: { order: 42 },
  });
  tick();
  const inbound = await reply(developer, recipient, 'Thanks!');
  tick();
  const campaignId = newId('cmp');
  const { message: campaignSend } = await sendMessage(
    app.services,
    { workspaceId: developer.workspaceId },
    {
      phoneNumber: otherRecipient,
      body: 'Spring sale',
      idempotencyKey: `cmp:x:${campaignId}`,
      metadata: { campaign_id: campaignId },
    },
    { source: 'campaign' },
  );
  tick();
  const lookalike = await send(developer, {
    phone_number: otherRecipient,
    body: 'Not a campaign',
    metadata: { campaign_id: campaignId },
  });
  tick();
  // Handed to the carrier, whose reports are not due yet: every send is sending.
  await app.services.jobs.drain();
  return { developer, keyed, inbound, campaignId, campaignSend: campaignSend.id, lookalike };
}

describe('GET /api/v1/messages', () => {
  it('lists sent and received messages newest first, each in the one item shape', async () => {
    const { developer, keyed, inbound, campaignSend, lookalike, campaignId } = await history();
    const response = await list(developer);
    expect(response.status).toBe(200);
    expect(response.body.next_cursor).toBeNull();
    expect(response.body.messages.map((message: { id: string }) => message.id)).toEqual([
      lookalike,
      campaignSend,
      inbound,
      keyed,
    ]);
    const [, campaignItem, inboundItem, keyedItem] = response.body.messages;
    const sender = developer.senders[0]!.number;
    expect(keyedItem).toEqual({
      id: keyed,
      direction: 'outbound',
      status: 'sending',
      phone_number: recipient,
      sender_number: sender,
      body: 'Your order shipped.',
      segments: 1,
      cost_cents: app.config.pricePerSegmentCents,
      error_code: null,
      retry: null,
      campaign_id: null,
      origin: 'api',
      idempotency_key: 'order-42',
      metadata: { order: 42 },
      created_at: expect.any(String),
      updated_at: expect.any(String),
      send_at: null,
      sent_at: null,
      delivered_at: null,
      failed_at: null,
      estimated_send_at: null,
      sender_pool_id: null,
      kind: 'sms',
      link_clicks: 0,
      media_urls: [],
      expires_at: expect.any(String),
      approval: null,
    });
    expect(inboundItem).toEqual({
      id: inbound,
      direction: 'inbound',
      status: 'received',
      phone_number: recipient,
      sender_number: sender,
      body: 'Thanks!',
      segments: 1,
      cost_cents: 0,
      error_code: null,
      retry: null,
      campaign_id: null,
      origin: null,
      idempotency_key: null,
      metadata: null,
      created_at: expect.any(String),
      updated_at: inboundItem.created_at,
      send_at: null,
      sent_at: null,
      delivered_at: null,
      failed_at: null,
      estimated_send_at: null,
      sender_pool_id: null,
      kind: 'sms',
      link_clicks: 0,
      media_urls: [],
      expires_at: null,
      approval: null,
    });
    expect(campaignItem).toMatchObject({ direction: 'outbound', campaign_id: campaignId });
    expect(response.body.messages[0]).toMatchObject({ id: lookalike, campaign_id: null });
  });

  it('filters by status, direction, numbers, campaign, idempotency key and creation time, combined', async () => {
    const { developer, keyed, inbound, campaignId, campaignSend, lookalike } = await history();
    const ids = async (query: Record<string, string | number>) => {
      const response = await list(developer, query);
      expect(response.status, JSON.stringify(query)).toBe(200);
      return response.body.messages.map((message: { id: string }) => message.id);
    };
    expect(await ids({ direction: 'inbound' })).toEqual([inbound]);
    expect(await ids({ direction: 'outbound' })).toEqual([lookalike, campaignSend, keyed]);
    expect(await ids({ status: 'received' })).toEqual([inbound]);
    expect(await ids({ status: 'sending' })).toEqual([lookalike, campaignSend, keyed]);
    expect(await ids({ status: 'queued' })).toEqual([]);
    expect(await ids({ status: 'received', direction: 'outbound' })).toEqual([]);
    // The other party, however it is written; a reply's sender is the other party too.
    expect(await ids({ phone_number: '+1 (415) 555-0123' })).toEqual([inbound, keyed]);
    expect(await ids({ phone_number: recipient, direction: 'outbound' })).toEqual([keyed]);
    expect(await ids({ sender_number: developer.senders[0]!.number })).toEqual([lookalike, campaignSend, inbound, keyed]);
    expect(await ids({ sender_number: '+12065550000' })).toEqual([]);
    // Only the campaign's own send: a caller's metadata naming the campaign does not make a campaign send.
    expect(await ids({ campaign_id: campaignId })).toEqual([campaignSend]);
    expect(await ids({ campaign_id: 'cmp_unknown' })).toEqual([]);
    expect(await ids({ idempotency_key: 'order-42' })).toEqual([keyed]);
    expect(await ids({ idempotency_key: 'never-used' })).toEqual([]);

    const created = async (id: string) =>
      (id.startsWith('inb_')
        ? await app.services.prisma.inboundMessage.findUniqueOrThrow({ where: { id } })
        : await app.services.prisma.message.findUniqueOrThrow({ where: { id } })
      ).createdAt.toISOString();
    expect(await ids({ created_after: await created(inbound) })).toEqual([lookalike, campaignSend, inbound]);
    expect(await ids({ created_before: await created(inbound) })).toEqual([keyed]);
    expect(await ids({ created_after: await created(inbound), created_before: await created(lookalike) })).toEqual([
      campaignSend,
      inbound,
    ]);
    expect(await ids({ created_after: await created(inbound), direction: 'outbound', phone_number: otherRecipient })).toEqual([
      lookalike,
      campaignSend,
    ]);
  });

  it('pages through both directions with next_cursor, every message exactly once', async () => {
    const developer = await sendingWorkspace(app);
    const expected: string[] = [];
    for (let index = 0; index < 7; index += 1) {
      expected.unshift(await send(developer, { phone_number: recipient, body: `Message ${index}` }));
      // Some share a millisecond, so the id breaks the tie.
      if (index % 2 === 0) app.clock.advance(1);
      if (index % 3 === 0) expected.unshift(await reply(developer, recipient, `Reply ${index}`));
    }
    const { body: all } = await list(developer, { limit: 100 });
    expect(all.messages).toHaveLength(expected.length);
    expect(await everyPage(developer, { limit: 2 })).toEqual(all.messages.map((message: { id: string }) => message.id));
    expect(await everyPage(developer, { limit: 3, phone_number: recipient })).toEqual(
      all.messages.map((message: { id: string }) => message.id),
    );
    expect(new Set(await everyPage(developer, { limit: 1 }))).toEqual(new Set(expected));
  });

  it('answers 422 validation_failed naming the field for every bad filter, and never 5xx', async () => {
    const developer = await sendingWorkspace(app);
    await send(developer, { phone_number: recipient, body: 'hi' });
    await send(developer, { phone_number: recipient, body: 'hi again' });
    for (const phoneNumber of ['+14155550190', '+14155550191']) {
      const added = await call(app, 'POST', '/api/v1/suppressions', {
        token: developer.token,
        body: { phone_number: phoneNumber },
      });
      expect(added.status).toBe(201);
    }
    const suppressionsCursor = (await call(app, 'GET', '/api/v1/suppressions?limit=1', { token: developer.token })).body
      .next_cursor;
    expect(suppressionsCursor).toEqual(expect.any(String));
    const other = await sendingWorkspace(app);
    await send(other, { phone_number: recipient, body: 'elsewhere' });
    await send(other, { phone_number: recipient, body: 'elsewhere again' });
    const otherCursor = (await list(other, { limit: 1 })).body.next_cursor as string;
    expect(otherCursor).toEqual(expect.any(String));

    const cases: [Record<string, string | number>, string][] = [
      [{ status: 'bogus' }, 'status'],
      [{ status: 'QUEUED' }, 'status'],
      [{ direction: 'sideways' }, 'direction'],
      [{ phone_number: '4155550123' }, 'phone_number'],
      [{ phone_number: '+1415555012' }, 'phone_number'],
      [{ phone_number: `+1${'5'.repeat(40)}` }, 'phone_number'],
      [{ phone_number: '' }, 'phone_number'],
      [{ sender_number: 'not a number' }, 'sender_number'],
      [{ created_after: 'yesterday' }, 'created_after'],
      [{ created_before: '2026-13-01T00:00:00Z' }, 'created_before'],
      [{ created_after: '2026-06-02T00:00:00Z', created_before: '2026-06-01T00:00:00Z' }, 'created_before'],
      [{ created_after: '2026-06-01T00:00:00Z', created_before: '2026-06-01T00:00:00Z' }, 'created_before'],
      [{ idempotency_key: 'k'.repeat(256) }, 'idempotency_key'],
      [{ campaign_id: 'c'.repeat(65) }, 'campaign_id'],
      [{ limit: 0 }, 'limit'],
      [{ limit: 101 }, 'limit'],
      [{ limit: 'many' }, 'limit'],
      [{ cursor: 'not-a-cursor' }, 'cursor'],
      [{ cursor: otherCursor }, 'cursor'],
      [{ cursor: suppressionsCursor }, 'cursor'],
    ];
    for (const [query, field] of cases) {
      const response = await list(developer, query);
      expect(response.status, JSON.stringify(query)).toBe(422);
      expect(response.body.error.code).toBe('validation_failed');
      expect(JSON.stringify(response.body.error.issues), JSON.stringify(query)).toContain(field);
    }
  });

  it('requires a token with messages:read, which messages:write implies', async () => {
    const developer = await sendingWorkspace(app);
    await send(developer, { phone_number: recipient, body: 'hi' });
    const anonymous = await call(app, 'GET', '/api/v1/messages');
    expect(anonymous.status).toBe(401);
    const numbersOnly = await tokenWithScopes(app, developer.workspaceId, ['numbers:read']);
    const refused = await list({ token: numbersOnly });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('www-authenticate')).toContain('messages:read');
    for (const scope of ['messages:read', 'messages:write'] as const) {
      const token = await tokenWithScopes(app, developer.workspaceId, [scope]);
      const response = await list({ token });
      expect(response.status, scope).toBe(200);
      expect(response.body.messages).toHaveLength(1);
    }
  });

  it("never shows another workspace's messages", async () => {
    const { developer } = await history();
    const other = await sendingWorkspace(app);
    const response = await list(other);
    expect(response.status).toBe(200);
    expect(response.body.messages).toEqual([]);
    expect((await list(other, { phone_number: recipient })).body.messages).toEqual([]);
    expect((await list(developer)).body.messages).toHaveLength(4);
  });
});

describe('GET /api/v1/messages/{id}', () => {
  it("answers the list's item for a send and for an inbound message, and 404 across workspaces", async () => {
    const { developer, keyed, inbound } = await history();
    const listed = (await list(developer)).body.messages as { id: string }[];
    for (const id of [keyed, inbound]) {
      const response = await call(app, 'GET', `/api/v1/messages/${id}`, { token: developer.token });
      expect(response.status).toBe(200);
      expect(response.body.message).toEqual(listed.find((message) => message.id === id));
    }
    const other = await sendingWorkspace(app);
    for (const id of [keyed, inbound, 'inb_missing', 'msg_missing']) {
      const response = await call(app, 'GET', `/api/v1/messages/${id}`, { token: other.token });
      expect(response.status, id).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
  });

  it('refuses a token without a messages scope (403) and a request without a token (401)', async () => {
    const { developer, keyed } = await history();
    const numbersOnly = await tokenWithScopes(app, developer.workspaceId, ['numbers:read']);
    expect((await call(app, 'GET', `/api/v1/messages/${keyed}`, { token: numbersOnly })).status).toBe(403);
    expect((await call(app, 'GET', `/api/v1/messages/${keyed}`)).status).toBe(401);
  });
});

type TimelineEvent = { at: string; type: string; detail: Record<string, any> };

async function timeline(token: string, id: string) {
  return call(app, 'GET', `/api/v1/messages/${id}/events`, { token });
}

function ofType(events: TimelineEvent[], type: string) {
  return events.filter((event) => event.type === type);
}

describe('GET /api/v1/messages/{id}/events', () => {
  it('tells the whole story of a delivered send: acceptance, dispatch, carrier reports with repeats, opt-out and webhooks', async () => {
    const sink = await startSink();
    try {
      const developer = await sendingWorkspace(app);
      const endpoint = await call(app, 'POST', '/api/v1/webhook-endpoints', {
        token: developer.token,
        body: { url: sink.url, event_types: ['message.sent', 'message.delivered'] },
      });
      expect(endpoint.status).toBe(201);
      sink.respond = { status: 503, body: 'busy', delayMs: 0 };
      // The sandbox carrier reports sent and delivered, then the recipient opts out.
      const id = await send(developer, { phone_number: '+15005550002', body: 'Your code is 1234' });
      await settle();
      const message = await app.services.prisma.message.findUniqueOrThrow({ where: { id } });
      expect(message.status).toBe('delivered');
      // The carrier repeats its delivery report under a new event id.
      const repeat = await postSigned(app, 'messaging', 'events', {
        type: 'message.delivered',
        id: eventId('repeat'),
        message_id: message.providerMessageId,
        metadata: { client_reference: id },
      });
      expect(repeat.status).toBe(202);
      sink.respond = { status: 200, body: 'ok', delayMs: 0 };
      app.clock.advance(3_600_000);
      await app.services.jobs.drain();

      const response = await timeline(developer.token, id);
      expect(response.status).toBe(200);
      expect(response.body.message_id).toBe(id);
      const events = response.body.events as TimelineEvent[];
      const times = events.map((event) => Date.parse(event.at));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(events[0]).toEqual({
        at: message.createdAt.toISOString(),
        type: 'accepted',
        detail: expect.objectContaining({
          source: 'api',
          token_id: expect.any(String),
          token_name: 'test',
          campaign_id: null,
          cost_cents: app.config.pricePerSegmentCents,
          debited_cents: app.config.pricePerSegmentCents,
          ledger_entry_id: expect.stringMatching(/^led_/),
        }),
      });
      expect(ofType(events, 'dispatch')).toEqual([
        expect.objectContaining({
          detail: expect.objectContaining({
            outcome: 'accepted_by_carrier',
            attempts: 1,
            job_status: 'done',
            provider_message_id: message.providerMessageId,
          }),
        }),
      ]);
      const reports = ofType(events, 'provider_event').map((event) => [event.detail.event_type, event.detail.duplicate]);
      expect(reports).toEqual([
        ['message.sent', false],
        ['message.delivered', false],
        ['recipient.opted_out', false],
        ['message.delivered', true],
      ]);
      expect(ofType(events, 'provider_event')[0]!.detail).toMatchObject({ external_id: expect.any(String), status: 'processed' });
      expect(ofType(events, 'sent')).toHaveLength(1);
      expect(ofType(events, 'delivered')).toHaveLength(1);
      expect(ofType(events, 'refund')).toEqual([]);
      expect(ofType(events, 'opt_out')).toEqual([
        expect.objectContaining({
          detail: expect.objectContaining({ phone_number: '+15005550002', source: 'provider_event', active: true }),
        }),
      ]);
      const deliveries = ofType(events, 'webhook_delivery');
      expect(deliveries.map((event) => event.detail.event_type)).toEqual(['message.sent', 'message.delivered']);
      for (const delivery of deliveries) {
        expect(delivery.detail).toMatchObject({ endpoint_id: endpoint.body.endpoint.id, status: 'succeeded' });
        expect(delivery.detail.attempts.map((attempt: { response_code: number }) => attempt.response_code)).toEqual([503, 200]);
      }
    } finally {
      await sink.close();
    }
  });

  it('shows the failure and the refund of a failed send, and the cancel of a scheduled one', async () => {
    const developer = await sendingWorkspace(app);
    const failed = await send(developer, { phone_number: '+15005550001', body: 'Unreachable' });
    await settle();
    const events = (await timeline(developer.token, failed)).body.events as TimelineEvent[];
    expect(events.map((event) => event.type)).toEqual(
      expect.arrayContaining(['accepted', 'dispatch', 'provider_event', 'sent', 'failed', 'refund']),
    );
    expect(ofType(events, 'failed')[0]!.detail).toEqual({ error_code: 'unreachable', retry: null });
    expect(ofType(events, 'refund')[0]!.detail).toMatchObject({ amount_cents: app.config.pricePerSegmentCents });
    expect(events.findIndex((event) => event.type === 'refund')).toBeGreaterThan(
      events.findIndex((event) => event.type === 'failed'),
    );

    const refused = await send(developer, { phone_number: '+15005550004', body: 'Invalid' });
    await settle();
    const refusedEvents = (await timeline(developer.token, refused)).body.events as TimelineEvent[];
    expect(ofType(refusedEvents, 'dispatch')[0]!.detail).toMatchObject({ outcome: 'refused_by_carrier', attempts: 1 });
    expect(ofType(refusedEvents, 'refund')).toHaveLength(1);

    const sendAt = new Date(app.clock.now() + 3_600_000).toISOString();
    const scheduled = await send(developer, { phone_number: recipient, body: 'Later', send_at: sendAt });
    expect((await call(app, 'POST', `/api/v1/messages/${scheduled}/cancel`, { token: developer.token })).status).toBe(200);
    const scheduledEvents = (await timeline(developer.token, scheduled)).body.events as TimelineEvent[];
    expect(scheduledEvents.map((event) => event.type)).toEqual(['accepted', 'canceled', 'refund']);
    expect(Date.parse(scheduledEvents[0]!.detail.send_at)).toBe(Date.parse(sendAt));
  });

  it('tells the story of an inbound STOP: received, the carrier report and the opt-out it caused', async () => {
    const developer = await sendingWorkspace(app);
    const inbound = await reply(developer, '+14155550177', 'STOP');
    const response = await timeline(developer.token, inbound);
    expect(response.status).toBe(200);
    const events = response.body.events as TimelineEvent[];
    expect(events.map((event) => event.type)).toEqual(['provider_event', 'received', 'opt_out']);
    expect(events[0]!.detail).toMatchObject({ event_type: 'message.inbound', duplicate: false, status: 'processed' });
    expect(events[1]!.detail).toMatchObject({ phone_number: '+14155550177', sender_number: developer.senders[0]!.number });
    expect(events[2]!.detail).toMatchObject({ source: 'inbound_keyword', active: true });
  });

  it('answers 401 without a token, 403 without messages:read, 404 for an unknown or foreign id', async () => {
    const { developer, keyed, inbound } = await history();
    expect((await call(app, 'GET', `/api/v1/messages/${keyed}/events`)).status).toBe(401);
    const numbersOnly = await tokenWithScopes(app, developer.workspaceId, ['numbers:read']);
    expect((await timeline(numbersOnly, keyed)).status).toBe(403);
    const readOnly = await tokenWithScopes(app, developer.workspaceId, ['messages:read']);
    expect((await timeline(readOnly, keyed)).status).toBe(200);
    const other = await sendingWorkspace(app);
    for (const id of [keyed, inbound, 'msg_missing', 'inb_missing']) {
      const response = await timeline(other.token, id);
      expect(response.status, id).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
    // An id longer than any id is answered as every unknown id is.
    expect((await timeline(developer.token, `msg_${'x'.repeat(80)}`)).status).toBe(404);
  });
});

describe('MCP', () => {
  it('list_messages finds a send by idempotency_key (the reconciliation of a lost answer), get_message_timeline explains it', async () => {
    const { developer, keyed } = await history();
    const client = await connectMcp(app, developer.token);
    try {
      const tools = await client.listTools();
      const listTool = tools.tools.find((tool) => tool.name === 'list_messages');
      expect(listTool?.description).toContain('idempotency_key');
      expect(listTool?.annotations).toMatchObject({ readOnlyHint: true });

      const found = (await client.callTool({
        name: 'list_messages',
        arguments: { idempotency_key: 'order-42' },
      })) as CallToolResult;
      expect(found.isError).toBeFalsy();
      const structured = found.structuredContent as { messages: { id: string; status: string }[]; next_cursor: string | null };
      expect(structured.messages.map((message) => message.id)).toEqual([keyed]);

      const missing = (await client.callTool({
        name: 'list_messages',
        arguments: { idempotency_key: 'lost-and-never-sent' },
      })) as CallToolResult;
      expect((missing.structuredContent as { messages: unknown[] }).messages).toEqual([]);

      const invalid = (await client.callTool({ name: 'list_messages', arguments: { status: 'bogus' } })) as CallToolResult;
      expect(invalid.isError).toBe(true);
      expect(toolError(invalid)).toMatchObject({ code: 'validation_failed' });
      expect(JSON.stringify(toolError(invalid).issues)).toContain('status');

      const story = (await client.callTool({ name: 'get_message_timeline', arguments: { id: keyed } })) as CallToolResult;
      expect(story.isError).toBeFalsy();
      const { message_id: storyId, events } = story.structuredContent as { message_id: string; events: TimelineEvent[] };
      expect(storyId).toBe(keyed);
      expect(events.map((event) => event.type).slice(0, 2)).toEqual(['accepted', 'dispatch']);

      const foreign = (await client.callTool({
        name: 'get_message_timeline',
        arguments: { id: 'msg_missing' },
      })) as CallToolResult;
      expect(foreign.isError).toBe(true);
      expect(toolError(foreign)).toMatchObject({ code: 'not_found' });
    } finally {
      await client.close();
    }
  });
});

describe.skipIf(!scaledMode)('query plans on PostgreSQL', () => {
  it('answers every filtered list from an index, never a sequential scan of messages', async () => {
    const { developer, campaignId } = await history();
    const { workspaceId } = developer;
    const other = await sendingWorkspace(app);
    // Enough rows, spread over two workspaces, numbers, statuses and campaigns, for the planner to care.
    await app.services.sql.query(
      `INSERT INTO messages (id, workspace_id, phone_number, body, segments, cost_cents, status, sender_number, idempotency_key,
                             metadata, source, created_at, updated_at)
       SELECT 'msg_plan_' || n, CASE WHEN n % 2 = 0 THEN $1 ELSE $2 END, '+1415555' || lpad((n % 5000)::text, 4, '0'), 'hello', 1, 2,
              (ARRAY['queued','sending','sent','delivered','failed'])[1 + n % 5], '+1206555' || lpad((n % 50)::text, 4, '0'),
              'plan-' || n, CASE WHEN n % 10 = 0 THEN jsonb_build_object('campaign_id', 'cmp_plan_' || (n % 100)) END,
              CASE WHEN n % 10 = 0 THEN 'campaign' ELSE 'api' END,
              now() - make_interval(secs => n), now() - make_interval(secs => n)
       FROM generate_series(1, 30000) AS n`,
      [workspaceId, other.workspaceId],
    );
    await app.services.sql.query(
      `INSERT INTO inbound_messages (id, workspace_id, conversation_id, from_number, to_number, body, created_at)
       SELECT 'inb_plan_' || n, CASE WHEN n % 2 = 0 THEN $1 ELSE $2 END, 'cnv_plan', '+1415555' || lpad((n % 5000)::text, 4, '0'),
              '+1206555' || lpad((n % 50)::text, 4, '0'), 'hi', now() - make_interval(secs => n)
       FROM generate_series(1, 10000) AS n`,
      [workspaceId, other.workspaceId],
    );
    await app.services.sql.query('ANALYZE messages', []);
    await app.services.sql.query('ANALYZE inbound_messages', []);

    const after = { createdAt: new Date(Date.now() - 60_000), id: 'msg_plan_60' };
    const filters = [
      {},
      { status: 'failed' as const },
      { status: 'received' as const },
      { direction: 'outbound' as const },
      { direction: 'inbound' as const },
      { phone_number: '+14155550042' },
      { sender_number: '+12065550007' },
      { campaign_id: campaignId },
      { campaign_id: 'cmp_plan_10' },
      { idempotency_key: 'plan-42' },
      { from: new Date(Date.now() - 3_600_000), to: new Date(Date.now() - 600_000) },
      { status: 'delivered' as const, phone_number: '+14155550042', from: new Date(Date.now() - 86_400_000) },
    ];
    for (const filter of filters) {
      for (const keyset of [undefined, after]) {
        const statement = messageListStatement(workspaceId, filter, keyset, 26)!;
        const text = await planOf(app.services.sql, statement);
        expect(text, `${JSON.stringify(filter)}\n${text}`).not.toMatch(/Seq Scan on (messages|inbound_messages)/);
        expect(text, `${JSON.stringify(filter)}\n${text}`).toMatch(/Index (Only )?Scan/);
      }
    }
  });
});
