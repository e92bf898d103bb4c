import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startTestApp, type TestApp } from './harness.ts';
import { consoleUser, createEndpoint, deliveries, recordEvent, startSink } from './console-support.ts';

// Two deliveries in flight per endpoint and four in all: without the per-endpoint limit, the slow
// endpoint's backlog alone would hold every slot for its 10 s.
const ENDPOINT_CONCURRENCY = 2;
const CONCURRENCY = 4;
const SLOW_MS = 10_000;
const SLOW_EVENTS = 10;
const FAST_EVENTS = 5;

/** An endpoint that answers every request after SLOW_MS until release(), and at once from then on. */
async function startSlowSink() {
  const waiting: ServerResponse[] = [];
  let received = 0;
  let released = false;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      if (released) {
        reply(res);
        return;
      }
      waiting.push(res);
      setTimeout(() => reply(res), SLOW_MS);
    });
  });
  const reply = (res: ServerResponse) => {
    if (!res.headersSent && !res.destroyed) res.writeHead(200).end('ok');
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/slow`,
    received: () => received,
    release() {
      released = true;
      waiting.splice(0).forEach(reply);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

let app: TestApp;
let fast: Awaited<ReturnType<typeof startSink>>;
let slow: Awaited<ReturnType<typeof startSlowSink>>;

beforeAll(async () => {
  app = await startTestApp({
    ALLOW_PRIVATE_WEBHOOK_URLS: '1',
    WEBHOOK_CONCURRENCY: String(CONCURRENCY),
    WEBHOOK_ENDPOINT_CONCURRENCY: String(ENDPOINT_CONCURRENCY),
  });
  fast = await startSink();
  slow = await startSlowSink();
});
afterAll(async () => {
  slow.release();
  await Promise.all([fast.close(), slow.close()]);
  await app.close();
});

describe('per-endpoint concurrency', () => {
  it('an endpoint that takes 10 s to answer does not delay the deliveries to another endpoint', async () => {
    const slowUser = await consoleUser(app);
    await createEndpoint(app, slowUser.session, { url: slow.url });
    const fastUser = await consoleUser(app);
    await createEndpoint(app, fastUser.session, { url: fast.url });

    for (let index = 0; index < SLOW_EVENTS; index += 1) await recordEvent(app, slowUser.session.workspaceId);
    await eventually('the slow endpoint holding its slots', () => slow.received() === ENDPOINT_CONCURRENCY, 5_000);

    const started = Date.now();
    for (let index = 0; index < FAST_EVENTS; index += 1) await recordEvent(app, fastUser.session.workspaceId);
    const fastSucceeded = async () =>
      (await deliveries(app, fastUser.session)).deliveries.filter((delivery) => delivery.status === 'succeeded').length;
    await eventually('the other endpoint served', async () => (await fastSucceeded()) === FAST_EVENTS, SLOW_MS / 2);
    expect(Date.now() - started).toBeLessThan(SLOW_MS / 2);
    expect(fast.requests).toHaveLength(FAST_EVENTS);
    // The slow endpoint never had more than its own slots.
    expect(slow.received()).toBe(ENDPOINT_CONCURRENCY);

    // Its other deliveries waited in the queue without spending an attempt, and go out once it answers.
    slow.release();
    const slowDeliveries = async () => (await deliveries(app, slowUser.session)).deliveries;
    // Each round, the deliveries put back a second earlier are due again; two at a time get a slot.
    for (let round = 0; round < SLOW_EVENTS; round += 1) {
      const listed = await slowDeliveries();
      if (listed.every((delivery) => delivery.status === 'succeeded')) break;
      app.clock.advance(1_000);
      await app.services.jobs.drain();
    }
    const listed = await slowDeliveries();
    expect(listed.map((delivery) => delivery.status)).toEqual(Array(SLOW_EVENTS).fill('succeeded'));
    expect(listed.map((delivery) => delivery.attempts)).toEqual(Array(SLOW_EVENTS).fill(1));
    expect(slow.received()).toBe(SLOW_EVENTS);
  });
});
