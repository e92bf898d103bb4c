import { isIP, type LookupFunction } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isNonPublicHost, isPublicAddress } from '../src/domain/customer-webhooks/public-destination.ts';
import { createWebhookSender } from '../src/domain/customer-webhooks/sender.ts';
import { call, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import {
  consoleUser,
  createEndpoint,
  deliveries,
  deliveryAttempts,
  errorBody,
  recordEvent,
  startSink,
  trpcMutation,
} from './console-support.ts';

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
const fakeDns: Record<string, string> = {
  'rebind.example.com': '127.0.0.1',
  'internal.example.com': '10.0.0.5',
  // IPv6 addresses that carry a private IPv4 address.
  'compatible.example.com': '::7f00:1',
  'mapped.example.com': '::ffff:127.0.0.1',
  'nat64.example.com': '64:ff9b::a9fe:a9fe',
  'local-nat64.example.com': '64:ff9b:1::a00:5',
  '6to4.example.com': '2002:c0a8:101::1',
  'teredo.example.com': '2001:0:4136:e378:8000:63bf:80ff:fffe',
};
const fakeLookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
  const address = fakeDns[hostname];
  if (!address) {
    callback(Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' }));
    return;
  }
  const family = isIP(address);
  if (options.all) callback(null, [{ address, family }]);
  else callback(null, address, family);
}) as unknown as LookupFunction;

/** Runs `body` with the app delivering through a sender that resolves names with fakeLookup. */
async function withFakeDnsSender(body: () => Promise<void>) {
  const original = app.services.webhookSender;
  app.services.webhookSender = createWebhookSender({ allowPrivate: false, timeoutMs: 2_000, lookup: fakeLookup });
  try {
    await body();
  } finally {
    app.services.webhookSender.close();
    app.services.webhookSender = original;
  }
}

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
    // Fully qualified names (trailing dot) resolve as the bare name.
    ['https://localhost./events', 'private'],
    ['https://api.localhost./events', 'private'],
    ['https://LOCALHOST./events', 'private'],
    ['https://127.0.0.1./events', 'private'],
    // IPv6 addresses that carry a private IPv4 address (stored as [::7f00:1] and so on).
    ['https://[::127.0.0.1]/events', 'private'],
    ['https://[::ffff:0:10.0.0.1]/events', 'private'],
    ['https://[64:ff9b::169.254.169.254]/latest/meta-data', 'private'],
    ['https://[64:ff9b:1::10.0.0.5]/events', 'private'],
    ['https://[64:ff9b:1:a00:5::]/events', 'private'],
    ['https://[2002:c0a8:101::1]/events', 'private'],
    ['https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/events', 'private'],
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
    const response = await trpcMutation(
      app,
      'webhookEndpoints.update',
      { id: endpoint.id, url: 'https://192.168.0.1/' },
      session,
    );
    expect(response.status).toBe(422);
  });

  it('accepts IPv6 addresses whose embedded IPv4 address is public (NAT64, 6to4)', async () => {
    const { session } = await consoleUser(app);
    expect((await createEndpoint(app, session, { url: 'https://[64:ff9b::8.8.8.8]/hooks' })).url).toBe(
      'https://[64:ff9b::808:808]/hooks',
    );
    expect((await createEndpoint(app, session, { url: 'https://[2002:808:808::1]/hooks' })).url).toBe(
      'https://[2002:808:808::1]/hooks',
    );
  });
});

describe('the refusal of an http or private URL', () => {
  const setting = 'ALLOW_PRIVATE_WEBHOOK_URLS=1';
  const refusal = async (target: TestApp, url: string) => {
    const developer = await createDeveloper(target);
    const response = await call(target, 'POST', '/api/v1/webhook-endpoints', { token: developer.token, body: { url } });
    expect(response.status, url).toBe(422);
    return response.body.error as { message: string; issues: { path: string; message: string }[] };
  };

  it('names the setting that allows them for local development, outside production only', async () => {
    for (const url of ['http://hooks.example.com/events', 'https://127.0.0.1/events', 'https://[::1]/events']) {
      const error = await refusal(app, url);
      expect(error.message, url).toContain(setting);
      expect(error.issues[0]!.message, url).toContain(setting);
    }
    // Refusals the setting would not change do not mention it.
    for (const url of ['ftp://hooks.example.com/', 'not a url'])
      expect((await refusal(app, url)).message, url).not.toContain(setting);

    const secret = 'x'.repeat(32);
    const production = await startTestApp({
      NODE_ENV: 'production',
      PUBLIC_BASE_URL: 'https://sms.example.test',
      IP_HASH_SECRET: secret,
      MESSAGING_WEBHOOK_SECRET: secret,
      FUNDING_WEBHOOK_SECRET: secret,
    });
    try {
      for (const url of ['http://hooks.example.com/events', 'https://127.0.0.1/events']) {
        const error = await refusal(production, url);
        expect(error.message, url).not.toContain(setting);
        expect(error.issues[0]!.message, url).toMatch(/must use https|private/);
      }
    } finally {
      await production.close();
    }
  });
});

describe('the public-address rule', () => {
  it.each([
    ['93.184.215.14', true],
    ['2606:4700::1111', true],
    ['127.0.0.1', false],
    ['100.64.0.1', false],
    ['::1', false],
    ['::', false],
    ['fe80::1', false],
    // IPv4-mapped, IPv4-translated and IPv4-compatible: judged by the IPv4 address.
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['::ffff:0:10.0.0.1', false],
    ['::7f00:1', false],
    ['::a9fe:a9fe', false],
    ['::808:808', true],
    // NAT64, well-known and local-use prefixes.
    ['64:ff9b::7f00:1', false],
    ['64:ff9b::808:808', true],
    ['64:ff9b:1::a00:5', false],
    ['64:ff9b:1:a00:5::', false],
    // 6to4: the IPv4 address is bits 16-47.
    ['2002:7f00:1::1', false],
    ['2002:c0a8:101::', false],
    ['2002:808:808::1', true],
    // Teredo: the client address is the last 32 bits, inverted (80ff:fffe is 127.0.0.1, f7f7:f7f7 is 8.8.8.8).
    ['2001:0:4136:e378:8000:63bf:80ff:fffe', false],
    ['2001:0:4136:e378:8000:63bf:f7f7:f7f7', true],
    ['not an address', false],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it.each([
    ['localhost', true],
    ['localhost.', true],
    ['foo.localhost.', true],
    ['[::7f00:1]', true],
    ['[64:ff9b::808:808]', false],
    ['hooks.example.com.', false],
  ])('host %s is known non-public before resolving it: %s', (host, expected) => {
    expect(isNonPublicHost(host)).toBe(expected);
  });
});

describe('connect-time address check', () => {
  it('blocks a hostname that resolves to loopback when the connection is made, recording why', async () => {
    await withFakeDnsSender(async () => {
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
        expect(delivery).toMatchObject({ status: 'failed', response_code: null, next_retry: expect.any(String) });
        const [attempt] = await deliveryAttempts(app, session, delivery.id);
        expect(attempt.error).toMatch(/^Blocked: the endpoint resolves to a private/);
      }
      expect(sink.requests).toHaveLength(0);
    });
  });

  it('blocks, at delivery, hostnames that resolve to IPv6 addresses carrying a private IPv4 address', async () => {
    await withFakeDnsSender(async () => {
      const { session } = await consoleUser(app);
      const port = new URL(sink.url).port;
      const names = ['compatible', 'mapped', 'nat64', 'local-nat64', '6to4', 'teredo'];
      for (const name of names) await createEndpoint(app, session, { url: `https://${name}.example.com:${port}/hooks` });
      await recordEvent(app, session.workspaceId);
      await app.services.jobs.drain();

      const listed = (await deliveries(app, session)).deliveries;
      expect(listed).toHaveLength(names.length);
      for (const delivery of listed) {
        const [attempt] = await deliveryAttempts(app, session, delivery.id);
        expect(attempt.error).toMatch(/^Blocked: the endpoint resolves to a private/);
      }
      expect(sink.requests).toHaveLength(0);
    });
  });

  it('refuses private address literals and plain http at send time too', async () => {
    const strict = createWebhookSender({ allowPrivate: false, timeoutMs: 2_000 });
    try {
      const port = new URL(sink.url).port;
      await expect(strict.post(`https://127.0.0.1:${port}/hooks`, {}, '{}')).resolves.toMatchObject({
        kind: 'error',
        error: expect.stringMatching(/^Blocked/),
      });
      await expect(strict.post(`https://[::1]:${port}/hooks`, {}, '{}')).resolves.toMatchObject({
        kind: 'error',
        error: expect.stringMatching(/^Blocked/),
      });
      await expect(strict.post(`https://[::127.0.0.1]:${port}/hooks`, {}, '{}')).resolves.toMatchObject({
        kind: 'error',
        error: expect.stringMatching(/^Blocked/),
      });
      await expect(strict.post(`https://[::ffff:127.0.0.1]:${port}/hooks`, {}, '{}')).resolves.toMatchObject({
        kind: 'error',
        error: expect.stringMatching(/^Blocked/),
      });
      await expect(strict.post(sink.url, {}, '{}')).resolves.toMatchObject({
        kind: 'error',
        error: 'Blocked: only https endpoints are allowed',
      });
      expect(sink.requests).toHaveLength(0);
    } finally {
      strict.close();
    }
  });

  it('uses the same resolver and connects when private addresses are allowed (development)', async () => {
    const development = createWebhookSender({ allowPrivate: true, timeoutMs: 2_000, lookup: fakeLookup });
    try {
      const port = new URL(sink.url).port;
      const result = await development.post(
        `http://rebind.example.com:${port}/hooks`,
        { 'content-type': 'application/json' },
        '{}',
      );
      expect(result).toMatchObject({ kind: 'response', status: 200, body: 'ok' });
      expect(sink.requests).toHaveLength(1);
    } finally {
      development.close();
    }
  });
});
