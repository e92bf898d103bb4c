import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeStarted, eventually, scaledMode, startTestApp, type TestApp } from './harness.ts';
import { deploymentEnvironment, type RunningProcess, runCleanups, startProcess, workerEntry } from './process-support.ts';
import { send, sendingWorkspace, sms } from './sending-support.ts';

/**
 * Pacing across processes: two `npm run worker` processes dispatch one number's messages, and the
 * pace they share in Redis keeps the number at its throughput however the jobs fall to them.
 */

let app: TestApp;
let workers: RunningProcess[] = [];

describe.runIf(scaledMode)('paced dispatch by two worker processes (scaled mode)', () => {
  beforeAll(async () => {
    // The API process accepts; only the two workers dispatch.
    app = await startTestApp({ SENDER_PACING: 'on' }, { startJobs: false, clock: { now: () => Date.now() } });
    const environment = await deploymentEnvironment('pacing', {
      DATABASE_URL: app.config.databaseUrl!,
      REDIS_URL: app.config.redisUrl!,
      REDIS_KEY_PREFIX: app.config.redisKeyPrefix,
      SENDER_PACING: 'on',
      SANDBOX_DELAY_MS: '10',
      JOB_SWEEP_INTERVAL_MS: '100',
      PUBLIC_BASE_URL: app.baseUrl,
    });
    workers = [0, 1].map(() => startProcess(workerEntry, environment));
  }, 180_000);

  afterAll(async () => {
    for (const { child } of workers) child.kill('SIGTERM');
    await Promise.all(workers.map((worker) => worker.exited));
    await closeStarted(app);
    await runCleanups();
  });

  it('never hands one number more than its throughput, whichever worker takes each message', async () => {
    const developer = await sendingWorkspace(app);
    const { prisma } = app.services;
    await prisma.phoneNumber.update({ where: { id: developer.senders[0]!.id }, data: { throughputOverridePerSecond: 5 } });
    const sent = [];
    for (let index = 0; index < 15; index += 1) {
      const answer = await send(app, developer.token, sms({ phone_number: `+14155550${String(300 + index)}` }));
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      sent.push(answer.body.message);
    }
    const ids = sent.map((message) => message.id as string);
    await eventually(
      'every message handed over',
      async () => (await prisma.sandboxMessage.count({ where: { messageId: { in: ids } } })) === ids.length,
      60_000,
    );
    const received = await prisma.sandboxMessage.findMany({ where: { messageId: { in: ids } }, orderBy: { createdAt: 'asc' } });
    const handedOver = received.map((message) => message.createdAt.getTime());
    // 5 a second: the k-th hand-off comes no sooner than k x 200 ms after the first slot (the first
    // estimate), whichever worker made it: late after a stall, never early.
    const firstSlot = Math.min(...sent.map((message) => Date.parse(message.estimated_send_at)));
    handedOver.forEach((time, index) => expect(time).toBeGreaterThanOrEqual(firstSlot + index * 200 - 5));
    // Each message reached the carrier once, with both workers up throughout.
    expect(received.map((message) => message.sendRequests)).toEqual(ids.map(() => 1));
    expect(workers.every((worker) => worker.child.exitCode === null)).toBe(true);
  }, 120_000);
});
