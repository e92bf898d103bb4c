import { afterAll, describe, expect, it } from 'vitest';
import { createFanoutCampaign } from '../bench/fanout.ts';
import { eventually, scaledMode } from './harness.ts';
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
 * A campaign stage to a whole contact list, enrolled in one call, whose worker is killed with
 * SIGKILL halfway through the stage and then restarted on the same data: every enrollee gets
 * exactly one message (none lost, none twice), each reaches the carrier once and is debited once,
 * and the suppressed numbers get none. In the scaled suite only the separate worker process
 * (`npm run worker`) is killed, the API staying up; embedded, the one process runs the workers.
 */

const ENROLLEES = 5_000;
const LEASE_MS = 2_000;

afterAll(runCleanups);

type Counts = { active: number; completed: number; stopped: number };

describe('campaign fan-out: kill -9 of the worker halfway through a stage', () => {
  it('sends every enrollee exactly one message and none to the suppressed', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const environment = await deploymentEnvironment('fanout-crash', {
      PORT: String(port),
      SANDBOX_DELAY_MS: '20',
      // A job whose worker was killed is retried after this.
      JOB_LEASE_MS: String(LEASE_MS),
      // Many batches, so that the kill falls between two of them or inside one, and (embedded, one
      // database connection) the progress reads get in between.
      CAMPAIGN_BATCH_SIZE: '100',
    });
    const { workspaceId, token, campaignId, contactListId, phoneNumbers, balanceCents } = await withServices(
      environment,
      async (services) => {
        const workspace = await prepareSendingWorkspace(services, { tokens: 1, balanceCents: 1_000_000 });
        const campaign = await createFanoutCampaign(services, ENROLLEES, {
          workspaceId: workspace.workspaceId,
          quietHours: { enabled: false },
        });
        return { ...workspace, ...campaign, token: workspace.tokens[0]! };
      },
    );

    let api: RunningProcess | undefined;
    let worker: RunningProcess | undefined;
    const startWorker = () => {
      if (scaledMode) worker = startProcess(workerEntry, { ...environment, PUBLIC_BASE_URL: baseUrl });
    };
    const startApi = async () => {
      api = startProcess(apiEntry, { ...environment, RUN_WORKERS: scaledMode ? '0' : '1' });
      await waitUntilHealthy(baseUrl, api);
    };
    /** The process running the workers: the worker (scaled), else the API itself. */
    const workerProcess = () => (scaledMode ? worker : api)!;

    async function call(method: string, path: string, body?: unknown) {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await response.json()) as Record<string, unknown>;
      expect(response.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBeLessThan(300);
      return answer;
    }
    const counts = async () =>
      ((await call('GET', `/api/v1/campaigns/${campaignId}`)).campaign as { enrollment_counts: Counts }).enrollment_counts;

    await startApi();
    startWorker();
    const enrolled = await call('POST', `/api/v1/campaigns/${campaignId}/enrollments`, { contact_list_id: contactListId });
    expect(enrolled).toMatchObject({ enrolled: ENROLLEES, already_enrolled: 0, suppressed: 0 });
    // Suppressed after enrolling: the stage itself must skip them.
    const optedOut = phoneNumbers(7);
    const campaignSuppressed = phoneNumbers(11);
    await call('POST', '/api/v1/suppressions', { phone_number: optedOut });
    await call('POST', `/api/v1/campaigns/${campaignId}/suppressions`, { phone_number: campaignSuppressed });
    await call('POST', `/api/v1/campaigns/${campaignId}/activate`);

    // Kill the worker once half the stage is recorded, before all of it is.
    let atKill: Counts | undefined;
    // Embedded, with two test files at a time on a loaded two-core machine, half the stage can take minutes.
    const killBy = Date.now() + 300_000;
    while (!atKill) {
      if (Date.now() > killBy) throw new Error('the stage did not get halfway');
      const progress = await counts();
      if (progress.completed >= ENROLLEES / 2) {
        workerProcess().child.kill('SIGKILL');
        await workerProcess().exited;
        atKill = progress;
      } else await pause(10);
    }
    expect(atKill.completed).toBeLessThan(ENROLLEES - 2);
    if (scaledMode) startWorker();
    else await startApi();

    await eventually(
      'every enrollee to be done',
      async () => {
        const progress = await counts();
        return progress.completed === ENROLLEES - 2 && progress.stopped === 1 && progress.active === 1;
      },
      120_000,
    );
    // Every message settles (the carrier reports it sent, then delivered).
    await eventually(
      'every message to be delivered',
      async () => {
        for (const status of ['queued', 'sending', 'sent']) {
          const page = await call('GET', `/api/v1/messages?status=${status}&limit=1`);
          if ((page.messages as unknown[]).length > 0) return false;
        }
        return true;
      },
      240_000,
    );
    const stop = async () => {
      const running = [api, worker].flatMap((started) => (started ? [started] : []));
      for (const { child } of running) child.kill('SIGTERM');
      return Promise.all(running.map((started) => started.exited));
    };
    const codes = await stopAfterLeftoverJobs(environment, LEASE_MS, { stop, start: startApi });
    expect(codes.length).toBeGreaterThanOrEqual(scaledMode ? 2 : 1);
    expect(codes).toEqual(codes.map(() => 0));

    await withServices(environment, async ({ prisma }) => {
      const messages = await prisma.message.findMany({ where: { workspaceId, source: 'campaign' } });
      const carrier = await prisma.sandboxMessage.findMany({ where: { messageId: { in: messages.map(({ id }) => id) } } });
      const deliveries = await prisma.campaignDelivery.findMany({ where: { campaignId } });
      const debits = await prisma.ledgerEntry.count({ where: { workspaceId, kind: 'send_debit' } });
      const workspace = await prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } });
      const unfinishedJobs = await prisma.job.findMany({
        where: { status: { in: ['pending', 'running', 'dead'] } },
        select: { queue: true, status: true, lastError: true },
      });
      console.log(
        `campaign fan-out crash (${scaledMode ? 'worker process' : 'one process'}):`,
        JSON.stringify({
          atKill,
          messages: messages.length,
          transmitted: carrier.length,
          repeatedSendRequests: carrier.filter((row) => row.sendRequests > 1).length,
          deliveries: deliveries.length,
        }),
      );

      // Exactly one message per enrollee, none to the suppressed.
      const expected = new Set(Array.from({ length: ENROLLEES }, (_, index) => phoneNumbers(index + 1)));
      expected.delete(optedOut);
      expected.delete(campaignSuppressed);
      expect(messages).toHaveLength(expected.size);
      expect(new Set(messages.map((message) => message.phoneNumber))).toEqual(expected);
      expect(messages.filter((message) => message.status !== 'delivered')).toEqual([]);
      // Each reached the carrier once, was recorded as the enrollee's delivery, and was debited once.
      expect(carrier).toHaveLength(messages.length);
      // (A dispatch cut off by the kill asks the carrier again; the carrier dedupes on the message id.)
      expect(new Set(carrier.map((row) => row.messageId)).size).toBe(messages.length);
      const sent = deliveries.filter((delivery) => delivery.outcome === 'sent');
      expect(new Set(sent.map((delivery) => delivery.messageId))).toEqual(new Set(messages.map(({ id }) => id)));
      expect(
        deliveries
          .filter((delivery) => delivery.outcome === 'suppressed')
          .map((delivery) => delivery.errorCode)
          .sort(),
      ).toEqual(['campaign_suppressed', 'workspace_suppressed']);
      expect(debits).toBe(messages.length);
      expect(workspace.balanceCents).toBe(balanceCents - messages.reduce((sum, message) => sum + message.costCents, 0));
      expect(unfinishedJobs).toEqual([]);
    });
  }, 900_000);
});
