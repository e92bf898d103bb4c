import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchJobIdOf } from '../src/domain/messages/dispatch-job-id.ts';
import { closeStarted, eventually, scaledMode, startTestApp, type TestApp } from './harness.ts';
import { send, sendingWorkspace, sms } from './sending-support.ts';

/**
 * Scaled, a paced number's dispatch rows are claimed before they come due, one statement a sweep
 * for all of them, and each is handed over in the process that holds it when its slot comes: at its
 * slot rather than at the next sweep after it, with no BullMQ job of its own, and marked done by a
 * later claim. A process that stops puts the rows it holds back for any other.
 */

let app: TestApp;
describe.runIf(scaledMode)('paced dispatch rows claimed ahead (scaled mode)', () => {
  beforeAll(async () => {
    // The workers' default sweep interval (1 s): what the rows would wait for if found only once due.
    app = await startTestApp({ SENDER_PACING: 'on', SANDBOX_DELAY_MS: '10' }, { clock: { now: () => Date.now() } });
  });
  afterAll(async () => {
    await closeStarted(app);
  });

  async function sendPaced(count: number, perSecond: number) {
    const developer = await sendingWorkspace(app);
    await app.services.prisma.phoneNumber.update({
      where: { id: developer.senders[0]!.id },
      data: { throughputOverridePerSecond: perSecond },
    });
    const sent: { id: string; estimated_send_at: string }[] = [];
    for (let index = 0; index < count; index += 1) {
      const answer = await send(app, developer.token, sms({ phone_number: `+1415555031${index}` }));
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      sent.push(answer.body.message);
    }
    return sent;
  }

  const jobOf = (messageId: string) => app.services.prisma.job.findUniqueOrThrow({ where: { id: dispatchJobIdOf(messageId) } });

  it('holds the rows due before the next sweep and hands each over at its slot, never before', async () => {
    const sent = await sendPaced(6, 2);
    const last = sent.at(-1)!;
    // Held (running) before it is due.
    await eventually(
      'the last row claimed ahead',
      async () => (await jobOf(last.id)).status !== 'pending' && Date.now() < Date.parse(last.estimated_send_at),
      10_000,
    );
    const ids = sent.map((message) => message.id);
    await eventually(
      'every message handed over',
      async () => (await app.services.prisma.sandboxMessage.count({ where: { messageId: { in: ids } } })) === ids.length,
      30_000,
    );
    const received = await app.services.prisma.sandboxMessage.findMany({ where: { messageId: { in: ids } } });
    const estimateOf = new Map(sent.map((message) => [message.id, Date.parse(message.estimated_send_at)]));
    const lateness = received.map((message) => message.createdAt.getTime() - estimateOf.get(message.messageId)!);
    // Never before its slot; at it, give or take the timer and a busy machine, rather than up to a sweep (1 s) after.
    for (const late of lateness) expect(late).toBeGreaterThanOrEqual(-5);
    expect([...lateness].sort((a, b) => a - b)[Math.floor(lateness.length / 2)]).toBeLessThan(400);
    // Each row done after one attempt, those held marked so by a later claim's statement.
    await eventually(
      'every row done',
      async () =>
        (await app.services.prisma.job.count({ where: { id: { in: ids.map(dispatchJobIdOf) }, status: 'done' } })) === ids.length,
      10_000,
    );
    for (const id of ids) expect((await jobOf(id)).attempts).toBe(1);
  }, 60_000);

  it('puts back the rows it holds when it stops, as they were before the claim', async () => {
    const sent = await sendPaced(4, 1);
    const last = sent.at(-1)!;
    await eventually(
      'the last row claimed ahead',
      async () => (await jobOf(last.id)).status === 'running' && Date.now() < Date.parse(last.estimated_send_at) - 300,
      10_000,
    );
    await app.services.jobs.stop();
    expect(await jobOf(last.id)).toMatchObject({ status: 'pending', attempts: 0, lockedUntil: null });
    expect((await jobOf(last.id)).runAt.toISOString()).toBe(last.estimated_send_at);
  }, 30_000);
});
