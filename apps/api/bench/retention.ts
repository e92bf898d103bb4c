/**
 * The retention block of a mode, on a copy of the large fixture: sends, reads by id and a filtered
 * list against one API process, each at saturation for BENCH_SECONDS, first with nothing else
 * running, then while a retention run redacts what a RETENTION_DAYS retention makes old (three
 * quarters of the fixture's year). Reported per request kind: CPU µs per request and p99 of both
 * phases and their ratio, then how long the retention run took and its rows per second.
 *
 * Scaled, the run is a process of its own (as a worker runs maintenance), and a request's CPU is the
 * API process's and that of its PostgreSQL backends (those open before the run starts: the run's
 * own backends are not the requests' cost). Embedded, the run shares the one process and its PGlite,
 * as an embedded deployment runs maintenance, so its CPU cannot be told from the requests': the
 * ratio there is of throughput and p99.
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { updateWorkspaceSettings, applyRetention, type RetentionRun } from '../src/domain/retention.ts';
import { createApiServer } from '../src/app.ts';
import { limitHeapGrowth } from '../src/lib/heap.ts';
import type { Services } from '../src/ports.ts';
import { createServices } from '../src/services.ts';
import { withServices } from './app.ts';
import { appConfig } from './app-config.ts';
import { cpuMicros } from './cpu.ts';
import { closeServer, listen } from './floor.ts';
import { pacedLoad } from './paced.ts';
import type { BenchTarget, Fixture, RunningServer } from './fixture.ts';

// A quarter of the fixture's year stays; the rest is redacted by the run.
const RETENTION_DAYS = 91;
const CONNECTIONS = 32;
/** The line a retention run prints when it is done. */
export const RETENTION_DONE = 'BENCH_RETENTION ';

/** The retention process's PostgreSQL application_name. */
export const RETENTION_APPLICATION = 'textline-bench-retention';

export type RetentionDone = { seconds: number; rows: number; runs: Record<string, RetentionRun> };

/** Sets the bench workspace's retention and applies it once, timed. */
async function runRetention(services: Services, workspaceId: string): Promise<RetentionDone> {
  await updateWorkspaceSettings(services, workspaceId, { retention_days: RETENTION_DAYS });
  const started = performance.now();
  const runs = await applyRetention(services);
  const rows = Object.values(runs).reduce(
    (sum, run) => sum + run.messages + run.inboundMessages + run.webhookDeliveries + run.events,
    0,
  );
  return { seconds: (performance.now() - started) / 1000, rows, runs };
}

/** Scaled: the retention run as a process of its own, started by SIGUSR2 once `ready` has been called. */
export function retentionProcess(target: BenchTarget, workspaceId: string, ready: () => void): Promise<RetentionDone> {
  return withServices(target, async (services) => {
    const started = new Promise((resolve) => process.once('SIGUSR2', resolve));
    ready();
    await started;
    return runRetention(services, workspaceId);
  });
}

/** The app as serveApp serves it; embedded, SIGUSR2 starts the retention run in this process. */
export async function serveRetentionApp(target: BenchTarget, workspaceId: string): Promise<RunningServer> {
  const config = appConfig(target);
  limitHeapGrowth(config.heapGrowthPercent);
  const services = await createServices(config);
  const server = createApiServer(services);
  let running: Promise<unknown> | undefined;
  process.on('SIGUSR2', () => {
    running = runRetention(services, workspaceId).then((done) =>
      process.stdout.write(`${RETENTION_DONE}${JSON.stringify(done)}\n`),
    );
  });
  return {
    port: await listen(server),
    async close() {
      await running;
      await closeServer(server);
      await services.close();
    },
  };
}

export type RetentionServer = { pid: number; port: number; nextLine<T>(prefix: string): Promise<T> };

/** A retention run's process: SIGSTOP between its statements' answers leaves no statement or lock open in the database. */
export type RetentionProcess = { pause(): void; resume(): void; done: Promise<RetentionDone> };

export type RetentionRunner = {
  /** The scenario's server on `target` (reading fixture prepared), for `work`; stopped afterwards. */
  withServer<T>(target: BenchTarget, work: (server: RetentionServer, fixture: Fixture) => Promise<T>): Promise<T>;
  /** Scaled: the retention run in a process of its own, ready, not started until resumed. */
  retentionInChild(target: BenchTarget): Promise<RetentionProcess>;
  /** The target's PostgreSQL client backends now but the retention run's (none embedded). */
  backendPids(target: BenchTarget): Promise<number[]>;
  /** The request lists of the measured kinds, by name. */
  kinds(fixture: Fixture): { name: string; requests: () => autocannon.Request[] }[];
};

type KindMeasurement = {
  requestsPerSecond: number;
  p99: number;
  cpuMicrosPerRequest: number;
  halfP99: number;
  failures: number;
};

const cpuOf = (pids: number[]) => new Map(pids.map((pid) => [pid, cpuMicros(pid)] as const));

/**
 * One kind at saturation (CPU per request, p99), then at `halfRate` (p99), or half its own rate.
 * A request's CPU is that of the processes `pids()` names at the end, since the start (a backend
 * the pool opened meanwhile counts whole; one it closed is missed).
 */
async function measureKind(
  port: number,
  requests: () => autocannon.Request[],
  pids: () => Promise<number[]>,
  halfRate?: number,
): Promise<KindMeasurement> {
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const before = cpuOf(await pids());
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    requests: requests(),
    duration: seconds,
  });
  let used = 0;
  for (const [pid, micros] of cpuOf(await pids())) if (!Number.isNaN(micros)) used += micros - (before.get(pid) ?? 0);
  const half = await pacedLoad(port, requests(), { rate: halfRate ?? result.requests.average / 2, seconds });
  return {
    requestsPerSecond: result.requests.average,
    p99: result.latency.p99,
    cpuMicrosPerRequest: used / result.requests.total,
    halfP99: half.p99,
    failures: result.non2xx + result.errors + half.non2xx + half.errors,
  };
}

const column = (value: string, width: number) => value.padStart(width);

/** Measures and prints the block for `mode` on `target` (a copy of the large fixture). */
export async function measureRetention(mode: 'embedded' | 'postgres', target: BenchTarget, runner: RetentionRunner) {
  const result = await runner.withServer(target, async (server, fixture) => {
    const kinds = runner.kinds(fixture);
    // Warm: every token once with each kind, so both phases find the caches and the pool as they stay.
    for (const kind of kinds) {
      await autocannon({
        url: `http://127.0.0.1:${server.port}`,
        connections: CONNECTIONS,
        requests: kind.requests(),
        amount: fixture.tokens?.length ?? 1_000,
      });
    }
    const pids = async () => [server.pid, ...(await runner.backendPids(target))];
    const without: KindMeasurement[] = [];
    const during: KindMeasurement[] = [];
    // The half load runs at the same rate in both phases, half the saturated rate without the run.
    const measureBoth = async (index: number, phase: 'without' | 'during') =>
      (phase === 'without' ? without : during).push(
        await measureKind(server.port, kinds[index]!.requests, pids, without[index] && without[index].requestsPerSecond / 2),
      );
    // The time the run was going on: every stretch from a resume to a pause, or to its end.
    let runningMs = 0;
    let resumedAt: number | undefined;
    // What both modes answer once the run is done (its running time is complete only then).
    const summary = async (done: Promise<RetentionDone>) => {
      const ended = await done;
      return {
        kinds: kinds.map(({ name }) => name),
        without,
        during,
        done: ended,
        runningMs,
        endedEarly: during.length < kinds.length,
      };
    };
    const stretchEnded = () => {
      if (resumedAt !== undefined) runningMs += performance.now() - resumedAt;
      resumedAt = undefined;
    };
    const state = { ended: false };
    if (target.kind === 'postgres') {
      // Each kind without the run and then with it, back to back, so both meet the same machine.
      const run = await runner.retentionInChild(target);
      const done = run.done.finally(() => {
        stretchEnded();
        state.ended = true;
      });
      for (const index of kinds.keys()) {
        await measureBoth(index, 'without');
        resumedAt = performance.now();
        run.resume();
        await measureBoth(index, 'during');
        if (state.ended) break;
        run.pause();
        stretchEnded();
      }
      resumedAt = performance.now();
      run.resume();
      return summary(done);
    }
    // Embedded, the run is this server's own, and cannot be paused: every kind without it, then with it.
    for (const index of kinds.keys()) await measureBoth(index, 'without');
    process.kill(server.pid, 'SIGUSR2');
    resumedAt = performance.now();
    const done = server.nextLine<RetentionDone>(RETENTION_DONE).finally(() => {
      stretchEnded();
      state.ended = true;
    });
    for (const index of kinds.keys()) {
      await measureBoth(index, 'during');
      if (state.ended) break;
    }
    return summary(done);
  });
  const cpuShown = mode === 'postgres';
  const { done, runningMs, endedEarly } = result;
  const runningSeconds = runningMs / 1000;
  console.log(
    `\nretention run (${mode === 'postgres' ? 'PostgreSQL, a process of its own, paused between the kinds' : 'embedded, in the API process'}): ` +
      `${done.rows.toLocaleString('en')} rows redacted or deleted (${JSON.stringify(Object.values(done.runs)[0])}) ` +
      `in ${runningSeconds.toFixed(1)} s running, ${(done.rows / runningSeconds).toFixed(0)} rows/s` +
      (endedEarly ? '; it ended before every kind was measured with it' : ''),
  );
  console.log(
    [
      column('req/s', 8),
      column('p99', 6),
      column(cpuShown ? 'CPU µs' : '', 8),
      column('req/s', 9),
      column('p99', 6),
      column(cpuShown ? 'CPU µs' : '', 8),
      column(cpuShown ? 'CPU' : 'req/s', 7),
      column('p99', 7),
      column('½ p99', 7),
      column('½ p99', 7),
      column('ratio', 7),
      '  without | during the retention run | ratio | half load without, during, ratio',
    ].join(''),
  );
  if (cpuShown) console.log('  (CPU µs: per request, the API process and its PostgreSQL backends)');
  for (const [index, name] of result.kinds.entries()) {
    const a = result.without[index]!;
    const b = result.during[index];
    if (!b) continue;
    const failures = a.failures + b.failures > 0 ? ` (${a.failures} + ${b.failures} failed)` : '';
    const costRatio = cpuShown ? b.cpuMicrosPerRequest / a.cpuMicrosPerRequest : a.requestsPerSecond / b.requestsPerSecond;
    console.log(
      [
        column(a.requestsPerSecond.toFixed(0), 8),
        column(String(a.p99), 6),
        column(cpuShown ? a.cpuMicrosPerRequest.toFixed(0) : '', 8),
        column(b.requestsPerSecond.toFixed(0), 9),
        column(String(b.p99), 6),
        column(cpuShown ? b.cpuMicrosPerRequest.toFixed(0) : '', 8),
        column(`${costRatio.toFixed(2)}x`, 7),
        column(`${(b.p99 / Math.max(1, a.p99)).toFixed(2)}x`, 7),
        column(a.halfP99.toFixed(0), 7),
        column(b.halfP99.toFixed(0), 7),
        column(`${(b.halfP99 / Math.max(1, a.halfP99)).toFixed(2)}x`, 7),
        `  ${name}${failures}`,
      ].join(''),
    );
  }
}
