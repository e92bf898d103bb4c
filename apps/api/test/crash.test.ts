import { afterAll, describe, expect, it } from 'vitest';
import { scaledMode } from './harness.ts';
import {
  apiEntry,
  deploymentEnvironment,
  freePort,
  pause,
  prepareSendingWorkspace,
  type RunningProcess,
  runCleanups,
  startProcess,
  stopAfterLeftoverJobs,
  waitUntilHealthy,
  withServices,
  workerEntry,
} from './process-support.ts';

/**
 * The real server as a child process, killed with SIGKILL in the middle of 1,000 sends whose clients
 * retry with their idempotency keys until they get an answer, then restarted on the same data:
 * every acknowledged message exists exactly once under its key, dispatch resumes, and no message
 * reaches the carrier twice.
 */

const SENDS = 1_000;
const CLIENTS = 16;
// Enough tokens that the per-token buckets (20 burst) absorb the sends and their retries.
const TOKENS = 100;
// Acknowledged sends before the kill; the rest are in flight or not sent yet when the server dies.
const KILL_AFTER_ACKNOWLEDGED = 300;
const LEASE_MS = 2_000;

afterAll(runCleanups);

/**
 * The API server, plus in the split deployment a separate `npm run worker` process (the API then
 * runs no workers; the worker reaches the API's webhook routes through PUBLIC_BASE_URL).
 */
function deployment(environment: Record<string, string>, baseUrl: string, separateWorker: boolean) {
  let processes: RunningProcess[] = [];
  return {
    async start() {
      const api = startProcess(apiEntry, { ...environment, RUN_WORKERS: separateWorker ? '0' : '1' });
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

/** What the clients saw, per idempotency key. */
type ClientRecord = { messageId: string; firstAnswer: number; attempts: number };

async function crashScenario(options: { separateWorker: boolean }) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const environment = await deploymentEnvironment('crash', {
    PORT: String(port),
    SANDBOX_DELAY_MS: '20',
    // A job whose worker was killed is retried after this (the scaled mode has no other way to know).
    JOB_LEASE_MS: String(LEASE_MS),
  });
  // Set up the workspace directly in the database the server will use (PGlite admits one process at a time).
  const { workspaceId, tokens, balanceCents } = await withServices(environment, (services) =>
    prepareSendingWorkspace(services, { tokens: TOKENS }),
  );

  const service = deployment(environment, baseUrl, options.separateWorker);
  await service.start();

  const acknowledged = new Map<string, ClientRecord>();
  let killed: Promise<void> | undefined;
  let restarted: Promise<void> | undefined;
  let unanswered = 0;

  /** One client request: retried with the same key on a lost connection, a 5xx or a 429, until answered 202 or 200. */
  async function sendUntilAcknowledged(index: number): Promise<void> {
    const key = `crash-${index}`;
    const request = {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens[index % TOKENS]}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        phone_number: `+1415555${String(2000 + (index % 7000)).padStart(4, '0')}`,
        body: `Crash message ${index}`,
        idempotency_key: key,
      }),
    };
    for (let attempt = 1; attempt <= 200; attempt += 1) {
      let response: Response;
      try {
        response = await fetch(`${baseUrl}/api/v1/messages`, request);
      } catch {
        // The server died with this request in flight (or is not back yet): its outcome is unknown.
        if (attempt === 1) unanswered += 1;
        await (restarted ?? pause(100));
        continue;
      }
      const body = (await response.json()) as { message?: { id: string } };
      if ((response.status === 202 || response.status === 200) && body.message) {
        acknowledged.set(key, { messageId: body.message.id, firstAnswer: response.status, attempts: attempt });
        if (!killed && acknowledged.size >= KILL_AFTER_ACKNOWLEDGED) {
          killed = service.kill();
          restarted = killed.then(() => service.start());
        }
        return;
      }
      if (response.status !== 429 && response.status < 500)
        throw new Error(`send ${index} refused: ${response.status} ${JSON.stringify(body)}`);
      await pause(response.status === 429 ? Number(response.headers.get('retry-after') ?? 1) * 1000 : 100);
    }
    throw new Error(`send ${index} was never acknowledged`);
  }

  let next = 0;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < SENDS) await sendUntilAcknowledged(next++);
    }),
  );
  expect(killed).toBeDefined();
  await restarted;
  expect(acknowledged.size).toBe(SENDS);

  // Dispatch resumes: every message settles (read through the API: PGlite admits no second process).
  // The workspace holds only these messages, so when no page of a status before delivery has one,
  // all have settled (the database check below finds each delivered). Three list reads per look,
  // where reading each message would take a thousand from the server it waits for.
  const unsettled = async () => {
    for (const status of ['queued', 'sending', 'sent']) {
      const response = await fetch(`${baseUrl}/api/v1/messages?status=${status}&limit=1`, {
        headers: { authorization: `Bearer ${tokens[0]}` },
      });
      expect(response.status).toBe(200);
      if (((await response.json()) as { messages: unknown[] }).messages.length > 0) return true;
    }
    return false;
  };
  const settleBy = Date.now() + 150_000;
  while (await unsettled()) {
    if (Date.now() > settleBy) throw new Error('dispatch did not finish after the restart');
    await pause(500);
  }
  expect((await stopAfterLeftoverJobs(environment, LEASE_MS, service)).every((code) => code === 0)).toBe(true);

  await withServices(environment, async ({ prisma }) => {
    const messages = await prisma.message.findMany({ where: { workspaceId } });
    const ids = new Set(messages.map((message) => message.id));
    const carrier = await prisma.sandboxMessage.findMany({ where: { messageId: { in: [...ids] } } });
    const unfinishedJobs = await prisma.job.findMany({
      where: { status: { in: ['pending', 'running', 'dead'] } },
      select: { queue: true, status: true, attempts: true, lastError: true, payload: true },
    });
    const debits = await prisma.ledgerEntry.findMany({ where: { workspaceId, kind: 'send_debit' } });
    const workspace = await prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } });
    const retried = [...acknowledged.values()].filter((record) => record.attempts > 1);
    const summary = {
      acknowledged: acknowledged.size,
      unanswered,
      retried: retried.length,
      acknowledgedAsReplay: retried.filter((record) => record.firstAnswer === 200).length,
      stored: messages.length,
      transmitted: carrier.length,
      repeatedSendRequests: carrier.filter((row) => row.sendRequests > 1).length,
    };
    console.log(`crash test (${options.separateWorker ? 'API + worker process' : 'one process'}):`, JSON.stringify(summary));
    expect(unanswered).toBeGreaterThan(0);

    // Exactly once: one message per idempotency key, the one every answer named.
    expect(messages).toHaveLength(SENDS);
    const byKey = new Map(messages.map((message) => [message.idempotencyKey, message.id]));
    expect(byKey.size).toBe(SENDS);
    for (const [key, record] of acknowledged) expect(byKey.get(key), key).toBe(record.messageId);
    // Dispatch resumed: everything delivered, each message transmitted once, reported and evented once.
    expect(messages.filter((message) => message.status !== 'delivered')).toEqual([]);
    expect(carrier).toHaveLength(messages.length);
    expect(new Set(carrier.map((row) => row.messageId))).toEqual(ids);
    expect(await prisma.providerEvent.count({ where: { eventType: 'message.sent' } })).toBe(messages.length);
    expect(await prisma.providerEvent.count({ where: { eventType: 'message.delivered' } })).toBe(messages.length);
    expect(await prisma.event.count({ where: { workspaceId, type: 'message.sent' } })).toBe(messages.length);
    expect(await prisma.event.count({ where: { workspaceId, type: 'message.delivered' } })).toBe(messages.length);
    expect(unfinishedJobs).toEqual([]);
    // Each message was debited once and the balance agrees.
    expect(debits).toHaveLength(messages.length);
    const spent = messages.reduce((sum, message) => sum + message.costCents, 0);
    expect(workspace.balanceCents).toBe(balanceCents - spent);
  });
}

describe('crash safety: kill -9 during 1,000 sends with idempotent client retries', () => {
  it(
    'keeps every acknowledged message exactly once and resumes dispatch',
    () => crashScenario({ separateWorker: false }),
    600_000,
  );

  it.runIf(scaledMode)(
    'does the same with `npm run worker` as a separate process, both killed',
    () => crashScenario({ separateWorker: true }),
    600_000,
  );
});
