import { afterAll, describe, expect, it } from 'vitest';
import { call, createDeveloper, type TestApp } from './harness.ts';
import { connectMcp, tokenWithScopes } from './mcp-support.ts';
import { sendingWorkspace } from './sending-support.ts';
import type { TwilioStandIn } from './twilio-standin.ts';
import { onTwilioStandIn } from './twilio-support.ts';

const PUBLIC_BASE_URL = 'https://lookups.example.test';
const DAY_MS = 86_400_000;

let standIn: TwilioStandIn;
let app: TestApp;
let authToken: string;
onTwilioStandIn(PUBLIC_BASE_URL, (started) => ({ app, standIn, authToken } = started));

afterAll(() => {
  // Neither the auth token nor a full phone number may reach a log line (Twilio's answers quote numbers).
  // beforeAll may have stopped before it started the app.
  const started = app as TestApp | undefined;
  if (started) expect(started.logs.filter((line) => line.includes(authToken) || /\+1\d{10}/.test(line))).toEqual([]);
});

const lookupRequests = (phoneNumber: string) =>
  standIn.requests.filter((request) => request.method === 'GET' && request.path === `/v2/PhoneNumbers/${phoneNumber}`);
const lookUp = (token: string, phoneNumber: string) =>
  call(app, 'GET', `/api/v1/lookups/${encodeURIComponent(phoneNumber)}`, { token });

describe('GET /api/v1/lookups/{phone_number} on Twilio Lookup v2', () => {
  it.each([
    ['+14155550111', { country: 'US', line_type: 'mobile', carrier: 'T-Mobile USA, Inc.', valid: true }],
    ['+14155550112', { country: 'US', line_type: 'landline', carrier: 'Pacific Bell', valid: true }],
    ['+14155550113', { country: 'US', line_type: 'voip', carrier: 'Bandwidth/13 - Bandwidth.com - SVR', valid: true }],
    ['+14155550114', { country: 'US', line_type: 'voip', carrier: 'Google (Grand Central) - SVR', valid: true }],
    ['+18335550188', { country: 'US', line_type: 'toll_free', valid: true }],
    ['+14155550119', { country: null, line_type: 'unknown', carrier: null, valid: false }],
  ])('folds the Line Type Intelligence of %s into our line types', async (phoneNumber, expected) => {
    const developer = await createDeveloper(app);
    const response = await lookUp(developer.token, phoneNumber);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ lookup: { phone_number: phoneNumber, carrier: expect.any(String), ...expected } });
    const [request] = lookupRequests(phoneNumber);
    expect(request).toMatchObject({ authorized: true });
    expect(request!.query.get('Fields')).toBe('line_type_intelligence');
  });

  it('asks Twilio once a month for a number, whichever workspace asks', async () => {
    const phoneNumber = '+14155550131';
    const [first, second] = [await createDeveloper(app), await createDeveloper(app)];
    expect((await lookUp(first.token, phoneNumber)).body.lookup).toMatchObject({
      line_type: 'mobile',
      carrier: 'Verizon Wireless',
    });
    expect((await lookUp(second.token, phoneNumber)).body.lookup.line_type).toBe('mobile');
    expect(lookupRequests(phoneNumber)).toHaveLength(1);
    app.clock.advance(30 * DAY_MS);
    expect((await lookUp(first.token, phoneNumber)).status).toBe(200);
    expect(lookupRequests(phoneNumber)).toHaveLength(2);
  });

  it('answers 503 provider_unavailable when Twilio fails, caches nothing, and answers once Twilio does', async () => {
    const phoneNumber = '+14155550132';
    const developer = await createDeveloper(app);
    standIn.failNext('GET', `/v2/PhoneNumbers/${phoneNumber}`, { status: 503, code: 20503, message: 'Service unavailable' });
    const failed = await lookUp(developer.token, phoneNumber);
    expect(failed.status).toBe(503);
    expect(failed.body.error).toMatchObject({ code: 'provider_unavailable' });
    expect(failed.body.error.message).not.toContain(phoneNumber);
    const answered = await lookUp(developer.token, phoneNumber);
    expect(answered.body.lookup.line_type).toBe('mobile');
    expect(lookupRequests(phoneNumber)).toHaveLength(2);

    // The same over MCP.
    const token = await tokenWithScopes(app, developer.workspaceId, ['mcp:read', 'mcp:execute', 'compliance:read']);
    const client = await connectMcp(app, token);
    try {
      const result = await client.callTool({ name: 'lookup_number', arguments: { phone_number: '+14155550112' } });
      expect(result.structuredContent).toMatchObject({ lookup: { line_type: 'landline', carrier: 'Pacific Bell' } });
    } finally {
      await client.close();
    }
  });

  it('refuses a send to a landline Twilio names with reject_landlines, and sends to its mobile', async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const bought = await call(app, 'POST', '/api/v1/numbers', { token: developer.token, body: { area_code: '415' } });
    await app.services.prisma.phoneNumber.update({
      where: { id: bought.body.number.id },
      data: { registrationStatus: 'approved' },
    });
    const settings = await call(app, 'PATCH', '/api/v1/messaging-settings', {
      token: developer.token,
      body: { reject_landlines: true },
    });
    expect(settings.status).toBe(200);
    const landline = await call(app, 'POST', '/api/v1/messages', {
      token: developer.token,
      body: { phone_number: '+14155550112', body: 'Your order shipped.' },
    });
    expect(landline.status).toBe(422);
    expect(landline.body.error.code).toBe('landline_destination');
    const mobile = await call(app, 'POST', '/api/v1/messages', {
      token: developer.token,
      body: { phone_number: '+14155550111', body: 'Your order shipped.' },
    });
    expect(mobile.status, JSON.stringify(mobile.body)).toBe(202);
  });
});
