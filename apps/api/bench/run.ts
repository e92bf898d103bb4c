/**
 * npm run bench: each scenario of scenarios.ts against its own server process on loopback, for
 * BENCH_SECONDS (default 10) with autocannon, in the embedded mode (PGlite) and, when
 * BENCH_DATABASE_URL names a PostgreSQL server, the scaled mode (a fresh database on it, dropped
 * afterwards; BENCH_REDIS_URL adds Redis). For each: requests/s at saturation with p50 and p99, p50
 * and p99 again under a steady load at half that rate (paced.ts), the server's peak RSS, its CPU
 * per request and that of every process involved (the database's and Redis's included), and the
 * throughput as a ratio of the run's floor and of a floor measured again just before the scenario
 * (pairedFloor). In the scaled mode, scenarios marked `twoProcesses` are also run on two API
 * processes sharing the database and Redis, against one. Scenarios marked `hot` are measured again
 * on a copy of the large fixture (fixture-store.ts; BENCH_SCALE=0 skips it). Then the targets
 * (targets.ts), sends and reads during a retention run on the large fixture (retention.ts), the lifecycle of a
 * message end to end (lifecycle-measure.ts), the fan-out, a paced campaign (paced-campaign.ts) and customer
 * webhook deliveries per second.
 *
 * Internally `run.ts --prepare <index>` makes a scenario's fixture and exits, `run.ts --serve <index>` is a server process of one
 * scenario, `run.ts --large-fixture` builds the large fixture, `run.ts --deliveries` is the delivery measurement's process and
 * `run.ts --lifecycle-*` are the lifecycle's (lifecycle.ts), `run.ts --retention-*` the retention block's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import { createTestDatabaseUrl } from '@textline/db/testing';
import { cpuMicros } from './cpu.ts';
import type { DeliveryMeasurement } from './deliveries.ts';
import { type DeliverySink, startDeliverySink } from './delivery-sink.ts';
import { copyFixtureDatabase, copyFixtureDirectory, ensureLargeFixture, type LargeFixture } from './fixture-store.ts';
import { pacedLoad } from './paced.ts';
import { type BenchTarget, type Fixture, type LargeFixtureInfo, type LargeFixtureSize, type RunningServer } from './fixture.ts';
import { type Scenario, GET, LIST, scenarios, SEND, sendRequests } from './scenarios.ts';
import type { RetentionDone } from './retention.ts';
import { BATCH, type BatchMeasurement, batchLines, type Measurement, type ServerDelays, targetLines } from './targets.ts';

const READY = 'BENCH_READY ';
const RESULT = 'BENCH_RESULT ';
const STATS = 'BENCH_STATS ';
const CONNECTIONS = 32;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

const peakRssMb = () => process.resourceUsage().maxRSS / 1024;

/** A child's last words: its peak RSS, printed as it exits. */
function reportOnExit(work: () => Promise<unknown>): void {
  process.once('SIGTERM', () => {
    work().then(
      () => {
        process.stdout.write(`${RESULT}${JSON.stringify({ peakRssMb: peakRssMb() })}\n`);
        process.exit(0);
      },
      () => process.exit(1),
    );
  });
}

function scenarioOf(index: number): Scenario {
  const scenario = scenarios[index];
  if (!scenario) throw new Error(`no scenario ${index}`);
  return scenario;
}

const childTarget = () => JSON.parse(process.env.BENCH_TARGET!) as BenchTarget;

/**
 * A server's own delays, printed and restarted on SIGUSR2: the event loop's lateness (99th
 * percentile and worst) and its garbage collection pauses (worst and summed), to tell the half-load
 * latency this process adds from what the machine adds.
 */
function watchDelays(): void {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  let gcMax = 0;
  let gcTotal = 0;
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries()) {
      gcMax = Math.max(gcMax, entry.duration);
      gcTotal += entry.duration;
    }
  }).observe({ entryTypes: ['gc'] });
  process.on('SIGUSR2', () => {
    const ms = (nanoseconds: number) => Number((nanoseconds / 1e6).toFixed(1));
    const delays: ServerDelays = {
      loopP99: ms(loop.percentile(99)),
      loopMax: ms(loop.max),
      gcMax: Number(gcMax.toFixed(1)),
      gcTotal: Math.round(gcTotal),
    };
    process.stdout.write(`${STATS}${JSON.stringify(delays)}\n`);
    loop.reset();
    gcMax = 0;
    gcTotal = 0;
  });
}

async function serve(index: number): Promise<void> {
  watchDelays();
  const running: RunningServer = await scenarioOf(index).serve(childTarget());
  process.stdout.write(`${READY}${JSON.stringify({ port: running.port })}\n`);
  reportOnExit(() => running.close());
}

async function prepare(index: number): Promise<void> {
  const fixture = await scenarioOf(index).prepare(childTarget());
  process.stdout.write(`${RESULT}${JSON.stringify(fixture)}\n`);
}

type Child = { child: ChildProcess; lines: AsyncIterableIterator<string> };

// The bench's own processes run it bundled, as `npm start` runs the API: plain node, no tsx loader
// (main builds it first). Each side's code loads only when imported, so the floor loads none of the app.
const childEntry = fileURLToPath(new URL('../dist/bench/run.mjs', import.meta.url));

/** A bench process; `measured` (servers and the delivery measurement, not fixture preparation) gets the flags below. */
function spawnChild(args: string[], target: BenchTarget, measured = true, env: Record<string, string> = {}): Child {
  // BENCH_CPU_PROF=<dir> writes each measured process's V8 CPU profile there as it exits.
  const profile = measured && process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  // BENCH_SERVER_FLAGS: Node/V8 flags for the measured processes (some V8 flags are refused in NODE_OPTIONS).
  const flags = measured ? (process.env.BENCH_SERVER_FLAGS?.split(' ').filter(Boolean) ?? []) : [];
  const child = spawn(process.execPath, [...flags, ...profile, childEntry, ...args], {
    env: { ...process.env, ...env, BENCH_TARGET: JSON.stringify(target) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return { child, lines: createInterface({ input: child.stdout })[Symbol.asyncIterator]() };
}

/** The next line of a child starting with `prefix`, parsed. */
async function nextLine<T>({ child, lines }: Child, prefix: string): Promise<T> {
  for (;;) {
    const { value, done } = await lines.next();
    if (done) throw new Error(`bench process ${child.pid} exited (${child.exitCode}) before printing ${prefix.trim()}`);
    if (value.startsWith(prefix)) return JSON.parse(value.slice(prefix.length)) as T;
  }
}

type Server = Child & { port: number };

/** The scenario's fixture, made in a process of its own that exits before any server starts. */
async function prepareInChild(index: number, target: BenchTarget): Promise<Fixture> {
  const preparing = spawnChild(['--prepare', String(index)], target, false);
  const fixture = await nextLine<Fixture>(preparing, RESULT);
  if (preparing.child.exitCode === null) await new Promise((resolve) => preparing.child.once('exit', resolve));
  return fixture;
}

async function startServer(index: number, target: BenchTarget): Promise<Server> {
  const started = spawnChild(['--serve', String(index)], target);
  return { ...started, ...(await nextLine<{ port: number }>(started, READY)) };
}

/** The server's delays since the last call (see watchDelays). */
function serverDelays(server: Server): Promise<ServerDelays> {
  const delays = nextLine<ServerDelays>(server, STATS);
  server.child.kill('SIGUSR2');
  return delays;
}

/** Stops a server and returns its peak RSS in MB. */
async function stopServer(server: Server): Promise<number> {
  const result = nextLine<{ peakRssMb: number }>(server, RESULT).catch(() => ({ peakRssMb: Number.NaN }));
  server.child.kill('SIGTERM');
  const killer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  const { peakRssMb: rss } = await result;
  if (server.child.exitCode === null) await new Promise((resolve) => server.child.once('exit', resolve));
  clearTimeout(killer);
  return rss;
}

/**
 * The processes a request involves besides the API processes, by pid: in the scaled mode the
 * PostgreSQL processes serving the target's database (its backends and autovacuum workers) and the
 * server's own background writers (checkpointer, WAL writer, background writer), and Redis. The
 * writers and Redis are shared with whatever else uses the server: on a quiet machine, that is nothing.
 */
async function databasePids(target: BenchTarget): Promise<number[]> {
  const { postgres, redis } = await databasePidsByServer(target);
  return [...postgres, ...redis];
}

/** databasePids, PostgreSQL's and Redis's apart. */
async function databasePidsByServer(target: BenchTarget): Promise<{ postgres: number[]; redis: number[] }> {
  if (target.kind !== 'postgres') return { postgres: [], redis: [] };
  const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await client.connect();
  let postgres: number[];
  try {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
       WHERE datname = $1 OR (datname IS NULL AND backend_type IN ('checkpointer', 'walwriter', 'background writer'))`,
      [new URL(target.databaseUrl).pathname.slice(1)],
    );
    postgres = rows.map(({ pid }) => pid);
  } finally {
    await client.end();
  }
  if (!target.redis) return { postgres, redis: [] };
  const redis = new Redis(target.redis.url);
  try {
    const pid = /process_id:(\d+)/.exec(await redis.info('server'))?.[1];
    return { postgres, redis: pid ? [Number(pid)] : [] };
  } finally {
    redis.disconnect();
  }
}

type CpuSnapshot = { api: Map<number, number>; others: Map<number, number> };

const cpuOfPids = (pids: (number | undefined)[]) => new Map(pids.flatMap((pid) => (pid ? [[pid, cpuMicros(pid)] as const] : [])));

async function cpuSnapshot(servers: Server[], target: BenchTarget): Promise<CpuSnapshot> {
  return { api: cpuOfPids(servers.map(({ child }) => child.pid)), others: cpuOfPids(await databasePids(target)) };
}

/**
 * CPU µs used since `before` by the API processes, and by them with every other process involved
 * (a database backend started meanwhile counts whole; one that ended meanwhile is missed).
 */
async function cpuSince(before: CpuSnapshot, servers: Server[], target: BenchTarget): Promise<{ api: number; all: number }> {
  const after = await cpuSnapshot(servers, target);
  const used = (now: Map<number, number>, then: Map<number, number>) =>
    [...now].reduce((sum, [pid, micros]) => sum + micros - (then.get(pid) ?? 0), 0);
  const api = used(after.api, before.api);
  return { api, all: api + used(after.others, before.others) };
}

function load(port: number, requests: autocannon.Request[], options: { duration?: number; amount?: number }) {
  return autocannon({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, requests, ...options });
}

async function warm(scenario: Scenario, server: Server, fixture: Fixture): Promise<void> {
  const warmup = scenario.warmupRequests(fixture);
  if (warmup > 0) await load(server.port, scenario.requests(fixture), { amount: Math.max(warmup, CONNECTIONS) });
}

/** Runs `work` against started servers, stops them whatever happens, and adds their largest peak RSS. */
async function withServers<T>(servers: Server[], work: () => Promise<T>): Promise<T & { peakRssMb: number }> {
  const outcome = await work().then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );
  const rss = Math.max(...(await Promise.all(servers.map((server) => stopServer(server)))));
  if (!outcome.ok) throw outcome.error;
  return { ...outcome.value, peakRssMb: rss };
}

/** `count` servers of the scenario on one fixture, each warmed, for `work`; stopped afterwards with their largest peak RSS added (withServers). */
async function withWarmServers<T>(
  scenario: Scenario,
  index: number,
  target: BenchTarget,
  count: number,
  work: (servers: Server[], fixture: Fixture) => Promise<T>,
) {
  const fixture = await prepareInChild(index, target);
  const servers: Server[] = [];
  for (let started = 0; started < count; started += 1) servers.push(await startServer(index, target));
  return withServers(servers, async () => {
    for (const server of servers) await warm(scenario, server, fixture);
    return work(servers, fixture);
  });
}

/** One server of the scenario (withWarmServers). */
function withWarmServer<T>(
  scenario: Scenario,
  index: number,
  target: BenchTarget,
  work: (server: Server, fixture: Fixture) => Promise<T>,
) {
  return withWarmServers(scenario, index, target, 1, ([server], fixture) => work(server!, fixture));
}

/** Answers of a saturated load other than a 2xx, or than the scenario's expected status. */
function unexpectedAnswers(scenario: Scenario, result: autocannon.Result): number {
  if (scenario.expectedStatus === undefined) return result.non2xx;
  const expected = (result.statusCodeStats as Record<string, { count: number }>)[scenario.expectedStatus]?.count ?? 0;
  return result.requests.total - expected;
}

async function measure(scenario: Scenario, index: number, target: BenchTarget, floorRate?: number): Promise<Measurement> {
  return withWarmServer(scenario, index, target, async (server, fixture) => {
    const cpuBefore = await cpuSnapshot([server], target);
    const peak = await load(server.port, scenario.requests(fixture), { duration: seconds });
    const cpu = await cpuSince(cpuBefore, [server], target);
    // The latency a user sees when the server is not saturated: a steady half of the rate it just
    // sustained, or the floor's whole rate for a scenario that must hold it.
    const rate = scenario.atFloorRate && floorRate ? floorRate : peak.requests.average / 2;
    await serverDelays(server);
    const half = await pacedLoad(server.port, scenario.requests(fixture), {
      rate,
      seconds,
      expectedStatus: scenario.expectedStatus,
    });
    const halfServerDelays = await serverDelays(server);
    return {
      scenario,
      requestsPerSecond: peak.requests.average,
      peak: { p50: peak.latency.p50, p99: peak.latency.p99 },
      halfLoad: { p50: half.p50, p99: half.p99, senderLateP99: half.lateP99, server: halfServerDelays },
      cpuMicrosPerRequest: cpu.api / peak.requests.total,
      allCpuMicrosPerRequest: cpu.all / peak.requests.total,
      non2xx: unexpectedAnswers(scenario, peak) + half.non2xx,
      errors: peak.errors + half.errors,
      ...(scenario.atFloorRate && floorRate && { steadyRate: rate }),
    };
  });
}

/**
 * The floor's throughput at saturation alone, for the scenario measured right after it. This
 * machine's speed drifts by a fifth or more within minutes (its neighbours), so the run's one floor,
 * measured first, may have met another machine than a scenario measured minutes later; a floor next
 * to the scenario meets the same one.
 */
async function pairedFloor(index: number, target: BenchTarget): Promise<number> {
  const scenario = scenarioOf(index);
  const { requestsPerSecond } = await withWarmServer(scenario, index, target, async (server, fixture) => ({
    requestsPerSecond: (await load(server.port, scenario.requests(fixture), { duration: seconds })).requests.average,
  }));
  return requestsPerSecond;
}

/** The scenario over two API processes on one database and Redis, loaded at once. */
async function measureTwoProcesses(
  scenario: Scenario,
  index: number,
  target: BenchTarget,
): Promise<NonNullable<Measurement['twoProcesses']>> {
  return withWarmServers(scenario, index, target, 2, async (servers, fixture) => {
    const cpuBefore = await cpuSnapshot(servers, target);
    const results = await Promise.all(
      servers.map((server) => load(server.port, scenario.requests(fixture), { duration: seconds })),
    );
    const cpu = await cpuSince(cpuBefore, servers, target);
    const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
    return {
      requestsPerSecond: results.reduce((sum, result) => sum + result.requests.average, 0),
      non2xx: results.reduce((sum, result) => sum + result.non2xx + result.errors, 0),
      cpuMicrosPerRequest: cpu.api / requests,
      allCpuMicrosPerRequest: cpu.all / requests,
    };
  });
}

/** Deletes every key under `keyPrefix`: a scenario's rate-limit buckets and its jobs' wakes, which no worker takes in the bench. */
async function deleteRedisKeys(url: string, keyPrefix: string): Promise<void> {
  const redis = new Redis(url);
  try {
    for await (const keys of redis.scanStream({ match: `${keyPrefix}:*`, count: 1_000 }) as AsyncIterable<string[]>) {
      if (keys.length > 0) await redis.unlink(...keys);
    }
  } finally {
    redis.disconnect();
  }
}

/**
 * A fresh database and Redis key prefix per scenario, so no scenario measures another's leftovers
 * (in Redis, hundreds of thousands of queued wakes after a few runs); both are removed afterwards.
 * Empty, or with `large` a copy of the large fixture.
 */
async function withTarget<T>(
  mode: 'embedded' | 'postgres',
  work: (target: BenchTarget) => Promise<T>,
  large?: LargeFixture,
): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'textline-bench-'));
  const baseUrl = process.env.BENCH_DATABASE_URL!;
  let database: { url: string; drop(): Promise<void> } | undefined;
  if (mode === 'postgres' && large?.location.kind === 'postgres') {
    const name = `bench_${Date.now().toString(36)}_${randomUUID().slice(0, 8)}`;
    database = {
      url: await copyFixtureDatabase(baseUrl, large.location.database, name),
      drop: () => dropDatabase(baseUrl, name),
    };
  } else if (mode === 'postgres') database = await createTestDatabaseUrl(baseUrl);
  else if (large) await copyFixtureDirectory(large, dataDir);
  const redisUrl = process.env.BENCH_REDIS_URL;
  const redis = database && redisUrl ? { url: redisUrl, keyPrefix: `textline-bench-${randomUUID()}` } : undefined;
  try {
    const target: BenchTarget = database
      ? { kind: 'postgres', dataDir, databaseUrl: database.url, redis }
      : { kind: 'pglite', dataDir };
    return await work(large ? { ...target, large: large.info } : target);
  } finally {
    await database?.drop();
    if (redis) await deleteRedisKeys(redis.url, redis.keyPrefix);
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function dropDatabase(baseUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** The large fixture of `mode`, built by a process of its own that exits before any server starts (fixture-store.ts). */
async function largeFixtureOf(mode: 'embedded' | 'postgres'): Promise<LargeFixture> {
  const fixture = await ensureLargeFixture(mode, async (target, size) => {
    const building = spawnChild(['--large-fixture'], target, false, { BENCH_FIXTURE_SIZE: JSON.stringify(size) });
    const info = await nextLine<LargeFixtureInfo>(building, RESULT);
    if (building.child.exitCode === null) await new Promise((resolve) => building.child.once('exit', resolve));
    return info;
  });
  const { size } = fixture.info;
  const counts =
    `${size.messages.toLocaleString('en')} messages, ${size.conversations.toLocaleString('en')} conversations with ` +
    `${(size.conversations * 2).toLocaleString('en')} replies, ${size.suppressions.toLocaleString('en')} suppressions, ` +
    `${size.contacts.toLocaleString('en')} contacts, ${(size.ledgerEntriesPerDay * 365).toLocaleString('en')} ledger entries`;
  console.log(
    `large fixture (${mode}): ${counts}; ${fixture.reused ? 'reused, built' : 'built'} in ${fixture.buildSeconds.toFixed(0)} s`,
  );
  return fixture;
}

const column = (value: string, width: number) => value.padStart(width);

function report(mode: 'embedded' | 'postgres', measurements: Measurement[], batch?: BatchMeasurement): void {
  const title = mode === 'embedded' ? 'embedded (PGlite)' : `PostgreSQL${process.env.BENCH_REDIS_URL ? ' + Redis' : ''}`;
  const floor = measurements.find((measurement) => measurement.scenario.floor);
  console.log(`\n${title}: ${CONNECTIONS} connections, ${seconds} s per scenario and load`);
  console.log(
    [
      column('req/s', 8),
      column('p50', 6),
      column('p99', 6),
      column('½ p50', 7),
      column('½ p99', 7),
      column('RSS MB', 8),
      column('CPU µs', 8),
      column('all µs', 8),
      column('vs floor', 9),
      column('vs paired', 10),
      '  scenario',
    ].join(''),
  );
  console.log(
    `  (all µs: CPU per request of the API process${mode === 'postgres' ? ', its PostgreSQL backends and writers, and Redis' : ', PGlite inside it'})`,
  );
  const ratio = (requestsPerSecond: number, floorRequestsPerSecond: number | undefined) =>
    floorRequestsPerSecond ? `${(requestsPerSecond / floorRequestsPerSecond).toFixed(2)}x` : '-';
  const row = (measured: Measurement, vsFloor: string, vsPaired: string, name: string) => {
    const problems = measured.non2xx + measured.errors > 0 ? `  (${measured.non2xx} non-2xx, ${measured.errors} errors)` : '';
    return [
      column(measured.requestsPerSecond.toFixed(0), 8),
      column(String(measured.peak.p50), 6),
      column(String(measured.peak.p99), 6),
      column(String(measured.halfLoad.p50), 7),
      column(String(measured.halfLoad.p99), 7),
      column(measured.peakRssMb.toFixed(0), 8),
      column(measured.cpuMicrosPerRequest.toFixed(0), 8),
      column(measured.allCpuMicrosPerRequest.toFixed(0), 8),
      column(vsFloor, 9),
      column(vsPaired, 10),
      `  ${name}${problems}`,
    ].join('');
  };
  for (const measured of measurements) {
    const { scenario, requestsPerSecond, twoProcesses, pairedFloorRequestsPerSecond, large } = measured;
    console.log(
      row(
        measured,
        ratio(requestsPerSecond, floor?.requestsPerSecond),
        ratio(requestsPerSecond, pairedFloorRequestsPerSecond),
        scenario.name,
      ),
    );
    if (twoProcesses) {
      const scaling = (twoProcesses.requestsPerSecond / requestsPerSecond).toFixed(2);
      const cpu = (twoProcesses.allCpuMicrosPerRequest / measured.allCpuMicrosPerRequest).toFixed(2);
      const failures = twoProcesses.non2xx > 0 ? `, ${twoProcesses.non2xx} non-2xx/errors` : '';
      console.log(
        `${column(twoProcesses.requestsPerSecond.toFixed(0), 8)}  ${scaling}x of one process: two API processes, ` +
          `${twoProcesses.cpuMicrosPerRequest.toFixed(0)} µs each request in them, ${twoProcesses.allCpuMicrosPerRequest.toFixed(0)} µs in all ` +
          `(${cpu}x of one; ${twoProcesses.peakRssMb.toFixed(0)} MB peak RSS each at most${failures})`,
      );
    }
    if (large) {
      const cpu = `${(large.allCpuMicrosPerRequest / measured.allCpuMicrosPerRequest).toFixed(2)}x`;
      console.log(
        row(
          large,
          ratio(large.requestsPerSecond, floor?.requestsPerSecond),
          '',
          `… on the large fixture: all µs ${cpu} of empty`,
        ),
      );
    }
  }
  // Where a half-load p99 comes from: the load's own sender running late, the server's event loop
  // running late (its work, or its GC pauses), or neither (the database, Redis, the machine).
  console.log(`half load, in ms: sender late p99 | server event loop late p99, worst | server GC pause worst, sum`);
  for (const { scenario, halfLoad, large } of measurements) {
    for (const [delays, name] of [
      [halfLoad, scenario.name],
      ...(large ? [[large.halfLoad, `${scenario.name}, on the large fixture`] as const] : []),
    ] as const) {
      const { senderLateP99, server } = delays;
      console.log(
        [
          column(String(senderLateP99), 8),
          column(String(server.loopP99), 10),
          column(String(server.loopMax), 7),
          column(String(server.gcMax), 10),
          column(String(server.gcTotal), 7),
          `  ${name}`,
        ].join(''),
      );
    }
  }
  console.log(`targets (${title}):`);
  if (batch) console.log(batchLines(batch));
  for (const line of targetLines(mode, measurements, batch)) console.log(`  ${line}`);
}

async function deliveriesInChild(
  kind: '--deliveries' | '--delivery-floor',
  target: BenchTarget,
  sink: DeliverySink,
): Promise<DeliveryMeasurement & { peakRssMb: number }> {
  const child = spawnChild([kind], target, true, { BENCH_SINK_URL: sink.url });
  return nextLine(child, RESULT);
}

/** The floor of the deliveries, then the app's, each on a fresh database, to one sink; printed as one block. */
async function measureAllDeliveries(mode: 'embedded' | 'postgres'): Promise<void> {
  const sink = await startDeliverySink();
  try {
    const floor = await withTarget(mode, (target) => deliveriesInChild('--delivery-floor', target, sink));
    const app = await withTarget(mode, (target) => deliveriesInChild('--deliveries', target, sink));
    const line = (label: string, measured: DeliveryMeasurement & { peakRssMb: number }, ratio: string) =>
      console.log(
        [
          column(measured.perSecond.toFixed(0), 8),
          column(ratio, 9),
          column(measured.cpuMicrosPerDelivery.toFixed(0), 8),
          column(measured.peakRssMb.toFixed(0), 8),
          `  ${label} (${measured.deliveries} in ${measured.seconds.toFixed(1)} s)`,
        ].join(''),
      );
    console.log(`${column('deliv/s', 8)}${column('vs floor', 9)}${column('CPU µs', 8)}${column('RSS MB', 8)}  ${DELIVERIES}`);
    line('floor: claim, POST with undici keep-alive, record; bare loops on the same database', floor, '1.00x');
    line(`${DELIVERIES} by the job workers`, app, `${(app.perSecond / floor.perSecond).toFixed(2)}x`);
    console.log(`         ${sink.received()} requests received by the sink`);
  } finally {
    await sink.close();
  }
}

function describeMachine(): string {
  const [one, five] = loadavg();
  return `${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.version}, load average ${one!.toFixed(1)} (1 min) ${five!.toFixed(1)} (5 min)`;
}

const DELIVERIES = 'customer webhook deliveries';
const FANOUT = 'campaign fan-out';
const LIFECYCLE = 'lifecycle';
const PACED_CAMPAIGN = 'paced campaign';
const RETENTION = 'retention';

/** The retention block (retention.ts) on a copy of the large fixture. */
async function measureRetentionIn(mode: 'embedded' | 'postgres', large: LargeFixture): Promise<void> {
  const { measureRetention, RETENTION_APPLICATION, RETENTION_DONE } = await import('./retention.ts');
  const readingIndex = scenarios.findIndex((scenario) => scenario.name === GET);
  const kindNames = [SEND, GET, LIST];
  await withTarget(
    mode,
    (target) =>
      measureRetention(mode, target, {
        async withServer(on, work) {
          const fixture = await prepareInChild(readingIndex, on);
          const started = spawnChild(['--retention-serve'], on);
          const server: Server = { ...started, ...(await nextLine<{ port: number }>(started, READY)) };
          return withServers([server], () =>
            work({ pid: server.child.pid!, port: server.port, nextLine: (prefix) => nextLine(server, prefix) }, fixture),
          );
        },
        async retentionInChild(on) {
          if (on.kind !== 'postgres') throw new Error('the embedded retention run is the server process itself');
          // Named, so that its backends are not counted as the requests' (backendPids).
          const databaseUrl = new URL(on.databaseUrl);
          databaseUrl.searchParams.set('application_name', RETENTION_APPLICATION);
          const child = spawnChild(['--retention-run'], { ...on, databaseUrl: databaseUrl.toString() });
          await nextLine(child, READY);
          let started = false;
          return {
            // Stopped between two of its statements' answers, it leaves no statement or lock open.
            pause: () => child.child.kill('SIGSTOP'),
            resume() {
              child.child.kill(started ? 'SIGCONT' : 'SIGUSR2');
              started = true;
            },
            done: (async () => {
              const done = await nextLine<RetentionDone>(child, RETENTION_DONE);
              if (child.child.exitCode === null) await new Promise((resolve) => child.child.once('exit', resolve));
              return done;
            })(),
          };
        },
        async backendPids(on) {
          if (on.kind !== 'postgres') return [];
          const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
          await client.connect();
          try {
            const { rows } = await client.query<{ pid: number }>(
              `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND backend_type = 'client backend' AND application_name <> $2`,
              [new URL(on.databaseUrl).pathname.slice(1), RETENTION_APPLICATION],
            );
            return rows.map(({ pid }) => pid);
          } finally {
            await client.end();
          }
        },
        kinds: (fixture) =>
          kindNames.map((name) => ({
            name,
            requests: () => scenarios.find((scenario) => scenario.name === name)!.requests(fixture),
          })),
      }),
    large,
  );
}

/** The lifecycle block (lifecycle-measure.ts): its processes are this run's children, measured as the servers are. */
async function measureLifecycleIn(mode: 'embedded' | 'postgres'): Promise<void> {
  const { measureLifecycle } = await import('./lifecycle-measure.ts');
  await measureLifecycle(mode, {
    withTarget: (work) => withTarget(mode, work),
    async inChild<T>(kind: string, target: BenchTarget, env: Record<string, string>): Promise<T> {
      const child = spawnChild([kind], target, false, env);
      const result = await nextLine<T>(child, RESULT);
      if (child.child.exitCode === null) await new Promise((resolve) => child.child.once('exit', resolve));
      return result;
    },
    async start(kind: string, target: BenchTarget, env: Record<string, string>) {
      const started = spawnChild([kind], target, true, env);
      const server: Server = { ...started, ...(await nextLine<{ port: number }>(started, READY)) };
      return { pid: server.child.pid!, port: server.port, stop: () => stopServer(server) };
    },
    databasePids: databasePidsByServer,
    async databaseWork(target) {
      if (target.kind !== 'postgres') return undefined;
      const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
      await client.connect();
      try {
        const { rows } = await client.query<{ transactions: number; rows_written: number }>(
          `SELECT (xact_commit + xact_rollback)::float8 AS transactions, (tup_inserted + tup_updated + tup_deleted)::float8 AS rows_written
           FROM pg_stat_database WHERE datname = $1`,
          [new URL(target.databaseUrl).pathname.slice(1)],
        );
        return { transactions: rows[0]?.transactions ?? 0, rowsWritten: rows[0]?.rows_written ?? 0 };
      } finally {
        await client.end();
      }
    },
  });
}

/** The campaign fan-out block (fanout.ts), its dispatch rate against the run's floor. */
async function measureFanoutIn(mode: 'embedded' | 'postgres', measurements: Measurement[]): Promise<void> {
  const { measureFanout } = await import('./fanout.ts');
  await measureFanout(mode, measurements.find((measured) => measured.scenario.floor)?.requestsPerSecond, {
    withTarget: (work) => withTarget(mode, work),
    async inChild<T>(kind: string, target: BenchTarget, env: Record<string, string>): Promise<T> {
      const child = spawnChild([kind], target, true, env);
      const result = await nextLine<T>(child, RESULT);
      if (child.child.exitCode === null) await new Promise((resolve) => child.child.once('exit', resolve));
      return result;
    },
  });
}

/**
 * The batch block (batch.ts): rounds of 1,000 single sends and of one 1,000-item batch, alternating,
 * on one server and database, each round with a token of its own.
 */
async function measureBatchIn(mode: 'embedded' | 'postgres'): Promise<BatchMeasurement> {
  const { measureBatch } = await import('./batch.ts');
  return withTarget(mode, async (target) => {
    const preparing = spawnChild(['--batch-prepare'], target, false);
    const fixture = await nextLine<Fixture>(preparing, RESULT);
    if (preparing.child.exitCode === null) await new Promise((resolve) => preparing.child.once('exit', resolve));
    const started = spawnChild(['--batch-serve'], target);
    const server: Server = { ...started, ...(await nextLine<{ port: number }>(started, READY)) };
    return withServers([server], async () => {
      const cpuOf = async <T>(work: () => Promise<T>) => {
        const before = await cpuSnapshot([server], target);
        const value = await work();
        return { value, cpu: await cpuSince(before, [server], target) };
      };
      return measureBatch(server.port, fixture, {
        cpuOf,
        singles: async (tokens, amount) => {
          const result = await load(server.port, sendRequests(tokens), { amount });
          return { accepted: result.requests.total - result.non2xx - result.errors };
        },
      });
    });
  });
}

/** BENCH_ONLY=sends,GET runs only the scenarios whose names contain one of those words (and the floors). */
function selected(scenario: Pick<Scenario, 'name' | 'floor'>): boolean {
  const only = process.env.BENCH_ONLY?.split(',').filter(Boolean);
  return !only || scenario.floor === true || only.some((word) => scenario.name.includes(word));
}

async function main(): Promise<void> {
  await (await import('../scripts/bundle.ts')).bundle({ run: 'bench/run.ts' }, dirname(childEntry));
  console.log(`machine: ${describeMachine()}`);
  const modes = (['embedded', ...(process.env.BENCH_DATABASE_URL ? ['postgres' as const] : [])] as const).filter(
    (mode) => !process.env.BENCH_MODES || process.env.BENCH_MODES.split(',').includes(mode),
  );
  const floorIndex = scenarios.findIndex((scenario) => scenario.floor);
  // BENCH_SCALE=0 skips the large fixture (quick runs).
  const scale =
    process.env.BENCH_SCALE !== '0' &&
    (scenarios.some((scenario) => scenario.hot && selected(scenario)) || selected({ name: RETENTION }));
  for (const mode of modes) {
    const large = scale ? await largeFixtureOf(mode) : undefined;
    const measurements: Measurement[] = [];
    // The floors run with a scenario of the table or the fan-out (its ratio), not alone (BENCH_ONLY=lifecycle).
    const tableNeeded = scenarios.some((scenario) => !scenario.floor && selected(scenario)) || selected({ name: FANOUT });
    for (const [index, scenario] of scenarios.entries()) {
      if (!selected(scenario) || !tableNeeded) continue;
      const pairedFloorRequestsPerSecond = scenario.floor
        ? undefined
        : await withTarget(mode, (target) => pairedFloor(floorIndex, target));
      const measurement: Measurement = {
        ...(await withTarget(mode, (target) => measure(scenario, index, target, pairedFloorRequestsPerSecond))),
        pairedFloorRequestsPerSecond,
      };
      if (mode === 'postgres' && scenario.twoProcesses)
        measurement.twoProcesses = await withTarget(mode, (target) => measureTwoProcesses(scenario, index, target));
      // Right after the same scenario on an empty database, so both meet the same machine.
      if (large && scenario.hot) measurement.large = await withTarget(mode, (target) => measure(scenario, index, target), large);
      measurements.push(measurement);
    }
    const batch = selected({ name: BATCH }) ? await measureBatchIn(mode) : undefined;
    if (measurements.length > 0 || batch) report(mode, measurements, batch);
    if (large && selected({ name: RETENTION })) await measureRetentionIn(mode, large);
    if (selected({ name: LIFECYCLE })) await measureLifecycleIn(mode);
    if (selected({ name: FANOUT })) await measureFanoutIn(mode, measurements);
    if (selected({ name: PACED_CAMPAIGN }))
      await (await import('./paced-campaign.ts')).measurePacedCampaign(mode, (work) => withTarget(mode, work));
    if (!selected({ name: DELIVERIES })) continue;
    await measureAllDeliveries(mode);
  }
  console.log(`\nmachine after the run: ${describeMachine()}`);
}

if (process.argv[2] === '--serve') await serve(Number(process.argv[3]));
else if (process.argv[2] === '--prepare') await prepare(Number(process.argv[3]));
else if (process.argv[2] === '--large-fixture') {
  const size = JSON.parse(process.env.BENCH_FIXTURE_SIZE!) as LargeFixtureSize;
  const info = await (await import('./large-fixture.ts')).buildLargeFixture(childTarget(), size);
  process.stdout.write(`${RESULT}${JSON.stringify(info)}\n`);
} else if (process.argv[2] === '--deliveries' || process.argv[2] === '--delivery-floor') {
  const { measureDeliveries, measureDeliveryFloor } = await import('./deliveries.ts');
  const measure = process.argv[2] === '--deliveries' ? measureDeliveries : measureDeliveryFloor;
  const result = await measure(childTarget(), process.env.BENCH_SINK_URL!);
  process.stdout.write(`${RESULT}${JSON.stringify({ ...result, peakRssMb: peakRssMb() })}\n`);
} else if (process.argv[2]?.startsWith('--lifecycle-')) {
  const lifecycle = await import('./lifecycle.ts');
  const target = childTarget();
  const kind = process.argv[2];
  if (kind === '--lifecycle-prepare') {
    const fixture = await lifecycle.prepareLifecycle(
      target,
      process.env.BENCH_SINK_URL!,
      Number(process.env.BENCH_LIFECYCLE_SENDS),
    );
    process.stdout.write(`${RESULT}${JSON.stringify(fixture)}\n`);
  } else if (kind === '--lifecycle-timings') {
    process.stdout.write(
      `${RESULT}${JSON.stringify(await lifecycle.lifecycleTimings(target, process.env.BENCH_LIFECYCLE_SINCE!))}\n`,
    );
  } else {
    const running =
      kind === '--lifecycle-api'
        ? await lifecycle.serveLifecycleApi(target)
        : kind === '--lifecycle-worker'
          ? await lifecycle.runLifecycleWorker(target, process.env.BENCH_API_URL!)
          : await lifecycle.serveLifecycleFloor(target, process.env.BENCH_SINK_URL!);
    process.stdout.write(`${READY}${JSON.stringify({ port: running.port })}\n`);
    reportOnExit(() => running.close());
  }
} else if (process.argv[2] === '--retention-serve') {
  const target = childTarget();
  const running = await (await import('./retention.ts')).serveRetentionApp(target, target.large!.workspaceId);
  process.stdout.write(`${READY}${JSON.stringify({ port: running.port })}\n`);
  reportOnExit(() => running.close());
} else if (process.argv[2] === '--retention-run') {
  const target = childTarget();
  const { retentionProcess, RETENTION_DONE } = await import('./retention.ts');
  const done = await retentionProcess(target, target.large!.workspaceId, () =>
    process.stdout.write(`${READY}${JSON.stringify({ port: 0 })}\n`),
  );
  process.stdout.write(`${RETENTION_DONE}${JSON.stringify(done)}\n`);
} else if (process.argv[2] === '--batch-prepare') {
  process.stdout.write(`${RESULT}${JSON.stringify(await (await import('./batch.ts')).prepareBatch(childTarget()))}\n`);
} else if (process.argv[2] === '--batch-serve') {
  watchDelays();
  const running = await (await import('./batch.ts')).serveBatchApp(childTarget());
  process.stdout.write(`${READY}${JSON.stringify({ port: running.port })}\n`);
  reportOnExit(() => running.close());
} else if (process.argv[2] === '--fanout-prepare' || process.argv[2] === '--fanout-dispatch') {
  const result = await (await import('./fanout.ts')).fanoutChild(process.argv[2], childTarget());
  process.stdout.write(`${RESULT}${JSON.stringify(result)}\n`);
} else await main();
