import { helpKeywords, optInKeywords, optOutKeywords } from '@textline/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AutoReplyKind, optOutVersionOf, sendAutoReply } from '../src/domain/compliance/keywords.ts';
import { call, startTestApp, type TestApp } from './harness.ts';
import { eventId, postSigned, spelledLoosely } from './inbound-support.ts';
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

/** The recipient's opt-out (a STOP of theirs) as reconciliation records it, now. */
async function optOut(workspace: Workspace, phoneNumber: string) {
  const at = new Date(app.clock.now());
  await app.services.prisma.workspaceSuppression.upsert({
    where: { workspaceId_phoneNumber: { workspaceId: workspace.workspaceId, phoneNumber } },
    create: {
      id: `sup_${phoneNumber.slice(1)}`,
      workspaceId: workspace.workspaceId,
      phoneNumber,
      source: 'inbound_keyword',
      createdAt: at,
      updatedAt: at,
    },
    update: { active: true, source: 'inbound_keyword', updatedAt: at },
  });
}

/**
 * The one auto-reply to `phoneNumber` since `before` (the balance then): its text, origin auto_reply,
 * its cost debited, in the conversation; and its job run again sends nothing more.
 */
async function expectOneAutoReply(workspace: Workspace, phoneNumber: string, text: string, before: number, kind: AutoReplyKind) {
  const replies = await outbound(workspace, phoneNumber);
  expect(replies.map((message) => message.body)).toEqual([text]);
  const [reply] = replies;
  expect(reply).toMatchObject({ origin: 'auto_reply', sender_number: workspace.senders[0]!.number });
  expect(reply!.cost_cents).toBeGreaterThan(0);
  expect(await balance(workspace)).toBe(before - reply!.cost_cents);
  const inbound = await app.services.prisma.inboundMessage.findFirstOrThrow({
    where: { workspaceId: workspace.workspaceId, fromNumber: phoneNumber },
    orderBy: { createdAt: 'desc' },
  });
  const conversation = await call(app, 'GET', `/api/v1/conversations/${inbound.conversationId}`, { token: workspace.token });
  expect(conversation.body.messages.map((message: { id: string }) => message.id)).toContain(reply!.id);
  await sendAutoReply(app.services, { inboundMessageId: inbound.id, kind });
  await app.services.jobs.drain();
  expect(await outbound(workspace, phoneNumber)).toHaveLength(1);
}

describe('every keyword of the lists, spelled loosely', () => {
  let counter = 0;
  /** A recipient no test used before. */
  const nextNumber = () => `+1415555${String(400 + (counter += 1)).padStart(4, '0')}`;

  it.each(optOutKeywords.map((keyword) => [keyword, spelledLoosely(keyword)]))(
    '%s (as %j) opts the number out and confirms it once',
    async (_keyword, spelled) => {
      const workspace = await sendingWorkspace(app);
      const from = nextNumber();
      const before = await balance(workspace);
      await reply(workspace, from, spelled);
      expect(await suppressed(workspace, from)).toBe(true);
      await expectOneAutoReply(
        workspace,
        from,
        'You are unsubscribed and will get no more messages. Reply START to resubscribe.',
        before,
        'opt_out',
      );
    },
  );

  it.each(optInKeywords.map((keyword) => [keyword, spelledLoosely(keyword)]))(
    '%s (as %j) lifts the opt-out and confirms it once',
    async (_keyword, spelled) => {
      const workspace = await sendingWorkspace(app);
      const from = nextNumber();
      await optOut(workspace, from);
      const before = await balance(workspace);
      await reply(workspace, from, spelled);
      expect(await suppressed(workspace, from)).toBe(false);
      await expectOneAutoReply(
        workspace,
        from,
        'You are resubscribed. Reply STOP to unsubscribe, HELP for help.',
        before,
        'opt_in',
      );
    },
  );

  it.each(helpKeywords.map((keyword) => [keyword, spelledLoosely(keyword)]))(
    '%s (as %j) is answered with the help message once, also from an opted-out number',
    async (_keyword, spelled) => {
      const workspace = await sendingWorkspace(app);
      const from = nextNumber();
      await optOut(workspace, from);
      const before = await balance(workspace);
      await reply(workspace, from, spelled);
      expect(await suppressed(workspace, from)).toBe(true);
      await expectOneAutoReply(
        workspace,
        from,
        'Reply STOP to unsubscribe, START to resubscribe. Msg & data rates may apply.',
        before,
        'help',
      );
    },
  );

  it("answers the workspace's own keyword (as ' open HOURS ') with its reply once", async () => {
    const workspace = await sendingWorkspace(app);
    const patched = await call(app, 'PATCH', '/api/v1/messaging-settings', {
      token: workspace.token,
      body: { keywords: [{ keyword: 'OPENHOURS', reply: 'Open 9-5, Monday to Friday.' }] },
    });
    expect(patched.status).toBe(200);
    const from = nextNumber();
    const before = await balance(workspace);
    await reply(workspace, from, ' open HOURS ');
    await expectOneAutoReply(workspace, from, 'Open 9-5, Monday to Friday.', before, 'keyword');
  });
});

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

  describe("an opt-out between an answer's acceptance and its dispatch", () => {
    /** An inbound message stored as reconciliation stores it, answered (accepted, not yet dispatched) now. */
    async function answered(workspace: Workspace, from: string, body: string, kind: AutoReplyKind) {
      const at = new Date(app.clock.now());
      const senderNumber = workspace.senders[0]!.number;
      const conversation = await app.services.prisma.conversation.upsert({
        where: { workspaceId_phoneNumber_senderNumber: { workspaceId: workspace.workspaceId, phoneNumber: from, senderNumber } },
        create: {
          id: `cnv_${eventId('between')}`,
          workspaceId: workspace.workspaceId,
          phoneNumber: from,
          senderNumber,
          lastMessageAt: at,
          createdAt: at,
        },
        update: {},
      });
      const inbound = await app.services.prisma.inboundMessage.create({
        data: {
          id: `inb_${eventId('between')}`,
          conversationId: conversation.id,
          workspaceId: workspace.workspaceId,
          fromNumber: from,
          toNumber: senderNumber,
          body,
          createdAt: at,
        },
      });
      // As reconciliation writes the job: a HELP with the opt-out it came under.
      const optOutVersion = kind === 'help' ? await optOutVersionOf(app.services.prisma, inbound) : undefined;
      await sendAutoReply(app.services, { inboundMessageId: inbound.id, kind, optOutVersion });
      const [accepted] = await outbound(workspace, from);
      return accepted!;
    }

    /** A STOP of the recipient's, reconciled a second after the answer was accepted. */
    async function optOutLater(workspace: Workspace, from: string) {
      app.clock.advance(1_000);
      await optOut(workspace, from);
      await app.services.jobs.drain();
    }

    const statusOf = async (id: string) => (await app.services.prisma.message.findUniqueOrThrow({ where: { id } })).status;

    it("stops a custom keyword's reply, refunded: after STOP only the confirmation goes", async () => {
      const workspace = await sendingWorkspace(app);
      await call(app, 'PATCH', '/api/v1/messaging-settings', {
        token: workspace.token,
        body: { keywords: [{ keyword: 'HOURS', reply: 'Open 9-5.' }] },
      });
      const before = await balance(workspace);
      const reply = await answered(workspace, '+14155550321', 'hours', 'keyword');
      await optOutLater(workspace, '+14155550321');
      const failed = await app.services.prisma.message.findUniqueOrThrow({ where: { id: reply.id } });
      expect(failed).toMatchObject({ status: 'failed', errorCode: 'workspace_suppressed' });
      expect(await balance(workspace)).toBe(before);
    });

    it('still sends the confirmation of a STOP sent twice before it went out', async () => {
      const workspace = await sendingWorkspace(app);
      // The first STOP: suppressed, its confirmation accepted; the second comes before it is dispatched.
      await optOutLater(workspace, '+14155550322');
      app.clock.advance(1_000);
      const confirmation = await answered(workspace, '+14155550322', 'STOP', 'opt_out');
      await optOutLater(workspace, '+14155550322');
      expect(await statusOf(confirmation.id)).not.toBe('failed');
    });

    it('sends a HELP answer to a number opted out before it, and stops one overtaken by a STOP', async () => {
      const workspace = await sendingWorkspace(app);
      await optOutLater(workspace, '+14155550323');
      app.clock.advance(1_000);
      const toOptedOut = await answered(workspace, '+14155550323', 'HELP', 'help');
      await app.services.jobs.drain();
      expect(await statusOf(toOptedOut.id)).not.toBe('failed');
      const overtaken = await answered(workspace, '+14155550324', 'HELP', 'help');
      await optOutLater(workspace, '+14155550324');
      expect(await statusOf(overtaken.id)).toBe('failed');
    });
  });

  it('records the opt-out even when the balance cannot pay for the confirmation', async () => {
    const workspace = await sendingWorkspace(app, { balanceCents: 0 });
    await reply(workspace, '+14155550309', 'STOP');
    expect(await suppressed(workspace, '+14155550309')).toBe(true);
    expect(await outbound(workspace, '+14155550309')).toEqual([]);
    expect(app.logs.some((line) => line.includes('auto-reply refused') && line.includes('insufficient_balance'))).toBe(true);
  });
});
