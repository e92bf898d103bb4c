import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommands } from '../src/admin/commands.ts';
import { type MessagingProvider, ProviderRejection } from '../src/ports.ts';
import { call, closeStarted, createAccount, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';
import { expectValidationIssue } from './onboarding-support.ts';
import { sendingWorkspace } from './sending-support.ts';

let app: TestApp;
// Numbers cost 150 cents here.
let pricedApp: TestApp;
// No job workers: a test dispatches with jobs.drain(), after changing what it wants to between acceptance and dispatch.
let paused: TestApp;

beforeAll(async () => {
  [app, pricedApp, paused] = await Promise.all([
    startTestApp(),
    startTestApp({ NUMBER_PRICE_CENTS: '150' }),
    startTestApp({}, { startJobs: false }),
  ]);
});

afterAll(async () => {
  await closeStarted(app, pricedApp, paused);
});

const search = (target: TestApp, token: string, query = '') =>
  call(target, 'GET', `/api/v1/numbers/available${query}`, { token });
const buy = (target: TestApp, token: string, body?: object) => call(target, 'POST', '/api/v1/numbers', { token, body });
const rename = (target: TestApp, token: string, id: string, body: object) =>
  call(target, 'PATCH', `/api/v1/numbers/${id}`, { token, body });
const release = (target: TestApp, token: string, id: string) => call(target, 'DELETE', `/api/v1/numbers/${id}`, { token });
const send = (target: TestApp, token: string, phoneNumber: string, extra: object = {}) =>
  call(target, 'POST', '/api/v1/messages', {
    token,
    body: { phone_number: phoneNumber, body: 'Your table is ready.', ...extra },
  });

/** A funded workspace whose numbers were bought through the API, in `areaCode`. */
async function workspaceWithNumbers(target: TestApp, count: number, areaCode: string) {
  const workspace = await sendingWorkspace(target, { numbers: 0 });
  const numbers: { id: string; number: string }[] = [];
  for (let index = 0; index < count; index += 1) {
    const bought = await buy(target, workspace.token, { area_code: areaCode });
    expect(bought.status).toBe(201);
    numbers.push(bought.body.number);
    // Distinct creation times keep the least-recently-used tie-break in purchase order.
    target.clock.advance(1);
  }
  return { ...workspace, numbers };
}

async function balanceOf(target: TestApp, workspaceId: string) {
  return (await target.services.prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).balanceCents;
}

/** Runs `work` with the app's messaging provider replaced by `override` of the sandbox one. */
async function withProvider<T>(target: TestApp, override: Partial<MessagingProvider>, work: () => Promise<T>): Promise<T> {
  const original = target.services.messagingProvider;
  target.services.messagingProvider = { ...original, ...override };
  try {
    return await work();
  } finally {
    target.services.messagingProvider = original;
  }
}

describe('GET /api/v1/numbers/available', () => {
  it('lists the unsold numbers of an area code, lowest first, with region and capabilities, buying nothing', async () => {
    const developer = await createDeveloper(app);
    await buy(app, developer.token, { area_code: '512' });
    const sold = await app.services.prisma.sandboxNumber.count();
    const response = await search(app, developer.token, '?area_code=512&limit=3');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      available_numbers: [
        { number: '+15125550101', region: 'TX', type: 'local', capabilities: { sms: true, mms: false, voice: false } },
        { number: '+15125550102', region: 'TX', type: 'local', capabilities: { sms: true, mms: false, voice: false } },
        { number: '+15125550103', region: 'TX', type: 'local', capabilities: { sms: true, mms: false, voice: false } },
      ],
    });
    expect(await app.services.prisma.sandboxNumber.count()).toBe(sold);
  });

  it('filters by digits the number contains, and answers an empty list when nothing matches', async () => {
    const developer = await createDeveloper(app);
    const matching = await search(app, developer.token, '?area_code=303&contains=0142');
    expect(matching.body.available_numbers.map((offer: { number: string }) => offer.number)).toEqual(['+13035550142']);
    // An area code the sandbox names no region for.
    expect(matching.body.available_numbers[0].region).toBeNull();
    expect((await search(app, developer.token, '?area_code=303&contains=9999')).body).toEqual({ available_numbers: [] });
  });

  it('searches the default area codes without one, 20 numbers unless limit says otherwise', async () => {
    const developer = await createDeveloper(app);
    const response = await search(app, developer.token);
    expect(response.body.available_numbers).toHaveLength(20);
    const many = await search(app, developer.token, '?limit=50&contains=55501');
    expect(many.body.available_numbers).toHaveLength(50);
    for (const offer of many.body.available_numbers) expect(offer.number).toMatch(/^\+1\d{3}55501\d{2}$/);
  });

  it.each([
    ['a two-digit area code', '?area_code=41', 'area_code'],
    ['an area code starting with 1', '?area_code=141', 'area_code'],
    ['contains with letters', '?contains=CALL', 'contains'],
    ['contains of one digit', '?contains=5', 'contains'],
    ['a zero limit', '?limit=0', 'limit'],
    ['a limit over 50', '?limit=51', 'limit'],
  ])('answers 422 validation_failed for %s', async (_name, query, field) => {
    const developer = await createDeveloper(app);
    expectValidationIssue(await search(app, developer.token, query), field);
  });

  it('needs a token with numbers:read', async () => {
    const developer = await createDeveloper(app);
    const unauthenticated = await call(app, 'GET', '/api/v1/numbers/available');
    expect(unauthenticated.status).toBe(401);
    const messagesOnly = await tokenWithScopes(app, developer.workspaceId, ['messages:write']);
    expect((await search(app, messagesOnly)).status).toBe(403);
    const account = await createAccount(app);
    expect((await search(app, account.token.access_token)).status).toBe(403);
    const writeOnly = await tokenWithScopes(app, developer.workspaceId, ['numbers:write']);
    expect((await search(app, writeOnly)).status).toBe(403);
    const readOnly = await tokenWithScopes(app, developer.workspaceId, ['numbers:read']);
    expect((await search(app, readOnly)).status).toBe(200);
  });

  it('answers 503 provider_unavailable when the provider fails', async () => {
    const developer = await createDeveloper(app);
    const response = await withProvider(
      app,
      {
        searchNumbers: async () => {
          throw new ProviderRejection('provider_error', 'The carrier did not answer.', true);
        },
      },
      () => search(app, developer.token),
    );
    expect(response.status).toBe(503);
    expect(response.body.error).toMatchObject({
      code: 'provider_unavailable',
      retry: 'retry_with_backoff',
      fix: expect.any(String),
    });
  });
});

describe('POST /api/v1/numbers with number', () => {
  it('buys exactly the number a search offered', async () => {
    const developer = await createDeveloper(app);
    const [, offer] = (await search(app, developer.token, '?area_code=404&limit=2')).body.available_numbers;
    const response = await buy(app, developer.token, { number: offer.number, friendly_name: 'Atlanta' });
    expect(response.status).toBe(201);
    expect(response.body.number).toMatchObject({ number: '+14045550101', friendly_name: 'Atlanta', status: 'connected' });
    const listed = (await search(app, developer.token, '?area_code=404&limit=2')).body.available_numbers;
    expect(listed.map((available: { number: string }) => available.number)).toEqual(['+14045550100', '+14045550102']);
  });

  it('answers 422 number_unavailable, charging nothing, for a number sold meanwhile or never for sale', async () => {
    const developer = await createDeveloper(pricedApp);
    await adminCommands.credit(pricedApp.services, {
      username: developer.account.account.username,
      cents: '300',
      reason: 'test',
      scopes: [],
    });
    expect((await buy(pricedApp, developer.token, { number: '+14055550100' })).status).toBe(201);
    const gone = await buy(pricedApp, developer.token, { number: '+14055550100' });
    expect(gone.status).toBe(422);
    expect(gone.body.error).toMatchObject({
      code: 'number_unavailable',
      message: expect.stringContaining('not for sale'),
      fix: expect.stringContaining('search_available_numbers'),
    });
    // Outside the sandbox's fictional 555-01xx block.
    expect((await buy(pricedApp, developer.token, { number: '+14055551234' })).body.error.code).toBe('number_unavailable');
    expect(await balanceOf(pricedApp, developer.workspaceId)).toBe(150);
    expect(await pricedApp.services.prisma.phoneNumber.count({ where: { workspaceId: developer.workspaceId } })).toBe(1);
  });

  it('sells a number to one of many parallel buyers of it, and 422 to the others', async () => {
    const developers = await Promise.all(Array.from({ length: 6 }, () => createDeveloper(app)));
    const responses = await Promise.all(developers.map((developer) => buy(app, developer.token, { number: '+14065550150' })));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 422, 422, 422, 422, 422]);
    expect(await app.services.prisma.phoneNumber.count({ where: { number: '+14065550150' } })).toBe(1);
  });

  it.each([
    ['a number without +', { number: '14155550100' }, 'number'],
    ['a number with letters', { number: '+1415CALLNOW' }, 'number'],
    ['a number outside the area code given', { number: '+14155550100', area_code: '212' }, 'area_code'],
  ])('answers 422 validation_failed for %s', async (_name, body, field) => {
    const developer = await createDeveloper(app);
    expectValidationIssue(await buy(app, developer.token, body), field);
  });

  it('keeps the live-buy guardrail for an exact number', async () => {
    const developer = await createDeveloper(app);
    let providerCalled = false;
    const response = await withProvider(
      app,
      {
        live: true,
        buyNumber: async () => {
          providerCalled = true;
          return undefined;
        },
      },
      () => buy(app, developer.token, { number: '+14075550100' }),
    );
    expect(response.status).toBe(403);
    expect(response.body.error.message).toContain('ALLOW_LIVE_NUMBER_PURCHASE=1');
    expect(providerCalled).toBe(false);
  });
});

describe('PATCH /api/v1/numbers/{id}', () => {
  it('sets friendly_name, which the number responses then show', async () => {
    const workspace = await workspaceWithNumbers(app, 1, '408');
    const [number] = workspace.numbers;
    const response = await rename(app, workspace.token, number!.id, { friendly_name: '  Front desk  ' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ number: { ...number, friendly_name: 'Front desk' } });
    const listed = await call(app, 'GET', '/api/v1/numbers', { token: workspace.token });
    expect(listed.body.numbers).toEqual([response.body.number]);
  });

  it.each([
    ['no friendly_name', {}, 'friendly_name'],
    ['an empty friendly_name', { friendly_name: ' ' }, 'friendly_name'],
    ['a long friendly_name', { friendly_name: 'x'.repeat(65) }, 'friendly_name'],
    ['a status change', { friendly_name: 'Desk', status: 'released' }, 'status'],
  ])('answers 422 validation_failed for %s', async (_name, body, field) => {
    const workspace = await workspaceWithNumbers(app, 1, '409');
    expectValidationIssue(await rename(app, workspace.token, workspace.numbers[0]!.id, body), field);
  });

  it("answers 404 for an unknown id and another workspace's number, changing nothing", async () => {
    const owner = await workspaceWithNumbers(app, 1, '410');
    const stranger = await createDeveloper(app);
    for (const id of ['pn_unknown', owner.numbers[0]!.id]) {
      const response = await rename(app, stranger.token, id, { friendly_name: 'Mine now' });
      expect(response.status).toBe(404);
      expect(response.body.error).toMatchObject({ code: 'not_found', retry: 'retry_with_valid_id' });
    }
    const row = await app.services.prisma.phoneNumber.findUniqueOrThrow({ where: { id: owner.numbers[0]!.id } });
    expect(row.friendlyName).toBe(owner.numbers[0]!.number);
  });

  it('needs numbers:write', async () => {
    const workspace = await workspaceWithNumbers(app, 1, '412');
    const id = workspace.numbers[0]!.id;
    expect((await call(app, 'PATCH', `/api/v1/numbers/${id}`, { body: { friendly_name: 'x' } })).status).toBe(401);
    const readOnly = await tokenWithScopes(app, workspace.workspaceId, ['numbers:read']);
    expect((await rename(app, readOnly, id, { friendly_name: 'x' })).status).toBe(403);
  });
});

describe('DELETE /api/v1/numbers/{id}', () => {
  it('releases the number at the provider; it is for sale again and answers the same on a repeat', async () => {
    const workspace = await workspaceWithNumbers(app, 2, '413');
    const [first, second] = workspace.numbers;
    const response = await release(app, workspace.token, first!.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ number: { ...first, status: 'released' } });
    expect(await app.services.prisma.sandboxNumber.count({ where: { number: first!.number } })).toBe(0);
    const listed = await call(app, 'GET', '/api/v1/numbers', { token: workspace.token });
    expect(listed.body.numbers.map((number: { status: string }) => number.status)).toEqual(['released', 'connected']);
    const offered = await search(app, workspace.token, '?area_code=413&limit=1');
    expect(offered.body.available_numbers[0].number).toBe(first!.number);

    const again = await release(app, workspace.token, first!.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(response.body);
    expect((await app.services.prisma.phoneNumber.findUniqueOrThrow({ where: { id: second!.id } })).status).toBe('connected');
  });

  it('never sends from a released number: its sticky recipients move to another number', async () => {
    const workspace = await workspaceWithNumbers(app, 2, '414');
    const [first, second] = workspace.numbers;
    const before = await send(app, workspace.token, '+14155550160');
    expect(before.status).toBe(202);
    await app.services.jobs.drain();
    const sentFrom = async (messageId: string) =>
      (await app.services.prisma.message.findUniqueOrThrow({ where: { id: messageId } })).senderNumber;
    expect(await sentFrom(before.body.message.id)).toBe(first!.number);

    await release(app, workspace.token, first!.id);
    for (const recipient of ['+14155550160', '+14155550161', '+14155550162']) {
      const after = await send(app, workspace.token, recipient);
      expect(after.status).toBe(202);
      expect(await sentFrom(after.body.message.id)).toBe(second!.number);
    }
    const sticky = await app.services.prisma.recipientSender.findUniqueOrThrow({
      where: { workspaceId_phoneNumber: { workspaceId: workspace.workspaceId, phoneNumber: '+14155550160' } },
    });
    expect(sticky.phoneNumberId).toBe(second!.id);
  });

  it('lets the last connected number go; sends then fail with branded_number_missing, and nothing is refunded', async () => {
    const developer = await createDeveloper(pricedApp);
    await adminCommands.credit(pricedApp.services, {
      username: developer.account.account.username,
      cents: '200',
      reason: 'test',
      scopes: [],
    });
    const bought = await buy(pricedApp, developer.token, { area_code: '415' });
    expect((await release(pricedApp, developer.token, bought.body.number.id)).status).toBe(200);
    expect(await balanceOf(pricedApp, developer.workspaceId)).toBe(50);
    const refused = await send(pricedApp, developer.token, '+14155550163');
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'branded_number_missing', retry: 'retry_after_sender_ready' });
  });

  it('moves a queued message whose sender was released to another number when it is dispatched', async () => {
    const workspace = await workspaceWithNumbers(paused, 2, '415');
    const [first, second] = workspace.numbers;
    const queued = await send(paused, workspace.token, '+14155550164');
    expect(queued.status).toBe(202);
    const messageId = queued.body.message.id as string;
    expect((await paused.services.prisma.message.findUniqueOrThrow({ where: { id: messageId } })).senderNumberId).toBe(first!.id);

    await release(paused, workspace.token, first!.id);
    await paused.services.jobs.drain();
    const dispatched = await paused.services.prisma.message.findUniqueOrThrow({ where: { id: messageId } });
    expect(dispatched).toMatchObject({ senderNumberId: second!.id, senderNumber: second!.number, status: 'delivered' });
    const carried = await paused.services.prisma.sandboxMessage.findUniqueOrThrow({ where: { messageId } });
    expect(carried.fromNumber).toBe(second!.number);
    const sticky = await paused.services.prisma.recipientSender.findUniqueOrThrow({
      where: { workspaceId_phoneNumber: { workspaceId: workspace.workspaceId, phoneNumber: '+14155550164' } },
    });
    expect(sticky.phoneNumberId).toBe(second!.id);
  });

  it('moves a scheduled message to another number at send_at, and fails it refunded when none is left', async () => {
    const workspace = await workspaceWithNumbers(paused, 2, '212');
    const [first, second] = workspace.numbers;
    const sendAt = new Date(paused.clock.now() + 10 * 60_000).toISOString();
    const scheduled = await send(paused, workspace.token, '+14155550165', { send_at: sendAt });
    expect(scheduled.status).toBe(202);
    const messageId = scheduled.body.message.id as string;
    await release(paused, workspace.token, first!.id);
    paused.clock.advance(11 * 60_000);
    await paused.services.jobs.drain();
    expect(await paused.services.prisma.message.findUniqueOrThrow({ where: { id: messageId } })).toMatchObject({
      senderNumber: second!.number,
      status: 'delivered',
    });

    const balance = await balanceOf(paused, workspace.workspaceId);
    const orphan = await send(paused, workspace.token, '+14155550166', {
      send_at: new Date(paused.clock.now() + 10 * 60_000).toISOString(),
    });
    expect(orphan.status).toBe(202);
    await release(paused, workspace.token, second!.id);
    paused.clock.advance(11 * 60_000);
    await paused.services.jobs.drain();
    expect(await paused.services.prisma.message.findUniqueOrThrow({ where: { id: orphan.body.message.id } })).toMatchObject({
      status: 'failed',
      errorCode: 'branded_number_missing',
    });
    expect(await balanceOf(paused, workspace.workspaceId)).toBe(balance);
  });

  it('keeps the number connected and answers 503 when the provider fails, then a retry releases it', async () => {
    const workspace = await workspaceWithNumbers(app, 1, '417');
    const id = workspace.numbers[0]!.id;
    const failed = await withProvider(
      app,
      {
        releaseNumber: async () => {
          throw new ProviderRejection('provider_error', 'The carrier did not answer.', true);
        },
      },
      () => release(app, workspace.token, id),
    );
    expect(failed.status).toBe(503);
    expect(failed.body.error.code).toBe('provider_unavailable');
    expect((await app.services.prisma.phoneNumber.findUniqueOrThrow({ where: { id } })).status).toBe('connected');
    expect((await release(app, workspace.token, id)).body.number.status).toBe('released');
  });

  it('sells a released number again; it is then the new holder’s only row', async () => {
    const owner = await workspaceWithNumbers(app, 1, '418');
    const number = owner.numbers[0]!;
    await release(app, owner.token, number.id);
    const buyer = await createDeveloper(app);
    const rebought = await buy(app, buyer.token, { number: number.number });
    expect(rebought.status).toBe(201);
    expect(await app.services.prisma.phoneNumber.findMany({ where: { number: number.number } })).toEqual([
      expect.objectContaining({ id: rebought.body.number.id, workspaceId: buyer.workspaceId, status: 'connected' }),
    ]);
  });

  it("answers 404 for an unknown id and another workspace's number, releasing nothing", async () => {
    const owner = await workspaceWithNumbers(app, 1, '419');
    const stranger = await createDeveloper(app);
    for (const id of ['pn_unknown', owner.numbers[0]!.id, 'x'.repeat(65)]) {
      const response = await release(app, stranger.token, id);
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
    expect((await app.services.prisma.phoneNumber.findUniqueOrThrow({ where: { id: owner.numbers[0]!.id } })).status).toBe(
      'connected',
    );
  });

  it('needs numbers:write', async () => {
    const workspace = await workspaceWithNumbers(app, 1, '423');
    const id = workspace.numbers[0]!.id;
    expect((await call(app, 'DELETE', `/api/v1/numbers/${id}`)).status).toBe(401);
    const readOnly = await tokenWithScopes(app, workspace.workspaceId, ['numbers:read']);
    expect((await release(app, readOnly, id)).status).toBe(403);
    expect((await app.services.prisma.phoneNumber.findUniqueOrThrow({ where: { id } })).status).toBe('connected');
  });
});

describe('number lifecycle over MCP', () => {
  it('searches, buys exactly one, renames and releases it with the tools', async () => {
    const developer = await createDeveloper(app);
    const client = await connectMcp(app, developer.token, { toolsets: 'numbers' });
    try {
      const tools = (await client.listTools()).tools;
      expect(tools.find((tool) => tool.name === 'release_number')?.annotations).toMatchObject({ destructiveHint: true });
      expect(tools.find((tool) => tool.name === 'search_available_numbers')?.annotations).toMatchObject({ readOnlyHint: true });

      const found = await client.callTool({ name: 'search_available_numbers', arguments: { area_code: '424', limit: 2 } });
      expect(found.isError).toBeFalsy();
      const offers = (found.structuredContent as { available_numbers: { number: string }[] }).available_numbers;
      expect(offers).toHaveLength(2);

      const bought = await client.callTool({ name: 'buy_number', arguments: { number: offers[1]!.number } });
      expect(bought.isError).toBeFalsy();
      const number = (bought.structuredContent as { number: { id: string; number: string } }).number;
      expect(number.number).toBe(offers[1]!.number);

      const renamed = await client.callTool({ name: 'update_number', arguments: { id: number.id, friendly_name: 'Agent line' } });
      expect(renamed.structuredContent).toMatchObject({ number: { id: number.id, friendly_name: 'Agent line' } });

      const released = await client.callTool({ name: 'release_number', arguments: { id: number.id } });
      expect(released.structuredContent).toMatchObject({ number: { id: number.id, status: 'released' } });

      const gone = await client.callTool({ name: 'update_number', arguments: { id: 'pn_unknown', friendly_name: 'x' } });
      expect(gone.isError).toBe(true);
      expect(toolError(gone)).toMatchObject({ code: 'not_found', fix: expect.any(String) });
      const invalid = await client.callTool({ name: 'search_available_numbers', arguments: { contains: 'abc' } });
      expect(invalid.isError).toBe(true);
      expect(JSON.stringify(toolError(invalid).issues)).toContain('contains');
    } finally {
      await client.close();
    }
  });
});
