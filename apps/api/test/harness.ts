import { randomUUID } from 'node:crypto';
import { lookup as dnsLookup } from 'node:dns';
import { type AddressInfo, createServer, type LookupFunction } from 'node:net';
import type { Server } from 'node:http';
import { Writable } from 'node:stream';
import { createTestDatabaseUrl } from '@textline/db/testing';
import { loadConfig, type Config } from '../src/config.ts';
import type { Services } from '../src/ports.ts';
import { createServices } from '../src/services.ts';
import { createApiServer } from '../src/app.ts';
import { type Clock, manualClock } from '../src/lib/clock.ts';
import { createLogger } from '../src/lib/logger.ts';
import { accountOwner } from '../src/auth/console-session.ts';
import { createApiKeyToken } from '../src/domain/accounts.ts';

/** A public address (example.com's) that test webhook hosts resolve to when saved. */
export const testPublicAddress = '93.184.215.14';

/**
 * The endpoint URL check's DNS in tests, which run without a network: names under example.com
 * resolve to a public address, so endpoints at them can be saved under the production URL rules;
 * other names resolve as usual (.invalid never does, RFC 6761). Deliveries resolve with real DNS.
 */
const testWebhookLookup = ((hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
  if (!/(^|\.)example\.com\.?$/i.test(hostname)) {
    dnsLookup(hostname, options, callback as never);
    return;
  }
  if (options.all) callback(null, [{ address: testPublicAddress, family: 4 }]);
  else callback(null, testPublicAddress, 4);
}) as unknown as LookupFunction;

/** The scaled suite runs the same tests on PostgreSQL + Redis when these are set (see .ci/run). */
export const scaledMode = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

export type TestApp = {
  baseUrl: string;
  services: Services;
  config: Config;
  clock: ReturnType<typeof manualClock>;
  logs: string[];
  close(): Promise<void>;
};

/** Captures every log line so tests can assert that no secret was logged. */
export function captureLogs(lines: string[]) {
  return new Writable({
    write(chunk, _encoding, callback) {
      lines.push(String(chunk));
      callback();
    },
  });
}

/**
 * Starts the real app on an ephemeral loopback port over a fresh database: in-memory PGlite, or a
 * new PostgreSQL database (and Redis) in the scaled suite. Job workers run in-process unless
 * `startJobs: false`; `app.services.jobs.drain()` waits until no job is due. The sandbox carrier
 * answers without delay (SANDBOX_DELAY_MS=0) and retries come due without jitter
 * (RETRY_JITTER_PERCENT=0) unless the environment says otherwise.
 *
 * `shareWith` starts a second API process of the scaled deployment instead: the same PostgreSQL
 * database, Redis key prefix and clock as that app (embedded mode has no database to share). It runs
 * no jobs unless `startJobs: true`: the first app's `drain()` waits only for its own process's jobs,
 * and a job the second process claimed would still be running when it returned.
 *
 * `servers` puts the scaled app on a PostgreSQL server and a Redis of the test's own instead of the
 * suite's shared ones (a test that stops or kills them must not do it to other files' servers).
 *
 * Behind a pooler in transaction mode (TEST_DATABASE_URL the pooler, TEST_DATABASE_DIRECT_URL the
 * server, or `servers.directDatabaseUrl`), the database is made and migrated on the server and
 * served through the pooler; TEST_DATABASE_PREPARED_STATEMENTS sets DATABASE_PREPARED_STATEMENTS.
 */
export async function startTestApp(
  environment: Record<string, string> = {},
  options: {
    clock?: Clock;
    startJobs?: boolean;
    shareWith?: TestApp;
    servers?: { databaseUrl: string; directDatabaseUrl?: string; redisUrl: string };
  } = {},
): Promise<TestApp> {
  const shared = options.shareWith;
  if (shared && !scaledMode) throw new Error('startTestApp: shareWith needs the scaled mode (PostgreSQL + Redis)');
  const databaseServer = options.servers?.databaseUrl ?? process.env.TEST_DATABASE_URL!;
  const directServer = options.servers ? options.servers.directDatabaseUrl : process.env.TEST_DATABASE_DIRECT_URL;
  const redisUrl = options.servers?.redisUrl ?? process.env.TEST_REDIS_URL!;
  const database = scaledMode && !shared ? await createTestDatabaseUrl(databaseServer, directServer) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'info',
    // Tests speak through loopback and name their client address in X-Forwarded-For.
    TRUST_PROXY: 'loopback',
    SANDBOX_DELAY_MS: '0',
    // Retries come due exactly on their schedule unless a test asks for the jitter.
    RETRY_JITTER_PERCENT: '0',
    // Tests and the bench send bursts to sequential numbers of one block (+1415555...): the SMS pumping
    // guard's default threshold of a whole block (100) never refuses them. Its own tests set a lower one.
    PUMPING_GUARD_MAX_NEW_NUMBERS_PER_HOUR: '100',
    // Test apps share one Redis: each gets its own key namespace.
    ...(scaledMode
      ? {
          DATABASE_URL: shared ? shared.config.databaseUrl! : database!.url,
          ...(directServer && { DATABASE_DIRECT_URL: shared ? shared.config.databaseDirectUrl! : database!.directUrl! }),
          ...(process.env.TEST_DATABASE_PREPARED_STATEMENTS && {
            DATABASE_PREPARED_STATEMENTS: process.env.TEST_DATABASE_PREPARED_STATEMENTS,
          }),
          REDIS_URL: shared ? shared.config.redisUrl! : redisUrl,
          REDIS_KEY_PREFIX: shared ? shared.config.redisKeyPrefix : `test-${randomUUID()}`,
        }
      : {}),
    ...environment,
  });
  const clock = shared?.clock ?? manualClock();
  const logs: string[] = [];
  const services = await createServices(config, {
    clock: options.clock ?? clock,
    log: createLogger('info', captureLogs(logs)),
    webhookLookup: testWebhookLookup,
  });
  const server: Server = createApiServer(services);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  services.selfUrl.current = `http://127.0.0.1:${port}`;
  if (options.startJobs ?? !shared) await services.jobs.start();
  const app: TestApp = {
    baseUrl: `http://127.0.0.1:${port}`,
    services,
    config,
    clock,
    logs,
    async close() {
      assertNoSecretsLogged(app);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await services.close();
      await database?.drop();
    },
  };
  return app;
}

/**
 * Closes, together, what a file's beforeAll started. The variables are typed as set, but a beforeAll
 * that failed part-way left the later ones undefined, and the earlier ones must close all the same.
 */
export async function closeStarted(...started: ({ close(): Promise<unknown> } | undefined)[]): Promise<void> {
  await Promise.all(started.map(async (resource) => resource?.close()));
}

export type JsonResponse = { status: number; headers: Headers; body: any };

/**
 * Every credential, password and phone number a test sends or receives, so that closing an app can
 * assert that none of them reached a log line.
 */
const secretsSeen = new WeakMap<object, Set<string>>();
const secretPattern = /\b(?:txt|txk|whsec)_[0-9A-Za-z+/=_-]{16,}/g;
const phonePattern = /\+[1-9]\d{7,14}/g;

function remember(app: object, text: string | undefined, ...extra: (string | undefined)[]) {
  let seen = secretsSeen.get(app);
  if (!seen) secretsSeen.set(app, (seen = new Set()));
  for (const match of text?.match(secretPattern) ?? []) seen.add(match);
  for (const match of text?.match(phonePattern) ?? []) seen.add(match);
  for (const value of extra) if (value && value.length >= 8) seen.add(value);
}

function passwordIn(payload: string | undefined): string | undefined {
  return payload?.match(/"password"\s*:\s*"([^"]+)"/)?.[1];
}

/** Fails when a log line contains a token, key, secret, password or full phone number a test used. */
export function assertNoSecretsLogged(app: TestApp) {
  const seen = secretsSeen.get(app) ?? new Set<string>();
  // A phone number also counts as leaked in its URL-encoded form (a path that names one).
  const forms = (secret: string) =>
    secret.startsWith('+') ? [secret, `%2B${secret.slice(1)}`, `%2b${secret.slice(1)}`] : [secret];
  const leaks = [...seen].filter((secret) => forms(secret).some((form) => app.logs.some((line) => line.includes(form))));
  if (leaks.length > 0) throw new Error(`secrets reached the logs: ${leaks.map((leak) => `${leak.slice(0, 8)}…`).join(', ')}`);
}

export async function call(
  app: Pick<TestApp, 'baseUrl'>,
  method: string,
  path: string,
  options: {
    token?: string;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
    /** 'manual' answers a redirect as it is instead of following it. */
    redirect?: 'follow' | 'manual';
  } = {},
): Promise<JsonResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    payload = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await fetch(`${app.baseUrl}${path}`, {
    method,
    headers,
    body: payload,
    redirect: options.redirect ?? 'follow',
  });
  const text = await response.text();
  remember(app, text, passwordIn(payload), options.token);
  remember(app, payload);
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  // Backup codes and session cookies match no pattern above; remember them by where they appear.
  const backupCodes = (body as { backup_codes?: unknown } | undefined)?.backup_codes;
  if (Array.isArray(backupCodes)) remember(app, undefined, ...backupCodes.map(String));
  remember(
    app,
    undefined,
    ...response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]!.split('=').slice(1).join('=')),
  );
  return { status: response.status, headers: response.headers, body };
}

/** A loopback TCP port that nothing listens on now, for a server a test starts. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let ipCounter = 0;

/** Waits until `predicate` holds, polling; fails with `what` after `timeoutMs`. */
export async function eventually(what: string, predicate: () => Promise<boolean> | boolean, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Each account creation comes from its own address so the per-IP throttle stays out of the way. */
export function freshIp(): string {
  ipCounter += 1;
  return `203.0.${Math.floor(ipCounter / 250) % 250}.${(ipCounter % 250) + 1}`;
}

export async function createAccount(app: TestApp, username = `user_${Math.random().toString(36).slice(2, 10)}`) {
  const response = await call(app, 'POST', '/api/v1/accounts', {
    body: { username, password: 'correct horse battery staple' },
    headers: { 'x-forwarded-for': freshIp() },
  });
  if (response.status !== 201) throw new Error(`account creation failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as {
    account: { id: string; username: string };
    backup_codes: string[];
    token: { access_token: string; scopes: string[]; expires_at: string };
  };
}

/** An account plus a token with every developer scope, minted as POST /onboarding/api-key would. */
export async function createDeveloper(app: TestApp) {
  const account = await createAccount(app);
  const workspace = await app.services.prisma.workspace.findUniqueOrThrow({ where: { accountId: account.account.id } });
  const token = await createApiKeyToken(app.services, accountOwner(workspace.id), 'test');
  return { account, workspaceId: workspace.id, token: token.access_token };
}
