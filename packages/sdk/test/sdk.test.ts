import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ZCustomerEvent } from '@textline/contract';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';
import { freshIp, startTestApp, type TestApp } from '../../../apps/api/test/harness.ts';
import { brandBody, useCaseBody } from '../../../apps/api/test/registration-support.ts';
import { sendingWorkspace } from '../../../apps/api/test/sending-support.ts';
import {
  isTextlineError,
  Textline,
  type TextlineError,
  TextlineTimeoutError,
  verifyWebhook,
  WebhookVerificationError,
} from '../src/index.ts';

/**
 * @textline/sdk against the started service: the README's journey from account to a delivered SMS
 * (with the signed message.delivered webhook it causes), each error narrowed by its code, retries
 * after Retry-After or the RateLimit reset, idempotency keys behind a path prefix, time-outs and
 * aborts, request ids and pagination. pack.test.ts installs the packed package as users do.
 */

type Received = { headers: IncomingHttpHeaders; body: string };

let app: TestApp;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  // The receiver is on loopback, which only this setting lets an endpoint point at.
  app = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_URLS: '1' });
});
afterAll(async () => {
  await app.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** The client of a funded workspace with one connected number (and the tier asked for). */
async function workspaceClient(options: Parameters<typeof sendingWorkspace>[1] = {}, retry = {}) {
  const { token } = await sendingWorkspace(app, options);
  return new Textline({ baseUrl: app.baseUrl, token, retry });
}

/** The TextlineError `work` is refused with. */
async function refusal(work: Promise<unknown>): Promise<TextlineError> {
  try {
    await work;
  } catch (error) {
    if (isTextlineError(error)) return error;
    throw error;
  }
  throw new Error('expected the API to refuse the request');
}

describe('@textline/sdk', () => {
  it("runs the README's journey: account, key, funding, number, send, delivered, and its signed webhook", async () => {
    const anonymous = new Textline({ baseUrl: app.baseUrl });
    const created = await anonymous.post('/api/v1/accounts', {
      body: { username: `sdk_${Date.now()}`, password: 'a long enough password' },
      headers: { 'x-forwarded-for': freshIp() },
    });
    // The account token holds the MCP scopes: it gets the full key from the create_api_key tool, as the README does.
    const { result } = await anonymous.withToken(created.token.access_token).post('/mcp/tools/{name}', {
      params: { path: { name: 'create_api_key' } },
      body: { params: {} },
    });
    // The result is typed as any tool's; the token's secret narrows it to create_api_key's.
    if (!('token' in result) || !('access_token' in result.token)) throw new Error('create_api_key answered no token');
    const client = anonymous.withToken(result.token.access_token);

    const { invoice } = await client.post('/api/v1/onboarding/funding-invoices', { body: { amount_cents: 1000 } });
    await client.post('/api/v1/sandbox/funding-invoices/{id}/pay', { params: { path: { id: invoice.id } } });
    const bought = await client.post('/api/v1/numbers', { body: { area_code: '415' } });
    expect(bought.number.status).toBe('connected');

    const { endpoint } = await client.post('/api/v1/webhook-endpoints', {
      body: { url: receiverUrl, event_types: ['message.delivered'] },
    });
    const { secret } = await client.get('/api/v1/webhook-endpoints/{id}/secret', { params: { path: { id: endpoint.id } } });

    const sent = await client.post('/api/v1/messages', { body: { phone_number: '+14155550123', body: 'Hello' } });
    expect(sent.message.status).toBe('queued');
    let status = sent.message.status;
    for (let reads = 0; status !== 'delivered' && reads < 10; reads += 1) {
      await app.services.jobs.drain();
      status = (await client.get('/api/v1/messages/{id}', { params: { path: { id: sent.message.id } } })).message.status;
    }
    expect(status).toBe('delivered');
    // The send got an idempotency key without asking for one, so its retries were safe.
    const { messages } = await client.get('/api/v1/messages', { params: { query: { limit: 1 } } });
    expect(messages[0]?.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);

    await app.services.jobs.drain();
    const delivery = received.find((request) => request.body.includes(sent.message.id));
    expect(delivery).toBeDefined();
    const event = await verifyWebhook(secret, delivery!.headers, delivery!.body);
    expect(event.type).toBe('message.delivered');
    if (event.type !== 'message.delivered') throw new Error('unexpected event type');
    expectTypeOf(event.data.message.status).toEqualTypeOf<'sent' | 'delivered' | 'failed'>();
    expect(event.data.message).toMatchObject({ id: sent.message.id, status: 'delivered' });

    // The same body as bytes, as a runtime without Buffer hands it over, verifies alike.
    const bytes = await verifyWebhook(secret, delivery!.headers, new TextEncoder().encode(delivery!.body));
    expect(bytes).toEqual(event);
    // A timeline step's detail and a delivery's payload are typed by their type.
    const { events } = await client.get('/api/v1/messages/{id}/events', { params: { path: { id: sent.message.id } } });
    const accepted = events.find((step) => step.type === 'accepted');
    if (accepted?.type !== 'accepted') throw new Error('the timeline has no accepted step');
    expectTypeOf(accepted.detail.cost_cents).toEqualTypeOf<number>();
    expect(accepted.detail).toMatchObject({ source: 'api', segments: 1, debited_cents: accepted.detail.cost_cents });
    const webhookStep = events.find((step) => step.type === 'webhook_delivery');
    if (webhookStep?.type !== 'webhook_delivery') throw new Error('the timeline has no webhook_delivery step');
    const { delivery: detail } = await client.get('/api/v1/webhook-deliveries/{id}', {
      params: { path: { id: webhookStep.detail.delivery_id } },
    });
    if (detail.payload.type !== 'message.delivered') throw new Error('unexpected payload type');
    expectTypeOf(detail.payload.data.message.cost_cents).toEqualTypeOf<number>();
    expect(detail.payload).toEqual(event);

    const tampered = delivery!.body.replace('"delivered"', '"failed"');
    await expect(verifyWebhook(secret, delivery!.headers, tampered)).rejects.toThrow(WebhookVerificationError);
    await expect(verifyWebhook(secret, {}, delivery!.body)).rejects.toThrow(WebhookVerificationError);
    const otherSecret = `whsec_${btoa('another secret of enough bytes')}`;
    await expect(verifyWebhook(otherSecret, delivery!.headers, delivery!.body)).rejects.toThrow(WebhookVerificationError);
  });

  it('narrows each error by its code: insufficient_balance, validation_failed, workspace_suppressed', async () => {
    const unfunded = await workspaceClient({ balanceCents: 0 });
    const poor = await refusal(unfunded.post('/api/v1/messages', { body: { phone_number: '+14155550123', body: 'Hi' } }));
    expect(poor.code).toBe('insufficient_balance');
    if (poor.code !== 'insufficient_balance') throw poor;
    expect(poor.status).toBe(402);
    expectTypeOf(poor.body.required_cents).toEqualTypeOf<number | undefined>();
    expect(poor.body).toMatchObject({ error: 'insufficient_balance', balance_cents: 0, required_cents: expect.any(Number) });
    expect(poor.body.fund_with?.mcp_tool).toBe('create_funding_invoice');

    const client = await workspaceClient();
    const invalid = await refusal(client.post('/api/v1/messages', { body: { phone_number: 'not a number', body: 'Hi' } }));
    if (invalid.code !== 'validation_failed') throw invalid;
    expectTypeOf(invalid.body.error.issues).toEqualTypeOf<{ path: string; message: string }[] | undefined>();
    expect(invalid.body.error.issues?.map((issue) => issue.path)).toContain('phone_number');
    expect(invalid.body.error.retry).toBe('retry_after_fixing_request');

    await client.post('/api/v1/suppressions', { body: { phone_number: '+14155550199' } });
    const suppressed = await refusal(client.post('/api/v1/messages', { body: { phone_number: '+14155550199', body: 'Hi' } }));
    if (suppressed.code !== 'workspace_suppressed') throw suppressed;
    expect(suppressed.status).toBe(403);
    expectTypeOf(suppressed.body.error.retry).toEqualTypeOf<'do_not_retry'>();
    expect(suppressed.body.error).toMatchObject({ code: 'workspace_suppressed', retry: 'do_not_retry', fix: expect.any(String) });
  });

  it("retries a starter-tier token's second send after Retry-After, with the same idempotency key", async () => {
    const { token } = await sendingWorkspace(app, { tier: 'starter' });
    const waits: number[] = [];
    // The service's clock is the test's: the wait moves it instead of sleeping.
    const sleep = async (ms: number) => {
      waits.push(ms);
      app.clock.advance(ms);
    };
    const client = new Textline({ baseUrl: app.baseUrl, token }, { sleep });
    const first = await client.post('/api/v1/messages', { body: { phone_number: '+14155550123', body: 'One' } });
    const second = await client.post('/api/v1/messages', { body: { phone_number: '+14155550123', body: 'Two' } });
    expect(second.message.id).not.toBe(first.message.id);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(1000);

    const impatient = new Textline({ baseUrl: app.baseUrl, token, retry: { maxRetries: 0 } });
    const limited = await refusal(impatient.post('/api/v1/messages', { body: { phone_number: '+14155550123', body: 'Three' } }));
    if (limited.code !== 'message_send_rate_limited') throw limited;
    expect(limited.status).toBe(429);
    expect(limited.retryAfterSeconds).toBe(limited.body.retry_after_seconds);
    expect(limited.body.limit.tier).toBe('starter');
    expect(limited.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("waits for a 429's RateLimit reset when the answer has no Retry-After", async () => {
    const { token } = await sendingWorkspace(app, { tier: 'starter' });
    const waits: number[] = [];
    const sleep = async (ms: number) => {
      waits.push(ms);
      app.clock.advance(ms);
    };
    // A proxy in front of the API that drops Retry-After, as some do: the RateLimit header still says when.
    const withoutRetryAfter = async (request: Request) => {
      const response = await fetch(request);
      const headers = new Headers(response.headers);
      headers.delete('retry-after');
      return new Response(response.body, { status: response.status, headers });
    };
    const client = new Textline({ baseUrl: app.baseUrl, token, fetch: withoutRetryAfter, retry: { baseDelayMs: 1 } }, { sleep });
    await client.post('/api/v1/messages', { body: { phone_number: '+14155550123', body: 'One' } });
    await client.post('/api/v1/messages', { body: { phone_number: '+14155550123', body: 'Two' } });
    // "burst";r=0;t=2 on the 429: two seconds, where the 1 ms backoff alone would have come back at once.
    expect(waits).toHaveLength(1);
    expect(waits[0]).toBeGreaterThanOrEqual(2000);
  });

  it('keeps the idempotency key of a send behind a base URL with a path, so its retry sends once', async () => {
    const { token } = await sendingWorkspace(app);
    // A gateway serving the API under /sms, as https://host/sms would; its first answer to each send is a 503.
    const refusedOnce = new Set<string>();
    const forward = async (req: IncomingMessage, res: ServerResponse) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const body = Buffer.concat(chunks);
      const key = `${req.method} ${body.toString('utf8')}`;
      if (req.method === 'POST' && !refusedOnce.has(key)) {
        refusedOnce.add(key);
        res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"error":"service_unavailable"}');
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
      );
      const answer = await fetch(`${app.baseUrl}${req.url!.replace(/^\/sms/, '')}`, {
        method: req.method!,
        headers,
        ...(body.length > 0 ? { body } : {}),
      });
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
      res.end(Buffer.from(await answer.arrayBuffer()));
    };
    const gateway = createServer((req, res) => void forward(req, res));
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
      const client = new Textline({ baseUrl, token }, { sleep: async () => {} });
      const { message } = await client.post('/api/v1/messages', { body: { phone_number: '+14155550123', body: 'Via /sms' } });
      expect(refusedOnce.size).toBe(1);
      // Retried with the key it was first sent with: one message, holding that key.
      const { messages } = await client.get('/api/v1/messages', { params: { query: { limit: 2 } } });
      expect(messages.map((sent) => sent.id)).toEqual([message.id]);
      expect(messages[0]?.idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await new Promise<void>((resolve) => gateway.close(() => resolve()));
    }
  });

  it('gives up on an attempt after timeoutMs, and stops at once when its signal aborts', async () => {
    const { token } = await sendingWorkspace(app);
    const hanging = (request: Request) =>
      new Promise<Response>((_resolve, reject) =>
        request.signal.addEventListener('abort', () => reject(request.signal.reason as Error)),
      );
    const slow = new Textline({ baseUrl: app.baseUrl, token, timeoutMs: 50, fetch: hanging });
    await expect(slow.get('/api/v1/balance')).rejects.toThrow(TextlineTimeoutError);

    const controller = new AbortController();
    const pending = new Textline({ baseUrl: app.baseUrl, token, fetch: hanging }).get('/api/v1/balance', {
      signal: controller.signal,
    });
    controller.abort(new Error('the user went away'));
    await expect(pending).rejects.toThrow('the user went away');
  });

  it('names the request id on every error, not only internal ones', async () => {
    const client = await workspaceClient();
    const missing = await refusal(client.get('/api/v1/messages/{id}', { params: { path: { id: 'msg_unknown' } } }));
    expect(missing.status).toBe(404);
    expect(missing.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('pages through any list with for await, and collects a bounded number with toArray', async () => {
    const client = await workspaceClient();
    const sent: string[] = [];
    for (const body of ['one', 'two', 'three', 'four', 'five']) {
      // A second apart: the list is newest first.
      app.clock.advance(1000);
      sent.unshift((await client.post('/api/v1/messages', { body: { phone_number: '+14155550123', body } })).message.id);
    }
    const seen: string[] = [];
    for await (const message of client.paginate('/api/v1/messages', { query: { limit: 2, direction: 'outbound' } })) {
      expectTypeOf(message).toHaveProperty('direction');
      seen.push(message.id);
    }
    expect(seen).toEqual(sent);
    expect((await client.paginate('/api/v1/messages', { query: { limit: 2 } }).toArray({ limit: 3 })).map((m) => m.id)).toEqual(
      sent.slice(0, 3),
    );
    const entries = await client.paginate('/api/v1/ledger').toArray({ limit: 100 });
    expectTypeOf(entries[0]!.balance_after_cents).toEqualTypeOf<number>();
    expect(entries.length).toBeGreaterThanOrEqual(6);
  });

  it('manages a sender pool, sends through it and reads the queue, each answer typed', async () => {
    const { token, senders } = await sendingWorkspace(app, { numbers: 2 });
    const client = new Textline({ baseUrl: app.baseUrl, token });
    const { sender_pool: pool } = await client.post('/api/v1/sender-pools', {
      body: { name: 'Support', number_ids: [senders[0]!.id], is_default: true },
    });
    expectTypeOf(pool.sticky_sender).toEqualTypeOf<boolean>();
    expect(pool).toMatchObject({ id: expect.stringMatching(/^spl_/), number_ids: [senders[0]!.id], is_default: true });
    const path = { params: { path: { id: pool.id } } };
    const changed = await client.patch('/api/v1/sender-pools/{id}', {
      ...path,
      body: { number_ids: senders.map((sender) => sender.id), area_code_match: false },
    });
    expect(changed.sender_pool).toMatchObject({ number_ids: senders.map((sender) => sender.id), area_code_match: false });
    expect((await client.get('/api/v1/sender-pools')).sender_pools.map((listed) => listed.id)).toEqual([pool.id]);

    const sent = await client.post('/api/v1/messages', {
      body: { phone_number: '+14155550123', body: 'Pooled', sender_pool_id: pool.id },
    });
    expectTypeOf(sent.message.estimated_send_at).toEqualTypeOf<string | null>();
    const read = await client.get('/api/v1/messages/{id}', { params: { path: { id: sent.message.id } } });
    expect(read.message.sender_pool_id).toBe(pool.id);
    // Unpaced (the sandbox carrier), it is handed over at once: the queue is empty again.
    await app.services.jobs.drain();
    const { queue } = await client.get('/api/v1/queue');
    expectTypeOf(queue.by_sender).items.toHaveProperty('throughput_per_second');
    expect(queue).toEqual({ queued: 0, oldest_queued_at: null, estimated_drain_at: null, by_sender: [] });
    const both = await refusal(
      client.post('/api/v1/messages', {
        body: { phone_number: '+14155550123', body: 'Both', sender_pool_id: pool.id, from: senders[0]!.number },
      }),
    );
    expect(both.code).toBe('validation_failed');

    await client.del('/api/v1/sender-pools/{id}', path);
    const gone = await refusal(client.get('/api/v1/sender-pools/{id}', path));
    expect(gone.code).toBe('not_found');
  });

  it('registers a brand and a use case, assigns a number, sets the messaging settings and records consent, each typed', async () => {
    const { token, senders } = await sendingWorkspace(app);
    const client = new Textline({ baseUrl: app.baseUrl, token });
    const { endpoint } = await client.post('/api/v1/webhook-endpoints', {
      body: { url: receiverUrl, event_types: ['brand.updated', 'use_case.updated', 'number.registration_updated'] },
    });
    const { secret } = await client.get('/api/v1/webhook-endpoints/{id}/secret', { params: { path: { id: endpoint.id } } });

    const { brand } = await client.post('/api/v1/brands', { body: brandBody() });
    expectTypeOf(brand.status).toEqualTypeOf<'pending' | 'verified' | 'rejected'>();
    await app.services.jobs.drain();
    const verified = await client.get('/api/v1/brands/{id}', { params: { path: { id: brand.id } } });
    expect(verified.brand.status).toBe('verified');
    const { use_case: useCase } = await client.post('/api/v1/use-cases', { body: useCaseBody(brand.id) });
    await app.services.jobs.drain();
    const { number } = await client.post('/api/v1/use-cases/{id}/numbers', {
      params: { path: { id: useCase.id } },
      body: { number_id: senders[0]!.id },
    });
    expectTypeOf(number.registration.status).toEqualTypeOf<'unregistered' | 'pending' | 'approved' | 'rejected'>();
    expect(number.registration).toMatchObject({ status: 'approved', use_case_id: useCase.id });

    const { messaging_settings: settings } = await client.patch('/api/v1/messaging-settings', {
      body: { quiet_hours: { mode: 'hold' }, keywords: [{ keyword: 'HOURS', reply: 'Open 9-5.' }] },
    });
    expectTypeOf(settings.quiet_hours.mode).toEqualTypeOf<'off' | 'hold' | 'refuse'>();
    expect(settings.keywords).toEqual([{ keyword: 'HOURS', reply: 'Open 9-5.' }]);
    const consent = {
      phone_number: '+14155550123',
      source: 'web_form',
      captured_at: '2026-01-02T03:04:05Z',
      evidence: 'Form',
    } as const;
    await client.post('/api/v1/consents', { body: consent });
    const recorded = await client.get('/api/v1/consents/{phone_number}', {
      params: { path: { phone_number: consent.phone_number } },
    });
    expect(recorded.consent.source).toBe('web_form');
    const { lookup } = await client.get('/api/v1/lookups/{phone_number}', { params: { path: { phone_number: '+13035550191' } } });
    expectTypeOf(lookup.line_type).toEqualTypeOf<'mobile' | 'landline' | 'voip' | 'toll_free' | 'unknown'>();
    expect(lookup.line_type).toBe('landline');
    const refused = await refusal(client.post('/api/v1/consents', { body: { ...consent, phone_number: 'nope' } }));
    expect(refused.code).toBe('validation_failed');

    // The decisions came as signed webhooks, typed by their event type.
    await app.services.jobs.drain();
    const types: string[] = [];
    for (const request of received.filter(
      (candidate) => candidate.body.includes(brand.id) || candidate.body.includes(useCase.id),
    )) {
      const event = await verifyWebhook(secret, request.headers, request.body);
      types.push(event.type);
      // As openapi.json's webhooks section describes it (the section is written from these schemas).
      expect(ZCustomerEvent.safeParse(event).error).toBeUndefined();
      if (event.type === 'brand.updated') {
        expectTypeOf(event.data.brand.status).toEqualTypeOf<'pending' | 'verified' | 'rejected'>();
        expect(event.data.brand).toMatchObject({ id: brand.id, status: 'verified' });
      }
    }
    expect(types).toEqual(expect.arrayContaining(['brand.updated', 'use_case.updated', 'number.registration_updated']));
    // A delivery of each keeps its payload, typed by its event type.
    for (const eventType of ['brand.updated', 'use_case.updated', 'number.registration_updated'] as const) {
      const { deliveries } = await client.get('/api/v1/webhook-deliveries', { params: { query: { event_type: eventType } } });
      const { delivery } = await client.get('/api/v1/webhook-deliveries/{id}', { params: { path: { id: deliveries[0]!.id } } });
      expect(delivery.payload.type).toBe(eventType);
    }
  });

  it('never retries a POST without an idempotency key', async () => {
    const waits: number[] = [];
    const client = new Textline({ baseUrl: app.baseUrl }, { sleep: async (ms) => void waits.push(ms) });
    const ip = freshIp();
    const account = (username: string) =>
      client.post('/api/v1/accounts', {
        body: { username, password: 'a long enough password' },
        headers: { 'x-forwarded-for': ip },
      });
    await account(`sdk_first_${Date.now()}`);
    const throttled = await refusal(account(`sdk_second_${Date.now()}`));
    if (throttled.code !== 'account_creation_rate_limited') throw throttled;
    expect(throttled.body.retry_after_seconds).toBeGreaterThan(0);
    expect(waits).toEqual([]);
  });
});
