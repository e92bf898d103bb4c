import { afterAll, describe, expect, it } from 'vitest';
import { createEndpoint } from '../src/domain/customer-webhooks/endpoints.ts';
import { startSink } from './console-support.ts';
import { closeStarted, eventually, scaledMode } from './harness.ts';
import {
  apiEntry,
  deploymentEnvironment,
  freePort,
  prepareSendingWorkspace,
  type RunningProcess,
  runCleanups,
  startProcess,
  waitUntilHealthy,
  withServices,
  workerEntry,
} from './process-support.ts';

/**
 * Workers that scale out: one API process and two, then four, `npm run worker` processes on one
 * PostgreSQL database and Redis. Each message is dispatched, reported and announced once however
 * many workers share the jobs, and when one worker is killed (SIGKILL) in the middle of the work the
 * others finish it: the jobs it held come back when their lease runs out.
 */

const TOKENS = 6;
// Sends before the kill, and during it; a token's burst is 20.
const CALM_SENDS = 30;
const KILLED_SENDS = 40;
// Long enough that no dispatch outlives it on a busy machine (its job would run again), short enough
// that the jobs a killed worker held come back soon.
const LEASE_MS = 10_000;

afterAll(runCleanups);

async function sendAll(baseUrl: string, tokens: string[], label: string, count: number) {
  return Promise.all(
    Array.from({ length: count }, async (_, index) => {
      const response = await fetch(`${baseUrl}/api/v1/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[index % tokens.length]}` },
        body: JSON.stringify({
          phone_number: `+1415557${String(index).padStart(4, '0')}`,
          body: `${label} ${index}`,
          idempotency_key: `${label}-${index}`,
        }),
      });
      return response.status;
    }),
  );
}

describe.runIf(scaledMode).each([2, 4])('scaled mode: one API process and %i workers', (workerCount) => {
  let processes: RunningProcess[] = [];
  let sink: Awaited<ReturnType<typeof startSink>> | undefined;

  afterAll(async () => {
    for (const { child } of processes) if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await Promise.all(processes.map((running) => running.exited));
    await closeStarted(sink);
  }, 60_000);

  it('runs every job once, and the others finish what a killed worker held', async () => {
    sink = await startSink();
    sink.respond = { status: 204, body: '', delayMs: 0 };
    const port = await freePort();
    const api = `http://127.0.0.1:${port}`;
    const environment = await deploymentEnvironment(`workers-${workerCount}`, {
      SANDBOX_DELAY_MS: '20',
      ALLOW_PRIVATE_WEBHOOK_URLS: '1',
      JOB_LEASE_MS: String(LEASE_MS),
      DATABASE_POOL_SIZE: '4',
    });
    const workspace = await withServices(environment, async (services) => {
      const prepared = await prepareSendingWorkspace(services, { tokens: TOKENS });
      await createEndpoint(
        services,
        { workspaceId: prepared.workspaceId, origin: 'console', tokenId: 'test' },
        { url: sink!.url },
      );
      return prepared;
    });
    const server = startProcess(apiEntry, { ...environment, PORT: String(port) });
    const workers = Array.from({ length: workerCount }, () =>
      startProcess(workerEntry, { ...environment, PUBLIC_BASE_URL: api }),
    );
    processes = [server, ...workers];
    await waitUntilHealthy(api, server);

    await withServices({ ...environment, LOG_LEVEL: 'silent' }, async ({ prisma }) => {
      const { workspaceId } = workspace;
      const settled = async (count: number) => {
        try {
          await eventually(
            'every message delivered and announced',
            async () =>
              (await prisma.message.count({ where: { workspaceId, status: 'delivered' } })) === count &&
              (await prisma.webhookDelivery.count({ where: { workspaceId, status: 'succeeded' } })) === count * 2,
            120_000,
          );
        } catch (error) {
          // What was left, to tell a stall from a slow machine.
          const left = {
            messages: await prisma.message.groupBy({ by: ['status'], where: { workspaceId }, _count: true }),
            deliveries: await prisma.webhookDelivery.groupBy({ by: ['status'], where: { workspaceId }, _count: true }),
            jobs: await prisma.job.groupBy({ by: ['queue', 'status'], where: { status: { not: 'done' } }, _count: true }),
          };
          throw new Error(`${(error as Error).message}: ${JSON.stringify(left)}`);
        }
      };

      // Calm: every worker up, each job exactly once, to the carrier and to the endpoint alike.
      expect(await sendAll(api, workspace.tokens, 'calm', CALM_SENDS)).toEqual(Array(CALM_SENDS).fill(202));
      await settled(CALM_SENDS);
      // The deployment's database is this test's own: every carrier message is one of its sends.
      const carrier = await prisma.sandboxMessage.findMany();
      expect(carrier).toHaveLength(CALM_SENDS);
      expect(carrier.filter((row) => row.sendRequests !== 1)).toEqual([]);
      const calmIds = sink!.requests.map((request) => request.headers['webhook-id']);
      expect(calmIds).toHaveLength(CALM_SENDS * 2);
      expect(new Set(calmIds).size).toBe(CALM_SENDS * 2);

      // One worker killed while the next sends are dispatched.
      const sending = sendAll(api, workspace.tokens, 'killed', KILLED_SENDS);
      await eventually(
        'the next sends to be under way',
        async () => (await prisma.message.count({ where: { workspaceId, dispatchedAt: { not: null } } })) > CALM_SENDS + 5,
        60_000,
      );
      workers[0]!.child.kill('SIGKILL');
      expect(await sending).toEqual(Array(KILLED_SENDS).fill(202));
      await settled(CALM_SENDS + KILLED_SENDS);

      const total = CALM_SENDS + KILLED_SENDS;
      const messages = await prisma.message.findMany({ where: { workspaceId }, select: { id: true } });
      const ids = messages.map((message) => message.id);
      expect(ids).toHaveLength(total);
      // One carrier message each (a dispatch the killed worker began is repeated idempotently, never sent twice).
      expect(await prisma.sandboxMessage.count({ where: { messageId: { in: ids } } })).toBe(total);
      expect(await prisma.providerEvent.count({ where: { messageId: { in: ids }, eventType: 'message.sent' } })).toBe(total);
      expect(await prisma.providerEvent.count({ where: { messageId: { in: ids }, eventType: 'message.delivered' } })).toBe(total);
      expect(await prisma.event.count({ where: { workspaceId, type: 'message.sent' } })).toBe(total);
      expect(await prisma.event.count({ where: { workspaceId, type: 'message.delivered' } })).toBe(total);
      expect(await prisma.ledgerEntry.count({ where: { workspaceId, kind: 'send_debit' } })).toBe(total);
      // Every event reached the endpoint; one the killed worker was posting may have reached it twice.
      const received = sink!.requests.map((request) => request.headers['webhook-id']);
      expect(new Set(received).size).toBe(total * 2);
      const repeated = received.length - total * 2;
      console.log(`workers: ${workerCount}, killed one`, JSON.stringify({ total, webhookRequestsRepeated: repeated }));
    });
  }, 300_000);
});

describe.skipIf(scaledMode)('workers that scale out', () => {
  it.skip('needs TEST_DATABASE_URL and TEST_REDIS_URL (PostgreSQL + Redis): runs in the scaled project', () => undefined);
});
