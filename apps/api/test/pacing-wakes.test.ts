import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, closeStarted, eventually, startTestApp, type TestApp } from './harness.ts';
import { send, sendingWorkspace, sms } from './sending-support.ts';

/**
 * A paced dispatch due at once (its sender's slot is now) is woken when its send is accepted, alone
 * or as a campaign step; one whose slot is later is left to the sweep, which finds it once due.
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
