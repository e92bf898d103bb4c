import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optOutVersionOf, sendAutoReply } from '../src/domain/compliance/keywords.ts';
import { sendMessage } from '../src/domain/messages/send.ts';
import { call, closeStarted, startTestApp, type TestApp } from './harness.ts';
import { eventId, postSigned } from './inbound-support.ts';
import { send, sendingWorkspace } from './sending-support.ts';

/**
 * After a recipient's STOP is recorded, nothing but its opt-out confirmation is handed to the carrier:
 * not a HELP answer or a keyword reply to a message they sent before the STOP, however close the two
 * came (the same millisecond, or at once), and not a send queued before it. A HELP from a recipient
 * already opted out is still answered. The clock stands still in these tests, so every timestamp is
 * the same: only the order in which things were recorded can decide.
 */

type Workspace = Awaited<ReturnType<typeof sendingWorkspace>>;
type HandOff = { to: string; body: string };

const helpText = 'Reply STOP to unsubscribe, START to resubscribe. Msg & data rates may apply.';
const stopText = 'You are unsubscribed and will get no more messages. Reply START to resubscribe.';

/** An app whose carrier hand-offs are recorded in order. */
async function recordingApp(startJobs: boolean) {
  const app = await startTestApp({}, { startJobs });
  const handOffs: HandOff[] = [];
  const provider = app.services.messagingProvider;
  const handOff = provider.send.bind(provider);
  provider.send = async (message) => {
    handOffs.push({ to: message.to, body: message.body });
    return handOff(message);
  };
  return { app, handOffs };
}

let app: TestApp;
let handOffs: HandOff[];
let recipientCounter = 0;
const freshRecipient = () => `+1415555${String(2000 + (recipientCounter += 1))}`;

/** A recipient's message to the workspace's number through the signed webhook; its jobs run later. */
async function receive(on: TestApp, workspace: Workspace, from: string, body: string) {
  const response = await postSigned(on, 'messaging', 'incoming', {
    id: eventId('in'),
    from,
    to: workspace.senders[0]!.number,
    body,
  });
  expect(response.status).toBe(202);
}

const handedTo = (recipient: string, from = handOffs) =>
  from.filter((message) => message.to === recipient).map((message) => message.body);

async function statusesTo(workspace: Workspace, recipient: string) {
  const messages = await app.services.prisma.message.findMany({
    where: { workspaceId: workspace.workspaceId, phoneNumber: recipient },
    select: { body: true, status: true, errorCode: true },
    orderBy: { createdAt: 'asc' },
  });
  return messages;
}

async function balanceOf(workspace: Workspace) {
  return (await app.services.prisma.workspace.findUniqueOrThrow({ where: { id: workspace.workspaceId } })).balanceCents;
}

/**
 * A recipient's message (a HELP unless told) as reconciliation records it, and the job it writes to
 * answer a HELP (`answer`, the test's to run): with the version of the opt-out the recipient is under.
 */
async function recordedInbound(workspace: Workspace, from: string, body = 'HELP') {
  const at = new Date(app.clock.now());
  const senderNumber = workspace.senders[0]!.number;
  const conversation = await app.services.prisma.conversation.upsert({
    where: { workspaceId_phoneNumber_senderNumber: { workspaceId: workspace.workspaceId, phoneNumber: from, senderNumber } },
    create: {
      id: `cnv_${eventId()}`,
      workspaceId: workspace.workspaceId,
      phoneNumber: from,
      senderNumber,
      lastMessageAt: at,
      createdAt: at,
    },
    update: { lastMessageAt: at },
  });
  const inbound = await app.services.prisma.inboundMessage.create({
    data: {
      id: `inb_${eventId()}`,
      conversationId: conversation.id,
      workspaceId: workspace.workspaceId,
      fromNumber: from,
      toNumber: senderNumber,
      body,
      createdAt: at,
    },
  });
  const optOutVersion = await optOutVersionOf(app.services.prisma, inbound);
  return { ...inbound, answer: { inboundMessageId: inbound.id, kind: 'help' as const, optOutVersion } };
}

/** The opt-out a STOP (the inbound message `stopId`) makes, as reconciliation records it. */
async function recordedOptOut(workspace: Workspace, phoneNumber: string, stopId: string) {
  const at = new Date(app.clock.now());
  await app.services.prisma.workspaceSuppression.create({
    data: {
      id: `sup_${eventId()}`,
      workspaceId: workspace.workspaceId,
      phoneNumber,
      source: 'inbound_keyword',
      providerMetadata: { keyword: 'STOP', inbound_message_id: stopId },
      createdAt: at,
      updatedAt: at,
    },
  });
}

describe('the STOP and the answers before it', () => {
  beforeAll(async () => {
    ({ app, handOffs } = await recordingApp(false));
  });
  afterAll(async () => {
    await closeStarted(app);
  });

  it('does not answer a HELP whose answer comes after the STOP that followed it', async () => {
    const workspace = await sendingWorkspace(app);
    const recipient = freshRecipient();
    // The HELP is recorded; its answer's job runs only after the STOP.
    const help = await recordedInbound(workspace, recipient);
    await receive(app, workspace, recipient, 'STOP');
    await app.services.jobs.drain();
    await sendAutoReply(app.services, help.answer);
    await app.services.jobs.drain();
    expect(handedTo(recipient)).toEqual([stopText]);
  });

  it('does not hand over a HELP answer accepted before a STOP recorded in the same millisecond; it fails, refunded', async () => {
    const workspace = await sendingWorkspace(app);
    const recipient = freshRecipient();
    const help = await recordedInbound(workspace, recipient);
    await sendAutoReply(app.services, help.answer);
    expect(await statusesTo(workspace, recipient)).toEqual([{ body: helpText, status: 'queued', errorCode: null }]);
    const before = await balanceOf(workspace);
    // The STOP, recorded before the answer's dispatch runs.
    await recordedOptOut(workspace, recipient, (await recordedInbound(workspace, recipient, 'STOP')).id);
    await app.services.jobs.drain();
    expect(handedTo(recipient)).toEqual([]);
    expect(await statusesTo(workspace, recipient)).toEqual([
      { body: helpText, status: 'failed', errorCode: 'workspace_suppressed' },
    ]);
    expect(await balanceOf(workspace)).toBe(before + app.config.pricePerSegmentCents);
  });

  it('answers a HELP from a recipient opted out before it, but not one a second STOP came after', async () => {
    const workspace = await sendingWorkspace(app);
    const recipient = freshRecipient();
    await receive(app, workspace, recipient, 'STOP');
    await app.services.jobs.drain();
    await receive(app, workspace, recipient, 'HELP');
    await app.services.jobs.drain();
    expect(handedTo(recipient)).toEqual([stopText, helpText]);

    // Asked while opted out, its answer accepted once a second STOP was recorded.
    const help = await recordedInbound(workspace, recipient);
    await receive(app, workspace, recipient, 'STOP');
    await app.services.jobs.drain();
    await sendAutoReply(app.services, help.answer);
    await app.services.jobs.drain();
    // No second confirmation (opted out already), and no answer to the HELP the STOP came after.
    expect(handedTo(recipient)).toEqual([stopText, helpText]);
  });

  it("does not send a keyword's reply whose job runs after the STOP that followed the keyword", async () => {
    const workspace = await sendingWorkspace(app);
    const settings = await call(app, 'PATCH', '/api/v1/messaging-settings', {
      token: workspace.token,
      body: { keywords: [{ keyword: 'HOURS', reply: 'Open 9-5.' }] },
    });
    expect(settings.status).toBe(200);
    const recipient = freshRecipient();
    const hours = await recordedInbound(workspace, recipient, 'HOURS');
    await receive(app, workspace, recipient, 'STOP');
    await app.services.jobs.drain();
    await sendAutoReply(app.services, { inboundMessageId: hours.id, kind: 'keyword' });
    await app.services.jobs.drain();
    expect(handedTo(recipient)).toEqual([stopText]);
  });

  it('does not hand over a send scheduled before the STOP', async () => {
    const workspace = await sendingWorkspace(app);
    const recipient = freshRecipient();
    const sendAt = new Date(app.clock.now() + 60_000).toISOString();
    const sent = await send(app, workspace.token, { phone_number: recipient, body: 'Your order shipped.', send_at: sendAt });
    expect(sent.status).toBe(202);
    await receive(app, workspace, recipient, 'STOP');
    await app.services.jobs.drain();
    app.clock.advance(60_000);
    await app.services.jobs.drain();
    expect(handedTo(recipient)).toEqual([stopText]);
    expect(await statusesTo(workspace, recipient)).toContainEqual({
      body: 'Your order shipped.',
      status: 'failed',
      errorCode: 'workspace_suppressed',
    });
  });

  it('answers a message once when its answer was accepted under the key an earlier version gave it (auto_reply:<inbound id>)', async () => {
    const workspace = await sendingWorkspace(app);
    const recipient = freshRecipient();
    const help = await recordedInbound(workspace, recipient);
    // The earlier version's job sent the answer and stopped before it completed; this version runs it again.
    await sendMessage(
      app.services,
      { workspaceId: workspace.workspaceId },
      { phoneNumber: recipient, body: helpText, from: workspace.senders[0]!.number, idempotencyKey: `auto_reply:${help.id}` },
      { source: 'auto_reply', exemptFromSuppression: true },
    );
    await sendAutoReply(app.services, help.answer);
    await app.services.jobs.drain();
    expect(handedTo(recipient)).toEqual([helpText]);
  });

  it('still hands over an opt-out confirmation accepted under the key an earlier version gave it', async () => {
    const workspace = await sendingWorkspace(app);
    const recipient = freshRecipient();
    // The STOP as reconciliation records it: the opt-out names the inbound message.
    const stop = await recordedInbound(workspace, recipient, 'STOP');
    await recordedOptOut(workspace, recipient, stop.id);
    // Its confirmation, accepted by the earlier version (its key the inbound message's id), not yet dispatched.
    await sendMessage(
      app.services,
      { workspaceId: workspace.workspaceId },
      { phoneNumber: recipient, body: stopText, from: workspace.senders[0]!.number, idempotencyKey: `auto_reply:${stop.id}` },
      { source: 'auto_reply', exemptFromSuppression: true },
    );
    await app.services.jobs.drain();
    expect(handedTo(recipient)).toEqual([stopText]);
  });
});

describe('the STOP and an answer at once, many times', () => {
  let running: Awaited<ReturnType<typeof recordingApp>>;
  beforeAll(async () => {
    running = await recordingApp(true);
  });
  afterAll(async () => {
    await closeStarted(running.app);
  });

  it('confirms each STOP once, and hands a HELP answer over after it only to a HELP recorded after it', async () => {
    const workspace = await sendingWorkspace(running.app);
    const recipients = Array.from({ length: 12 }, freshRecipient);
    await Promise.all(
      recipients.map(async (recipient) => {
        await Promise.all([
          receive(running.app, workspace, recipient, 'HELP'),
          receive(running.app, workspace, recipient, 'STOP'),
        ]);
      }),
    );
    await running.app.services.jobs.drain();
    for (const recipient of recipients) {
      const handed = handedTo(recipient, running.handOffs);
      expect(
        handed.filter((body) => body === stopText),
        recipient,
      ).toHaveLength(1);
      // A HELP answer goes before the STOP is recorded, or after it only when reconciliation recorded
      // the HELP after the STOP: then it answers a recipient opted out, through that opt-out.
      if (handed.indexOf(helpText) > handed.indexOf(stopText)) {
        const answer = await running.app.services.prisma.message.findFirstOrThrow({
          where: { workspaceId: workspace.workspaceId, phoneNumber: recipient, body: helpText },
        });
        expect(answer.exemptOptOutVersion, recipient).not.toBeNull();
      }
    }
  });
});
