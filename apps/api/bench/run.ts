/**
 * npm run bench: each scenario of scenarios.ts against its own server process on loopback, for
 * BENCH_SECONDS (default 10) with autocannon, in the embedded mode (PGlite) and, when
 * BENCH_DATABASE_URL names a PostgreSQL server, the scaled mode (a fresh database on it, dropped
 * afterwards; BENCH_REDIS_URL adds Redis). Prints requests/s, p50 and p99, and each scenario's
 * throughput as a ratio of the run's floor.
 *
 * Internally `run.ts --serve <index>` is the server process of one scenario.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createTestDatabaseUrl } from '@textline/db/testing';
import { measureDeliveries } from './deliveries.ts';
import { type BenchTarget, type Fixture, type Scenario, scenarios } from './scenarios.ts';

const READY = 'BENCH_READY ';
const CONNECTIONS = 32;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);

type Measurement = { scenario: Scenario; requestsPerSecond: number; p50: number; p99: number; non2xx: number; errors: number };

async function serve(index: number): Promise<void> {
  const scenario = scenarios[index];
  if (!scenario) throw new Error(`no scenario ${index}`);
  const running = await scenario.serve(JSON.parse(process.env.BENCH_TARGET!) as BenchTarget);
  process.stdout.write(`${READY}${JSON.stringify({ port: running.port, fixture: running.fixture })}\n`);
  process.once('SIGTERM', () => {
    running.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  });
}

function startServer(index: number, target: BenchTarget): Promise<{ child: ChildProcess; port: number; fixture: Fixture }> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--serve', String(index)], {
    env: { ...process.env, BENCH_TARGET: JSON.stringify(target) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server process exited with ${code} before it was ready`)));
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith(READY)) resolve({ child, ...(JSON.parse(line.slice(READY.length)) as { port: number; fixture: Fixture }) });
    });
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(killer);
}

function load(port: number, requests: autocannon.Request[], options: { duration?: number; amount?: number }) {
  return autocannon({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, requests, ...options });
}

async function measure(scenario: Scenario, index: number, target: BenchTarget): Promise<Measurement> {
  const { child, port, fixture } = await startServer(index, target);
  try {
    const warmup = scenario.warmupRequests(fixture);
    if (warmup > 0) await load(port, scenario.requests(fixture), { amount: Math.max(warmup, CONNECTIONS) });
    const result = await load(port, scenario.requests(fixture), { duration: seconds });
    return {
      scenario,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
    };
  } finally {
    await stopServer(child);
  }
}

/** A fresh, empty database per scenario, so no scenario measures another's leftovers. */
async function withTarget<T>(mode: 'embedded' | 'postgres', work: (target: BenchTarget) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(join(tmpdir(), 'textline-bench-'));
  const database = mode === 'postgres' ? await createTestDatabaseUrl(process.env.BENCH_DATABASE_URL!) : undefined;
  try {
    const target: BenchTarget = database
      ? { kind: 'postgres', dataDir, databaseUrl: database.url, redisUrl: process.env.BENCH_REDIS_URL }
      : { kind: 'pglite', dataDir };
    return await work(target);
  } finally {
    await database?.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

function report(mode: string, measurements: Measurement[]): void {
  const floor = measurements.find((measurement) => measurement.scenario.floor);
  console.log(`\n${mode}: ${CONNECTIONS} connections, ${seconds} s per scenario`);
  console.log(['requests/s'.padStart(11), 'p50 ms'.padStart(7), 'p99 ms'.padStart(7), 'vs floor'.padStart(9), '  scenario'].join(''));
  for (const { scenario, requestsPerSecond, p50, p99, non2xx, errors } of measurements) {
    const ratio = floor ? `${(requestsPerSecond / floor.requestsPerSecond).toFixed(2)}x` : '-';
    const problems = non2xx + errors > 0 ? `  (${non2xx} non-2xx, ${errors} errors)` : '';
    console.log(
      [requestsPerSecond.toFixed(0).padStart(11), String(p50).padStart(7), String(p99).padStart(7), ratio.padStart(9), `  ${scenario.name}${problems}`].join(''),
    );
  }
}

async function main(): Promise<void> {
  const modes: ('embedded' | 'postgres')[] = ['embedded', ...(process.env.BENCH_DATABASE_URL ? ['postgres' as const] : [])];
  for (const mode of modes) {
    const measurements: Measurement[] = [];
    for (const [index, scenario] of scenarios.entries()) {
      measurements.push(await withTarget(mode, (target) => measure(scenario, index, target)));
    }
    report(mode === 'embedded' ? 'embedded (PGlite)' : `PostgreSQL${process.env.BENCH_REDIS_URL ? ' + Redis' : ''}`, measurements);
    const deliveries = await withTarget(mode, (target) => measureDeliveries(target));
    console.log(
      `${deliveries.perSecond.toFixed(0).padStart(11)} deliveries/s  webhook deliveries to a local sink ` +
        `(${deliveries.deliveries} in ${deliveries.seconds.toFixed(1)} s, ${deliveries.received} requests received)`,
    );
  }
}

if (process.argv[2] === '--serve') await serve(Number(process.argv[3]));
else await main();
