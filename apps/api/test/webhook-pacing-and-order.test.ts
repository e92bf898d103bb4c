import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryScheduleMs } from '../src/domain/customer-webhooks/worker.ts';
import { recordEvent } from './console-support.ts';
import { call, closeStarted, createDeveloper, eventually, scaledMode, startTestApp, type TestApp } from './harness.ts';
import { deploymentEnvironment, type RunningProcess, runCleanups, startProcess, workerEntry } from './process-support.ts';

/**
 * A webhook endpoint's max_per_second (the shared gate of SenderPace: Redis in the scaled mode) and
 * its per_message ordering, seen from the receiving end: when each request arrived, for which event.
 */

type Arrival = { at: number; path: string; eventId: string; messageId: string; sequence: number; status: number };

/** A receiver that records every request and fails the events named in `failing` with a 500. */
async function startRecordingSink() {
  const arrivals: Arrival[] = [];
  const failing = new Set<string>();
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const at = Date.now();
      const envelope = JSON.parse(body) as { id: string; data: { sequence: number; message: { id: string } } };
      const status = failing.has(envelope.id) ? 500 : 200;
      arrivals.push({
        at,
        path: req.url ?? '/',
        eventId: envelope.id,
        messageId: envelope.data.message.id,
        sequence: envelope.data.sequence,
        status,
      });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(status === 200 ? 'ok' : 'no');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    arrivals,
    failing,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
type Sink = Awaited<ReturnType<typeof startRecordingSink>>;

/** message.sent of `messageId`, the `sequence`-th event of that message. */
function messageEvent(app: TestApp, workspaceId: string, messageId: string, sequence: number) {
  return recordEvent(app, workspaceId, 'message.sent', {
    sequence,
    occurred_at: new Date(app.clock.now()).toISOString(),
    message: { id: messageId, status: 'sent', phone_number: '+14155550100', segments: 1, cost_cents: 2 },
  });
}

async function createEndpoint(app: TestApp, token: string, body: Record<string, unknown>) {
  const created = await call(app, 'POST', '/api/v1/webhook-endpoints', { token, body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.endpoint as { id: string; max_per_second: number | null; ordering: string };
}

/** The most requests that arrived within any `windowMs`. */
function mostWithin(arrivals: Arrival[], windowMs: number): number {
  const times = arrivals.map((arrival) => arrival.at).sort((a, b) => a - b);
  let most = 0;
  for (let first = 0, last = 0; last < times.length; last += 1) {
    while (times[last]! - times[first]! >= windowMs) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

/**
 * Requests `limit` a second never exceed: no second holds more, less 150 ms for what moves an
 * arrival after its turn (a first request's connection, timers, a loaded machine), and the whole
 * run takes at least what the rate allows.
 */
function expectWithinRate(arrivals: Arrival[], limit: number) {
  expect(mostWithin(arrivals, 850)).toBeLessThanOrEqual(limit);
  const times = arrivals.map((arrival) => arrival.at);
  expect(Math.max(...times) - Math.min(...times)).toBeGreaterThanOrEqual(((arrivals.length - 1) * 1000) / limit - 150);
}

describe('max_per_second', () => {
  let app: TestApp;
  let sink: Sink;
  beforeAll(async () => {
    // A real clock: the gate's turns are real time apart.
    app = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_URLS: '1' }, { clock: { now: () => Date.now() } });
    sink = await startRecordingSink();
  });
  afterAll(async () => {
    await sink.close();
    await closeStarted(app);
  });

  it('is set, shown, changed and removed on the endpoint, within 1-1000', async () => {
    const { token } = await createDeveloper(app);
    const endpoint = await createEndpoint(app, token, { url: sink.url });
    expect(endpoint).toMatchObject({ max_per_second: null, ordering: 'none' });
    const changed = await call(app, 'PATCH', `/api/v1/webhook-endpoints/${endpoint.id}`, {
      token,
      body: { max_per_second: 20, ordering: 'per_message' },
    });
    expect(changed.body.endpoint).toMatchObject({ max_per_second: 20, ordering: 'per_message' });
    const read = await call(app, 'GET', `/api/v1/webhook-endpoints/${endpoint.id}`, { token });
    expect(read.body.endpoint).toMatchObject({ max_per_second: 20, ordering: 'per_message' });
    const removed = await call(app, 'PATCH', `/api/v1/webhook-endpoints/${endpoint.id}`, {
      token,
      body: { max_per_second: null },
    });
    expect(removed.body.endpoint).toMatchObject({ max_per_second: null, ordering: 'per_message' });
    for (const body of [{ max_per_second: 0 }, { max_per_second: 1001 }, { max_per_second: 2.5 }, { ordering: 'fifo' }]) {
      const refused = await call(app, 'POST', '/api/v1/webhook-endpoints', { token, body: { url: sink.url, ...body } });
      expect(refused.status).toBe(422);
      expect(refused.body.error.code).toBe('validation_failed');
      expect(refused.body.error.issues[0].path).toBe(Object.keys(body)[0]);
    }
  });

  it('never lets the endpoint receive more requests a second than it allows, however many events wait', async () => {
    const { token, workspaceId } = await createDeveloper(app);
    await createEndpoint(app, token, { url: sink.url, max_per_second: 5 });
    // One delivery first, so that the measured ones do not wait behind the process's first request.
    await messageEvent(app, workspaceId, 'msg_rate_warm_up', 1);
    await eventually('the first event delivered', () => sink.arrivals.length === 1, 30_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    sink.arrivals.length = 0;
    for (let index = 0; index < 16; index += 1) await messageEvent(app, workspaceId, `msg_rate_${index}`, 1);
    await eventually('every event delivered', () => sink.arrivals.length === 16, 30_000);
    expectWithinRate(sink.arrivals, 5);
    expect(new Set(sink.arrivals.map((arrival) => arrival.eventId)).size).toBe(16);
  }, 60_000);
});

describe('ordering: per_message', () => {
  let app: TestApp;
  let sink: Sink;
  beforeAll(async () => {
    app = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_URLS: '1' });
    sink = await startRecordingSink();
  });
  afterAll(async () => {
    await sink.close();
    await closeStarted(app);
  });

  /** Moves the clock on by `ms` and runs every job then due. */
  async function after(ms: number) {
    app.clock.advance(ms);
    await app.services.jobs.drain();
  }

  it("holds a message's later events while an earlier one fails and is retried; other messages' events keep flowing", async () => {
    const { token, workspaceId } = await createDeveloper(app);
    await createEndpoint(app, token, { url: sink.url.replace('hooks', 'ordered'), ordering: 'per_message' });
    await createEndpoint(app, token, { url: sink.url.replace('hooks', 'unordered') });
    sink.arrivals.length = 0;
    const first = await messageEvent(app, workspaceId, 'msg_held', 1);
    sink.failing.add(first);
    for (const sequence of [2, 3]) await messageEvent(app, workspaceId, 'msg_held', sequence);
    for (const sequence of [1, 2, 3]) await messageEvent(app, workspaceId, 'msg_flowing', sequence);
    /** What `path` received of `messageId`: each request's sequence and status, in the order they came. */
    const received = (path: string, messageId: string) =>
      sink.arrivals
        .filter((arrival) => arrival.path === path && arrival.messageId === messageId)
        .map((arrival) => `${arrival.sequence}:${arrival.status}`);

    await app.services.jobs.drain();
    // Each event waits for the one before it of its message to be delivered (a second on this clock).
    for (let second = 0; second < 3; second += 1) await after(1_000);
    expect(received('/ordered', 'msg_flowing')).toEqual(['1:200', '2:200', '3:200']);
    expect(received('/ordered', 'msg_held')).toEqual(['1:500']);
    // Without ordering, the later events do not wait for the failing one.
    expect(received('/unordered', 'msg_held').sort()).toEqual(['1:500', '2:200', '3:200']);

    // The first event's retry succeeds; then the later ones follow, in order.
    sink.failing.delete(first);
    await after(retryScheduleMs[0]);
    for (let second = 0; second < 3; second += 1) await after(1_000);
    expect(received('/ordered', 'msg_held')).toEqual(['1:500', '1:200', '2:200', '3:200']);
    expect(received('/ordered', 'msg_flowing')).toEqual(['1:200', '2:200', '3:200']);
  });
});

describe.runIf(scaledMode)('max_per_second across two worker processes (scaled mode)', () => {
  let app: TestApp;
  let sink: Sink;
  let workers: RunningProcess[] = [];
  beforeAll(async () => {
    // The API process records the events; only the two workers deliver them.
    app = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_URLS: '1' }, { startJobs: false, clock: { now: () => Date.now() } });
    sink = await startRecordingSink();
    const environment = await deploymentEnvironment('webhook-rate', {
      DATABASE_URL: app.config.databaseUrl!,
      REDIS_URL: app.config.redisUrl!,
      REDIS_KEY_PREFIX: app.config.redisKeyPrefix,
      ALLOW_PRIVATE_WEBHOOK_URLS: '1',
      JOB_SWEEP_INTERVAL_MS: '100',
      PUBLIC_BASE_URL: app.baseUrl,
    });
    workers = [0, 1].map(() => startProcess(workerEntry, environment));
  }, 180_000);
  afterAll(async () => {
    for (const { child } of workers) child.kill('SIGTERM');
    await Promise.all(workers.map((worker) => worker.exited));
    await sink.close();
    await closeStarted(app);
    await runCleanups();
  });

  it('holds the endpoint to its rate whichever worker delivers each event', async () => {
    const { token, workspaceId } = await createDeveloper(app);
    await createEndpoint(app, token, { url: sink.url, max_per_second: 4 });
    for (let index = 0; index < 14; index += 1) await messageEvent(app, workspaceId, `msg_workers_${index}`, 1);
    await eventually('every event delivered', () => sink.arrivals.length === 14, 60_000);
    expectWithinRate(sink.arrivals, 4);
    expect(workers.every((worker) => worker.child.exitCode === null)).toBe(true);
  }, 120_000);
});
