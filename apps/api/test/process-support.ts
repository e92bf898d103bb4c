import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestDatabaseUrl } from '@textline/db/testing';
import { builtEntries, bundleApi } from '../scripts/bundle.ts';
import { accountOwner } from '../src/auth/console-session.ts';
import { loadConfig } from '../src/config.ts';
import { createAccount as createAccountRecord, createApiKeyToken } from '../src/domain/accounts.ts';
import { postLedgerEntry } from '../src/domain/ledger.ts';
import { buyNumber } from '../src/domain/numbers.ts';
import type { Services } from '../src/ports.ts';
import { createServices } from '../src/services.ts';
import { eventually, scaledMode } from './harness.ts';

/**
 * The real entry points (`npm start`, `npm run worker`) as child processes, for tests about what
 * only whole processes show: crashes, signals, several processes sharing one database and Redis.
 * They run what production runs, the bundle in apps/api/dist, built here from the current source.
 */

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
await bundleApi();
export const apiEntry = builtEntries.main;
export const workerEntry = builtEntries.worker;
export const adminEntry = builtEntries.admin;

export type RunningProcess = { child: ChildProcess; exited: Promise<number | null>; output: string[] };

/** Cleanups of everything a test file started; call `runCleanups` in its afterAll. */
const cleanups: (() => Promise<void> | void)[] = [];
function onCleanup(cleanup: () => Promise<void> | void): void {
  cleanups.push(cleanup);
}
export async function runCleanups(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}

export { freePort } from './harness.ts';

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Spawns `node <entry> [...args]` with only `environment` on top of this process's (minus its database settings). */
export function startProcess(entry: string, environment: Record<string, string>, args: readonly string[] = []): RunningProcess {
  const output: string[] = [];
  const { DATABASE_URL: _database, REDIS_URL: _redis, ...inherited } = process.env;
  const child = spawn(process.execPath, [entry, ...args], {
    cwd: repoRoot,
    env: { ...inherited, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => output.push(String(chunk)));
  child.stderr.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  onCleanup(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  return { child, exited, output };
}

export async function waitUntilHealthy(baseUrl: string, server: RunningProcess): Promise<void> {
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

/**
 * The environment of a deployment under test: its own data directory (PGlite), or in the scaled
 * suite its own PostgreSQL database and BullMQ prefix on the shared Redis. Processes get a port
 * each from `portEnvironment`.
 */
export async function deploymentEnvironment(prefix: string, extra: Record<string, string> = {}): Promise<Record<string, string>> {
  const dataDir = mkdtempSync(join(tmpdir(), `textline-${prefix}-`));
  onCleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  const database = scaledMode
    ? await createTestDatabaseUrl(process.env.TEST_DATABASE_URL!, process.env.TEST_DATABASE_DIRECT_URL)
    : undefined;
  if (database) onCleanup(() => database.drop());
  return {
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Tests and the bench send bursts to sequential numbers of one block (+1415555...): the SMS pumping
    // guard's default threshold of a whole block (100) never refuses them. Its own tests set a lower one.
    PUMPING_GUARD_MAX_NEW_NUMBERS_PER_HOUR: '100',
    ...(database
      ? {
          DATABASE_URL: database.url,
          ...(database.directUrl && { DATABASE_DIRECT_URL: database.directUrl }),
          ...(process.env.TEST_DATABASE_PREPARED_STATEMENTS && {
            DATABASE_PREPARED_STATEMENTS: process.env.TEST_DATABASE_PREPARED_STATEMENTS,
          }),
          REDIS_URL: process.env.TEST_REDIS_URL!,
          REDIS_KEY_PREFIX: `${prefix}-${randomUUID()}`,
        }
      : {}),
    ...extra,
  };
}

/**
 * Opens the deployment's database in this process (PGlite admits one process at a time, so only
 * while no server of it runs), runs `work` and closes it again.
 */
export async function withServices<T>(environment: Record<string, string>, work: (services: Services) => Promise<T>): Promise<T> {
  const services = await createServices(loadConfig(environment));
  try {
    return await work(services);
  } finally {
    await services.close();
  }
}

/** A funded enterprise workspace with a sandbox number and `tokens` API tokens (the send rate limit is per token). */
export async function prepareSendingWorkspace(services: Services, options: { tokens: number; balanceCents?: number }) {
  const account = await createAccountRecord(services, {
    username: `proc_${randomUUID().slice(0, 12)}`,
    password: 'correct horse battery staple',
    ipHash: `proc-${randomUUID()}`,
  });
  const workspace = await services.prisma.workspace.findUniqueOrThrow({ where: { accountId: account.account.id } });
  const balanceCents = options.balanceCents ?? 100_000;
  await services.prisma.workspace.update({ where: { id: workspace.id }, data: { planTier: 'enterprise' } });
  await postLedgerEntry(services.prisma, {
    workspaceId: workspace.id,
    amountCents: balanceCents,
    kind: 'operator_credit',
    reference: `proc-test:${workspace.id}`,
  });
  await buyNumber(services, workspace.id, { areaCode: '415' });
  const tokens: string[] = [];
  for (let index = 0; index < options.tokens; index += 1)
    tokens.push((await createApiKeyToken(services, accountOwner(workspace.id), `token ${index}`)).access_token);
  return { workspaceId: workspace.id, tokens, balanceCents };
}

/**
 * After a kill and a restart, stops the deployment once the jobs no client waits for are done: those
 * whose effects committed before the kill but whose rows still carry the dead worker's lease
 * (`leaseMs`, JOB_LEASE_MS), and (scaled) those whose BullMQ delivery the dead worker had taken
 * before claiming the row, which BullMQ hands out again once it finds it stalled (within a minute).
 * The scaled mode reads the jobs table until none is left. Embedded, PGlite admits no second process:
 * past the lease and a sweep, the server stops so that the table can be read, and starts again while
 * jobs are left (a loaded machine may take longer than that to run them). Answers the exit codes of
 * every stop.
 */
export async function stopAfterLeftoverJobs(
  environment: Record<string, string>,
  leaseMs: number,
  deployment: { start(): Promise<void>; stop(): Promise<(number | null)[]> },
): Promise<(number | null)[]> {
  const unfinished = (prisma: Services['prisma']) => prisma.job.count({ where: { status: { in: ['pending', 'running'] } } });
  if (scaledMode) {
    await withServices(environment, ({ prisma }) =>
      eventually('every job to finish', async () => (await unfinished(prisma)) === 0, 120_000),
    );
    return deployment.stop();
  }
  const codes: (number | null)[] = [];
  for (let round = 1; ; round += 1) {
    await pause(leaseMs + 2_000);
    codes.push(...(await deployment.stop()));
    const left = await withServices(environment, ({ prisma }) => unfinished(prisma));
    if (left === 0) return codes;
    if (round === 5) throw new Error(`${left} jobs left unfinished after ${round} runs of the server past the lease`);
    await deployment.start();
  }
}
