import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, closeStarted, eventually, scaledMode, startTestApp, type TestApp } from './harness.ts';
import { send, sendingWorkspace, sms } from './sending-support.ts';

/**
 * A paced dispatch due at once (its sender's slot is now) is woken when its send is accepted, alone
 * or as a campaign step. One whose slot is later is started when due: scaled, by a worker's timer
 * set from a read of the rows due soon, at its slot rather than at the next sweep after it.
 */

describe('waking dispatch at acceptance', () => {
  let slowSweep: TestApp;
  beforeAll(async () => {
    // A sweep a minute apart: only a wake hands a message over within seconds.
    slowSweep = await startTestApp(
      { SENDER_PACING: 'on', SANDBOX_DELAY_MS: '10', JOB_SWEEP_INTERVAL_MS: '60000' },
      { clock: { now: () => Date.now() } },
    );
  });
  afterAll(async () => {
    await closeStarted(slowSweep);
  });

  it('wakes a dispatch due at once, of a single send or of a campaign step', async () => {
    const developer = await sendingWorkspace(slowSweep);
    const handedOver = (messageIds: string[]) =>
      slowSweep.services.prisma.sandboxMessage.count({ where: { messageId: { in: messageIds } } });
    const single = (await send(slowSweep, developer.token, sms({ phone_number: '+14155550321' }))).body.message;
    await eventually('the single send handed over', async () => (await handedOver([single.id])) === 1, 10_000);

    // Another workspace, whose number's first slot is free now.
    const marketer = await sendingWorkspace(slowSweep);
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await call(slowSweep, method, path, { token: marketer.token, body });
      expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
      return response.body;
    };
    const { campaign } = await api('POST', '/api/v1/campaigns', { name: 'Now', settings: { quiet_hours: { enabled: false } } });
    await api('POST', `/api/v1/campaigns/${campaign.id}/stages`, { body: 'Open now', delay_minutes: 0 });
    await api('POST', `/api/v1/campaigns/${campaign.id}/enrollments`, { phone_numbers: ['+14155550322', '+14155550323'] });
    await api('POST', `/api/v1/campaigns/${campaign.id}/activate`);
    // The step's first send takes the number's next slot, due at once.
    const stepMessages = async () =>
      (
        await slowSweep.services.prisma.message.findMany({ where: { workspaceId: marketer.workspaceId, source: 'campaign' } })
      ).map((message) => message.id);
    await eventually('a campaign step handed over', async () => (await handedOver(await stepMessages())) >= 1, 10_000);
  }, 30_000);
});

describe.runIf(scaledMode)('paced dispatch started when due (scaled mode)', () => {
  let live: TestApp;
  beforeAll(async () => {
    // A sweep 3 s apart: what a row found only by the sweep would wait for, up to 3 s after its slot.
    live = await startTestApp(
      { SENDER_PACING: 'on', SANDBOX_DELAY_MS: '10', JOB_SWEEP_INTERVAL_MS: '3000' },
      { clock: { now: () => Date.now() } },
    );
  });
  afterAll(async () => {
    await closeStarted(live);
  });

  it('hands each message over at its slot, never before, rather than up to a sweep after it', async () => {
    const developer = await sendingWorkspace(live);
    // The number's first free slot 10 s ahead, so every message is due after a read that sets its timer.
    await live.services.prisma.phoneNumber.update({
      where: { id: developer.senders[0]!.id },
      data: { nextSlotAt: new Date(Date.now() + 10_000) },
    });
    const sent: { id: string; estimated_send_at: string }[] = [];
    for (let index = 0; index < 6; index += 1) {
      const answer = await send(live, developer.token, sms({ phone_number: `+1415555033${index}` }));
      expect(answer.status, JSON.stringify(answer.body)).toBe(202);
      sent.push(answer.body.message);
    }
    // Each due over 3.5 s after the last send: a read (every 3 s, 6 s ahead) comes before it.
    const acceptedAllAt = Date.now();
    for (const message of sent) expect(Date.parse(message.estimated_send_at)).toBeGreaterThan(acceptedAllAt + 3_500);
    const ids = sent.map((message) => message.id);
    await eventually(
      'every message handed over',
      async () => (await live.services.prisma.sandboxMessage.count({ where: { messageId: { in: ids } } })) === ids.length,
      40_000,
    );
    const received = await live.services.prisma.sandboxMessage.findMany({ where: { messageId: { in: ids } } });
    const estimateOf = new Map(sent.map((message) => [message.id, Date.parse(message.estimated_send_at)]));
    // Never early; late only by the timer's and the worker's latency on a busy machine. Found by the
    // sweep instead, every 3 s, one of any three messages a second apart would be over 1.2 s late.
    for (const message of received) {
      const late = message.createdAt.getTime() - estimateOf.get(message.messageId)!;
      expect(late, message.messageId).toBeGreaterThanOrEqual(-5);
      expect(late, message.messageId).toBeLessThan(1_200);
    }
  }, 60_000);
});
