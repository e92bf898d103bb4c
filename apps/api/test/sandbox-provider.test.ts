import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { magicRecipients } from '../src/providers/sandbox/magic-recipients.ts';
import { call, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { customerEvents } from './inbound-support.ts';
import { sendingWorkspace } from './sending-support.ts';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp();
});

afterAll(async () => {
  await app.close();
});

const message = (id: string) => app.services.prisma.message.findUniqueOrThrow({ where: { id } });
const balance = async (workspaceId: string) =>
  (await app.services.prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).balanceCents;

async function send(recipient: string, body = 'Your order has shipped.') {
  const workspace = await sendingWorkspace(app);
  const response = await call(app, 'POST', '/api/v1/messages', {
    token: workspace.token,
    body: { phone_number: recipient, body },
  });
  expect(response.status).toBe(202);
  await app.services.jobs.drain();
  return { workspace, messageId: response.body.message.id as string };
}

async function eventTypes(workspaceId: string) {
  return (await customerEvents(app, workspaceId)).map((event) => event.type).sort();
}

describe('sandbox carrier: numbers', () => {
  it('sells numbers by area code from a deterministic inventory', async () => {
    const developer = await createDeveloper(app);
    const buy = (body?: unknown) => call(app, 'POST', '/api/v1/numbers', { token: developer.token, body });
    const first = await buy({ area_code: '512' });
    const second = await buy({ area_code: '512' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ number: { number: '+15125550100', status: 'connected' }, webhook_configured: true });
    expect(second.body.number.number).toBe('+15125550101');
    const other = await createDeveloper(app);
    const third = await call(app, 'POST', '/api/v1/numbers', { token: other.token, body: { area_code: '512' } });
    expect(third.body.number.number).toBe('+15125550102');
    const anyNumber = await buy();
    expect(anyNumber.status).toBe(201);
    expect(anyNumber.body.number.number).toMatch(/^\+1415555010\d$/);
  });

  it('answers number_unavailable when the area code is sold out', async () => {
    await app.services.prisma.sandboxNumber.createMany({
      data: Array.from({ length: 100 }, (_, index) => ({
        number: `+1907555${String(100 + index).padStart(4, '0')}`,
        areaCode: '907',
        providerNumberId: `SBXPN907${100 + index}`,
      })),
    });
    const developer = await createDeveloper(app);
    const response = await call(app, 'POST', '/api/v1/numbers', { token: developer.token, body: { area_code: '907' } });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('number_unavailable');
  });
});

describe('sandbox carrier: sending', () => {
  it('sends an ordinary recipient, then reports sent and delivered through the signed webhook route', async () => {
    const { workspace, messageId } = await send('+14155550142');
    const delivered = await message(messageId);
    expect(delivered).toMatchObject({ status: 'delivered', providerMessageId: expect.stringMatching(/^SBX/) });
    expect(await eventTypes(workspace.workspaceId)).toEqual(['message.delivered', 'message.sent']);
    const reports = await app.services.prisma.providerEvent.findMany({
      where: { provider: 'sandbox', payload: { path: ['message_id'], equals: delivered.providerMessageId! } },
    });
    expect(reports.map((report) => report.eventType).sort()).toEqual(['message.delivered', 'message.sent']);
    expect(reports[0]!.payload).toMatchObject({ metadata: { client_reference: messageId } });
    // They came over HTTP, through the same route a real carrier uses.
    expect(app.logs.some((line) => line.includes('"path":"/webhooks/sandbox/events"') && line.includes('"status":202'))).toBe(
      true,
    );
    const get = await call(app, 'GET', `/api/v1/messages/${messageId}`, { token: workspace.token });
    expect(get.body.message.status).toBe('delivered');
  });

  it('+15005550001 is sent, then fails, and the send is refunded', async () => {
    const { workspace, messageId } = await send('+15005550001');
    const failed = await message(messageId);
    expect(failed).toMatchObject({ status: 'failed', errorCode: 'unreachable' });
    expect(await balance(workspace.workspaceId)).toBe(10_000);
    // Without a delay the sent and failed reports race; a sent report reconciled after the failure changes nothing.
    expect([['message.failed'], ['message.failed', 'message.sent']]).toContainEqual(await eventTypes(workspace.workspaceId));
  });

  it('+15005550002 is delivered, then opts out: the next send to it is refused', async () => {
    const { workspace, messageId } = await send('+15005550002');
    expect((await message(messageId)).status).toBe('delivered');
    expect(await eventTypes(workspace.workspaceId)).toEqual(['message.delivered', 'message.sent', 'opt_out.created']);
    const suppression = await app.services.prisma.workspaceSuppression.findFirstOrThrow({
      where: { workspaceId: workspace.workspaceId },
    });
    expect(suppression).toMatchObject({
      phoneNumber: '+15005550002',
      source: 'provider_event',
      provider: 'sandbox',
      reason: 'recipient.opted_out',
    });
    const again = await call(app, 'POST', '/api/v1/messages', {
      token: workspace.token,
      body: { phone_number: '+15005550002', body: 'hello?' },
    });
    expect(again.status).toBe(403);
  });

  it('+15005550003 is slow: each report comes 60 s after the previous one', async () => {
    const { messageId } = await send('+15005550003');
    expect((await message(messageId)).status).toBe('sending');
    app.clock.advance(59_000);
    await app.services.jobs.drain();
    expect((await message(messageId)).status).toBe('sending');
    app.clock.advance(1_000);
    await app.services.jobs.drain();
    expect((await message(messageId)).status).toBe('sent');
    app.clock.advance(60_000);
    await app.services.jobs.drain();
    expect((await message(messageId)).status).toBe('delivered');
  });

  it('+15005550004 is refused at send: the message fails at once and is refunded', async () => {
    const { workspace, messageId } = await send('+15005550004');
    expect(await message(messageId)).toMatchObject({ status: 'failed', errorCode: 'invalid_recipient', providerMessageId: null });
    expect(await balance(workspace.workspaceId)).toBe(10_000);
    expect(await app.services.prisma.sandboxMessage.count({ where: { messageId } })).toBe(0);
  });

  it('+15005550005 replies, creating a conversation and message.received', async () => {
    const { workspace } = await send('+15005550005');
    const inbound = await app.services.prisma.inboundMessage.findFirstOrThrow({ where: { workspaceId: workspace.workspaceId } });
    expect(inbound).toMatchObject({
      fromNumber: '+15005550005',
      toNumber: workspace.senders[0]!.number,
      body: 'Sounds good, thanks!',
    });
    expect(await eventTypes(workspace.workspaceId)).toEqual([
      'conversation.created',
      'message.delivered',
      'message.received',
      'message.sent',
    ]);
  });

  it('+15005550006 replies STOP, which suppresses it workspace-wide', async () => {
    const { workspace } = await send('+15005550006');
    const suppression = await app.services.prisma.workspaceSuppression.findFirstOrThrow({
      where: { workspaceId: workspace.workspaceId },
    });
    expect(suppression).toMatchObject({ phoneNumber: '+15005550006', source: 'inbound_keyword', active: true });
    expect(await eventTypes(workspace.workspaceId)).toContain('opt_out.created');
  });

  it('documents every magic recipient in the quick start', () => {
    const guide = readFileSync(new URL('../../../docs/quick-start.md', import.meta.url), 'utf8');
    for (const recipient of Object.keys(magicRecipients)) expect(guide).toContain(`\`${recipient}\``);
  });
});

describe('sandbox carrier: signed callbacks without an HTTP server', () => {
  it('hands its reports to the same verify-and-store function when no URL is known (a worker process)', async () => {
    const current = app.services.selfUrl.current;
    app.services.selfUrl.current = undefined;
    try {
      const { messageId } = await send('+14155550143');
      expect((await message(messageId)).status).toBe('delivered');
    } finally {
      app.services.selfUrl.current = current;
    }
  });
});
