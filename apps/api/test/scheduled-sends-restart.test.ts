import { afterAll, describe, expect, it } from 'vitest';
import {
  apiEntry,
  deploymentEnvironment,
  freePort,
  pause,
  prepareSendingWorkspace,
  runCleanups,
  type RunningProcess,
  startProcess,
  waitUntilHealthy,
  withServices,
} from './process-support.ts';

/**
 * Scheduled sends across restarts of the real server (a child process): a scheduled message is a
 * message row plus a dispatch job row due at send_at, so it outlives a clean stop and a kill -9, and
 * one that came due while the server was down goes out as soon as the server is back.
 */

afterAll(runCleanups);

const MINUTE = 60_000;

type MessageView = { id: string; status: string; send_at: string | null };

describe('scheduled sends survive restarts', () => {
  it('keeps scheduled messages through SIGTERM and kill -9, and sends those due while down on start', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const environment = await deploymentEnvironment('scheduled', { PORT: String(port), SANDBOX_DELAY_MS: '20' });
    // PGlite admits one process at a time: the workspace is set up before the server starts.
    const { workspaceId, tokens, balanceCents } = await withServices(environment, (services) =>
      prepareSendingWorkspace(services, { tokens: 1 }),
    );
    const headers = { authorization: `Bearer ${tokens[0]}`, 'content-type': 'application/json' };

    let server: RunningProcess | undefined;
    async function start() {
      server = startProcess(apiEntry, { ...environment, RUN_WORKERS: '1' });
      await waitUntilHealthy(baseUrl, server);
    }
    async function stop(signal: 'SIGTERM' | 'SIGKILL') {
      server!.child.kill(signal);
      return server!.exited;
    }
    async function api(method: string, path: string, body?: unknown) {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as { message: MessageView } };
    }
    const statusOf = async (id: string) => (await api('GET', `/api/v1/messages/${id}`)).body.message.status;

    await start();
    const schedule = async (index: number, sendAt: Date) => {
      const created = await api('POST', '/api/v1/messages', {
        phone_number: `+1415555${String(3000 + index)}`,
        body: `Scheduled ${index}`,
        send_at: sendAt.toISOString(),
      });
      expect(created.status).toBe(202);
      expect(created.body.message.status).toBe('scheduled');
      return created.body.message.id;
    };
    const soon = new Date(Date.now() + 2 * MINUTE);
    const later = new Date(Date.now() + 30 * MINUTE);
    const dueWhileDown = [await schedule(0, soon), await schedule(1, soon)];
    const stillAhead = await schedule(2, later);

    // A clean restart keeps them scheduled.
    expect(await stop('SIGTERM')).toBe(0);
    await start();
    for (const id of [...dueWhileDown, stillAhead]) expect(await statusOf(id)).toBe('scheduled');

    // Killed, and down past the send_at of two of them: rather than wait two minutes, their times
    // are moved into the past while the server is down, as the passing time would have done.
    await stop('SIGKILL');
    const past = new Date(Date.now() - 1_000);
    await withServices(environment, async ({ prisma }) => {
      const jobs = await prisma.job.findMany({ where: { queue: 'dispatch' } });
      const dueJobs = jobs.filter((job) => dueWhileDown.includes((job.payload as { messageId: string }).messageId));
      expect(dueJobs.map((job) => job.status)).toEqual(['pending', 'pending']);
      await prisma.job.updateMany({ where: { id: { in: dueJobs.map((job) => job.id) } }, data: { runAt: past } });
      await prisma.message.updateMany({ where: { id: { in: dueWhileDown } }, data: { sendAt: past } });
    });

    await start();
    const deadline = Date.now() + 60_000;
    while ((await Promise.all(dueWhileDown.map(statusOf))).some((status) => status !== 'delivered')) {
      if (Date.now() > deadline) throw new Error(`the messages due while down were not sent:\n${server!.output.join('')}`);
      await pause(200);
    }
    expect(await statusOf(stillAhead)).toBe('scheduled');
    const canceled = await api('POST', `/api/v1/messages/${stillAhead}/cancel`);
    expect(canceled.status).toBe(200);
    expect(canceled.body.message).toMatchObject({ status: 'canceled', send_at: later.toISOString() });
    expect(await stop('SIGTERM')).toBe(0);

    await withServices(environment, async ({ prisma }) => {
      const carrier = await prisma.sandboxMessage.findMany({ where: { messageId: { in: [...dueWhileDown, stillAhead] } } });
      expect(carrier.map((row) => row.messageId).sort()).toEqual([...dueWhileDown].sort());
      expect(carrier.every((row) => row.sendRequests === 1)).toBe(true);
      const debits = await prisma.ledgerEntry.findMany({ where: { workspaceId, kind: 'send_debit' } });
      const refunds = await prisma.ledgerEntry.findMany({ where: { workspaceId, kind: 'send_refund' } });
      expect(debits).toHaveLength(3);
      expect(refunds.map((refund) => refund.messageId)).toEqual([stillAhead]);
      const workspace = await prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } });
      const price = -debits[0]!.amountCents;
      expect(workspace.balanceCents).toBe(balanceCents - 2 * price);
    });
  }, 300_000);
});
