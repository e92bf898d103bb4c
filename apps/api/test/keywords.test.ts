import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendAutoReply } from '../src/domain/compliance/keywords.ts';
import { call, startTestApp, type TestApp } from './harness.ts';
import { eventId, postSigned } from './inbound-support.ts';
import { sendingWorkspace } from './sending-support.ts';

/**
 * Inbound keywords through the signed messaging webhook, as the sandbox carrier and any provider
 * deliver them: STOP, START and HELP families and the workspace's own keywords, each answered by an
 * auto-reply that is a real outbound message.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { startJobs: false });
});
afterAll(async () => {
  await app.close();
});

type Workspace = Awaited<ReturnType<typeof sendingWorkspace>>;

/** A recipient's message to the workspace's number, through the signed provider webhook, and every job it causes. */
async function reply(workspace: Workspace, from: string, body: string) {
  const response = await postSigned(app, 'messaging', 'incoming', {
    id: eventId('in'),
    from,
    to: workspace.senders[0]!.number,
    body,
  });
  expect(response.status).toBe(202);
  await app.services.jobs.drain();
}

async function outbound(workspace: Workspace, phoneNumber: string) {
  const response = await call(app, 'GET', `/api/v1/messages?phone_number=${encodeURIComponent(phoneNumber)}&direction=outbound`, {
    token: workspace.token,
  });
  expect(response.status).toBe(200);
  return response.body.messages as { id: string; body: string; origin: string; cost_cents: number; sender_number: string }[];
}

async function balance(workspace: Workspace) {
  return (await app.services.prisma.workspace.findUniqueOrThrow({ where: { id: workspace.workspaceId } })).balanceCents;
}

async function suppressed(workspace: Workspace, phoneNumber: string) {
  const row = await app.services.prisma.workspaceSuppression.findUnique({
    where: { workspaceId_phoneNumber: { workspaceId: workspace.workspaceId, phoneNumber } },
  });
  return row?.active ?? false;
}

describe('inbound keywords', () => {
  it('opts out on the STOP family, ignoring case and spaces, and confirms once with a costed auto-reply', async () => {
    const workspace = await sendingWorkspace(app);
    const before = await balance(workspace);
    await reply(workspace, '+14155550301', ' s t o p ');
    expect(await suppressed(workspace, '+14155550301')).toBe(true);
    const [confirmation, ...others] = await outbound(workspace, '+14155550301');
    expect(others).toEqual([]);
    expect(confirmation).toMatchObject({
      body: 'You are unsubscribed and will get no more messages. Reply START to resubscribe.',
      origin: 'auto_reply',
      sender_number: workspace.senders[0]!.number,
    });
    expect(await balance(workspace)).toBe(before - confirmation!.cost_cents);
    // A STOP of a number opted out already is not confirmed again.
    await reply(workspace, '+14155550301', 'UNSUBSCRIBE');
    expect(await outbound(workspace, '+14155550301')).toHaveLength(1);
    // The confirmation went out despite the opt-out it confirms, and is in the conversation.
    const conversations = await call(app, 'GET', '/api/v1/conversations?phone_number=%2B14155550301', { token: workspace.token });
    const conversation = await call(app, 'GET', `/api/v1/conversations/${conversations.body.conversations[0].id}`, {
      token: workspace.token,
    });
    expect(conversation.body.messages.map((message: { origin: string | null }) => message.origin)).toEqual(
      expect.arrayContaining(['auto_reply', null]),
    );
  });

  it('sends an auto-reply at most once per inbound message, however often its job runs', async () => {
    const workspace = await sendingWorkspace(app);
    await reply(workspace, '+14155550302', 'HELP');
    const inbound = await app.services.prisma.inboundMessage.findFirstOrThrow({ where: { workspaceId: workspace.workspaceId } });
    await sendAutoReply(app.services, { inboundMessageId: inbound.id, kind: 'help' });
    await app.services.jobs.drain();
    const replies = await outbound(workspace, '+14155550302');
    expect(replies.map((message) => message.body)).toEqual([
      'Reply STOP to unsubscribe, START to resubscribe. Msg & data rates may apply.',
    ]);
  });

  it('lifts the opt-out on START and confirms; YES confirms only when it lifted one', async () => {
    const workspace = await sendingWorkspace(app);
    await reply(workspace, '+14155550303', 'STOP');
    // A minute apart, so the list (newest first) orders the two confirmations.
    app.clock.advance(60_000);
    await reply(workspace, '+14155550303', 'Start.');
    expect(await suppressed(workspace, '+14155550303')).toBe(false);
    expect((await outbound(workspace, '+14155550303')).map((message) => message.body)).toEqual([
      'You are resubscribed. Reply STOP to unsubscribe, HELP for help.',
      'You are unsubscribed and will get no more messages. Reply START to resubscribe.',
    ]);
    await reply(workspace, '+14155550304', 'yes');
    expect(await outbound(workspace, '+14155550304')).toEqual([]);
  });

  it("answers HELP, INFO and the workspace's own keywords with its texts, and nothing else", async () => {
    const workspace = await sendingWorkspace(app);
    const patched = await call(app, 'PATCH', '/api/v1/messaging-settings', {
      token: workspace.token,
      body: { help_message: 'Acme Dental: call 415-555-0100.', keywords: [{ keyword: 'HOURS', reply: 'Open 9-5.' }] },
    });
    expect(patched.status).toBe(200);
    await reply(workspace, '+14155550305', 'info');
    await reply(workspace, '+14155550306', 'hours!');
    await reply(workspace, '+14155550307', 'what are your hours?');
    expect((await outbound(workspace, '+14155550305')).map((message) => message.body)).toEqual([
      'Acme Dental: call 415-555-0100.',
    ]);
    expect((await outbound(workspace, '+14155550306')).map((message) => message.body)).toEqual(['Open 9-5.']);
    expect(await outbound(workspace, '+14155550307')).toEqual([]);
  });

  it('leaves the confirmation to a carrier that acted on the keyword itself', async () => {
    const workspace = await sendingWorkspace(app);
    const response = await postSigned(app, 'messaging', 'incoming', {
      id: eventId('in'),
      from: '+14155550308',
      to: workspace.senders[0]!.number,
      body: 'STOP',
      opt_out_type: 'STOP',
    });
    expect(response.status).toBe(202);
    await app.services.jobs.drain();
    expect(await suppressed(workspace, '+14155550308')).toBe(true);
    expect(await outbound(workspace, '+14155550308')).toEqual([]);
  });

  it('records the opt-out even when the balance cannot pay for the confirmation', async () => {
    const workspace = await sendingWorkspace(app, { balanceCents: 0 });
    await reply(workspace, '+14155550309', 'STOP');
    expect(await suppressed(workspace, '+14155550309')).toBe(true);
    expect(await outbound(workspace, '+14155550309')).toEqual([]);
    expect(app.logs.some((line) => line.includes('auto-reply refused') && line.includes('insufficient_balance'))).toBe(true);
  });
});
