import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/crypto.ts';
import { call, closeStarted, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';
import { send, sendingWorkspace, sms } from './sending-support.ts';

/**
 * Sender pools: POST/GET /api/v1/sender-pools, GET/PATCH/DELETE /api/v1/sender-pools/{id}, their MCP
 * tools, and how a send chooses its sender from a pool (accept_message_batch, rule 3). Workers stay
 * off: what matters is the sender each send is accepted with.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { startJobs: false });
});
afterAll(async () => {
  await closeStarted(app);
});

let numberCounter = 0;

/** A connected number of the workspace in `areaCode`, each made later than the one before (selection's tie-break). */
async function numberIn(target: TestApp, workspaceId: string, areaCode: string) {
  numberCounter += 1;
  return target.services.prisma.phoneNumber.create({
    data: {
      id: newId('pn'),
      workspaceId,
      number: `+1${areaCode}7${String(numberCounter).padStart(6, '0')}`,
      provider: 'sandbox',
      createdAt: new Date(Date.UTC(2026, 0, 1) + numberCounter),
    },
  });
}

function createPool(target: TestApp, token: string, body: Record<string, unknown>) {
  return call(target, 'POST', '/api/v1/sender-pools', { token, body });
}

/** The sender number a send of `body` is accepted with. */
async function senderOf(target: TestApp, token: string, body: Record<string, unknown>): Promise<string> {
  const sent = await send(target, token, body);
  expect(sent.status, JSON.stringify(sent.body)).toBe(202);
  const message = await target.services.prisma.message.findUniqueOrThrow({ where: { id: sent.body.message.id } });
  return message.senderNumber!;
}

describe('sender pools: POST /api/v1/sender-pools, GET /api/v1/sender-pools, GET|PATCH|DELETE /api/v1/sender-pools/{id}', () => {
  it('creates, reads, lists, changes and deletes a pool', async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const [first, second] = [
      await numberIn(app, developer.workspaceId, '206'),
      await numberIn(app, developer.workspaceId, '415'),
    ];
    const created = await createPool(app, developer.token, { name: 'Alerts', number_ids: [second.id, first.id, first.id] });
    expect(created.status).toBe(201);
    const pool = created.body.sender_pool;
    expect(pool).toEqual({
      id: expect.stringMatching(/^spl_/),
      name: 'Alerts',
      number_ids: [first.id, second.id],
      sticky_sender: true,
      area_code_match: true,
      is_default: false,
      created_at: expect.any(String),
    });
    expect((await call(app, 'GET', `/api/v1/sender-pools/${pool.id}`, { token: developer.token })).body).toEqual({
      sender_pool: pool,
    });

    app.clock.advance(1);
    const other = await createPool(app, developer.token, {
      name: 'Marketing',
      number_ids: [first.id],
      sticky_sender: false,
      area_code_match: false,
      is_default: true,
    });
    expect(other.body.sender_pool).toMatchObject({ sticky_sender: false, area_code_match: false, is_default: true });
    const listed = await call(app, 'GET', '/api/v1/sender-pools?limit=1', { token: developer.token });
    expect(listed.body.sender_pools.map((entry: { name: string }) => entry.name)).toEqual(['Marketing']);
    const rest = await call(app, 'GET', `/api/v1/sender-pools?cursor=${listed.body.next_cursor}`, { token: developer.token });
    expect(rest.body).toEqual({ sender_pools: [pool], next_cursor: null });

    // Making a pool the default makes the previous default an ordinary pool.
    const changed = await call(app, 'PATCH', `/api/v1/sender-pools/${pool.id}`, {
      token: developer.token,
      body: { name: 'Alerts 2', number_ids: [second.id], is_default: true },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.sender_pool).toMatchObject({ name: 'Alerts 2', number_ids: [second.id], is_default: true });
    const previous = await call(app, 'GET', `/api/v1/sender-pools/${other.body.sender_pool.id}`, { token: developer.token });
    expect(previous.body.sender_pool.is_default).toBe(false);

    const deleted = await call(app, 'DELETE', `/api/v1/sender-pools/${pool.id}`, { token: developer.token });
    expect(deleted.body).toEqual({ id: pool.id, deleted: true });
    expect((await call(app, 'GET', `/api/v1/sender-pools/${pool.id}`, { token: developer.token })).status).toBe(404);
    expect((await call(app, 'DELETE', `/api/v1/sender-pools/${pool.id}`, { token: developer.token })).status).toBe(404);
    // Its numbers stay.
    expect(await app.services.prisma.phoneNumber.count({ where: { workspaceId: developer.workspaceId } })).toBe(2);
  });

  it('refuses a number that is not a connected number of the workspace, and a change that changes nothing', async () => {
    const developer = await sendingWorkspace(app);
    const stranger = await sendingWorkspace(app);
    const released = await numberIn(app, developer.workspaceId, '206');
    await app.services.prisma.phoneNumber.update({ where: { id: released.id }, data: { status: 'released' } });
    for (const numberId of [stranger.senders[0]!.id, released.id, 'pn_missing']) {
      const refused = await createPool(app, developer.token, { name: 'Pool', number_ids: [developer.senders[0]!.id, numberId] });
      expect(refused.status).toBe(422);
      expect(refused.body.error).toMatchObject({
        code: 'validation_failed',
        issues: [{ path: 'number_ids', message: expect.stringContaining(numberId) }],
      });
    }
    const pool = (await createPool(app, developer.token, { name: 'Pool', number_ids: [] })).body.sender_pool;
    const empty = await call(app, 'PATCH', `/api/v1/sender-pools/${pool.id}`, { token: developer.token, body: {} });
    expect(empty.status).toBe(422);
    const blankName = await createPool(app, developer.token, { name: '  ', number_ids: [] });
    expect(blankName.body.error).toMatchObject({
      code: 'validation_failed',
      issues: [expect.objectContaining({ path: 'name' })],
    });
    expect(await app.services.prisma.senderPool.count({ where: { workspaceId: developer.workspaceId } })).toBe(1);
  });

  it('needs numbers:read to read and numbers:write to change', async () => {
    const developer = await sendingWorkspace(app);
    const pool = (await createPool(app, developer.token, { name: 'Pool', number_ids: [] })).body.sender_pool;
    const reader = await tokenWithScopes(app, developer.workspaceId, ['numbers:read']);
    const sender = await tokenWithScopes(app, developer.workspaceId, ['messages:write']);
    expect((await call(app, 'GET', '/api/v1/sender-pools', { token: reader })).status).toBe(200);
    expect((await call(app, 'GET', `/api/v1/sender-pools/${pool.id}`, { token: reader })).status).toBe(200);
    expect((await createPool(app, reader, { name: 'Nope', number_ids: [] })).status).toBe(403);
    expect((await call(app, 'PATCH', `/api/v1/sender-pools/${pool.id}`, { token: reader, body: { name: 'Nope' } })).status).toBe(
      403,
    );
    expect((await call(app, 'DELETE', `/api/v1/sender-pools/${pool.id}`, { token: reader })).status).toBe(403);
    expect((await call(app, 'GET', '/api/v1/sender-pools', { token: sender })).status).toBe(403);
    expect((await call(app, 'GET', `/api/v1/sender-pools/${pool.id}`, { token: developer.token })).body.sender_pool.name).toBe(
      'Pool',
    );
  });

  it("answers another workspace's pool as a missing one, and a send naming it sender_pool_not_found", async () => {
    const owner = await sendingWorkspace(app);
    const stranger = await sendingWorkspace(app);
    const pool = (await createPool(app, owner.token, { name: 'Owner', number_ids: [owner.senders[0]!.id] })).body.sender_pool;
    expect((await call(app, 'GET', `/api/v1/sender-pools/${pool.id}`, { token: stranger.token })).status).toBe(404);
    expect(
      (await call(app, 'PATCH', `/api/v1/sender-pools/${pool.id}`, { token: stranger.token, body: { name: 'x' } })).status,
    ).toBe(404);
    expect((await call(app, 'DELETE', `/api/v1/sender-pools/${pool.id}`, { token: stranger.token })).status).toBe(404);
    expect((await call(app, 'GET', '/api/v1/sender-pools', { token: stranger.token })).body.sender_pools).toEqual([]);
    const refused = await send(app, stranger.token, sms({ sender_pool_id: pool.id }));
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('sender_pool_not_found');
    expect((await call(app, 'GET', `/api/v1/sender-pools/${pool.id}`, { token: owner.token })).body.sender_pool.name).toBe(
      'Owner',
    );
  });

  it('works over MCP: create, list, get, update and delete a pool, and send_message with sender_pool_id', async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const numbers = [await numberIn(app, developer.workspaceId, '206'), await numberIn(app, developer.workspaceId, '415')];
    const client = await connectMcp(app, developer.token);
    try {
      const created = await client.callTool({
        name: 'create_sender_pool',
        arguments: { name: 'Agents', number_ids: numbers.map((number) => number.id) },
      });
      const { sender_pool: pool } = created.structuredContent as { sender_pool: { id: string } };
      const listed = await client.callTool({ name: 'list_sender_pools', arguments: {} });
      expect(listed.structuredContent).toMatchObject({ sender_pools: [{ id: pool.id, name: 'Agents' }] });
      const sent = await client.callTool({ name: 'send_message', arguments: { ...sms(), sender_pool_id: pool.id } });
      const { message } = sent.structuredContent as { message: { id: string } };
      const stored = await app.services.prisma.message.findUniqueOrThrow({ where: { id: message.id } });
      expect(stored).toMatchObject({ senderNumber: numbers[1]!.number, senderPoolId: pool.id });
      const missing = await client.callTool({ name: 'send_message', arguments: { ...sms(), sender_pool_id: 'spl_missing' } });
      expect(toolError(missing)).toMatchObject({ code: 'sender_pool_not_found' });
      const both = await client.callTool({
        name: 'send_message',
        arguments: { ...sms(), sender_pool_id: pool.id, from: numbers[0]!.number },
      });
      expect(toolError(both)).toMatchObject({ code: 'validation_failed' });

      // get, update and delete: update_sender_pool replaces the numbers.
      const updated = await client.callTool({
        name: 'update_sender_pool',
        arguments: { id: pool.id, number_ids: [numbers[0]!.id] },
      });
      expect(updated.structuredContent).toMatchObject({ sender_pool: { id: pool.id, number_ids: [numbers[0]!.id] } });
      const got = await client.callTool({ name: 'get_sender_pool', arguments: { id: pool.id } });
      expect(got.structuredContent).toMatchObject({ sender_pool: { id: pool.id, name: 'Agents', number_ids: [numbers[0]!.id] } });
      expect((await client.callTool({ name: 'delete_sender_pool', arguments: { id: pool.id } })).isError).toBeFalsy();
      expect(toolError(await client.callTool({ name: 'get_sender_pool', arguments: { id: pool.id } }))).toMatchObject({
        code: 'not_found',
      });
    } finally {
      await client.close();
    }
  });
});

describe('POST /api/v1/messages choosing a sender from a pool', () => {
  async function poolWorkspace(areaCodes: string[], poolSettings: Record<string, unknown> = {}) {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const numbers = [];
    for (const areaCode of areaCodes) numbers.push(await numberIn(app, developer.workspaceId, areaCode));
    const pool = (
      await createPool(app, developer.token, { name: 'Pool', number_ids: numbers.map((number) => number.id), ...poolSettings })
    ).body.sender_pool;
    return { developer, numbers, pool };
  }

  it("prefers a number of the recipient's area code, then of its state", async () => {
    // 206: Washington; 213 and 415: California.
    const { developer, numbers, pool } = await poolWorkspace(['206', '213', '415']);
    expect(await senderOf(app, developer.token, sms({ phone_number: '+14155550101', sender_pool_id: pool.id }))).toBe(
      numbers[2]!.number,
    );
    // 916 is California too: no number of its area code, one of its state.
    await app.services.prisma.phoneNumber.update({ where: { id: numbers[2]!.id }, data: { status: 'released' } });
    expect(await senderOf(app, developer.token, sms({ phone_number: '+19165550102', sender_pool_id: pool.id }))).toBe(
      numbers[1]!.number,
    );
    // Washington's 509 gets the Washington number though the California one is less recently used.
    expect(await senderOf(app, developer.token, sms({ phone_number: '+15095550103', sender_pool_id: pool.id }))).toBe(
      numbers[0]!.number,
    );
  });

  it('keeps a recipient on the number it got from the pool before, over an area code match', async () => {
    const { developer, numbers, pool } = await poolWorkspace(['206']);
    const recipient = { phone_number: '+14155550104', sender_pool_id: pool.id };
    expect(await senderOf(app, developer.token, sms(recipient))).toBe(numbers[0]!.number);
    const local = await numberIn(app, developer.workspaceId, '415');
    await call(app, 'PATCH', `/api/v1/sender-pools/${pool.id}`, {
      token: developer.token,
      body: { number_ids: [numbers[0]!.id, local.id] },
    });
    expect(await senderOf(app, developer.token, sms(recipient))).toBe(numbers[0]!.number);
    // Without sticky senders the area code decides.
    await call(app, 'PATCH', `/api/v1/sender-pools/${pool.id}`, { token: developer.token, body: { sticky_sender: false } });
    expect(await senderOf(app, developer.token, sms(recipient))).toBe(local.number);
  });

  it('ignores area codes and states without area_code_match: the least loaded, then least recently used, number sends', async () => {
    const { developer, numbers, pool } = await poolWorkspace(['206', '415'], { area_code_match: false, sticky_sender: false });
    const to = (phone: string) => sms({ phone_number: phone, sender_pool_id: pool.id });
    expect(await senderOf(app, developer.token, to('+14155550105'))).toBe(numbers[0]!.number);
    expect(await senderOf(app, developer.token, to('+14155550106'))).toBe(numbers[1]!.number);
    expect(await senderOf(app, developer.token, to('+14155550107'))).toBe(numbers[0]!.number);
    // A number busy for the next minute (its pace's slots taken) is passed over, however long ago it was used.
    await app.services.prisma.phoneNumber.update({
      where: { id: numbers[1]!.id },
      data: { nextSlotAt: new Date(app.clock.now() + 60_000), lastUsedAt: new Date(0) },
    });
    expect(await senderOf(app, developer.token, to('+14155550108'))).toBe(numbers[0]!.number);
  });

  it('skips a number failing at the carrier, and refuses with sender_pool_empty when none is left', async () => {
    const { developer, numbers, pool } = await poolWorkspace(['415', '206']);
    const failing = { failingUntil: new Date(app.clock.now() + 60_000) };
    await app.services.prisma.phoneNumber.update({ where: { id: numbers[0]!.id }, data: failing });
    expect(await senderOf(app, developer.token, sms({ sender_pool_id: pool.id }))).toBe(numbers[1]!.number);
    await app.services.prisma.phoneNumber.update({ where: { id: numbers[1]!.id }, data: { status: 'released' } });
    const refused = await send(app, developer.token, sms({ sender_pool_id: pool.id }));
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'sender_pool_empty', retry: 'retry_after_sender_ready' });
    // Once its failing window has passed the number sends again.
    app.clock.advance(60_001);
    expect(await senderOf(app, developer.token, sms({ sender_pool_id: pool.id }))).toBe(numbers[0]!.number);
  });

  it("uses the workspace's default pool for a send that names neither from nor a pool", async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const outside = await numberIn(app, developer.workspaceId, '415');
    const inside = await numberIn(app, developer.workspaceId, '206');
    expect(await senderOf(app, developer.token, sms({ phone_number: '+14155550109' }))).toBe(outside.number);
    const pool = (await createPool(app, developer.token, { name: 'Default', number_ids: [inside.id], is_default: true })).body
      .sender_pool;
    const sent = await send(app, developer.token, sms({ phone_number: '+14155550110' }));
    const message = await call(app, 'GET', `/api/v1/messages/${sent.body.message.id}`, { token: developer.token });
    expect(message.body.message).toMatchObject({ sender_number: inside.number, sender_pool_id: pool.id });
    // A named sender still wins.
    expect(await senderOf(app, developer.token, sms({ phone_number: '+14155550111', from: outside.number }))).toBe(
      outside.number,
    );
  });

  it('refuses from together with sender_pool_id', async () => {
    const { developer, numbers, pool } = await poolWorkspace(['206']);
    const refused = await send(app, developer.token, sms({ from: numbers[0]!.number, sender_pool_id: pool.id }));
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: 'validation_failed',
      issues: [{ path: 'sender_pool_id', message: expect.any(String) }],
    });
    const preview = await call(app, 'POST', '/api/v1/messages/preview', {
      token: developer.token,
      body: sms({ sender_pool_id: 'spl_missing' }),
    });
    expect(preview.body.preview).toMatchObject({ verdict: 'sender_pool_not_found', sender_number: null });
    expect(await app.services.prisma.message.count({ where: { workspaceId: developer.workspaceId } })).toBe(0);
  });
});

describe('a delegated token without numbers scopes', () => {
  it('may still send with a pool the workspace made', async () => {
    const developer = await createDeveloper(app);
    const funded = await sendingWorkspace(app);
    const pool = (await createPool(app, funded.token, { name: 'Pool', number_ids: [funded.senders[0]!.id] })).body.sender_pool;
    const sender = await tokenWithScopes(app, funded.workspaceId, ['messages:write']);
    expect(await senderOf(app, sender, sms({ sender_pool_id: pool.id }))).toBe(funded.senders[0]!.number);
    expect((await send(app, developer.token, sms({ sender_pool_id: pool.id }))).status).toBe(422);
  });
});
