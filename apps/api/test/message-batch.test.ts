import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, tokenWithScopes } from './mcp-support.ts';
import { connectNumber, recipient, sendingWorkspace } from './sending-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { startJobs: false });
});
afterAll(async () => {
  await app.close();
});

const batch = (token: string, body: Record<string, unknown>) => call(app, 'POST', '/api/v1/messages/batch', { token, body });
const inMinutes = (minutes: number) => new Date(app.clock.now() + minutes * 60_000).toISOString();

describe('POST /api/v1/messages/batch', () => {
  it('accepts each item as a single send would, debits each, and answers them in order', async () => {
    const developer = await sendingWorkspace(app, { balanceCents: 1_000 });
    const template = await call(app, 'POST', '/api/v1/templates', {
      token: developer.token,
      body: { name: 'Hi', body: 'Hi {{name}}' },
    });
    const response = await batch(developer.token, {
      messages: [
        { phone_number: '+14155550101', body: 'First', idempotency_key: 'b-1', metadata: { order: 1 } },
        { phone_number: '+14155550102', template_id: template.body.template.id, variables: { name: 'Grace' } },
        { phone_number: '+14155550103', body: 'Later', send_at: inMinutes(10) },
      ],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.results).toEqual([
      {
        index: 0,
        status: 202,
        message: { id: expect.stringMatching(/^msg_/), status: 'queued', estimated_send_at: expect.any(String) },
      },
      {
        index: 1,
        status: 202,
        message: { id: expect.stringMatching(/^msg_/), status: 'queued', estimated_send_at: expect.any(String) },
      },
      {
        index: 2,
        status: 202,
        message: { id: expect.stringMatching(/^msg_/), status: 'scheduled', estimated_send_at: expect.any(String) },
      },
    ]);
    const stored = await app.services.prisma.message.findMany({
      where: { workspaceId: developer.workspaceId },
      orderBy: { phoneNumber: 'asc' },
    });
    expect(stored.map((message) => message.body)).toEqual(['First', 'Hi Grace', 'Later']);
    expect(stored[0]!.metadata).toEqual({ order: 1 });
    const workspace = await app.services.prisma.workspace.findUniqueOrThrow({ where: { id: developer.workspaceId } });
    expect(workspace.balanceCents).toBe(1_000 - 3 * app.services.config.pricePerSegmentCents);
  });

  it("answers each item's own status: replay, conflict, suppression, request errors, sender and balance", async () => {
    const price = 2;
    const developer = await sendingWorkspace(app, { balanceCents: 3 * price });
    await call(app, 'POST', '/api/v1/suppressions', { token: developer.token, body: { phone_number: '+14155550109' } });
    const response = await batch(developer.token, {
      messages: [
        { phone_number: '+14155550101', body: 'Once', idempotency_key: 'k' },
        { phone_number: '+14155550101', body: 'Once', idempotency_key: 'k' },
        { phone_number: '+14155550101', body: 'Other', idempotency_key: 'k' },
        { phone_number: '+14155550109', body: 'Suppressed' },
        { phone_number: '+14155550102', template_id: 'tpl_missing' },
        { phone_number: '+14155550103', body: 'Too soon', send_at: inMinutes(0) },
        { phone_number: '+14155550104', body: 'Two' },
        { phone_number: '+14155550105', body: 'Three' },
        { phone_number: '+14155550106', body: 'No money left' },
      ],
    });
    expect(response.status).toBe(200);
    const results = response.body.results as { index: number; status: number; message?: { id: string }; error?: any }[];
    expect(results.map((result) => [result.index, result.status, result.error?.code])).toEqual([
      [0, 202, undefined],
      [1, 200, undefined],
      [2, 409, 'idempotency_conflict'],
      [3, 403, 'workspace_suppressed'],
      [4, 422, 'validation_failed'],
      [5, 422, 'validation_failed'],
      [6, 202, undefined],
      [7, 202, undefined],
      [8, 402, 'insufficient_balance'],
    ]);
    expect(results[1]!.message!.id).toBe(results[0]!.message!.id);
    expect(results[4]!.error.issues[0].path).toBe('template_id');
    expect(results[8]!.error).toMatchObject({ balance_cents: 0, required_cents: price, fix: expect.any(String) });
    expect(await app.services.prisma.message.count({ where: { workspaceId: developer.workspaceId } })).toBe(3);
  });

  it('spends one send of the rate limit per accepted item: the items past the bucket get 429 with retry_after_seconds', async () => {
    const developer = await sendingWorkspace(app, { tier: 'growth' });
    const first = await batch(developer.token, {
      messages: Array.from({ length: 7 }, (_item, index) => ({
        phone_number: `+1415555010${index}`,
        body: 'Hello',
        idempotency_key: `r-${index}`,
      })),
    });
    expect(first.status).toBe(200);
    expect(first.body.results.map((result: { status: number }) => result.status)).toEqual([202, 202, 202, 202, 202, 429, 429]);
    expect(first.body.results[5].error).toMatchObject({
      code: 'message_send_rate_limited',
      retry_after_seconds: expect.any(Number),
      limit: { tier: 'growth', capacity: 5, refill_ms: 1_200 },
    });
    expect(first.headers.get('ratelimit')).toMatch(/^"burst";r=0;t=\d+$/);
    // Retrying the whole batch at once: the accepted items replay without a token, the rest wait.
    const again = await batch(developer.token, {
      messages: Array.from({ length: 7 }, (_item, index) => ({
        phone_number: `+1415555010${index}`,
        body: 'Hello',
        idempotency_key: `r-${index}`,
      })),
    });
    expect(again.body.results.map((result: { status: number }) => result.status)).toEqual([200, 200, 200, 200, 200, 429, 429]);
    expect(await app.services.prisma.message.count({ where: { workspaceId: developer.workspaceId } })).toBe(5);
  });

  it('reads up to 1,000 items, beyond the usual body limit, and refuses 1,001', async () => {
    const developer = await sendingWorkspace(app);
    const messages = Array.from({ length: 1_000 }, (_item, index) => ({
      phone_number: `+1415${String(5_500_000 + index)}`,
      body: 'A body long enough to make a thousand of these larger than the 64 KiB limit of other routes.',
    }));
    const response = await batch(developer.token, { messages });
    expect(response.status).toBe(200);
    const statuses = response.body.results.map((result: { status: number }) => result.status);
    expect(statuses.filter((status: number) => status === 202)).toHaveLength(20);
    expect(statuses.filter((status: number) => status === 429)).toHaveLength(980);
    const tooMany = await batch(developer.token, { messages: [...messages, messages[0]] });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.issues[0].path).toBe('messages');
  });

  it('refuses a request that fails its schema whole, naming the item and field, and sends nothing', async () => {
    const developer = await sendingWorkspace(app);
    const response = await batch(developer.token, {
      messages: [
        { phone_number: recipient, body: 'Fine' },
        { phone_number: recipient, body: 'x', colour: 'red' },
      ],
    });
    expect(response.status).toBe(422);
    expect(response.body.error.issues.map((issue: { path: string }) => issue.path)).toContain('messages.1.colour');
    expect((await batch(developer.token, { messages: [] })).status).toBe(422);
    expect(await app.services.prisma.message.count({ where: { workspaceId: developer.workspaceId } })).toBe(0);
  });

  it('sends every item from `from`; a number of another workspace is 422 sender_number_not_found per item', async () => {
    const developer = await sendingWorkspace(app, { numbers: 2 });
    const stranger = await createDeveloper(app);
    const foreign = await connectNumber(app, stranger.workspaceId);
    const chosen = developer.senders[1]!.number;
    const response = await batch(developer.token, {
      from: chosen,
      messages: [
        { phone_number: '+14155550101', body: 'One' },
        { phone_number: '+14155550102', body: 'Two' },
      ],
    });
    expect(response.body.results.map((result: { status: number }) => result.status)).toEqual([202, 202]);
    const senders = await app.services.prisma.message.findMany({ where: { workspaceId: developer.workspaceId } });
    expect(senders.map((message) => message.senderNumber)).toEqual([chosen, chosen]);
    const refused = await batch(developer.token, { from: foreign.number, messages: [{ phone_number: recipient, body: 'x' }] });
    expect(refused.body.results).toEqual([
      { index: 0, status: 422, error: expect.objectContaining({ code: 'sender_number_not_found' }) },
    ]);
  });

  it("chooses every item's sender from `sender_pool_id`; with `from` too it is 422, and another workspace's pool is 422 sender_pool_not_found per item", async () => {
    const developer = await sendingWorkspace(app, { numbers: 3 });
    const [outside, ...pooled] = developer.senders;
    const pool = await call(app, 'POST', '/api/v1/sender-pools', {
      token: developer.token,
      body: { name: 'Batch', number_ids: pooled.map((sender) => sender.id), sticky_sender: false, area_code_match: false },
    });
    const poolId = pool.body.sender_pool.id;
    const response = await batch(developer.token, {
      sender_pool_id: poolId,
      messages: [
        { phone_number: '+14155550101', body: 'One' },
        { phone_number: '+14155550102', body: 'Two' },
      ],
    });
    expect(response.body.results.map((result: { status: number }) => result.status)).toEqual([202, 202]);
    const stored = await app.services.prisma.message.findMany({ where: { workspaceId: developer.workspaceId } });
    // The least loaded of the pool each time, never the number outside it.
    expect(stored.map((message) => message.senderNumber).sort()).toEqual(pooled.map((sender) => sender.number).sort());
    expect(stored.map((message) => message.senderPoolId)).toEqual([poolId, poolId]);

    const both = await batch(developer.token, {
      from: outside!.number,
      sender_pool_id: poolId,
      messages: [{ phone_number: recipient, body: 'x' }],
    });
    expect(both.status).toBe(422);
    expect(both.body.error).toMatchObject({ code: 'validation_failed', issues: [{ path: 'sender_pool_id' }] });

    const stranger = await sendingWorkspace(app);
    const foreign = await batch(stranger.token, { sender_pool_id: poolId, messages: [{ phone_number: recipient, body: 'x' }] });
    expect(foreign.body.results).toEqual([
      { index: 0, status: 422, error: expect.objectContaining({ code: 'sender_pool_not_found' }) },
    ]);
    expect(await app.services.prisma.message.count({ where: { workspaceId: stranger.workspaceId } })).toBe(0);
  });

  it('sends an item to a recipient an earlier item of the batch chose a sender for from that sender, in a sticky pool and without a pool', async () => {
    for (const pooled of [true, false]) {
      const developer = await sendingWorkspace(app, { numbers: 2 });
      const pool = pooled
        ? await call(app, 'POST', '/api/v1/sender-pools', {
            token: developer.token,
            body: { name: 'Sticky', number_ids: developer.senders.map((sender) => sender.id), area_code_match: false },
          })
        : undefined;
      const twice = '+14155550177';
      const response = await batch(developer.token, {
        ...(pool && { sender_pool_id: pool.body.sender_pool.id }),
        messages: ['+14155550176', twice, twice, twice].map((phone_number) => ({ phone_number, body: 'Sticky' })),
      });
      expect(response.body.results.map((result: { status: number }) => result.status)).toEqual([202, 202, 202, 202]);
      const senders = await app.services.prisma.message.findMany({
        where: { workspaceId: developer.workspaceId, phoneNumber: twice },
        select: { senderNumberId: true },
      });
      expect(new Set(senders.map((message) => message.senderNumberId)).size, `pooled: ${pooled}`).toBe(1);
    }
  });

  it('applies its validity_seconds and smart_encoding to every item', async () => {
    const developer = await sendingWorkspace(app);
    const response = await batch(developer.token, {
      validity_seconds: 600,
      smart_encoding: true,
      messages: [
        { phone_number: '+14155550101', body: 'It’s ready' },
        { phone_number: '+14155550102', body: 'Later', send_at: inMinutes(10) },
      ],
    });
    expect(response.body.results.map((result: { status: number }) => result.status)).toEqual([202, 202]);
    const stored = await app.services.prisma.message.findMany({
      where: { workspaceId: developer.workspaceId },
      orderBy: { phoneNumber: 'asc' },
    });
    expect(stored[0]!.body).toBe("It's ready");
    expect(stored[0]!.expiresAt!.getTime() - stored[0]!.createdAt.getTime()).toBe(600_000);
    expect(stored[1]!.expiresAt!.getTime() - stored[1]!.sendAt!.getTime()).toBe(600_000);
  });

  it('needs messages:write, as the single send does', async () => {
    const developer = await sendingWorkspace(app);
    const reader = await tokenWithScopes(app, developer.workspaceId, ['messages:read']);
    const body = { messages: [{ phone_number: recipient, body: 'x' }] };
    expect((await batch(reader, body)).status).toBe(403);
    expect((await call(app, 'POST', '/api/v1/messages/batch', { body })).status).toBe(401);
    expect(await app.services.prisma.message.count({ where: { workspaceId: developer.workspaceId } })).toBe(0);
  });

  it('is the MCP tool send_message_batch', async () => {
    const developer = await sendingWorkspace(app);
    const client = await connectMcp(app, developer.token);
    try {
      const result = await client.callTool({
        name: 'send_message_batch',
        arguments: {
          messages: [
            { phone_number: recipient, body: 'Over MCP' },
            { phone_number: '+1', body: 'x' },
          ],
        },
      });
      const { results } = result.structuredContent as { results: { status: number }[] };
      expect(results.map((item) => item.status)).toEqual([202, 422]);
    } finally {
      await client.close();
    }
  });
});
