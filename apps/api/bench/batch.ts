/**
 * A 1,000-item batch (POST /api/v1/messages/batch) against 1,000 single sends (POST
 * /api/v1/messages, 32 connections), on one server and one database: BENCH_BATCH_ROUNDS rounds
 * (default 5) of each, alternating, after one round of each to warm up. CPU per accepted message of
 * the API process and of every process involved (as the table's all µs).
 *
 * No plan's send bucket holds 1,000 (enterprise: 20), and each item takes one send from it, so the
 * server here serves the app with the send buckets widened to BATCH_SIZE; each round uses a token of
 * its own, whose bucket is then full. Everything else is the app as `npm start` serves it.
 */
import { issueAccessToken } from '../src/auth/tokens.ts';
import type { KeyedLimiter, LimitedKey } from '../src/limits/keyed-limiter.ts';
import { createApiServer } from '../src/app.ts';
import { limitHeapGrowth } from '../src/lib/heap.ts';
import { createServices } from '../src/services.ts';
import { createBenchWorkspace, withServices } from './app.ts';
import { appConfig } from './app-config.ts';
import { closeServer, listen } from './floor.ts';
import { RECIPIENTS, SMS_TEXT, type BenchTarget, type Fixture, type RunningServer } from './fixture.ts';
import type { BatchMeasurement } from './targets.ts';

export const BATCH_SIZE = 1_000;
const ROUNDS = Number(process.env.BENCH_BATCH_ROUNDS ?? 5);
// Per round one token for the single sends and one for the batch, the warm-up round included.
const TOKENS = 2 * (ROUNDS + 1);

/** The bench workspace and a token per round and kind. */
export function prepareBatch(target: BenchTarget): Promise<Fixture> {
  return withServices(target, async (services) => {
    const { workspaceId } = await createBenchWorkspace(services);
    const expiresAt = new Date(Date.now() + 86_400_000);
    const tokens: string[] = [];
    for (let index = 0; index < TOKENS; index += 1) {
      const token = await issueAccessToken(services.prisma, {
        workspaceId,
        scopes: ['messages:write'],
        origin: 'api_key',
        expiresAt,
      });
      tokens.push(token.access_token);
    }
    return { tokens };
  });
}

/** The limiter with every send bucket holding `capacity` (the other limits as they are). */
function widenSendBuckets(limiter: KeyedLimiter, capacity: number): KeyedLimiter {
  const widen = (buckets: LimitedKey[]) =>
    buckets.map((bucket) => (bucket.limit.namespace === 'send' ? { ...bucket, limit: { ...bucket.limit, capacity } } : bucket));
  return {
    take: (...buckets) => limiter.take(...widen(buckets)),
    takeUpTo: (count, ...buckets) => limiter.takeUpTo(count, ...widen(buckets)),
    refund: (...buckets) => limiter.refund(...widen(buckets)),
    reserve: (...buckets) => limiter.reserve(...widen(buckets)),
    settle: (counts, ...buckets) => limiter.settle(counts, ...widen(buckets)),
  };
}

/** The app as serveApp serves it, its send buckets holding BATCH_SIZE. */
export async function serveBatchApp(target: BenchTarget): Promise<RunningServer> {
  const config = appConfig(target);
  limitHeapGrowth(config.heapGrowthPercent);
  const services = await createServices(config);
  services.rateLimiter = widenSendBuckets(services.rateLimiter, BATCH_SIZE);
  const server = createApiServer(services);
  return {
    port: await listen(server),
    async close() {
      await closeServer(server);
      await services.close();
    },
  };
}

let batches = 0;

/** One batch of BATCH_SIZE sends with unique idempotency keys: how many it accepted (202). */
async function sendBatch(port: number, token: string): Promise<number> {
  batches += 1;
  const messages = Array.from({ length: BATCH_SIZE }, (_, index) => ({
    phone_number: `+1415555${1_000 + (index % RECIPIENTS)}`,
    body: SMS_TEXT,
    idempotency_key: `bench-batch-${process.pid}-${batches}-${index}`,
  }));
  const response = await fetch(`http://127.0.0.1:${port}/api/v1/messages/batch`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messages }),
  });
  if (response.status !== 200) throw new Error(`the batch answered ${response.status}: ${await response.text()}`);
  const { results } = (await response.json()) as { results: { status: number }[] };
  return results.filter(({ status }) => status === 202).length;
}

type Cpu = { api: number; all: number };

/**
 * The rounds, on a started server. `cpuOf` runs work and says what CPU it cost; `singles` sends
 * `amount` single sends with the tokens (run.ts's load, 32 connections) and says how many it accepted.
 */
export async function measureBatch(
  port: number,
  fixture: Fixture,
  run: {
    cpuOf<T>(work: () => Promise<T>): Promise<{ value: T; cpu: Cpu }>;
    singles(tokens: string[], amount: number): Promise<{ accepted: number }>;
  },
): Promise<BatchMeasurement> {
  const tokens = fixture.tokens ?? [];
  const total = { single: { accepted: 0, api: 0, all: 0 }, batch: { accepted: 0, api: 0, all: 0 }, seconds: [] as number[] };
  for (let round = 0; round <= ROUNDS; round += 1) {
    const single = await run.cpuOf(() => run.singles([tokens[2 * round]!], BATCH_SIZE));
    const started = performance.now();
    const batch = await run.cpuOf(() => sendBatch(port, tokens[2 * round + 1]!));
    // Round 0 warms the JIT, caches and prepared statements of both paths.
    if (round === 0) continue;
    total.seconds.push((performance.now() - started) / 1000);
    for (const [kind, measured] of [
      ['single', { accepted: single.value.accepted, cpu: single.cpu }],
      ['batch', { accepted: batch.value, cpu: batch.cpu }],
    ] as const) {
      total[kind].accepted += measured.accepted;
      total[kind].api += measured.cpu.api;
      total[kind].all += measured.cpu.all;
    }
  }
  const perMessage = ({ accepted, api, all }: { accepted: number; api: number; all: number }) => ({
    accepted,
    cpuMicrosPerMessage: api / accepted,
    allCpuMicrosPerMessage: all / accepted,
  });
  return {
    rounds: ROUNDS,
    size: BATCH_SIZE,
    single: perMessage(total.single),
    batch: perMessage(total.batch),
    batchSecondsMedian: total.seconds.sort((a, b) => a - b)[Math.floor(total.seconds.length / 2)] ?? Number.NaN,
  };
}
