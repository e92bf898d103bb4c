import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEndpoint } from '../src/domain/customer-webhooks/endpoints.ts';
import { sendRateLimits } from '../src/limits/send-rate-limiter.ts';
import { startSink } from './console-support.ts';
import { closeStarted, eventually, scaledMode } from './harness.ts';
import {
  apiEntry,
  deploymentEnvironment,
  freePort,
  prepareSendingWorkspace,
  type RunningProcess,
  runCleanups,
  startProcess,
  waitUntilHealthy,
  withServices,
  workerEntry,
} from './process-support.ts';

/**
 * The scaled deployment for real: two `npm start` processes and two `npm run worker` processes on one
 * PostgreSQL database and one Redis. Rate limits and the IP throttle must be one bucket across the
 * API processes, and every job must be done exactly once however the processes share them.
 */

const SENDS = 60;
const TOKENS = 4;

let sink: Awaited<ReturnType<typeof startSink>>;
let apis: string[] = [];
let processes: RunningProcess[] = [];
let workspace: Awaited<ReturnType<typeof prepareSendingWorkspace>>;
let environment: Record<string, string>;

async function post(baseUrl: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as any };
}

describe.runIf(scaledMode)('scaled mode: two API processes and two workers on PostgreSQL + Redis', () => {
  beforeAll(async () => {
    sink = await startSink();
    sink.respond = { status: 204, body: '', delayMs: 0 };
    const ports = [await freePort(), await freePort()];
    apis = ports.map((port) => `http://127.0.0.1:${port}`);
    environment = await deploymentEnvironment('scaled', {
      TRUST_PROXY: 'loopback',
      SANDBOX_DELAY_MS: '20',
      ALLOW_PRIVATE_WEBHOOK_URLS: '1',
    });
    workspace = await withServices(environment, async (services) => {
      const prepared = await prepareSendingWorkspace(services, { tokens: TOKENS });
      await createEndpoint(
        services,
        { workspaceId: prepared.workspaceId, origin: 'console', tokenId: 'test' },
        { url: sink.url },
      );
      return prepared;
    });
    // All four start at once, as a deployment rolls out, each with a data directory of its own as
    // separate containers have: migrations must not race, and generated secrets must be shared.
    const own = (index: number) => ({ ...environment, DATA_DIR: join(environment.DATA_DIR!, `process-${index}`) });
    processes = [
      ...ports.map((port, index) => startProcess(apiEntry, { ...own(index), PORT: String(port) })),
      ...[2, 3].map((index) => startProcess(workerEntry, { ...own(index), PUBLIC_BASE_URL: apis[0]! })),
    ];
    await Promise.all(apis.map((baseUrl, index) => waitUntilHealthy(baseUrl, processes[index]!)));
  }, 180_000);

  afterAll(async () => {
    // A clean stop of every process, then everything else this file started.
    for (const { child } of processes) child.kill('SIGTERM');
    const codes = await Promise.all(processes.map((running) => running.exited));
    await closeStarted(sink);
    await runCleanups();
    expect(codes).toEqual(processes.map(() => 0));
  }, 60_000);

  it('shares one send bucket per token across both API processes', async () => {
    const [token] = workspace.tokens;
    const { capacity, refillMs } = sendRateLimits.enterprise;
    const started = Date.now();
    const responses = await Promise.all(
      Array.from({ length: capacity * 2 }, (_, index) =>
        post(
          apis[index % 2]!,
          '/api/v1/messages',
          { phone_number: `+1415555${3000 + index}`, body: `bucket ${index}` },
          { authorization: `Bearer ${token}` },
        ),
      ),
    );
    const elapsed = Date.now() - started;
    const accepted = responses.filter((response) => response.status === 202);
    const limited = responses.filter((response) => response.status === 429);
    // One shared bucket: its burst plus what refilled meanwhile. Two buckets would accept all of them.
    expect(accepted.length).toBeGreaterThanOrEqual(capacity);
    expect(accepted.length).toBeLessThanOrEqual(capacity + Math.floor(elapsed / refillMs));
    expect(accepted.length + limited.length).toBe(capacity * 2);
    expect(limited[0]!.body).toMatchObject({ error: 'message_send_rate_limited', limit: { tier: 'enterprise', capacity } });
  });

  it('shares the account-creation throttle of an IP address across both API processes', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.77' };
    const first = await post(
      apis[0]!,
      '/api/v1/accounts',
      { username: 'scaled_first', password: 'correct horse battery staple' },
      headers,
    );
    expect(first.status).toBe(201);
    const second = await post(
      apis[1]!,
      '/api/v1/accounts',
      { username: 'scaled_second', password: 'correct horse battery staple' },
      headers,
    );
    expect(second.status).toBe(429);
    expect(second.body).toMatchObject({ error: 'account_creation_rate_limited' });
  });

  it('dispatches, reconciles and delivers every job exactly once with two workers', async () => {
    // Sends spread over both API processes and several tokens (each token's burst allows 20).
    const sent = await Promise.all(
      Array.from({ length: SENDS }, (_, index) =>
        post(
          apis[index % 2]!,
          '/api/v1/messages',
          { phone_number: `+1415556${3000 + index}`, body: `job ${index}`, idempotency_key: `job-${index}` },
          {
            authorization: `Bearer ${workspace.tokens[1 + (index % (TOKENS - 1))]}`,
          },
        ),
      ),
    );
    expect(sent.map((response) => response.status)).toEqual(sent.map(() => 202));

    await withServices({ ...environment, LOG_LEVEL: 'silent' }, async ({ prisma }) => {
      const { workspaceId } = workspace;
      await eventually(
        'every message to be delivered',
        async () => (await prisma.message.count({ where: { workspaceId, status: { not: 'delivered' } } })) === 0,
        90_000,
      );
      const messages = await prisma.message.findMany({ where: { workspaceId } });
      // message.sent and message.delivered for each, each delivered to the endpoint.
      const expectedDeliveries = messages.length * 2;
      await eventually(
        'every webhook to be delivered',
        async () => (await prisma.webhookDelivery.count({ where: { workspaceId, status: 'succeeded' } })) === expectedDeliveries,
        90_000,
      );
      await eventually(
        'every job to finish',
        async () => (await prisma.job.count({ where: { status: { not: 'done' } } })) === 0,
        30_000,
      );

      const ids = messages.map((message) => message.id);
      const carrier = await prisma.sandboxMessage.findMany({ where: { messageId: { in: ids } } });
      expect(carrier).toHaveLength(messages.length);
      expect(carrier.filter((row) => row.sendRequests !== 1)).toEqual([]);
      expect(await prisma.providerEvent.count({ where: { eventType: 'message.sent' } })).toBe(messages.length);
      expect(await prisma.providerEvent.count({ where: { eventType: 'message.delivered' } })).toBe(messages.length);
      expect(await prisma.event.count({ where: { workspaceId } })).toBe(expectedDeliveries);
      expect(await prisma.ledgerEntry.count({ where: { workspaceId, kind: 'send_debit' } })).toBe(messages.length);
      expect(await prisma.webhookAttempt.count({ where: { delivery: { workspaceId } } })).toBe(expectedDeliveries);
      // The endpoint saw each event once: no delivery job ran twice.
      const eventIds = sink.requests.map((request) => request.headers['webhook-id']);
      expect(eventIds).toHaveLength(expectedDeliveries);
      expect(new Set(eventIds).size).toBe(expectedDeliveries);
    });
  }, 240_000);
});

describe.skipIf(scaledMode)('scaled mode across processes', () => {
  it.skip('needs TEST_DATABASE_URL and TEST_REDIS_URL (PostgreSQL + Redis): runs in the scaled project', () => undefined);
});
