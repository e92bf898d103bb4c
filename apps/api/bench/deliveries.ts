/**
 * Customer webhook deliveries, in a process of their own against a sink in the bench's main process
 * (delivery-sink.ts, BENCH_SINK_URL), for a workspace with one endpoint at that sink:
 *
 * - `measureDeliveries`: BENCH_DELIVERIES customer events (default 5,000) recorded, then this
 *   process's job workers deliver them all (signed, over HTTP, each attempt recorded), as
 *   `npm run worker` does: deliveries per second until the last is recorded as succeeded, and this
 *   process's CPU per delivery. (What a customer waits for each event, recorded by real sends at a
 *   steady rate, is the lifecycle's half load: lifecycle.ts.)
 * - `measureDeliveryFloor`: the same backlog delivered by a bare loop instead of the app: claim a
 *   pending delivery (one statement, FOR UPDATE SKIP LOCKED), POST its body signed the same way
 *   with undici keep-alive, record the attempt (one statement), FLOOR_LOOPS loops at once.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Agent, request } from 'undici';
import { createAccount } from '../src/domain/accounts.ts';
import { createEndpoint } from '../src/domain/customer-webhooks/endpoints.ts';
import { recordCustomerEvent } from '../src/domain/customer-webhooks/events.ts';
import { signedHeaders } from '../src/domain/customer-webhooks/signing.ts';
import { envelopeFor } from '../src/domain/customer-webhooks/worker.ts';
import { inJobTransaction } from '../src/jobs/enqueue.ts';
import { newId } from '../src/lib/crypto.ts';
import { limitHeapGrowth } from '../src/lib/heap.ts';
import type { Services } from '../src/ports.ts';
import { createServices } from '../src/services.ts';
import { appConfig } from './app-config.ts';
import { cpuMicros } from './cpu.ts';
import type { BenchTarget } from './fixture.ts';

const EVENTS_PER_TRANSACTION = 100;
const TIMEOUT_MS = 300_000;
// As many at once as the other scenarios' load generator keeps connections.
const FLOOR_LOOPS = 32;
const backlogSize = () => Number(process.env.BENCH_DELIVERIES ?? 5_000);

export type DeliveryMeasurement = {
  deliveries: number;
  seconds: number;
  perSecond: number;
  /** This process's CPU time (all threads, from /proc) per delivery of the backlog. */
  cpuMicrosPerDelivery: number;
};

const messageData = (id: string) => ({
  sequence: 1,
  occurred_at: new Date().toISOString(),
  message: { id, status: 'delivered' as const, phone_number: '+14155550100', segments: 1, cost_cents: 2 },
});

/** A workspace with one endpoint at the sink, and `events` message.delivered events with a delivery each. */
async function prepareBacklog(services: Services, sinkUrl: string, events: number): Promise<string> {
  // A fresh IP hash, so that the per-address account throttle never refuses the bench.
  const { account } = await createAccount(services, {
    username: 'bench_webhooks',
    password: 'bench password 123',
    ipHash: randomUUID(),
  });
  const workspace = await services.prisma.workspace.findUniqueOrThrow({ where: { accountId: account.id } });
  await createEndpoint(services, { workspaceId: workspace.id, origin: 'console', tokenId: 'bench' }, { url: sinkUrl });
  for (let first = 0; first < events; first += EVENTS_PER_TRANSACTION) {
    const count = Math.min(EVENTS_PER_TRANSACTION, events - first);
    await inJobTransaction(services, async (tx) => {
      for (let index = 0; index < count; index += 1) {
        const data = messageData(`msg_bench${first + index}`);
        await recordCustomerEvent(tx, { workspaceId: workspace.id, type: 'message.delivered', data, at: new Date() });
      }
    });
  }
  return workspace.id;
}

/** Waits until `count` of the workspace's deliveries have succeeded (or the time-out); returns how many did. */
async function succeeded(services: Services, workspaceId: string, count: number): Promise<number> {
  const started = performance.now();
  let done = 0;
  while (done < count && performance.now() - started < TIMEOUT_MS) {
    await sleep(50);
    done = await services.prisma.webhookDelivery.count({ where: { workspaceId, status: 'succeeded' } });
  }
  return done;
}

/** As `npm run worker` runs: the same configuration and heap bound. */
async function benchServices(target: BenchTarget): Promise<Services> {
  const config = appConfig(target, { ALLOW_PRIVATE_WEBHOOK_URLS: '1' });
  limitHeapGrowth(config.heapGrowthPercent);
  return createServices(config);
}

export async function measureDeliveries(target: BenchTarget, sinkUrl: string): Promise<DeliveryMeasurement> {
  const services = await benchServices(target);
  try {
    const events = backlogSize();
    const workspaceId = await prepareBacklog(services, sinkUrl, events);

    const cpuBefore = cpuMicros('self');
    const started = performance.now();
    await services.jobs.start();
    services.jobs.wake('webhook_delivery');
    const delivered = await succeeded(services, workspaceId, events);
    const elapsed = (performance.now() - started) / 1000;
    const cpuMicrosPerDelivery = (cpuMicros('self') - cpuBefore) / delivered;
    return { deliveries: delivered, seconds: elapsed, perSecond: delivered / elapsed, cpuMicrosPerDelivery };
  } finally {
    await services.close();
  }
}

type FloorRow = {
  id: string;
  url: string;
  secret: string;
  event_id: string;
  event_type: string;
  event_created_at: Date;
  event_data: unknown;
};

// The floor's two statements, on the driver (no Prisma): a claim that takes one pending delivery
// with its endpoint and event, and the attempt's record (the delivery updated, the attempt inserted).
const floorClaim = `
  WITH d AS (
    UPDATE webhook_deliveries SET status = 'sending'
    WHERE id = (SELECT id FROM webhook_deliveries WHERE workspace_id = $1 AND status = 'pending'
                ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING id, endpoint_id, event_id)
  SELECT d.id, e.url, e.secret, ev.id AS event_id, ev.type AS event_type, ev.created_at AS event_created_at, ev.data AS event_data
  FROM d JOIN webhook_endpoints e ON e.id = d.endpoint_id JOIN events ev ON ev.id = d.event_id`;
const floorRecord = `
  WITH updated AS (
    UPDATE webhook_deliveries SET status = 'succeeded', next_retry_at = NULL, attempt_count = attempt_count + 1,
      last_response_code = $3, last_latency_ms = $4, last_attempt_at = $6, updated_at = $6
    WHERE id = $2 RETURNING attempt_count)
  INSERT INTO webhook_attempts (id, delivery_id, number, trigger, response_code, latency_ms, response_body, request_headers, created_at)
  SELECT $1, $2, attempt_count, 'automatic', $3, $4, $5, $7::jsonb, $6 FROM updated`;

export async function measureDeliveryFloor(target: BenchTarget, sinkUrl: string): Promise<DeliveryMeasurement> {
  const services = await benchServices(target);
  const agent = new Agent({ connections: FLOOR_LOOPS, keepAliveTimeout: 30_000 });
  try {
    const events = backlogSize();
    const workspaceId = await prepareBacklog(services, sinkUrl, events);
    const { sql } = services;

    async function loop(): Promise<number> {
      let delivered = 0;
      for (;;) {
        const [row] = await sql.query<FloorRow>(floorClaim, [workspaceId]);
        if (!row) return delivered;
        const body = JSON.stringify(
          envelopeFor({ id: row.event_id, type: row.event_type, createdAt: row.event_created_at, data: row.event_data as never }),
        );
        const now = new Date();
        const headers = signedHeaders({ eventId: row.event_id, timestamp: now, body, secrets: [row.secret] });
        const sent = performance.now();
        const response = await request(row.url, { method: 'POST', headers, body, dispatcher: agent });
        const text = await response.body.text();
        const latencyMs = Math.round(performance.now() - sent);
        await sql.query(floorRecord, [
          newId('wha'),
          row.id,
          response.statusCode,
          latencyMs,
          text,
          new Date(),
          JSON.stringify(headers),
        ]);
        delivered += 1;
      }
    }

    const cpuBefore = cpuMicros('self');
    const started = performance.now();
    const counts = await Promise.all(Array.from({ length: FLOOR_LOOPS }, loop));
    const elapsed = (performance.now() - started) / 1000;
    const delivered = counts.reduce((sum, count) => sum + count, 0);
    return {
      deliveries: delivered,
      seconds: elapsed,
      perSecond: delivered / elapsed,
      cpuMicrosPerDelivery: (cpuMicros('self') - cpuBefore) / delivered,
    };
  } finally {
    await agent.close();
    await services.close();
  }
}
