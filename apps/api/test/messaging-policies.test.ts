import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mcpTools } from '../src/mcp/tools.ts';
import { servedOperations } from '../src/operations/index.ts';
import { call, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';
import { assignApprovedUseCase } from './registration-support.ts';
import { send, sendingWorkspace, sms } from './sending-support.ts';

/**
 * The messaging settings and the policies they apply to every send: allowed hours in the
 * recipient's local time (with a clock the test sets), destination countries, the SMS pumping
 * guard, line types, and the preview's blockers.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { startJobs: false });
});
afterAll(async () => {
  await app.close();
});

type Developer = { workspaceId: string; token: string };

const HOUR = 3_600_000;
/** Wednesday 1 July 2026, 12:30 UTC: 05:30 in Los Angeles, 07:30 in Chicago, 08:30 in New York and Miami. */
const WEDNESDAY_1230_UTC = Date.UTC(2026, 6, 1, 12, 30);
/** Thursday 2 July 2026, 00:30 UTC: 20:30 on Wednesday in New York and Miami. */
const THURSDAY_0030_UTC = Date.UTC(2026, 6, 2, 0, 30);
/** Sunday 5 July 2026, 15:00 UTC: 10:00 in Houston. */
const SUNDAY_1500_UTC = Date.UTC(2026, 6, 5, 15, 0);

const losAngeles = '+14155550140';
const newYork = '+12125550140';
const miami = '+13055550140';
const houston = '+17135550140';

function settings(developer: Developer, method: 'GET' | 'PATCH' = 'GET', body?: Record<string, unknown>) {
  return call(app, method, '/api/v1/messaging-settings', { token: developer.token, body });
}

async function configured(body: Record<string, unknown>) {
  const workspace = await sendingWorkspace(app);
  const response = await settings(workspace, 'PATCH', body);
  expect(response.status).toBe(200);
  return workspace;
}

describe('GET and PATCH /api/v1/messaging-settings', () => {
  it('reads the defaults, then changes only the fields given', async () => {
    const developer = await createDeveloper(app);
    const defaults = await settings(developer);
    expect(defaults.status).toBe(200);
    expect(defaults.body.messaging_settings).toEqual({
      help_message: expect.stringContaining('STOP'),
      opt_out_confirmation: expect.stringContaining('START'),
      opt_in_confirmation: expect.stringContaining('STOP'),
      keywords: [],
      quiet_hours: { mode: 'off', start: '08:00', end: '21:00', apply_state_rules: true },
      allowed_countries: ['US'],
      reject_landlines: false,
      pumping_guard: { enabled: true, max_new_numbers_per_hour: app.config.pumpingGuardMaxNewNumbersPerHour },
      updated_at: null,
    });

    app.clock.set(WEDNESDAY_1230_UTC);
    const changed = await settings(developer, 'PATCH', {
      quiet_hours: { mode: 'hold' },
      keywords: [{ keyword: ' hours ', reply: 'Open 9-5, Monday to Friday.' }],
    });
    expect(changed.status).toBe(200);
    expect(changed.body.messaging_settings).toMatchObject({
      quiet_hours: { mode: 'hold', start: '08:00', end: '21:00', apply_state_rules: true },
      keywords: [{ keyword: 'HOURS', reply: 'Open 9-5, Monday to Friday.' }],
      allowed_countries: ['US'],
      updated_at: new Date(WEDNESDAY_1230_UTC).toISOString(),
    });
    expect((await settings(developer)).body).toEqual(changed.body);
  });

  it.each([
    [{ keywords: [{ keyword: 'STOP', reply: 'no' }] }, 'keywords.0.keyword'],
    [{ keywords: [{ keyword: 'two words', reply: 'no' }] }, 'keywords.0.keyword'],
    [{ allowed_countries: ['usa'] }, 'allowed_countries.0'],
    [{ allowed_countries: [] }, 'allowed_countries'],
    [{ quiet_hours: { mode: 'sometimes' } }, 'quiet_hours.mode'],
    [{ quiet_hours: { start: '22:00' } }, 'quiet_hours.end'],
    [{ pumping_guard: { max_new_numbers_per_hour: 0 } }, 'pumping_guard.max_new_numbers_per_hour'],
  ])('refuses %j with 422 naming %s', async (body, path) => {
    const developer = await createDeveloper(app);
    const response = await settings(developer, 'PATCH', body);
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('validation_failed');
    expect(response.body.error.issues.map((issue: { path: string }) => issue.path)).toContain(path);
    expect((await settings(developer)).body.messaging_settings.updated_at).toBeNull();
  });

  it('needs compliance:read to read and compliance:write to change, over REST and MCP', async () => {
    const developer = await createDeveloper(app);
    const reader = await tokenWithScopes(app, developer.workspaceId, ['compliance:read', 'mcp:read', 'mcp:execute']);
    const outsider = await tokenWithScopes(app, developer.workspaceId, ['messages:write']);
    expect((await call(app, 'GET', '/api/v1/messaging-settings', { token: outsider })).status).toBe(403);
    expect((await call(app, 'GET', '/api/v1/messaging-settings', { token: reader })).status).toBe(200);
    const refused = await call(app, 'PATCH', '/api/v1/messaging-settings', { token: reader, body: { reject_landlines: true } });
    expect(refused.status).toBe(403);

    const mcp = await connectMcp(app, reader);
    const read = await mcp.callTool({ name: 'get_messaging_settings', arguments: {} });
    expect(read.isError).toBeFalsy();
    expect(read.structuredContent).toMatchObject({ messaging_settings: { allowed_countries: ['US'] } });
    const update = await mcp.callTool({ name: 'update_messaging_settings', arguments: { reject_landlines: true } });
    expect(update.isError).toBe(true);
    expect(toolError(update)).toMatchObject({ code: 'unauthorized' });
    await mcp.close();
    expect((await settings(developer)).body.messaging_settings.reject_landlines).toBe(false);
  });

  it("keeps each workspace's settings to itself", async () => {
    const first = await createDeveloper(app);
    const second = await createDeveloper(app);
    await settings(first, 'PATCH', { allowed_countries: ['US', 'CA'] });
    expect((await settings(second)).body.messaging_settings.allowed_countries).toEqual(['US']);
  });
});

describe('allowed hours', () => {
  it("refuses a send outside the recipient's local window with the next allowed time, and lets one inside it through", async () => {
    app.clock.set(WEDNESDAY_1230_UTC);
    const workspace = await configured({ quiet_hours: { mode: 'refuse' } });
    const early = await send(app, workspace.token, sms({ phone_number: losAngeles }));
    expect(early.status).toBe(422);
    expect(early.body.error).toMatchObject({
      code: 'outside_allowed_hours',
      // 08:00 in Los Angeles (UTC-7 in July).
      next_allowed_at: new Date(Date.UTC(2026, 6, 1, 15, 0)).toISOString(),
      fix: expect.stringContaining('PATCH /api/v1/messaging-settings'),
    });
    const chicago = await send(app, workspace.token, sms({ phone_number: '+13125550140' }));
    expect(chicago.body.error.next_allowed_at).toBe(new Date(Date.UTC(2026, 6, 1, 13, 0)).toISOString());
    const inside = await send(app, workspace.token, sms({ phone_number: newYork }));
    expect(inside.status).toBe(202);
    expect(inside.body.message).toEqual({
      id: expect.stringMatching(/^msg_/),
      status: 'queued',
      estimated_send_at: expect.any(String),
    });
  });

  it('holds a send outside the window as scheduled for the next allowed minute and says so', async () => {
    app.clock.set(WEDNESDAY_1230_UTC);
    const workspace = await configured({ quiet_hours: { mode: 'hold' } });
    const held = await send(app, workspace.token, sms({ phone_number: losAngeles }));
    const opensAt = new Date(Date.UTC(2026, 6, 1, 15, 0)).toISOString();
    expect(held.status).toBe(202);
    expect(held.body.message).toMatchObject({ status: 'scheduled', held_until: opensAt });
    const message = await call(app, 'GET', `/api/v1/messages/${held.body.message.id}`, { token: workspace.token });
    expect(message.body.message).toMatchObject({ status: 'scheduled', send_at: opensAt });
    // A send_at inside the window is not held.
    const scheduled = await send(app, workspace.token, sms({ phone_number: losAngeles, send_at: opensAt, body: 'Later' }));
    expect(scheduled.body.message).toEqual({ id: expect.any(String), status: 'scheduled', estimated_send_at: opensAt });
  });

  it('replays a held send whose idempotency key comes again with the identical request, before and after its window opens', async () => {
    app.clock.set(WEDNESDAY_1230_UTC);
    const workspace = await configured({ quiet_hours: { mode: 'hold' } });
    const request = sms({ phone_number: losAngeles, idempotency_key: 'held-order-1' });
    const held = await send(app, workspace.token, request);
    expect(held.status).toBe(202);
    const retried = await send(app, workspace.token, request);
    expect(retried.status).toBe(200);
    expect(retried.body.message.id).toBe(held.body.message.id);
    // 08:05 in Los Angeles: the window is open, the same request is the same send.
    app.clock.set(Date.UTC(2026, 6, 1, 15, 5));
    const afterOpening = await send(app, workspace.token, request);
    expect(afterOpening.status, JSON.stringify(afterOpening.body)).toBe(200);
    expect(afterOpening.body.message.id).toBe(held.body.message.id);
    expect(await app.services.prisma.message.count({ where: { workspaceId: workspace.workspaceId } })).toBe(1);
    const changed = await send(app, workspace.token, { ...request, body: 'Another body' });
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe('idempotency_conflict');
  });

  it("narrows the window to a state's law when apply_state_rules is on", async () => {
    app.clock.set(THURSDAY_0030_UTC);
    const withRules = await configured({ quiet_hours: { mode: 'refuse' } });
    // 20:30 in Miami: inside 08:00-21:00, outside Florida's 08:00-20:00.
    const florida = await send(app, withRules.token, sms({ phone_number: miami }));
    expect(florida.status).toBe(422);
    expect(florida.body.error.next_allowed_at).toBe(new Date(Date.UTC(2026, 6, 2, 12, 0)).toISOString());
    expect((await send(app, withRules.token, sms({ phone_number: newYork }))).status).toBe(202);

    const withoutRules = await configured({ quiet_hours: { mode: 'refuse', apply_state_rules: false } });
    expect((await send(app, withoutRules.token, sms({ phone_number: miami }))).status).toBe(202);
  });

  it('holds an area code spanning two zones to the window of both: open with the later, closed with the earlier', async () => {
    // 850 (Florida's panhandle) is mostly Eastern, its western part Central: 08:30 in Tallahassee, 07:30 in Pensacola.
    app.clock.set(WEDNESDAY_1230_UTC);
    const workspace = await configured({ quiet_hours: { mode: 'refuse' } });
    const panhandle = await send(app, workspace.token, sms({ phone_number: '+18505550140' }));
    expect(panhandle.status).toBe(422);
    // 08:00 in Pensacola.
    expect(panhandle.body.error.next_allowed_at).toBe(new Date(Date.UTC(2026, 6, 1, 13, 0)).toISOString());
    // 423 (East Tennessee) is mostly Central by its prefixes, Chattanooga's Eastern: 20:30 and 21:30.
    app.clock.set(Date.UTC(2026, 6, 2, 1, 30));
    const tennessee = await send(app, workspace.token, sms({ phone_number: '+14235550140' }));
    expect(tennessee.status).toBe(422);
    // Closed in Chattanooga at 21:00 Eastern; open again when both are past 08:00, at 08:00 Central.
    expect(tennessee.body.error.next_allowed_at).toBe(new Date(Date.UTC(2026, 6, 2, 13, 0)).toISOString());
    const preview = await call(app, 'POST', '/api/v1/messages/preview', {
      token: workspace.token,
      body: sms({ phone_number: '+14235550140' }),
    });
    expect(preview.body.preview.blockers).toEqual([expect.objectContaining({ code: 'outside_allowed_hours' })]);
    // Inside the window of both zones: 09:30 Central, 10:30 Eastern.
    app.clock.set(Date.UTC(2026, 6, 2, 14, 30));
    expect((await send(app, workspace.token, sms({ phone_number: '+14235550140' }))).status).toBe(202);
  });

  it("follows a state's Sunday window: Texas allows Sunday texts from noon", async () => {
    app.clock.set(SUNDAY_1500_UTC);
    const workspace = await configured({ quiet_hours: { mode: 'hold' } });
    const held = await send(app, workspace.token, sms({ phone_number: houston }));
    expect(held.body.message).toMatchObject({
      status: 'scheduled',
      held_until: new Date(Date.UTC(2026, 6, 5, 17, 0)).toISOString(),
    });
  });

  it.each(['two_factor_auth', 'account_notifications'])(
    'exempts a sender registered for the use case %s',
    async (useCaseName) => {
      app.clock.set(WEDNESDAY_1230_UTC);
      const workspace = await configured({ quiet_hours: { mode: 'refuse' } });
      expect((await send(app, workspace.token, sms({ phone_number: losAngeles }))).status).toBe(422);
      await assignApprovedUseCase(app, workspace.workspaceId, workspace.senders[0]!.id, useCaseName);
      const code = await send(app, workspace.token, sms({ phone_number: losAngeles, body: 'Your code is 123456' }));
      expect(code.status).toBe(202);
      expect(code.body.message).toEqual({ id: expect.any(String), status: 'queued', estimated_send_at: expect.any(String) });
    },
  );

  it('sends a held message when its time comes', async () => {
    app.clock.set(WEDNESDAY_1230_UTC);
    const workspace = await configured({ quiet_hours: { mode: 'hold' } });
    const held = await send(app, workspace.token, sms({ phone_number: losAngeles }));
    await app.services.jobs.drain();
    const before = await call(app, 'GET', `/api/v1/messages/${held.body.message.id}`, { token: workspace.token });
    expect(before.body.message.status).toBe('scheduled');
    app.clock.set(Date.UTC(2026, 6, 1, 15, 0));
    await app.services.jobs.drain();
    const after = await call(app, 'GET', `/api/v1/messages/${held.body.message.id}`, { token: workspace.token });
    expect(after.body.message.status).not.toBe('scheduled');
  });
});

describe('destinations', () => {
  it('refuses a country outside allowed_countries with a fix naming the setting, while it is not allowed', async () => {
    app.clock.set(WEDNESDAY_1230_UTC);
    const workspace = await sendingWorkspace(app);
    const paris = '+33612345678';
    const refused = await send(app, workspace.token, sms({ phone_number: paris }));
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      code: 'destination_not_allowed',
      country: 'FR',
      fix: expect.stringContaining('allowed_countries'),
    });
    expect(await app.services.prisma.message.count({ where: { workspaceId: workspace.workspaceId } })).toBe(0);
    // Sends read the settings through a cache; a change applies to the very next send.
    await settings(workspace, 'PATCH', { allowed_countries: ['US', 'FR'] });
    expect((await send(app, workspace.token, sms({ phone_number: paris }))).status).toBe(202);
    await settings(workspace, 'PATCH', { allowed_countries: ['US'] });
    expect((await send(app, workspace.token, sms({ phone_number: paris }))).status).toBe(422);
  });
});

describe('SMS pumping guard', () => {
  it('refuses and records a burst of first sends to one number block, and lets known numbers through', async () => {
    app.clock.set(WEDNESDAY_1230_UTC);
    const workspace = await configured({ pumping_guard: { max_new_numbers_per_hour: 2 } });
    const block = (last: string) => `+1415555017${last}`;
    expect((await send(app, workspace.token, sms({ phone_number: block('1') }))).status).toBe(202);
    expect((await send(app, workspace.token, sms({ phone_number: block('2') }))).status).toBe(202);
    const third = await send(app, workspace.token, sms({ phone_number: block('3') }));
    expect(third.status).toBe(429);
    expect(third.body.error).toMatchObject({ code: 'suspected_sms_pumping', fix: expect.stringContaining('pumping_guard') });
    const recorded = await app.services.prisma.pumpingGuardRefusal.findMany({ where: { workspaceId: workspace.workspaceId } });
    expect(recorded.map((refusal) => refusal.phoneNumber)).toEqual([block('3')]);
    // A number messaged before is not new; another block is not this one.
    expect((await send(app, workspace.token, sms({ phone_number: block('1'), body: 'Again' }))).status).toBe(202);
    expect((await send(app, workspace.token, sms({ phone_number: '+14155550281' }))).status).toBe(202);
    // An hour later the block's first sends are no longer a burst.
    app.clock.set(WEDNESDAY_1230_UTC + HOUR + 1);
    expect((await send(app, workspace.token, sms({ phone_number: block('3') }))).status).toBe(202);
  });

  it('is off with enabled false', async () => {
    app.clock.set(WEDNESDAY_1230_UTC);
    const workspace = await configured({ pumping_guard: { enabled: false, max_new_numbers_per_hour: 1 } });
    for (const last of ['1', '2', '3']) {
      expect((await send(app, workspace.token, sms({ phone_number: `+1415555018${last}` }))).status).toBe(202);
    }
  });
});

describe('GET /api/v1/lookups/{phone_number} and reject_landlines', () => {
  const lookup = (developer: Developer, phoneNumber: string) =>
    call(app, 'GET', `/api/v1/lookups/${encodeURIComponent(phoneNumber)}`, { token: developer.token });

  it('answers the sandbox table, cached', async () => {
    const developer = await createDeveloper(app);
    expect((await lookup(developer, '+1 (303) 555-0191')).body).toEqual({
      lookup: { phone_number: '+13035550191', country: 'US', line_type: 'landline', carrier: 'Sandbox Landline', valid: true },
    });
    expect((await lookup(developer, '+13035550197')).body.lookup.line_type).toBe('voip');
    expect((await lookup(developer, '+18005550100')).body.lookup.line_type).toBe('toll_free');
    expect((await lookup(developer, '+13035550150')).body.lookup.line_type).toBe('mobile');
    const cached = await app.services.prisma.phoneLookup.findUniqueOrThrow({ where: { phoneNumber: '+13035550191' } });
    expect(cached).toMatchObject({ lineType: 'landline', provider: 'sandbox' });
    expect((await lookup(developer, 'not a number')).status).toBe(422);
    const outsider = await tokenWithScopes(app, developer.workspaceId, ['messages:write']);
    expect((await call(app, 'GET', '/api/v1/lookups/%2B13035550191', { token: outsider })).status).toBe(403);
  });

  it('refuses a landline with reject_landlines, and only then', async () => {
    app.clock.set(WEDNESDAY_1230_UTC);
    const workspace = await sendingWorkspace(app);
    const landline = '+13035550192';
    expect((await send(app, workspace.token, sms({ phone_number: landline }))).status).toBe(202);
    await settings(workspace, 'PATCH', { reject_landlines: true });
    const refused = await send(app, workspace.token, sms({ phone_number: landline, body: 'Again' }));
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe('landline_destination');
    expect((await send(app, workspace.token, sms({ phone_number: '+13035550196' }))).status).toBe(202);
  });
});

describe('the preview lists every blocker', () => {
  it('names each failing rule with a fix naming the route and the tool, and answers accept only without any', async () => {
    app.clock.set(WEDNESDAY_1230_UTC);
    const workspace = await sendingWorkspace(app, { balanceCents: 0 });
    await settings(workspace, 'PATCH', { quiet_hours: { mode: 'refuse' }, reject_landlines: true });
    const preview = await call(app, 'POST', '/api/v1/messages/preview', {
      token: workspace.token,
      body: sms({ phone_number: '+14155550193' }),
    });
    expect(preview.status).toBe(200);
    const { blockers, verdict } = preview.body.preview;
    expect(blockers.map((blocker: { code: string }) => blocker.code)).toEqual([
      'landline_destination',
      'outside_allowed_hours',
      'insufficient_balance',
    ]);
    expect(verdict).toBe('landline_destination');
    expect(blockers[0].fix).toMatch(/PATCH \/api\/v1\/messaging-settings.*update_messaging_settings/);
    expect(blockers[1].fix).toMatch(/PATCH \/api\/v1\/messaging-settings.*update_messaging_settings/);
    expect(blockers[2].fix).toMatch(/funding-invoices.*create_funding_invoice/);

    const held = await configured({ quiet_hours: { mode: 'hold' } });
    const heldPreview = await call(app, 'POST', '/api/v1/messages/preview', { token: held.token, body: sms() });
    expect(heldPreview.body.preview.blockers).toEqual([
      expect.objectContaining({ code: 'outside_allowed_hours', message: expect.stringContaining('held until') }),
    ]);

    const clear = await sendingWorkspace(app);
    const accepted = await call(app, 'POST', '/api/v1/messages/preview', { token: clear.token, body: sms() });
    expect(accepted.body.preview).toMatchObject({ verdict: 'accept', blockers: [] });
  });
});

describe("the preview's fixes", () => {
  const toolNames = mcpTools(servedOperations).map((tool) => tool.name);

  it('name a route and an MCP tool for every blocker: destination, line type, opt-out, allowed hours, balance, spend cap, consent', async () => {
    app.clock.set(WEDNESDAY_1230_UTC);
    const workspace = await sendingWorkspace(app, { balanceCents: 0, spendCapCents: 0 });
    await settings(workspace, 'PATCH', { quiet_hours: { mode: 'refuse' }, reject_landlines: true });
    const landline = '+14155550193';
    await call(app, 'POST', '/api/v1/suppressions', { token: workspace.token, body: { phone_number: landline } });
    const strict = await call(app, 'POST', '/api/v1/campaigns', {
      token: workspace.token,
      body: { name: 'Strict', settings: { require_consent: true } },
    });
    const preview = async (body: Record<string, unknown>) => {
      const response = await call(app, 'POST', '/api/v1/messages/preview', { token: workspace.token, body: sms(body) });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.preview.blockers as { code: string; fix: string }[];
    };
    const blockers = [
      ...(await preview({ phone_number: landline, campaign_id: strict.body.campaign.id })),
      ...(await preview({ phone_number: '+33612345678' })),
    ];
    expect(new Set(blockers.map((blocker) => blocker.code))).toEqual(
      new Set([
        'consent_missing',
        'landline_destination',
        'workspace_suppressed',
        'outside_allowed_hours',
        'insufficient_balance',
        'spend_limit_exceeded',
        'destination_not_allowed',
      ]),
    );
    for (const { code, fix } of blockers) {
      expect(fix, code).toMatch(/(GET|POST|PATCH|DELETE) \/api\/v1\//);
      expect(
        toolNames.filter((name) => new RegExp(`\\b${name}\\b`).test(fix)),
        code,
      ).not.toEqual([]);
    }
  });
});

describe('POST /api/v1/messages/preview with campaign_id: consent for the campaign', () => {
  it('lists a consent the campaign requires and the number lacks first, until it is recorded', async () => {
    app.clock.set(WEDNESDAY_1230_UTC + 6 * HOUR);
    const workspace = await sendingWorkspace(app, { balanceCents: 0 });
    const campaign = async (requireConsent: boolean) =>
      (
        await call(app, 'POST', '/api/v1/campaigns', {
          token: workspace.token,
          body: { name: `Consent ${requireConsent}`, settings: { require_consent: requireConsent } },
        })
      ).body.campaign.id as string;
    const [strict, lenient] = [await campaign(true), await campaign(false)];
    const preview = (body: Record<string, unknown>) =>
      call(app, 'POST', '/api/v1/messages/preview', { token: workspace.token, body: sms({ phone_number: newYork, ...body }) });

    const missing = await preview({ campaign_id: strict });
    expect(missing.status, JSON.stringify(missing.body)).toBe(200);
    expect(missing.body.preview.verdict).toBe('consent_missing');
    expect(missing.body.preview.error).toMatchObject({ code: 'consent_missing', retry: 'retry_after_fixing_request' });
    expect(missing.body.preview.blockers.map((blocker: { code: string }) => blocker.code)).toEqual([
      'consent_missing',
      'insufficient_balance',
    ]);
    expect(missing.body.preview.blockers[0].fix).toMatch(/POST \/api\/v1\/consents.*record_consent/);
    expect(missing.body.preview.blockers[0].message).toMatch(/stop its enrollment \(stop_reason consent_missing\)/);
    // Without the campaign, or with one that requires no consent, the number is not blocked for it.
    for (const body of [{}, { campaign_id: lenient }]) {
      expect((await preview(body)).body.preview.blockers.map((blocker: { code: string }) => blocker.code)).toEqual([
        'insufficient_balance',
      ]);
    }

    const consent = { phone_number: newYork, source: 'web_form', captured_at: '2026-06-30T10:00:00Z', evidence: 'Form' };
    expect((await call(app, 'POST', '/api/v1/consents', { token: workspace.token, body: consent })).status).toBe(201);
    const recorded = await preview({ campaign_id: strict });
    expect(recorded.body.preview.blockers.map((blocker: { code: string }) => blocker.code)).toEqual(['insufficient_balance']);
  });

  it('answers 404 for a campaign not in the workspace, 403 without compliance:read, and over MCP names the tool', async () => {
    app.clock.set(WEDNESDAY_1230_UTC + 6 * HOUR);
    const owner = await sendingWorkspace(app);
    const created = await call(app, 'POST', '/api/v1/campaigns', {
      token: owner.token,
      body: { name: 'Strict', settings: { require_consent: true } },
    });
    const campaignId = created.body.campaign.id;
    const stranger = await sendingWorkspace(app);
    for (const id of [campaignId, 'cmp_missing']) {
      const response = await call(app, 'POST', '/api/v1/messages/preview', {
        token: stranger.token,
        body: sms({ campaign_id: id }),
      });
      expect(response.status).toBe(404);
      expect(response.body.error.code).toBe('not_found');
    }
    // Whether a number consented is compliance data: a token without compliance:read cannot ask.
    const sender = await tokenWithScopes(app, owner.workspaceId, ['mcp:read', 'mcp:execute', 'messages:write']);
    const refused = await call(app, 'POST', '/api/v1/messages/preview', {
      token: sender,
      body: sms({ campaign_id: campaignId }),
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toMatchObject({ code: 'unauthorized', message: expect.stringContaining('compliance:read') });
    const withoutScope = await connectMcp(app, sender);
    try {
      const result = await withoutScope.callTool({
        name: 'preview_message',
        arguments: { phone_number: newYork, body: 'Hello', campaign_id: campaignId },
      });
      expect(result.isError).toBe(true);
      expect(toolError(result)).toMatchObject({ code: 'unauthorized' });
    } finally {
      await withoutScope.close();
    }
    const token = await tokenWithScopes(app, owner.workspaceId, ['mcp:read', 'mcp:execute', 'messages:write', 'compliance:read']);
    const client = await connectMcp(app, token);
    try {
      const result = await client.callTool({
        name: 'preview_message',
        arguments: { phone_number: newYork, body: 'Hello', campaign_id: campaignId },
      });
      expect(result.structuredContent).toMatchObject({
        preview: {
          verdict: 'consent_missing',
          blockers: [{ code: 'consent_missing', fix: expect.stringContaining('record_consent') }],
        },
      });
    } finally {
      await client.close();
    }
  });
});

describe('POST /api/v1/consents and GET /api/v1/consents/{phone_number}', () => {
  const consent = {
    phone_number: '+1 415 555 0160',
    source: 'web_form',
    captured_at: '2026-06-30T10:00:00Z',
    evidence: 'https://example.com/join, "Text me offers" ticked',
  };

  it('records the newest consent of a number and reads it back, in its own workspace only', async () => {
    app.clock.set(WEDNESDAY_1230_UTC);
    const developer = await createDeveloper(app);
    const created = await call(app, 'POST', '/api/v1/consents', { token: developer.token, body: consent });
    expect(created.status).toBe(201);
    expect(created.body.consent).toEqual({
      phone_number: '+14155550160',
      source: 'web_form',
      captured_at: '2026-06-30T10:00:00.000Z',
      evidence: consent.evidence,
      recorded_at: new Date(WEDNESDAY_1230_UTC).toISOString(),
    });
    await call(app, 'POST', '/api/v1/consents', { token: developer.token, body: { ...consent, source: 'paper' } });
    const read = await call(app, 'GET', '/api/v1/consents/%2B14155550160', { token: developer.token });
    expect(read.body.consent.source).toBe('paper');

    const stranger = await createDeveloper(app);
    expect((await call(app, 'GET', '/api/v1/consents/%2B14155550160', { token: stranger.token })).status).toBe(404);
    const reader = await tokenWithScopes(app, developer.workspaceId, ['compliance:read']);
    expect((await call(app, 'GET', '/api/v1/consents/%2B14155550160', { token: reader })).status).toBe(200);
    expect((await call(app, 'POST', '/api/v1/consents', { token: reader, body: consent })).status).toBe(403);
  });

  it.each([
    [{ ...consent, source: 'telepathy' }, 'source'],
    [{ ...consent, captured_at: '2027-01-01T00:00:00Z' }, 'captured_at'],
    [{ ...consent, evidence: 'x'.repeat(2_001) }, 'evidence'],
    [{ ...consent, phone_number: 'nope' }, 'phone_number'],
  ])('refuses %j with 422 naming %s', async (body, path) => {
    app.clock.set(WEDNESDAY_1230_UTC);
    const developer = await createDeveloper(app);
    const response = await call(app, 'POST', '/api/v1/consents', { token: developer.token, body });
    expect(response.status).toBe(422);
    expect(response.body.error.issues.map((issue: { path: string }) => issue.path)).toContain(path);
  });

  it('are the tools record_consent and get_consent over MCP, with lookup_number, and their errors', async () => {
    app.clock.set(WEDNESDAY_1230_UTC);
    const developer = await createDeveloper(app);
    const token = await tokenWithScopes(app, developer.workspaceId, ['mcp:read', 'mcp:execute', 'compliance:write']);
    const client = await connectMcp(app, token, { toolsets: 'compliance' });
    const tool = async (name: string, args: Record<string, unknown>) => {
      const result = await client.callTool({ name, arguments: args });
      return result.isError ? { error: toolError(result) } : (result.structuredContent as Record<string, any>);
    };
    try {
      expect((await tool('get_consent', { phone_number: '+14155550160' })).error).toMatchObject({ code: 'not_found' });
      const recorded = await tool('record_consent', consent);
      expect(recorded.consent).toMatchObject({ phone_number: '+14155550160', source: 'web_form', evidence: consent.evidence });
      expect((await tool('get_consent', { phone_number: '+1 415 555 0160' })).consent).toEqual(recorded.consent);
      const invalid = await tool('record_consent', { ...consent, source: 'telepathy' });
      expect(invalid.error).toMatchObject({ code: 'validation_failed', issues: [expect.objectContaining({ path: 'source' })] });
      expect((await tool('lookup_number', { phone_number: '+13035550194' })).lookup).toEqual({
        phone_number: '+13035550194',
        country: 'US',
        line_type: 'landline',
        carrier: 'Sandbox Landline',
        valid: true,
      });
      expect((await tool('lookup_number', { phone_number: 'not a number' })).error).toMatchObject({ code: 'validation_failed' });
    } finally {
      await client.close();
    }
  });

  it('stops the enrollments without a consent of a campaign that requires one, and sends to the others', async () => {
    app.clock.set(WEDNESDAY_1230_UTC + 6 * HOUR);
    const workspace = await sendingWorkspace(app);
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await call(app, method, path, { token: workspace.token, body });
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
      return response.body;
    };
    await api('POST', '/api/v1/consents', { ...consent, phone_number: newYork });
    const { campaign } = await api('POST', '/api/v1/campaigns', {
      name: 'Consented only',
      settings: { require_consent: true, quiet_hours: { enabled: false } },
    });
    expect(campaign.settings.require_consent).toBe(true);
    await api('POST', `/api/v1/campaigns/${campaign.id}/stages`, { body: 'Hello', delay_minutes: 0 });
    await api('POST', `/api/v1/campaigns/${campaign.id}/enrollments`, { phone_numbers: [newYork, miami] });
    await api('POST', `/api/v1/campaigns/${campaign.id}/activate`);
    await app.services.jobs.drain();
    const { enrollments } = await api('GET', `/api/v1/campaigns/${campaign.id}/enrollments`);
    const byNumber = Object.fromEntries(
      enrollments.map((enrollment: { phone_number: string }) => [enrollment.phone_number, enrollment]),
    );
    expect(byNumber[miami]).toMatchObject({ status: 'stopped', stop_reason: 'consent_missing' });
    expect(byNumber[newYork]).toMatchObject({ status: 'completed', stop_reason: null });
    const sent = await app.services.prisma.message.findMany({ where: { workspaceId: workspace.workspaceId } });
    expect(sent.map((message) => message.phoneNumber)).toEqual([newYork]);
  });
});
