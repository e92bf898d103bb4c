import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, closeStarted, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';
import { sendingWorkspace } from './sending-support.ts';
import { startTwilioStandIn, type TwilioStandIn } from './twilio-standin.ts';

const ACCOUNT_SID = `AC${randomBytes(16).toString('hex')}`;
const AUTH_TOKEN = randomBytes(16).toString('hex');
const PUBLIC_BASE_URL = 'https://numbers.example.test';
const GUARDED_PUBLIC_BASE_URL = 'https://guarded-numbers.example.test';

let standIn: TwilioStandIn;
let app: TestApp;
// ALLOW_LIVE_NUMBER_PURCHASE is off.
let guardedApp: TestApp;

beforeAll(async () => {
  standIn = await startTwilioStandIn({ accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, now: () => app.clock.now() });
  [app, guardedApp] = await Promise.all([
    startTestApp(standIn.appEnvironment(PUBLIC_BASE_URL, { ALLOW_LIVE_NUMBER_PURCHASE: '1' })),
    startTestApp(standIn.appEnvironment(GUARDED_PUBLIC_BASE_URL)),
  ]);
  guardedApp.clock.set(app.clock.now());
  standIn.forward(PUBLIC_BASE_URL, app.baseUrl);
  standIn.forward(GUARDED_PUBLIC_BASE_URL, guardedApp.baseUrl);
});

afterAll(async () => {
  // beforeAll may have stopped before it started them all.
  const started: (TestApp | undefined)[] = [app, guardedApp];
  for (const target of started) {
    if (!target) continue;
    // Neither the auth token nor a full phone number may reach a log line.
    expect(target.logs.filter((line) => line.includes(AUTH_TOKEN) || /\+1\d{10}/.test(line))).toEqual([]);
  }
  await closeStarted(...started);
  await closeStarted(standIn);
});

const requestsTo = (pathPart: string, method: string) =>
  standIn.requests.filter((request) => request.method === method && request.path.includes(pathPart));
const search = (target: TestApp, token: string, query = '') =>
  call(target, 'GET', `/api/v1/numbers/available${query}`, { token });
const buy = (target: TestApp, token: string, body?: object) => call(target, 'POST', '/api/v1/numbers', { token, body });
const release = (token: string, id: string) => call(app, 'DELETE', `/api/v1/numbers/${id}`, { token });
const sidOf = async (id: string) =>
  (await app.services.prisma.phoneNumber.findUniqueOrThrow({ where: { id } })).providerNumberId!;
const owned = (phoneNumber: string) => standIn.ownedNumbers().some((number) => number.phoneNumber === phoneNumber);

/**
 * A funded workspace with `count` numbers bought from Twilio through the API, their registration
 * approved as an approved use case leaves it (twilio-registration.test.ts registers one end to end).
 */
async function twilioWorkspace(count: number, areaCode = '415') {
  const workspace = await sendingWorkspace(app, { numbers: 0 });
  const numbers: { id: string; number: string }[] = [];
  for (let index = 0; index < count; index += 1) {
    const bought = await buy(app, workspace.token, { area_code: areaCode });
    expect(bought.status).toBe(201);
    await app.services.prisma.phoneNumber.update({
      where: { id: bought.body.number.id },
      data: { registrationStatus: 'approved' },
    });
    numbers.push(bought.body.number);
    app.clock.advance(1);
  }
  return { ...workspace, numbers };
}

describe('searching Twilio numbers', () => {
  it('asks AvailablePhoneNumbers for SMS-capable local numbers with AreaCode, Contains and the limit', async () => {
    const developer = await createDeveloper(app);
    const response = await search(app, developer.token, '?area_code=212&contains=0155&limit=5');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      available_numbers: [
        { number: '+12125550155', region: 'NY', capabilities: { sms: true, mms: false, voice: true }, type: 'local' },
      ],
    });
    const request = requestsTo('/AvailablePhoneNumbers/US/Local.json', 'GET').at(-1)!;
    expect(request).toMatchObject({
      authorized: true,
      path: `/2010-04-01/Accounts/${ACCOUNT_SID}/AvailablePhoneNumbers/US/Local.json`,
    });
    expect(Object.fromEntries(request.query)).toEqual({ AreaCode: '212', Contains: '0155', SmsEnabled: 'true', PageSize: '5' });
  });

  it('searches without the live-buy guardrail, which guards buying only', async () => {
    const developer = await createDeveloper(guardedApp);
    const purchases = requestsTo('/IncomingPhoneNumbers', 'POST').length;
    const response = await search(guardedApp, developer.token, '?area_code=512&limit=2');
    expect(response.status).toBe(200);
    expect(response.body.available_numbers).toHaveLength(2);
    expect(requestsTo('/IncomingPhoneNumbers', 'POST')).toHaveLength(purchases);
  });

  it('answers 503 provider_unavailable when Twilio fails, without Twilio’s text', async () => {
    const developer = await createDeveloper(app);
    standIn.failNext('GET', '/AvailablePhoneNumbers/', { status: 500, code: 20500, message: 'Internal Server Error' });
    const response = await search(app, developer.token, '?area_code=415');
    expect(response.status).toBe(503);
    expect(response.body.error).toMatchObject({ code: 'provider_unavailable', retry: 'retry_with_backoff' });
    expect(response.body.error.message).not.toContain('Internal Server Error');
  });
});

describe('buying an exact Twilio number', () => {
  it('buys the number named, with no search first', async () => {
    const developer = await createDeveloper(app);
    const [, offer] = (await search(app, developer.token, '?area_code=512&limit=2')).body.available_numbers;
    const searches = requestsTo('/AvailablePhoneNumbers/', 'GET').length;
    const response = await buy(app, developer.token, { number: offer.number });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ number: { number: offer.number, status: 'connected' }, webhook_configured: true });
    expect(requestsTo('/AvailablePhoneNumbers/', 'GET')).toHaveLength(searches);
    expect(Object.fromEntries(requestsTo('/IncomingPhoneNumbers.json', 'POST').at(-1)!.form)).toEqual({
      PhoneNumber: offer.number,
      SmsUrl: `${PUBLIC_BASE_URL}/webhooks/twilio/incoming`,
      SmsMethod: 'POST',
    });
  });

  it('answers 422 number_unavailable when another buyer took it (21422)', async () => {
    const developer = await createDeveloper(app);
    const [offer] = (await search(app, developer.token, '?area_code=512&limit=1')).body.available_numbers;
    standIn.raceNextPurchase();
    const response = await buy(app, developer.token, { number: offer.number });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({
      code: 'number_unavailable',
      fix: expect.stringContaining('search_available_numbers'),
    });
    expect(await app.services.prisma.phoneNumber.count({ where: { workspaceId: developer.workspaceId } })).toBe(0);
  });

  it('never buys an exact number unless ALLOW_LIVE_NUMBER_PURCHASE is on', async () => {
    const developer = await createDeveloper(guardedApp);
    const before = standIn.requests.length;
    const response = await buy(guardedApp, developer.token, { number: '+14155550190' });
    expect(response.status).toBe(403);
    expect(response.body.error.message).toContain('ALLOW_LIVE_NUMBER_PURCHASE');
    expect(standIn.requests).toHaveLength(before);
  });
});

describe('releasing a Twilio number', () => {
  it('deletes the IncomingPhoneNumber, stops sending from it, and makes no request on a repeat', async () => {
    const workspace = await twilioWorkspace(2);
    const [first, second] = workspace.numbers;
    const sid = await sidOf(first!.id);
    const response = await release(workspace.token, first!.id);
    expect(response.status).toBe(200);
    expect(response.body.number).toMatchObject({ id: first!.id, number: first!.number, status: 'released' });
    expect(requestsTo(`/IncomingPhoneNumbers/${sid}.json`, 'DELETE')).toEqual([
      expect.objectContaining({ authorized: true, path: `/2010-04-01/Accounts/${ACCOUNT_SID}/IncomingPhoneNumbers/${sid}.json` }),
    ]);
    expect(owned(first!.number)).toBe(false);

    const sent = await call(app, 'POST', '/api/v1/messages', {
      token: workspace.token,
      body: { phone_number: '+14155550170', body: 'From the other number' },
    });
    expect(sent.status).toBe(202);
    await app.services.jobs.drain();
    expect(requestsTo('/Messages.json', 'POST').at(-1)!.form.get('From')).toBe(second!.number);

    expect((await release(workspace.token, first!.id)).body).toEqual(response.body);
    expect(requestsTo(`/IncomingPhoneNumbers/${sid}.json`, 'DELETE')).toHaveLength(1);
  });

  it('counts a number Twilio no longer has (404) as released', async () => {
    const workspace = await twilioWorkspace(1);
    const number = workspace.numbers[0]!;
    standIn.failNext('DELETE', '/IncomingPhoneNumbers/', {
      status: 404,
      code: 20404,
      message: 'The requested resource was not found',
    });
    const response = await release(workspace.token, number.id);
    expect(response.status).toBe(200);
    expect(response.body.number.status).toBe('released');
  });

  it('keeps the number connected when Twilio fails (503), and the retry releases it', async () => {
    const workspace = await twilioWorkspace(1);
    const number = workspace.numbers[0]!;
    standIn.failNext('DELETE', '/IncomingPhoneNumbers/', { status: 503, code: 20503, message: 'Service Unavailable' });
    const failed = await release(workspace.token, number.id);
    expect(failed.status).toBe(503);
    expect(failed.body.error.code).toBe('provider_unavailable');
    expect((await app.services.prisma.phoneNumber.findUniqueOrThrow({ where: { id: number.id } })).status).toBe('connected');
    expect(owned(number.number)).toBe(true);
    expect((await release(workspace.token, number.id)).body.number.status).toBe('released');
    expect(owned(number.number)).toBe(false);
  });

  it('fails sends with branded_number_missing once the last number is released', async () => {
    const workspace = await twilioWorkspace(1);
    await release(workspace.token, workspace.numbers[0]!.id);
    const refused = await call(app, 'POST', '/api/v1/messages', {
      token: workspace.token,
      body: { phone_number: '+14155550171', body: 'Nobody to send this' },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('branded_number_missing');
  });

  it("needs numbers:write and answers 404 for another workspace's number, asking Twilio nothing", async () => {
    const owner = await twilioWorkspace(1);
    const id = owner.numbers[0]!.id;
    const deletes = requestsTo('/IncomingPhoneNumbers/', 'DELETE').length;
    expect((await call(app, 'DELETE', `/api/v1/numbers/${id}`)).status).toBe(401);
    expect((await release(await tokenWithScopes(app, owner.workspaceId, ['numbers:read']), id)).status).toBe(403);
    const stranger = await createDeveloper(app);
    expect((await release(stranger.token, id)).status).toBe(404);
    expect(requestsTo('/IncomingPhoneNumbers/', 'DELETE')).toHaveLength(deletes);
    expect((await app.services.prisma.phoneNumber.findUniqueOrThrow({ where: { id } })).status).toBe('connected');
  });
});

describe('Twilio numbers over MCP', () => {
  it('searches, buys exactly, and releases through the tools', async () => {
    const developer = await createDeveloper(app);
    const client = await connectMcp(app, developer.token);
    try {
      const found = await client.callTool({ name: 'search_available_numbers', arguments: { area_code: '212', limit: 1 } });
      const [offer] = (found.structuredContent as { available_numbers: { number: string; region: string }[] }).available_numbers;
      expect(offer).toMatchObject({ region: 'NY' });
      const bought = await client.callTool({ name: 'buy_number', arguments: { number: offer!.number } });
      expect(bought.isError).toBeFalsy();
      const { id } = (bought.structuredContent as { number: { id: string } }).number;
      const sid = await sidOf(id);
      const released = await client.callTool({ name: 'release_number', arguments: { id } });
      expect(released.structuredContent).toMatchObject({ number: { id, status: 'released' } });
      expect(requestsTo(`/IncomingPhoneNumbers/${sid}.json`, 'DELETE')).toHaveLength(1);

      standIn.failNext('GET', '/AvailablePhoneNumbers/', { status: 500, code: 20500, message: 'Internal Server Error' });
      const failed = await client.callTool({ name: 'search_available_numbers', arguments: {} });
      expect(failed.isError).toBe(true);
      expect(toolError(failed)).toMatchObject({ code: 'provider_unavailable', retry: 'retry_with_backoff' });
    } finally {
      await client.close();
    }
  });
});
