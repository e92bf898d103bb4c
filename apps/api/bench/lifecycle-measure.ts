/**
 * The lifecycle block of a mode (lifecycle.ts has its processes), on a fresh database each for the
 * floor and the app, to one sink:
 *
 * - Saturation: N messages (BENCH_LIFECYCLE, default 5,000 scaled and 1,000 embedded) sent with
 *   autocannon's 32 connections, after a warm-up of a tenth of that; timed from the first send to
 *   the sink's receipt of the last of the 2N customer webhooks. CPU per message of every process
 *   from /proc: the API, the worker (scaled), the PostgreSQL backends and writers, Redis.
 * - Half load: sends at half the end-to-end rate just measured, evenly spaced for BENCH_SECONDS
 *   (paced.ts), each webhook's time from its event's created_at to its arrival at the sink (what a
 *   customer waits), each send's time to its answer, and, for the app, each message's time from
 *   accepted to handed to the carrier (`dispatched_at - created_at`), read once the processes have
 *   stopped.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { cpuMicros } from './cpu.ts';
import { type DeliverySink, percentile, startDeliverySink } from './delivery-sink.ts';
import type { LifecycleFixture } from './lifecycle.ts';
import { pacedLoad } from './paced.ts';
import type { CpuByGroup, DatabaseWork, Groups, LifecycleMeasurement } from './lifecycle-measurement.ts';
import { lifecycleTargetLines } from './targets.ts';
import { type BenchTarget } from './fixture.ts';
import { sendRequests } from './scenarios.ts';

const CONNECTIONS = 32;
// Each message ends in two customer webhooks: message.sent and message.delivered.
const WEBHOOKS_PER_MESSAGE = 2;
const WAIT_MS = Number(process.env.BENCH_LIFECYCLE_WAIT_S ?? 900) * 1000;
const POLL_MS = 20;
// Time for exiting backends to have reported their counters.
const STATS_FLUSH_MS = 1_000;

export type LifecycleProcess = { pid: number; port: number; stop(): Promise<number> };

export type LifecycleRunner = {
  withTarget<T>(work: (target: BenchTarget) => Promise<T>): Promise<T>;
  /** Runs `run.mjs <kind>` to its end and returns the result it printed. */
  inChild<T>(kind: string, target: BenchTarget, env: Record<string, string>): Promise<T>;
  /** Starts `run.mjs <kind>` and returns once it is ready; `stop` returns its peak RSS. */
  start(kind: string, target: BenchTarget, env: Record<string, string>): Promise<LifecycleProcess>;
  /** The PostgreSQL processes serving the target (backends, autovacuum, writers) and Redis's. */
  databasePids(target: BenchTarget): Promise<{ postgres: number[]; redis: number[] }>;
  /** PostgreSQL's counters of the target's database (pg_stat_database); undefined embedded. */
  databaseWork(target: BenchTarget): Promise<DatabaseWork | undefined>;
};

function defaultMessages(mode: 'embedded' | 'postgres'): number {
  return Number(process.env.BENCH_LIFECYCLE ?? (mode === 'postgres' ? 5_000 : 1_000));
}

const snapshot = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuMicros(pid)] as const));

/** CPU µs of each group since `before` (a process started meanwhile counts whole). */
function usedSince(before: Record<keyof Groups, Map<number, number>>, now: Groups): CpuByGroup {
  const used = (group: keyof Groups) =>
    now[group].reduce((sum, pid) => {
      const micros = cpuMicros(pid);
      return Number.isNaN(micros) ? sum : sum + micros - (before[group].get(pid) ?? 0);
    }, 0);
  return { api: used('api'), worker: used('worker'), postgres: used('postgres'), redis: used('redis') };
}

/** Waits until the sink has received `count` more requests than `base`, or the time-out; returns how many it did. */
async function sinkReceived(sink: DeliverySink, base: number, count: number): Promise<number> {
  const started = performance.now();
  while (sink.received() - base < count && performance.now() - started < WAIT_MS) await sleep(POLL_MS);
  return sink.received() - base;
}

/** `messages` sends at saturation, then until each one's webhooks have reached the sink. */
async function sendAndDeliver(port: number, requests: autocannon.Request[], sink: DeliverySink, messages: number) {
  const base = sink.received();
  const started = performance.now();
  const connections = Math.min(CONNECTIONS, messages);
  const result = await autocannon({ url: `http://127.0.0.1:${port}`, connections, requests, amount: messages });
  const acceptSeconds = (performance.now() - started) / 1000;
  const accepted = result['2xx'];
  const received = await sinkReceived(sink, base, accepted * WEBHOOKS_PER_MESSAGE);
  return {
    acceptSeconds,
    seconds: (performance.now() - started) / 1000,
    completed: Math.floor(received / WEBHOOKS_PER_MESSAGE),
    failedSends: result.non2xx + result.errors,
  };
}

// Sends the half load may take beyond the saturation's (at most its rate times BENCH_SECONDS), for the tokens' buckets.
const HALF_LOAD_SENDS = 10_000;

/** The app: its fixture, then the API and, scaled, `workers` worker processes calling it back. */
async function startApp(target: BenchTarget, sink: DeliverySink, messages: number, runner: LifecycleRunner, workers: number) {
  const { tokens } = await runner.inChild<LifecycleFixture>('--lifecycle-prepare', target, {
    BENCH_SINK_URL: sink.url,
    BENCH_LIFECYCLE_SENDS: String(messages + Math.ceil(messages / 10) + HALF_LOAD_SENDS),
  });
  const api = await runner.start('--lifecycle-api', target, {});
  const started: LifecycleProcess[] = [];
  if (target.kind === 'postgres') {
    for (let index = 0; index < workers; index += 1) {
      started.push(await runner.start('--lifecycle-worker', target, { BENCH_API_URL: `http://127.0.0.1:${api.port}` }));
    }
  }
  return { api, workers: started, tokens };
}

async function measureSide(
  side: 'app' | 'floor',
  mode: 'embedded' | 'postgres',
  sink: DeliverySink,
  runner: LifecycleRunner,
  workerCount = 1,
): Promise<LifecycleMeasurement> {
  const messages = defaultMessages(mode);
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  return runner.withTarget(async (target) => {
    const { api, workers, tokens } =
      side === 'floor'
        ? { api: await runner.start('--lifecycle-floor', target, { BENCH_SINK_URL: sink.url }), workers: [], tokens: [] }
        : await startApp(target, sink, messages, runner, workerCount);
    const requests = side === 'floor' ? sendRequests([], '/messages') : sendRequests(tokens);
    let halfSince = '';
    let measured: Omit<LifecycleMeasurement, 'peakRssMb' | 'half'> & {
      half: Omit<LifecycleMeasurement['half'], 'dispatchP50' | 'dispatchP99'>;
    };
    let peakRssMb = Number.NaN;
    // A backend reports its counters when idle for a while or as it exits: read once before the first
    // send, and again after the processes stopped, over every message sent between.
    const workBefore = await runner.databaseWork(target);
    let sent = 0;
    try {
      const warm = await sendAndDeliver(api.port, requests, sink, Math.ceil(messages / 10));
      sent += warm.completed;
      const groupsNow = async (): Promise<Groups> => ({
        api: [api.pid],
        worker: workers.map((worker) => worker.pid),
        ...(await runner.databasePids(target)),
      });
      const before = await groupsNow();
      const cpuBefore = {
        api: snapshot(before.api),
        worker: snapshot(before.worker),
        postgres: snapshot(before.postgres),
        redis: snapshot(before.redis),
      };
      const saturated = await sendAndDeliver(api.port, requests, sink, messages);
      sent += saturated.completed;
      const cpu = usedSince(cpuBefore, await groupsNow());
      const perMessage = (micros: number) => micros / Math.max(1, saturated.completed);
      const all = cpu.api + cpu.worker + cpu.postgres + cpu.redis;

      // Half load: a steady half of the end-to-end rate just sustained.
      const rate = saturated.completed / saturated.seconds / 2;
      sink.takeLatencies();
      halfSince = new Date().toISOString();
      const base = sink.received();
      const half = await pacedLoad(api.port, requests, { rate, seconds });
      sent += half.sent - half.non2xx - half.errors;
      await sinkReceived(sink, base, (half.sent - half.non2xx - half.errors) * WEBHOOKS_PER_MESSAGE);
      const latencies = sink.takeLatencies();
      measured = {
        messages,
        ...saturated,
        cpuMicrosPerMessage: {
          api: perMessage(cpu.api),
          worker: perMessage(cpu.worker),
          postgres: perMessage(cpu.postgres),
          redis: perMessage(cpu.redis),
          all: perMessage(all),
        },
        half: {
          rate,
          sent: half.sent,
          failedSends: half.non2xx + half.errors,
          eventToDeliveryP50: percentile(latencies, 50),
          eventToDeliveryP99: percentile(latencies, 99),
          acceptP50: half.p50,
          acceptP99: half.p99,
        },
      };
    } finally {
      const rss = await Promise.all([api.stop(), ...workers.map((worker) => worker.stop())]);
      peakRssMb = Math.max(...rss);
    }
    await sleep(STATS_FLUSH_MS);
    const workAfter = await runner.databaseWork(target);
    const databaseWorkPerMessage =
      workBefore && workAfter
        ? {
            transactions: (workAfter.transactions - workBefore.transactions) / sent,
            rowsWritten: (workAfter.rowsWritten - workBefore.rowsWritten) / sent,
          }
        : undefined;
    if (side === 'floor') return { ...measured, databaseWorkPerMessage, peakRssMb };
    const timings = await runner.inChild<{ dispatchP50: number; dispatchP99: number }>('--lifecycle-timings', target, {
      BENCH_LIFECYCLE_SINCE: halfSince,
    });
    return { ...measured, databaseWorkPerMessage, peakRssMb, half: { ...measured.half, ...timings } };
  });
}

const column = (value: string, width: number) => value.padStart(width);
// A NaN crosses the process boundary as null.
const ms = (value: number | null | undefined) =>
  value === undefined || value === null || Number.isNaN(value) ? '-' : value.toFixed(0);

/** Measures and prints the lifecycle block of a mode: its floor, then the app, each on a fresh database. */
export async function measureLifecycle(mode: 'embedded' | 'postgres', runner: LifecycleRunner): Promise<void> {
  const sink = await startDeliverySink();
  try {
    const floor = await measureSide('floor', mode, sink, runner);
    const app = await measureSide('app', mode, sink, runner);
    // BENCH_WORKERS=2 (scaled): the app again with that many worker processes, for the CPU per message against one.
    const workers = mode === 'postgres' ? Number(process.env.BENCH_WORKERS ?? 1) : 1;
    const scaledOut = workers > 1 ? await measureSide('app', mode, sink, runner, workers) : undefined;
    const rows = [
      ['floor: bare node:http, loops and driver, the same writes and HTTP calls', floor],
      ['the app', app],
      ...(scaledOut ? [[`the app, ${workers} worker processes`, scaledOut] as const] : []),
    ] as const;
    console.log(
      `\nlifecycle (${mode === 'postgres' ? 'PostgreSQL + Redis, one worker process' : 'embedded, workers in the API process'}): ` +
        `${app.messages.toLocaleString('en')} messages accepted over HTTP, dispatched to the sandbox carrier, ` +
        `both its signed reports ingested, message.sent and message.delivered delivered to a sink`,
    );
    console.log(
      [
        column('msg/s', 8),
        column('vs floor', 9),
        column('accept s', 9),
        column('all µs', 8),
        column('vs floor', 9),
        column('API', 7),
        column('worker', 7),
        column('PG', 7),
        column('Redis', 7),
        column('RSS MB', 8),
        column('xact', 6),
        column('rows', 6),
        '  (end to end; CPU µs per message of each process; peak RSS of the largest; PostgreSQL transactions and rows written per message)',
      ].join(''),
    );
    for (const [label, measured] of rows) {
      const rate = measured.completed / measured.seconds;
      const cpu = measured.cpuMicrosPerMessage;
      const problems =
        measured.completed < measured.messages || measured.failedSends > 0
          ? `; ${measured.completed} of ${measured.messages} completed, ${measured.failedSends} sends failed`
          : '';
      console.log(
        [
          column(rate.toFixed(0), 8),
          column(`${(rate / (floor.completed / floor.seconds)).toFixed(2)}x`, 9),
          column(measured.acceptSeconds.toFixed(1), 9),
          column(cpu.all.toFixed(0), 8),
          column(`${(cpu.all / floor.cpuMicrosPerMessage.all).toFixed(2)}x`, 9),
          column(cpu.api.toFixed(0), 7),
          column(mode === 'postgres' && measured !== floor ? cpu.worker.toFixed(0) : '-', 7),
          column(mode === 'postgres' ? cpu.postgres.toFixed(0) : '-', 7),
          column(mode === 'postgres' ? cpu.redis.toFixed(0) : '-', 7),
          column(measured.peakRssMb.toFixed(0), 8),
          column(measured.databaseWorkPerMessage?.transactions.toFixed(1) ?? '-', 6),
          column(measured.databaseWorkPerMessage?.rowsWritten.toFixed(1) ?? '-', 6),
          `  ${label}${problems}`,
        ].join(''),
      );
    }
    for (const [label, { half }] of [['floor', floor] as const, ...rows.slice(1)]) {
      const accepted =
        half.dispatchP50 === undefined
          ? ''
          : `; accepted to handed to the carrier p50 ${ms(half.dispatchP50)} ms, p99 ${ms(half.dispatchP99)} ms`;
      const failed = half.failedSends > 0 ? ` (${half.failedSends} failed)` : '';
      console.log(
        `  half load, ${label}: ${half.sent} sends at ${half.rate.toFixed(0)}/s${failed}, answered p50 ${ms(half.acceptP50)} ms, ` +
          `p99 ${ms(half.acceptP99)} ms: event to delivery p50 ` +
          `${ms(half.eventToDeliveryP50)} ms, p99 ${ms(half.eventToDeliveryP99)} ms${accepted}`,
      );
    }
    for (const line of lifecycleTargetLines(floor, app, scaledOut && { workers, measured: scaledOut })) console.log(line);
  } finally {
    await sink.close();
  }
}
