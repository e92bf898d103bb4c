import { type ChildProcess, execFile, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { TRPCError } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountOwner } from '../src/auth/console-session.ts';
import { createApiKeyToken } from '../src/domain/accounts.ts';
import { toAppError } from '../src/http/errors.ts';
import { systemClock } from '../src/lib/clock.ts';
import {
  call,
  closeStarted,
  eventually,
  freePort,
  type JsonResponse,
  scaledMode,
  startTestApp,
  type TestApp,
} from './harness.ts';
import { connectMcp, toolError } from './mcp-support.ts';
import { sendingWorkspace } from './sending-support.ts';

/**
 * Faults under load, in the scaled mode: PostgreSQL restarted, then stopped for a while, and Redis
 * killed and started again, each while a few dozen senders keep sending. Requests meeting the outage
 * answer 503 service_unavailable with Retry-After (never a 500, never a hang), the pools reconnect
 * by themselves, and every send answered 202 is delivered through the sandbox carrier exactly once.
 *
 * The servers are this file's own (started as .ci/start-postgres.sh starts the suite's, on ports of
 * their own), since other test files use the suite's servers at the same time.
 */

const execFileAsync = promisify(execFile);
const startPostgresScript = fileURLToPath(new URL('../../../.ci/start-postgres.sh', import.meta.url));

/** Where .ci/start-postgres.sh finds PostgreSQL (CI installs it there): PG_BINDIR, /usr/local/bin, else a Debian package's. */
function postgresInstalled(): boolean {
  if (existsSync(join(process.env.PG_BINDIR ?? '/usr/local/bin', 'initdb'))) return true;
  if (!existsSync('/usr/lib/postgresql')) return false;
  return readdirSync('/usr/lib/postgresql').some((version) => existsSync(`/usr/lib/postgresql/${version}/bin/initdb`));
}
// The script runs the server as the postgres user, which takes root (or being that user).
const canRunPostgres = process.getuid?.() === 0 || userInfo().username === 'postgres';
const serversInstalled =
  scaledMode && canRunPostgres && postgresInstalled() && spawnSync('redis-server', ['--version']).status === 0;

const SENDERS = 24;
// Each sender sends at most once per interval, so its token's bucket (enterprise: 20 at once, then one
// per 1.2 s) never runs dry within a run: every answer is about the fault, none is a 429.
const SEND_INTERVAL_MS = 500;
// A client's patience: an answer later than this is a hang.
const REQUEST_TIMEOUT_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs a shell command as the postgres user. */
async function asPostgres(command: string): Promise<string> {
  const { stdout } =
    process.getuid?.() === 0
      ? await execFileAsync('su', ['postgres', '-s', '/bin/sh', '-c', command])
      : await execFileAsync('/bin/sh', ['-c', command]);
  return stdout;
}

/** A PostgreSQL cluster of this file's own, started (and started again) by .ci/start-postgres.sh. */
async function startOwnPostgres() {
  const port = await freePort();
  // Under /tmp, as the script's own default: the postgres user must reach it, which TMPDIR need not let it.
  const dir = mkdtempSync('/tmp/textline-faults-pg-');
  const environment = { ...process.env, PGPORT: String(port), PGTEST_DIR: dir };
  const start = async () => (await execFileAsync('sh', [startPostgresScript], { env: environment })).stdout.trim();
  const url = await start();
  // The server binary it started, beside which pg_ctl is.
  const postgresBinary = /^"?([^"\s]+)/.exec(readFileSync(join(dir, 'postmaster.opts'), 'utf8'))![1]!;
  // -l: without a log file the server would write to (and hold open) this command's output.
  const pgCtl = (action: string) =>
    asPostgres(`'${join(dirname(postgresBinary), 'pg_ctl')}' -D '${dir}' -l '${dir}.log' -w ${action}`);
  return {
    url,
    /** `pg_ctl restart -m fast`: sessions are terminated (57P01), the server stops and starts again. */
    async restart(): Promise<number> {
      const startedAt = performance.now();
      await pgCtl('-m fast restart');
      return Math.round(performance.now() - startedAt);
    },
    stop: () => pgCtl('-m fast stop'),
    start,
    async close() {
      await pgCtl('-m immediate stop').catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
      rmSync(`${dir}.log`, { force: true });
    },
  };
}

const startPgBouncerScript = fileURLToPath(new URL('../../../.ci/start-pgbouncer.sh', import.meta.url));
const pgBouncerInstalled = spawnSync('sh', ['-c', 'command -v pgbouncer || test -x /usr/sbin/pgbouncer']).status === 0;

/** A PgBouncer of this file's own in transaction mode in front of `serverUrl`, started (and started again) by .ci/start-pgbouncer.sh. */
async function startOwnPgBouncer(serverUrl: string) {
  const port = await freePort();
  const dir = mkdtempSync('/tmp/textline-faults-pgbouncer-');
  const environment = {
    ...process.env,
    PGBOUNCER_PORT: String(port),
    PGPORT: new URL(serverUrl).port,
    PGBOUNCER_DIR: dir,
  };
  const start = async () => (await execFileAsync('bash', [startPgBouncerScript], { env: environment })).stdout.trim();
  const url = await start();
  const pid = () => Number(readFileSync(join(dir, 'pgbouncer.pid'), 'utf8'));
  /** SIGTERM: PgBouncer's immediate shutdown, every client and server connection dropped at once. */
  const stop = async () => {
    const running = pid();
    process.kill(running, 'SIGTERM');
    await eventually('PgBouncer to exit', () => !isRunning(running), 15_000);
  };
  return {
    url,
    async restart(): Promise<number> {
      const startedAt = performance.now();
      await stop();
      await start();
      return Math.round(performance.now() - startedAt);
    },
    async close() {
      await stop().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Whether a Redis answers PING on `port`. */
function redisAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(1_000);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(String(data).startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** A redis-server of this file's own (no persistence, as .ci/start-redis.sh runs the suite's), to kill and start again. */
async function startOwnRedis() {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'textline-faults-redis-'));
  let server: ChildProcess | undefined;
  const start = async () => {
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
      {
        stdio: 'ignore',
      },
    );
    server = child;
    await eventually('redis to answer', () => redisAnswers(port), 15_000);
  };
  const kill = async () => {
    const child = server;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    /** SIGKILL: everything Redis held (BullMQ's queues, the rate limits' buckets) is gone. */
    kill,
    start,
    async close() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

type Outcome = {
  key: string;
  status: number | 'timeout';
  /** When the answer came, ms since the load started. */
  at: number;
  ms: number;
  body: any;
  retryAfter: string | null;
};

/**
 * SENDERS senders, each with its own token, each sending every SEND_INTERVAL_MS with an idempotency
 * key of its own per attempt, until `faults` has run its course.
 */
async function sendUnderLoad(app: TestApp, tokens: string[], label: string, faults: (startedAt: number) => Promise<void>) {
  const outcomes: Outcome[] = [];
  const startedAt = performance.now();
  let stopped = false;
  const senders = tokens.map(async (token, index) => {
    const recipient = `+1415555${String(2000 + index).padStart(4, '0')}`;
    for (let attempt = 0; !stopped; attempt += 1) {
      const sentAt = performance.now();
      const key = `${label}-${index}-${attempt}`;
      let outcome: Omit<Outcome, 'at' | 'ms'>;
      try {
        const response = await fetch(`${app.baseUrl}/api/v1/messages`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ phone_number: recipient, body: `fault load ${key}`, idempotency_key: key }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        outcome = { key, status: response.status, body: await response.json(), retryAfter: response.headers.get('retry-after') };
      } catch (error) {
        if (!(error instanceof Error && error.name === 'TimeoutError')) throw error;
        outcome = { key, status: 'timeout', body: undefined, retryAfter: null };
      }
      const answeredAt = performance.now();
      outcomes.push({ ...outcome, at: Math.round(answeredAt - startedAt), ms: Math.round(answeredAt - sentAt) });
      await sleep(SEND_INTERVAL_MS - (answeredAt - sentAt));
    }
  });
  try {
    await faults(startedAt);
  } finally {
    stopped = true;
    await Promise.all(senders);
  }
  return outcomes;
}

function expectServiceUnavailable(response: { status: number; headers: Headers }, error: Record<string, unknown>) {
  expect(response.status).toBe(503);
  expect(response.headers.get('retry-after')).toBe('2');
  expect(error).toMatchObject({ code: 'service_unavailable', retry: 'retry_after_seconds', retry_after_seconds: 2 });
  expect(error.fix).toEqual(expect.stringContaining('idempotency_key'));
}

/** What became of a workspace's messages: per message, its carrier record, provider events, ledger debits and customer events. */
async function deliveryCounts(app: TestApp, workspaceId: string) {
  const rows = await app.services.sql.query<{
    id: string;
    idempotency_key: string | null;
    status: string;
    carrier_messages: number;
    send_requests: number;
    sent_events: number;
    delivered_events: number;
    debits: number;
    customer_sent: number;
    customer_delivered: number;
  }>(
    `SELECT m.id, m.idempotency_key, m.status,
            (SELECT count(*)::int FROM sandbox_messages s WHERE s.message_id = m.id) AS carrier_messages,
            (SELECT coalesce(sum(s.send_requests), 0)::int FROM sandbox_messages s WHERE s.message_id = m.id) AS send_requests,
            (SELECT count(*)::int FROM provider_events e WHERE e.message_id = m.id AND e.event_type = 'message.sent') AS sent_events,
            (SELECT count(*)::int FROM provider_events e WHERE e.message_id = m.id AND e.event_type = 'message.delivered') AS delivered_events,
            (SELECT count(*)::int FROM ledger_entries l WHERE l.message_id = m.id AND l.kind = 'send_debit') AS debits,
            (SELECT count(*)::int FROM events v WHERE v.workspace_id = m.workspace_id AND v.type = 'message.sent'
               AND v.data->'message'->>'id' = m.id) AS customer_sent,
            (SELECT count(*)::int FROM events v WHERE v.workspace_id = m.workspace_id AND v.type = 'message.delivered'
               AND v.data->'message'->>'id' = m.id) AS customer_delivered
       FROM messages m WHERE m.workspace_id = $1`,
    [workspaceId],
  );
  return rows;
}

/** Checks that every accepted send was delivered once, and returns the counts for the record. */
async function expectEachDeliveredOnce(app: TestApp, workspaceId: string, outcomes: Outcome[]) {
  const acceptedKeys = new Set(outcomes.filter((outcome) => outcome.status === 202).map((outcome) => outcome.key));
  await eventually(
    'every accepted send delivered',
    async () => {
      const [row] = await app.services.sql.query<{ open: number }>(
        `SELECT count(*)::int AS open FROM messages WHERE workspace_id = $1 AND status <> 'delivered'`,
        [workspaceId],
      );
      return row!.open === 0;
    },
    180_000,
  ).catch(async (error: unknown) => {
    // What the undelivered messages' jobs say, and what the app logged about them.
    const stuck = await app.services.sql.query(
      `SELECT m.id, m.status, j.status AS job_status, j.attempts, j.last_error, j.run_at, j.locked_until
         FROM messages m LEFT JOIN jobs j ON j.id = 'job_dispatch_' || m.id
        WHERE m.workspace_id = $1 AND m.status <> 'delivered' LIMIT 20`,
      [workspaceId],
    );
    const callbacks = await app.services.sql.query(
      `SELECT queue, status, attempts, last_error, count(*)::int AS jobs FROM jobs
        WHERE queue IN ('sandbox_callback', 'provider_event') AND status <> 'done' GROUP BY 1, 2, 3, 4 LIMIT 20`,
      [],
    );
    const warnings = app.logs.filter((line) => /"level":(40|50|60)/.test(line)).slice(-30);
    throw new Error(`${String(error)}\n${JSON.stringify({ stuck, callbacks, warnings }, null, 1)}`);
  });
  const messages = await deliveryCounts(app, workspaceId);
  const byKey = new Map(messages.map((message) => [message.idempotency_key, message]));
  // Every 202 has its message; a 503 may still have been committed (the connection dropped after the
  // commit), which its catalogue fix warns about: such a message must then be delivered once too.
  expect([...acceptedKeys].filter((key) => !byKey.has(key))).toEqual([]);
  const committedDespite503 = outcomes.filter((outcome) => outcome.status === 503 && byKey.has(outcome.key)).length;
  expect(messages).toHaveLength(acceptedKeys.size + committedDespite503);
  const notOnce = messages.filter(
    (message) =>
      message.status !== 'delivered' ||
      message.carrier_messages !== 1 ||
      message.sent_events !== 1 ||
      message.delivered_events !== 1 ||
      message.debits !== 1 ||
      message.customer_sent !== 1 ||
      message.customer_delivered !== 1,
  );
  expect(notOnce).toEqual([]);
  // A job whose effect is already visible may not be done yet: its completion is written after its
  // work, and one whose completion the outage lost runs again once its lease (10 s here) ends, which
  // the carrier's and the ingestion's deduplication make a no-op. Lost or stuck, it never gets done.
  const unfinishedJobs = `FROM jobs WHERE queue IN ('dispatch', 'sandbox_callback', 'provider_event') AND status <> 'done'`;
  await eventually(
    'every dispatch, carrier callback and provider event job done',
    async () => {
      const [jobs] = await app.services.sql.query<{ unfinished: number }>(
        `SELECT count(*)::int AS unfinished ${unfinishedJobs}`,
        [],
      );
      return jobs!.unfinished === 0;
    },
    60_000,
  ).catch(async (error: unknown) => {
    const jobs = await app.services.sql.query(
      `SELECT queue, status, attempts, last_error, run_at, locked_until ${unfinishedJobs} LIMIT 20`,
      [],
    );
    throw new Error(`${String(error)}\n${JSON.stringify(jobs, null, 1)}`);
  });
  return {
    committedDespite503,
    delivered: messages.length,
    // The carrier deduplicates a repeated request on our message id (a dispatch retried after the
    // database dropped its bookkeeping): counted, never transmitted twice.
    repeatedCarrierRequests: messages.filter((message) => message.send_requests > 1).length,
    duplicates: notOnce.length,
  };
}

function tally(outcomes: Outcome[]) {
  const statuses: Record<string, number> = {};
  for (const outcome of outcomes) statuses[String(outcome.status)] = (statuses[String(outcome.status)] ?? 0) + 1;
  return {
    attempted: outcomes.length,
    accepted: statuses['202'] ?? 0,
    unavailable: statuses['503'] ?? 0,
    other: Object.fromEntries(Object.entries(statuses).filter(([status]) => status !== '202' && status !== '503')),
    slowestMs: Math.max(0, ...outcomes.map((outcome) => outcome.ms)),
    slowestByStatus: Object.fromEntries(
      Object.keys(statuses).map((status) => [
        status,
        Math.max(...outcomes.filter((outcome) => String(outcome.status) === status).map((outcome) => outcome.ms)),
      ]),
    ),
  };
}

/** How many answers with `status` came between `from` and `to` (ms since the load started). */
function answeredBetween(outcomes: Outcome[], status: number, from: number, to: number): number {
  return outcomes.filter((outcome) => outcome.status === status && outcome.at >= from && outcome.at <= to).length;
}

/** Every answer was a 202 or the catalogue's 503 with Retry-After; nothing else, and nothing late. */
function expectOnlyAcceptedOrUnavailable(outcomes: Outcome[]) {
  const other = outcomes.filter((outcome) => outcome.status !== 202 && outcome.status !== 503);
  expect(other.map(({ key, status, body }) => ({ key, status, body }))).toEqual([]);
  for (const outcome of outcomes.filter(({ status }) => status === 503)) {
    expect(outcome.retryAfter).toBe('2');
    expect(outcome.body.error.code).toBe('service_unavailable');
  }
}

describe('which errors mean an unreachable database or Redis (both suites)', () => {
  // The shapes pg, adapter-pg, Prisma and ioredis gave while the servers of the tests below went down.
  const adminShutdown = Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
    severity: 'FATAL',
  });
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:55432'), { code: 'ECONNREFUSED', syscall: 'connect' });
  const driverAdapterError = (cause: Record<string, unknown>) =>
    Object.assign(new Error(String(cause.message ?? cause.kind)), { name: 'DriverAdapterError', cause });
  const prismaError = (code: string, cause: Record<string, unknown>) =>
    Object.assign(new Error('Invalid `prisma.$queryRaw()` invocation'), {
      name: 'PrismaClientKnownRequestError',
      code,
      meta: { driverAdapterError: driverAdapterError(cause) },
    });

  it.each([
    ['a pg error of a server shutting down (57P01)', adminShutdown],
    ['a refused connection', refused],
    ['pg losing the connection mid-query', new Error('Connection terminated unexpectedly')],
    ['a pg client broken by an earlier error', new Error('Client has encountered a connection error and is not queryable')],
    ['a full pool that stayed full', new Error('timeout exceeded when trying to connect')],
    ['Prisma raw query failed with 57P01', prismaError('P2010', { kind: 'postgres', code: '57P01', message: 'terminating' })],
    ['Prisma cannot reach the server', prismaError('P1001', { kind: 'DatabaseNotReachable' })],
    ['Prisma raw query failed, server unreachable', prismaError('P2010', { kind: 'DatabaseNotReachable' })],
    ['a procedure error wrapping one', new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: adminShutdown })],
    [
      'ioredis giving up on a command',
      Object.assign(new Error('Reached the max retries per request limit'), { name: 'MaxRetriesPerRequestError' }),
    ],
  ])('%s is a 503 service_unavailable with Retry-After', (_name, error) => {
    const appError = toAppError(error);
    expect(appError.code).toBe('service_unavailable');
    expect(appError.status).toBe(503);
    expect(appError.headers).toEqual({ 'Retry-After': '2' });
  });

  it.each([
    ['a unique violation', prismaError('P2002', { kind: 'UniqueConstraintViolation' })],
    ['a failed fetch to a customer endpoint (its cause is a socket error)', new TypeError('fetch failed', { cause: refused })],
    ['an error of no library', new Error('something else')],
  ])('%s stays what it was', (_name, error) => {
    expect(toAppError(error).code).toBe('internal_error');
  });
});

describe.runIf(serversInstalled)('faults under load (scaled mode, own PostgreSQL and Redis)', () => {
  let postgres: Awaited<ReturnType<typeof startOwnPostgres>>;
  let redis: Awaited<ReturnType<typeof startOwnRedis>>;
  let app: TestApp;
  let mcp: Client | undefined;

  beforeAll(async () => {
    postgres = await startOwnPostgres();
    redis = await startOwnRedis();
    app = await startTestApp(
      {
        SANDBOX_DELAY_MS: '20',
        // A job whose bookkeeping the outage dropped is claimable again once its lease runs out.
        JOB_LEASE_MS: '10000',
        // The MCP check below finds its token in the cache, so the tool itself meets the outage.
        TOKEN_CACHE_MS: '60000',
      },
      // Leases, backoff and refills in real time: the outage is real time too.
      { clock: systemClock, servers: { databaseUrl: postgres.url, redisUrl: redis.url } },
    );
  }, 300_000);

  afterAll(async () => {
    await mcp?.close();
    await closeStarted(app);
    await closeStarted(redis, postgres);
  }, 120_000);

  async function loadTokens(workspaceId: string): Promise<string[]> {
    const tokens: string[] = [];
    for (let index = 0; index < SENDERS; index += 1)
      tokens.push((await createApiKeyToken(app.services, accountOwner(workspaceId), `load ${index}`)).access_token);
    return tokens;
  }

  it('PostgreSQL restarted, then down: 503 service_unavailable with Retry-After everywhere, no 500, no hang; every 202 delivered once', async () => {
    const sender = await sendingWorkspace(app, { balanceCents: 1_000_000 });
    const tokens = await loadTokens(sender.workspaceId);
    // Used for the first time while the database is down: its authentication meets the outage.
    const [unusedToken] = await loadTokens(sender.workspaceId);
    mcp = await connectMcp(app, sender.token);
    // Warms the MCP token's cache entry.
    expect((await mcp.callTool({ name: 'list_messages', arguments: {} })).isError).toBeFalsy();

    const timeline: Record<string, number> = {};
    const outcomes = await sendUnderLoad(app, tokens, 'pg', async (startedAt) => {
      const now = () => Math.round(performance.now() - startedAt);
      await sleep(2_500);
      timeline.restartAt = now();
      timeline.restartMs = await postgres.restart();
      await sleep(2_500);
      timeline.stopAt = now();
      await postgres.stop();
      try {
        const health = await call(app, 'GET', '/health');
        expect(health.status).toBe(503);
        expect(health.body).toMatchObject({ status: 'degraded', database: 'unavailable' });

        const send = { phone_number: '+14155550199', body: 'while the database is down' };
        const rest = await call(app, 'POST', '/api/v1/messages', { token: sender.token, body: send });
        expectServiceUnavailable(rest, rest.body.error);
        const unauthenticated = await call(app, 'GET', '/api/v1/messages', { token: unusedToken });
        expectServiceUnavailable(unauthenticated, unauthenticated.body.error);
        const trpc: JsonResponse = await call(app, 'POST', '/trpc/messages.create', { token: sender.token, body: send });
        expectServiceUnavailable(trpc, trpc.body.error.data.body.error);
        const tool = await mcp!.callTool({ name: 'send_message', arguments: send });
        expect(tool.isError).toBe(true);
        const toolBody = toolError(tool);
        expect(toolBody).toMatchObject({ code: 'service_unavailable', retry_after_seconds: 2 });
        expect(toolBody.fix).toEqual(expect.stringContaining('list_messages'));
        // Down long enough that the load meets it.
        await sleep(2_000);
      } finally {
        timeline.startAt = now();
        await postgres.start();
      }
      // Nobody restarts the app: its pool reconnects at the next query.
      await eventually(
        'the app to find its database again',
        async () => (await call(app, 'GET', '/health')).status === 200,
        30_000,
      );
      timeline.healthyAt = now();
      await sleep(3_000);
      timeline.loadEndAt = now();
    });

    expectOnlyAcceptedOrUnavailable(outcomes);
    const counts = tally(outcomes);
    expect(counts.slowestMs).toBeLessThan(REQUEST_TIMEOUT_MS);
    // The stopped database met the load, and sends were accepted again after it came back.
    const windows = {
      unavailableAroundRestart: answeredBetween(
        outcomes,
        503,
        timeline.restartAt!,
        timeline.restartAt! + timeline.restartMs! + 1_000,
      ),
      acceptedAroundRestart: answeredBetween(
        outcomes,
        202,
        timeline.restartAt!,
        timeline.restartAt! + timeline.restartMs! + 1_000,
      ),
      unavailableWhileStopped: answeredBetween(outcomes, 503, timeline.stopAt!, timeline.healthyAt!),
      acceptedAfterRecovery: answeredBetween(outcomes, 202, timeline.healthyAt!, Number.POSITIVE_INFINITY),
    };
    expect(windows.unavailableWhileStopped).toBeGreaterThan(0);
    expect(windows.acceptedAfterRecovery).toBeGreaterThan(0);
    const delivery = await expectEachDeliveredOnce(app, sender.workspaceId, outcomes);
    expect(app.logs.filter((line) => line.includes('"unhandled error"') || line.includes('"trpc error"'))).toEqual([]);
    console.log(
      'faults: PostgreSQL restart and stop under load',
      JSON.stringify({ ...counts, ...windows, ...delivery, timeline }),
    );
  }, 300_000);

  it('Redis killed and started again: sends accepted or 503, limits resume, no job lost, nothing delivered twice', async () => {
    const sender = await sendingWorkspace(app, { balanceCents: 1_000_000 });
    const tokens = await loadTokens(sender.workspaceId);

    const timeline: Record<string, number> = {};
    const outcomes = await sendUnderLoad(app, tokens, 'redis', async (startedAt) => {
      const now = () => Math.round(performance.now() - startedAt);
      await sleep(3_000);
      timeline.killAt = now();
      await redis.kill();
      try {
        // The database is fine: the service is not degraded, it only cannot count sends.
        const health = await call(app, 'GET', '/health');
        expect(health.status).toBe(200);
        await sleep(2_500);
      } finally {
        timeline.startAt = now();
        await redis.start();
      }
      await sleep(5_000);
      timeline.loadEndAt = now();
    });

    expectOnlyAcceptedOrUnavailable(outcomes);
    const counts = tally(outcomes);
    expect(counts.slowestMs).toBeLessThan(REQUEST_TIMEOUT_MS);
    const windows = {
      unavailableWhileKilled: answeredBetween(outcomes, 503, timeline.killAt!, timeline.startAt! + 1_000),
      acceptedWhileKilled: answeredBetween(outcomes, 202, timeline.killAt! + 500, timeline.startAt!),
      acceptedAfterRestart: answeredBetween(outcomes, 202, timeline.startAt! + 2_000, Number.POSITIVE_INFINITY),
    };
    expect(windows.acceptedAfterRestart).toBeGreaterThan(0);
    // Redis lost the wake-ups it held; the rows did not, and the sweep hands them to the workers again.
    const delivery = await expectEachDeliveredOnce(app, sender.workspaceId, outcomes);

    // The send limit counts again, in the new Redis: a starter token's second send at once is refused.
    const starter = await sendingWorkspace(app, { tier: 'starter' });
    const first = await call(app, 'POST', '/api/v1/messages', {
      token: starter.token,
      body: { phone_number: '+14155550198', body: 'after redis came back' },
    });
    expect(first.status).toBe(202);
    const second = await call(app, 'POST', '/api/v1/messages', {
      token: starter.token,
      body: { phone_number: '+14155550198', body: 'after redis came back, again' },
    });
    expect(second.status).toBe(429);
    expect(second.body.error).toBe('message_send_rate_limited');
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    console.log('faults: Redis killed and started under load', JSON.stringify({ ...counts, ...windows, ...delivery, timeline }));
  }, 300_000);
});

describe.runIf(serversInstalled && pgBouncerInstalled)('faults under load through PgBouncer (transaction pooling)', () => {
  let postgres: Awaited<ReturnType<typeof startOwnPostgres>>;
  let pgbouncer: Awaited<ReturnType<typeof startOwnPgBouncer>>;
  let redis: Awaited<ReturnType<typeof startOwnRedis>>;
  let app: TestApp;

  beforeAll(async () => {
    postgres = await startOwnPostgres();
    pgbouncer = await startOwnPgBouncer(postgres.url);
    redis = await startOwnRedis();
    app = await startTestApp(
      {
        SANDBOX_DELAY_MS: '20',
        JOB_LEASE_MS: '10000',
        // PgBouncer 1.18 (Debian 12's) carries no named prepared statements in transaction mode.
        DATABASE_PREPARED_STATEMENTS: 'unnamed',
        DATABASE_POOL_SIZE: '8',
      },
      {
        clock: systemClock,
        servers: { databaseUrl: pgbouncer.url, directDatabaseUrl: postgres.url, redisUrl: redis.url },
      },
    );
  }, 300_000);

  afterAll(async () => {
    await closeStarted(app);
    await closeStarted(redis, pgbouncer, postgres);
  }, 120_000);

  async function loadTokens(workspaceId: string): Promise<string[]> {
    const tokens: string[] = [];
    for (let index = 0; index < SENDERS; index += 1)
      tokens.push((await createApiKeyToken(app.services, accountOwner(workspaceId), `load ${index}`)).access_token);
    return tokens;
  }

  /** Sends under load while `fault` runs, then until the service is healthy again and 3 s more; checks what a client saw. */
  async function underLoad(label: string, fault: () => Promise<number>) {
    const sender = await sendingWorkspace(app, { balanceCents: 1_000_000 });
    const tokens = await loadTokens(sender.workspaceId);
    const timeline: Record<string, number> = {};
    const outcomes = await sendUnderLoad(app, tokens, label, async (startedAt) => {
      const now = () => Math.round(performance.now() - startedAt);
      await sleep(2_500);
      timeline.faultAt = now();
      timeline.faultMs = await fault();
      await eventually(
        'the app to find its database again',
        async () => (await call(app, 'GET', '/health')).status === 200,
        30_000,
      );
      timeline.healthyAt = now();
      await sleep(3_000);
    });
    expectOnlyAcceptedOrUnavailable(outcomes);
    const counts = tally(outcomes);
    expect(counts.slowestMs).toBeLessThan(REQUEST_TIMEOUT_MS);
    const acceptedAfterRecovery = answeredBetween(outcomes, 202, timeline.healthyAt!, Number.POSITIVE_INFINITY);
    expect(acceptedAfterRecovery).toBeGreaterThan(0);
    const delivery = await expectEachDeliveredOnce(app, sender.workspaceId, outcomes);
    expect(app.logs.filter((line) => line.includes('"unhandled error"'))).toEqual([]);
    console.log(
      `faults through PgBouncer: ${label}`,
      JSON.stringify({ ...counts, acceptedAfterRecovery, ...delivery, timeline }),
    );
  }

  it('PostgreSQL restarted behind the pooler: only 202 or 503, no hang, every 202 delivered once', async () => {
    await underLoad('PostgreSQL restart', () => postgres.restart());
  }, 300_000);

  it('PgBouncer restarted: only 202 or 503, no hang, every 202 delivered once', async () => {
    await underLoad('PgBouncer restart', () => pgbouncer.restart());
  }, 300_000);
});
