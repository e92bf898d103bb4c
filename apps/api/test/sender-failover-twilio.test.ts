import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, closeStarted, startTestApp, type TestApp } from './harness.ts';
import { sendingWorkspace } from './sending-support.ts';
import { startTwilioStandIn, type TwilioStandIn } from './twilio-standin.ts';

/**
 * Sender failover with a real carrier (Twilio, through its stand-in): a pool's waiting messages move
 * off a number whose registration no longer lets it send to US recipients, and Twilio's own errors
 * that are the number's fault (30034 refusing a send, 30001 in a status callback) mark it failing.
 */

const ACCOUNT_SID = `AC${randomBytes(16).toString('hex')}`;
const AUTH_TOKEN = randomBytes(16).toString('hex');
const PUBLIC_BASE_URL = 'https://failover.example.test';
const threshold = 2;
const waitMs = 600_000;

let standIn: TwilioStandIn;
let app: TestApp;
beforeAll(async () => {
  standIn = await startTwilioStandIn({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, now: () => app.clock.now() });
  app = await startTestApp(
    standIn.appEnvironment(PUBLIC_BASE_URL, { ALLOW_LIVE_NUMBER_PURCHASE: '1', SENDER_FAILURE_THRESHOLD: String(threshold) }),
  );
  standIn.forward(PUBLIC_BASE_URL, app.baseUrl);
});
afterAll(async () => {
  await closeStarted(app);
  await closeStarted(standIn);
});

let recipientCounter = 0;
function freshRecipient(): string {
  recipientCounter += 1;
  return `+1415555${String(2000 + recipientCounter)}`;
}

/** A funded workspace with two numbers bought from Twilio, approved for US traffic, in one pool. */
async function pooledTwilioWorkspace() {
  const workspace = await sendingWorkspace(app, { numbers: 0 });
  const numbers = [];
  for (const areaCode of ['212', '512']) {
    const bought = await call(app, 'POST', '/api/v1/numbers', { token: workspace.token, body: { area_code: areaCode } });
    expect(bought.status, JSON.stringify(bought.body)).toBe(201);
    numbers.push(
      await app.services.prisma.phoneNumber.update({
        where: { id: bought.body.number.id },
        data: { registrationStatus: 'approved' },
      }),
    );
  }
  const pool = await call(app, 'POST', '/api/v1/sender-pools', {
    token: workspace.token,
    body: { name: 'Twilio failover', number_ids: numbers.map((number) => number.id), area_code_match: false },
  });
  expect(pool.status).toBe(201);
  return { ...workspace, numbers, poolId: pool.body.sender_pool.id as string };
}

async function sendNow(token: string, body: Record<string, unknown>) {
  app.clock.advance(1_000);
  const sent = await call(app, 'POST', '/api/v1/messages', { token, body: { body: 'Failover over Twilio', ...body } });
  expect(sent.status, JSON.stringify(sent.body)).toBe(202);
  await app.services.jobs.drain();
  return app.services.prisma.message.findUniqueOrThrow({ where: { id: sent.body.message.id } });
}

const messageRow = (id: string) => app.services.prisma.message.findUniqueOrThrow({ where: { id } });
const numberRow = (id: string) => app.services.prisma.phoneNumber.findUniqueOrThrow({ where: { id } });

describe('sender failover with a real carrier', () => {
  it("moves a pool's waiting messages off a number no longer registered for US traffic; a message naming it stays", async () => {
    const workspace = await pooledTwilioWorkspace();
    const [unregistered, registered] = workspace.numbers;
    const sendAt = new Date(app.clock.now() + waitMs).toISOString();
    const waiting = [];
    for (let index = 0; index < 4; index += 1) {
      waiting.push(
        await sendNow(workspace.token, { sender_pool_id: workspace.poolId, phone_number: freshRecipient(), send_at: sendAt }),
      );
    }
    const onUnregistered = waiting.filter((message) => message.senderNumberId === unregistered!.id);
    expect(onUnregistered.length).toBeGreaterThan(0);
    const named = await sendNow(workspace.token, { from: unregistered!.number, phone_number: freshRecipient(), send_at: sendAt });
    // Its registration is rejected after the sends were accepted.
    await app.services.prisma.phoneNumber.update({ where: { id: unregistered!.id }, data: { registrationStatus: 'rejected' } });

    app.clock.advance(waitMs);
    await app.services.jobs.drain();
    for (const message of onUnregistered) {
      const moved = await messageRow(message.id);
      expect(moved).toMatchObject({ status: 'sending', senderNumberId: registered!.id });
      expect(standIn.messages.find((sent) => sent.to === message.phoneNumber)?.from).toBe(registered!.number);
      const timeline = await call(app, 'GET', `/api/v1/messages/${message.id}/events`, { token: workspace.token });
      expect(timeline.body.events.filter((step: { type: string }) => step.type === 'sender_skipped')).toEqual([
        expect.objectContaining({
          detail: { number: unregistered!.number, reason: 'unregistered', moved_to: registered!.number },
        }),
      ]);
    }
    // Named, it goes as named: Twilio decides.
    expect(await messageRow(named.id)).toMatchObject({ status: 'sending', senderNumberId: unregistered!.id });
    expect(standIn.messages.find((sent) => sent.to === named.phoneNumber)?.from).toBe(unregistered!.number);
  });

  it("counts Twilio's refusals of the sender (30034) and its queue-overflow callbacks (30001) against the number", async () => {
    const workspace = await pooledTwilioWorkspace();
    const [number, other] = workspace.numbers;
    standIn.failNextMessage({ status: 400, code: 30034, message: 'Message from an unregistered number' });
    const refused = await sendNow(workspace.token, { from: number!.number, phone_number: freshRecipient() });
    expect(refused).toMatchObject({ status: 'failed', errorCode: 'branded_number_missing' });
    expect(await numberRow(number!.id)).toMatchObject({ carrierErrors: 1, failingUntil: null });

    const overflowed = await sendNow(workspace.token, { from: number!.number, phone_number: freshRecipient() });
    const response = await standIn.reportStatus(overflowed.providerMessageId!, 'undelivered', { ErrorCode: '30001' });
    expect(response.status).toBe(202);
    await app.services.jobs.drain();
    expect(await messageRow(overflowed.id)).toMatchObject({ status: 'failed', errorCode: 'sender_queue_full' });
    expect((await numberRow(number!.id)).failingUntil).not.toBeNull();
    // The pool's sends now go from the other number.
    for (let index = 0; index < 2; index += 1) {
      const pooled = await sendNow(workspace.token, { sender_pool_id: workspace.poolId, phone_number: freshRecipient() });
      expect(pooled.senderNumberId).toBe(other!.id);
    }
  });
});
