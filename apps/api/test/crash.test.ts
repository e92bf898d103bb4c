import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabaseUrl } from '@textline/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createAccount as createAccountRecord, createApiKeyToken } from '../src/domain/accounts.ts';
import { postLedgerEntry } from '../src/domain/ledger.ts';
import { buyNumber } from '../src/domain/numbers.ts';
import { createServices, type Services } from '../src/services.ts';
import { scaledMode } from './harness.ts';

/**
 * The real server as a child process, killed with SIGKILL in the middle of a burst of sends and
 * restarted on the same data: every accepted message must still be delivered, and none may reach
 * the carrier twice.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
const serverEntry = fileURLToPath(new URL('../src/main.ts', import.meta.url));
const workerEntry = fileURLToPath(new URL('../src/worker-main.ts', import.meta.url));

const SENDERS = 4;
const FIRST_WAVE = 30;
const SECOND_WAVE = 40;
// Of the second wave; the rest is in flight when the server dies.
const KILL_AFTER_ACCEPTED = 15;
const LEASE_MS = 2_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type RunningProcess = { child: ChildProcess; exited: Promise<number | null>; output: string[] };

function startProcess(entry: string, environment: Record<string, string>): RunningProcess {
  const output: string[] = [];
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: repoRoot,
    env: { ...inherited, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk) => output.push(String(chunk)));
  child.stderr!.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  cleanups.push(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, exited, output };
}

async function waitUntilHealthy(baseUrl: string, server: RunningProcess) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output.join('')}`);
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy:\n${server.output.join('')}`);
}

/** A funded enterprise workspace with a sandbox number and several tokens (the rate limit is per token). */
async function prepareWorkspace(services: Services) {
  const account = await createAccountRecord(services, {
    username: `crash_${Date.now()}`,
    password: 'correct horse battery staple',
    ipHash: `crash-${randomUUID()}`,
  });
  const workspace = await services.prisma.workspace.findUniqueOrThrow({ where: { accountId: account.account.id } });
  await services.prisma.workspace.update({ where: { id: workspace.id }, data: { planTier: 'enterprise' } });
  await postLedgerEntry(services.prisma, { workspaceId: workspace.id, amountCents: 100_000, kind: 'operator_credit', reference: `crash-test:${workspace.id}` });
  await buyNumber(services, workspace.id, { areaCode: '415' });
  const tokens = [];
  for (let index = 0; index < SENDERS; index += 1) tokens.push((await createApiKeyToken(services, workspace.id, `crash ${index}`)).access_token);
  return { workspaceId: workspace.id, tokens };
}

/**
 * The API server, plus in the split deployment a separate `npm run worker` process (the API then
 * runs no workers; the worker reaches the API's webhook routes through PUBLIC_BASE_URL).
 */
function deployment(environment: Record<string, string>, baseUrl: string, separateWorker: boolean) {
  let processes: RunningProcess[] = [];
  return {
    async start() {
      const api = startProcess(serverEntry, { ...environment, RUN_WORKERS: separateWorker ? '0' : '1' });
      processes = [api, ...(separateWorker ? [startProcess(workerEntry, { ...environment, PUBLIC_BASE_URL: baseUrl })] : [])];
      await waitUntilHealthy(baseUrl, api);
    },
    async kill() {
      for (const { child } of processes) child.kill('SIGKILL');
      await Promise.all(processes.map((running) => running.exited));
    },
    /** A clean stop: every process exits 0 on SIGTERM. */
    async stop() {
      for (const { child } of processes) child.kill('SIGTERM');
      return Promise.all(processes.map((running) => running.exited));
    },
  };
}

async function crashScenario(options: { separateWorker: boolean }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'textline-crash-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const database = scaledMode ? await createTestDatabaseUrl(process.env.TEST_DATABASE_URL!) : undefined;
  if (database) cleanups.push(() => database.drop());
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const environment: Record<string, string> = {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SANDBOX_DELAY_MS: '20',
    // A job whose worker was killed is retried after this (the scaled mode has no other way to know).
    JOB_LEASE_MS: String(LEASE_MS),
    ...(database ? { DATABASE_URL: database.url, REDIS_URL: process.env.TEST_REDIS_URL!, REDIS_KEY_PREFIX: `crash-${randomUUID()}` } : {}),
  };

  // Set up the workspace directly in the database the server will use (PGlite admits one process at a time).
  const setup = await createServices(loadConfig(environment));
  const { workspaceId, tokens } = await prepareWorkspace(setup);
  await setup.close();

  const service = deployment(environment, baseUrl, options.separateWorker);
  await service.start();

  const accepted = new Set<string>();
  let unanswered = 0;
  let sequence = 0;
  const send = async (onAccepted?: () => void) => {
    const index = sequence;
    sequence += 1;
    try {
      const response = await fetch(`${baseUrl}/api/v1/messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens[index % SENDERS]}`, 'content-type': 'application/json' },
        body: JSON.stringify({ phone_number: `+1415555${String(2000 + index).padStart(4, '0')}`, body: `Burst message ${index}` }),
      });
      const body = (await response.json()) as { message?: { id: string } };
      if (response.status === 202 && body.message) {
        accepted.add(body.message.id);
        onAccepted?.();
      }
    } catch {
      unanswered += 1; // the server died with this request in flight: its outcome is unknown to the client
    }
  };
  const statusOf = async (id: string, token = tokens[0]!) => {
    const response = await fetch(`${baseUrl}/api/v1/messages/${id}`, { headers: { authorization: `Bearer ${token}` } });
    return ((await response.json()) as { message: { status: string } }).message.status;
  };

  // Wave one, then wave two while wave one is being dispatched and reported on; the kill lands
  // in the middle of both.
  await Promise.all(Array.from({ length: FIRST_WAVE }, () => send()));
  const firstWave = [...accepted];
  const dispatchingBy = Date.now() + 60_000;
  while ((await Promise.all(firstWave.map((id) => statusOf(id)))).filter((status) => status !== 'queued').length < 3) {
    if (Date.now() > dispatchingBy) throw new Error('dispatch did not start');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  let killed: Promise<void> | undefined;
  const killAt = accepted.size + KILL_AFTER_ACCEPTED;
  await Promise.all(
    Array.from({ length: SECOND_WAVE }, () =>
      send(() => {
        if (!killed && accepted.size >= killAt) killed = service.kill();
      }),
    ),
  );
  expect(killed).toBeDefined();
  await killed;

  await service.start();
  const settledStatuses = new Set(['delivered', 'failed']);
  const deadline = Date.now() + 90_000;
  let pending = [...accepted];
  while (pending.length > 0 && Date.now() < deadline) {
    const statuses = await Promise.all(pending.map(async (id) => ({ id, status: await statusOf(id) })));
    pending = statuses.filter((entry) => !settledStatuses.has(entry.status)).map((entry) => entry.id);
    if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 250));
  }
  expect(pending).toEqual([]);
  // Let what the client never heard about settle too, including jobs whose effects committed before
  // the kill but whose rows still carry the dead worker's lease (scaled mode), then stop cleanly.
  await new Promise((resolve) => setTimeout(resolve, LEASE_MS + 2_000));
  expect((await service.stop()).every((code) => code === 0)).toBe(true);

  const check = await createServices(loadConfig(environment));
  try {
    const { prisma } = check;
    const messages = await prisma.message.findMany({ where: { workspaceId } });
    const ids = new Set(messages.map((message) => message.id));
    const carrier = await prisma.sandboxMessage.findMany({ where: { messageId: { in: [...ids] } } });
    const sentReports = await prisma.providerEvent.count({ where: { eventType: 'message.sent' } });
    const deliveredReports = await prisma.providerEvent.count({ where: { eventType: 'message.delivered' } });
    const customerSent = await prisma.event.count({ where: { workspaceId, type: 'message.sent' } });
    const customerDelivered = await prisma.event.count({ where: { workspaceId, type: 'message.delivered' } });
    const unfinishedJobs = await prisma.job.findMany({
      where: { status: { in: ['pending', 'running', 'dead'] } },
      select: { queue: true, status: true, attempts: true, lastError: true, payload: true },
    });
    const debits = await prisma.ledgerEntry.findMany({ where: { workspaceId, kind: 'send_debit' } });
    const workspace = await prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } });
    const summary = {
      accepted: accepted.size,
      unanswered,
      stored: messages.length,
      transmitted: carrier.length,
      repeatedSendRequests: carrier.filter((row) => row.sendRequests > 1).length,
    };
    console.log(`crash test (${options.separateWorker ? 'API + worker process' : 'one process'}):`, JSON.stringify(summary));

    // Nothing accepted was lost; everything stored (also what the client never heard about) was delivered.
    for (const id of accepted) expect(ids.has(id)).toBe(true);
    expect(messages.filter((message) => message.status !== 'delivered')).toEqual([]);
    // Each message reached the carrier exactly once: one carrier record each, one report and one customer event of each kind.
    expect(carrier).toHaveLength(messages.length);
    expect(new Set(carrier.map((row) => row.messageId))).toEqual(ids);
    expect(sentReports).toBe(messages.length);
    expect(deliveredReports).toBe(messages.length);
    expect(customerSent).toBe(messages.length);
    expect(customerDelivered).toBe(messages.length);
    expect(unfinishedJobs).toEqual([]);
    // Each message was debited once and the balance agrees.
    expect(debits).toHaveLength(messages.length);
    const spent = messages.reduce((sum, message) => sum + message.costCents, 0);
    expect(workspace.balanceCents).toBe(100_000 - spent);
  } finally {
    await check.close();
  }
}

describe('crash safety: kill -9 during a burst of sends', () => {
  it('loses no accepted message and sends none twice', () => crashScenario({ separateWorker: false }), 240_000);

  it.runIf(scaledMode)('does the same with `npm run worker` as a separate process, both killed', () => crashScenario({ separateWorker: true }), 240_000);
});
