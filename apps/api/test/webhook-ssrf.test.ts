import type { LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWebhookSender } from '../src/domain/webhooks/sender.ts';
import { startTestApp, type TestApp } from './harness.ts';
import { consoleUser, createEndpoint, deliveries, deliveryDetail, errorBody, recordEvent, startSink, trpcMutation } from './console-support.ts';

let app: TestApp;
let sink: Awaited<ReturnType<typeof startSink>>;

// Production rules: ALLOW_PRIVATE_WEBHOOK_URLS is off.
beforeAll(async () => {
  app = await startTestApp();
  sink = await startSink();
});
afterAll(async () => {
  await sink.close();
  await app.close();
});

/** A resolver under test control: names that look public but resolve to private addresses. */
const fakeDns: Record<string, string> = { 'rebind.example.com': '127.0.0.1', 'internal.example.com': '10.0.0.5' };
const fakeLookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
  const address = fakeDns[hostname];
  if (!address) return callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
  if (options.all) return callback(null, [{ address, family: 4 }]);
  return callback(null, address, 4);
}) as unknown as LookupFunction;

describe('endpoint URL rules', () => {
  it.each([
    ['http://hooks.example.com/events', 'must use https'],
    ['https://127.0.0.1/events', 'private'],
    ['https://10.1.2.3/events', 'private'],
    ['https://172.16.0.1/events', 'private'],
    ['https://192.168.1.10/events', 'private'],
    ['https://169.254.169.254/latest/meta-data', 'private'],
    ['https://0.0.0.0/events', 'private'],
    ['https://[::1]/events', 'private'],
    ['https://[fe80::1]/events', 'private'],
    ['https://[fd00::1]/events', 'private'],
    ['https://[::ffff:127.0.0.1]/events', 'private'],
    ['https://localhost/events', 'private'],
    ['https://api.localhost/events', 'private'],
    ['ftp://hooks.example.com/', 'must use https'],
    ['not a url', 'absolute URL'],
  ])('refuses %s', async (url, reason) => {
    const { session } = await consoleUser(app);
    const response = await trpcMutation(app, 'webhookEndpoints.create', { url }, session);
    expect(response.status).toBe(422);
    const body = errorBody(response);
    expect(body.error.code).toBe('validation_failed');
    expect(body.error.issues[0]).toMatchObject({ path: 'url', message: expect.stringContaining(reason) });
  });

  it('accepts a public https URL and refuses changing it to a private one', async () => {
    const { session } = await consoleUser(app);
    const endpoint = await createEndpoint(app, session, { url: 'https://hooks.example.com/textline' });
    expect(endpoint.url).toBe('https://hooks.example.com/textline');
    const response = await trpcMutation(app, 'webhookEndpoints.update', { id: endpoint.id, url: 'https://192.168.0.1/' }, session);
    expect(response.status).toBe(422);
  });
});

describe('connect-time address check', () => {
  it('blocks a hostname that resolves to loopback when the connection is made, recording why', async () => {
    const original = app.services.webhookSender;
    app.services.webhookSender = createWebhookSender({ allowPrivate: false, timeoutMs: 2_000, lookup: fakeLookup });
    try {
      const { session } = await consoleUser(app);
      const port = new URL(sink.url).port;
      // Passes the creation check: the name itself is not private.
      await createEndpoint(app, session, { url: `https://rebind.example.com:${port}/hooks` });
      await createEndpoint(app, session, { url: 'https://internal.example.com/hooks' });
      await recordEvent(app, session.workspaceId);
      await app.services.jobs.drain();

      const listed = (await deliveries(app, session)).deliveries;
      expect(listed).toHaveLength(2);
      for (const delivery of listed) {
        expect(delivery).toMatchObject({ status: 'pending', response_code: null });
        const detail = await deliveryDetail(app, session, delivery.id);
        expect(detail.attempt_log[0].error).toMatch(/^Blocked: the endpoint resolves to a private/);
      }
      expect(sink.requests).toHaveLength(0);
    } finally {
      app.services.webhookSender.close();
      app.services.webhookSender = original;
    }
  });

  it('refuses private address literals and plain http at send time too', async () => {
    const strict = createWebhookSender({ allowPrivate: false, timeoutMs: 2_000 });
    try {
      const port = new URL(sink.url).port;
      await expect(strict.post(`https://127.0.0.1:${port}/hooks`, {}, '{}')).resolves.toMatchObject({ kind: 'error', error: expect.stringMatching(/^Blocked/) });
      await expect(strict.post(`https://[::1]:${port}/hooks`, {}, '{}')).resolves.toMatchObject({ kind: 'error', error: expect.stringMatching(/^Blocked/) });
      await expect(strict.post(sink.url, {}, '{}')).resolves.toMatchObject({ kind: 'error', error: 'Blocked: only https endpoints are allowed' });
      expect(sink.requests).toHaveLength(0);
    } finally {
      strict.close();
    }
  });

  it('uses the same resolver and connects when private addresses are allowed (development)', async () => {
    const development = createWebhookSender({ allowPrivate: true, timeoutMs: 2_000, lookup: fakeLookup });
    try {
      const port = new URL(sink.url).port;
      const result = await development.post(`http://rebind.example.com:${port}/hooks`, { 'content-type': 'application/json' }, '{}');
      expect(result).toMatchObject({ kind: 'response', status: 200, body: 'ok' });
      expect(sink.requests).toHaveLength(1);
    } finally {
      development.close();
    }
  });
});
