import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, toolError } from './mcp-support.ts';
import { connectNumber, recipient, send, sendingWorkspace, sms } from './sending-support.ts';

let app: TestApp;
let price: number;
beforeAll(async () => {
  // Without workers messages stay queued, so what the send wrote is not racing dispatch.
  app = await startTestApp({}, { startJobs: false });
  price = app.config.pricePerSegmentCents;
});
afterAll(async () => {
  await app.close();
});

async function senderOf(messageId: string) {
  return (await app.services.prisma.message.findUniqueOrThrow({ where: { id: messageId } })).senderNumber;
}

async function balanceOf(workspaceId: string) {
  return (await app.services.prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).balanceCents;
}

describe('POST /api/v1/messages with from', () => {
  it('sends from the named number, for that send only: the recipient keeps its usual sender', async () => {
    const developer = await sendingWorkspace(app, { numbers: 3 });
    const [first, second, third] = developer.senders;
    const usual = await send(app, developer.token, sms());
    expect(usual.status).toBe(202);
    expect(await senderOf(usual.body.message.id)).toBe(first!.number);

    const named = await send(app, developer.token, sms({ from: third!.number }));
    expect(named.status).toBe(202);
    expect(await app.services.prisma.message.findUniqueOrThrow({ where: { id: named.body.message.id } })).toMatchObject({
      senderNumber: third!.number,
      senderNumberId: third!.id,
      costCents: price,
      status: 'queued',
    });
    // Formatted as people write it, normalised like phone_number.
    const formatted = `+1 (${second!.number.slice(2, 5)}) ${second!.number.slice(5, 8)}-${second!.number.slice(8)}`;
    const named2 = await send(app, developer.token, sms({ from: formatted }));
    expect(await senderOf(named2.body.message.id)).toBe(second!.number);

    const again = await send(app, developer.token, sms());
    expect(await senderOf(again.body.message.id)).toBe(first!.number);
    expect(await balanceOf(developer.workspaceId)).toBe(10_000 - 4 * price);
  });

  it('counts a named send as a use of its number, so least-recently-used selection moves past it', async () => {
    const developer = await sendingWorkspace(app, { numbers: 2 });
    const [first, second] = developer.senders;
    await send(app, developer.token, sms({ phone_number: '+14155550101', from: first!.number }));
    const fresh = await send(app, developer.token, sms({ phone_number: '+14155550102' }));
    expect(await senderOf(fresh.body.message.id)).toBe(second!.number);
  });

  it('answers 422 sender_number_not_found for a number that is not a connected number of the workspace, and writes nothing', async () => {
    const developer = await sendingWorkspace(app, { numbers: 1 });
    const other = await sendingWorkspace(app, { numbers: 1 });
    const released = await connectNumber(app, developer.workspaceId);
    await app.services.prisma.phoneNumber.update({ where: { id: released.id }, data: { status: 'released' } });
    for (const from of ['+14155550100', other.senders[0]!.number, released.number]) {
      const response = await send(app, developer.token, sms({ from }));
      expect(response.status, from).toBe(422);
      expect(response.body).toEqual({
        error: {
          code: 'sender_number_not_found',
          message: `${from} is not a connected number of this workspace.`,
          fix: expect.stringContaining('GET /api/v1/numbers'),
          retry: 'retry_after_fixing_request',
        },
      });
      expect(response.body.error.fix).toContain('list_numbers');
    }
    expect(await app.services.prisma.message.count({ where: { workspaceId: developer.workspaceId } })).toBe(0);
    expect(await balanceOf(developer.workspaceId)).toBe(10_000);
    // The other workspace's number is still its own, and sends for it.
    expect((await send(app, other.token, sms({ from: other.senders[0]!.number }))).status).toBe(202);
  });

  it('answers sender_number_not_found, not branded_number_missing, when a workspace without numbers names one', async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const response = await send(app, developer.token, sms({ from: '+12065550199' }));
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('sender_number_not_found');
    expect((await send(app, developer.token, sms())).body.error.code).toBe('branded_number_missing');
  });

  it('checks the sender after the recipient, as the documented order says', async () => {
    const developer = await sendingWorkspace(app);
    await app.services.prisma.workspaceSuppression.create({
      data: {
        id: `sup_${developer.workspaceId}`,
        workspaceId: developer.workspaceId,
        phoneNumber: recipient,
        active: true,
        source: 'operator',
      },
    });
    const response = await send(app, developer.token, sms({ from: '+12065550199' }));
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('workspace_suppressed');
  });

  it('answers 422 validation_failed naming from when it is not a phone number', async () => {
    const developer = await sendingWorkspace(app);
    for (const from of ['not a number', '+1', 42, '+1206555012', '+12065550123456789012']) {
      const response = await send(app, developer.token, sms({ from }));
      expect(response.status, String(from)).toBe(422);
      expect(response.body.error.code).toBe('validation_failed');
      expect(response.body.error.issues.map((issue: { path: string }) => issue.path)).toEqual(['from']);
    }
  });

  it('ties an idempotency key to the named sender', async () => {
    const developer = await sendingWorkspace(app, { numbers: 2 });
    const [first, second] = developer.senders;
    const created = await send(app, developer.token, sms({ idempotency_key: 'order-1', from: second!.number }));
    expect(created.status).toBe(202);
    const replay = await send(app, developer.token, sms({ idempotency_key: 'order-1', from: second!.number }));
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body.message.id).toBe(created.body.message.id);
    const conflict = await send(app, developer.token, sms({ idempotency_key: 'order-1', from: first!.number }));
    expect(conflict.status).toBe(409);
    expect(conflict.body.error.code).toBe('idempotency_conflict');
    expect(await app.services.prisma.message.count({ where: { workspaceId: developer.workspaceId } })).toBe(1);
  });

  it('answers a replay with the same from when the send bucket is empty, but not a request naming another sender', async () => {
    const developer = await sendingWorkspace(app, { tier: 'starter', numbers: 2 });
    const [first, second] = developer.senders;
    const request = sms({ idempotency_key: 'only-once', from: second!.number });
    expect((await send(app, developer.token, request)).status).toBe(202);
    expect((await send(app, developer.token, request)).status).toBe(200);
    const other = await send(app, developer.token, { ...request, from: first!.number });
    expect(other.status).toBe(429);
    expect(other.body.error).toBe('message_send_rate_limited');
  });

  it('answers 401 without a token', async () => {
    const response = await call(app, 'POST', '/api/v1/messages', { body: sms({ from: '+12065550199' }) });
    expect(response.status).toBe(401);
  });

  it('chooses the sender over MCP with send_message, and its error names list_numbers', async () => {
    const developer = await sendingWorkspace(app, { numbers: 2 });
    const client = await connectMcp(app, developer.token);
    try {
      const sent = await client.callTool({
        name: 'send_message',
        arguments: { phone_number: recipient, body: 'Hello from MCP', from: developer.senders[1]!.number },
      });
      expect(sent.isError).toBeFalsy();
      const { message } = sent.structuredContent as { message: { id: string } };
      expect(await senderOf(message.id)).toBe(developer.senders[1]!.number);

      const refused = await client.callTool({
        name: 'send_message',
        arguments: { phone_number: recipient, body: 'Hello from MCP', from: '+12065550199' },
      });
      expect(refused.isError).toBe(true);
      expect(toolError(refused)).toMatchObject({
        code: 'sender_number_not_found',
        fix: expect.stringContaining('list_numbers'),
        retry: 'retry_after_fixing_request',
      });
    } finally {
      await client.close();
    }
  });
});
