/**
 * Webhook deliveries per second: BENCH_DELIVERIES customer events (default 2,000) recorded for a
 * workspace with one endpoint at a local sink, then the job workers of this process deliver them
 * all (signed, over HTTP, each recorded as an attempt). Rate = deliveries / time until the last
 * one is recorded as succeeded.
 */
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createAccount } from '../src/domain/accounts.ts';
import { recordCustomerEvent } from '../src/domain/customer-webhooks/events.ts';
import { inJobTransaction } from '../src/jobs/enqueue.ts';
import { createEndpoint } from '../src/domain/customer-webhooks/endpoints.ts';
import { limitHeapGrowth } from '../src/lib/heap.ts';
import { createServices } from '../src/services.ts';
import { appConfig } from './app-config.ts';
import type { BenchTarget } from './scenarios.ts';

const EVENTS_PER_TRANSACTION = 100;
const TIMEOUT_MS = 300_000;

export type DeliveryMeasurement = { deliveries: number; seconds: number; perSecond: number; received: number };

export async function measureDeliveries(
  target: BenchTarget,
  events = Number(process.env.BENCH_DELIVERIES ?? 2_000),
): Promise<DeliveryMeasurement> {
  let received = 0;
  const sink = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/hooks`;

  // As `npm run worker` runs: the same configuration and heap bound.
  const config = appConfig(target, { ALLOW_PRIVATE_WEBHOOK_URLS: '1' });
  limitHeapGrowth(config.heapGrowthPercent);
  const services = await createServices(config);
  try {
    // A fresh IP hash, so that the per-address account throttle never refuses the bench.
    const { account } = await createAccount(services, {
      username: 'bench_webhooks',
      password: 'bench password 123',
      ipHash: randomUUID(),
    });
    const workspace = await services.prisma.workspace.findUniqueOrThrow({ where: { accountId: account.id } });
    await createEndpoint(services, workspace.id, { url: sinkUrl });
    for (let first = 0; first < events; first += EVENTS_PER_TRANSACTION) {
      const count = Math.min(EVENTS_PER_TRANSACTION, events - first);
      await inJobTransaction(services, async (tx) => {
        for (let index = 0; index < count; index += 1) {
          const data = { message: { id: `msg_bench${first + index}`, status: 'delivered', segments: 1, cost_cents: 2 } };
          await recordCustomerEvent(tx, { workspaceId: workspace.id, type: 'message.delivered', data, at: new Date() });
        }
      });
    }

    const started = performance.now();
    await services.jobs.start();
    services.jobs.wake('webhook_delivery');
    let succeeded = 0;
    while (succeeded < events && performance.now() - started < TIMEOUT_MS) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      succeeded = await services.prisma.webhookDelivery.count({ where: { workspaceId: workspace.id, status: 'succeeded' } });
    }
    const seconds = (performance.now() - started) / 1000;
    return { deliveries: succeeded, seconds, perSecond: succeeded / seconds, received };
  } finally {
    await services.close();
    sink.closeAllConnections();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  }
}
