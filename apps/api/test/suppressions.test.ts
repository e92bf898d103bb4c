import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { newId } from '../src/lib/crypto.ts';
import { call, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { customerEvents, eventId, postSigned } from './inbound-support.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';
import { sendingWorkspace } from './sending-support.ts';

let app: TestApp;
beforeAll(async () => {
  // Jobs run only when a test drains them, so what a request wrote is asserted before dispatch moves it on.
  app = await startTestApp({}, { startJobs: false });
});
afterAll(async () => {
  await app.close();
});

type Developer = { workspaceId: string; token: string };

const path = (phoneNumber: string) => `/api/v1/suppressions/${encodeURIComponent(phoneNumber)}`;

function add(developer: Developer, body: Record<string, unknown>) {
  return call(app, 'POST', '/api/v1/suppressions', { token: developer.token, body });
}

function list(developer: Developer, query = '') {
  return call(app, 'GET', `/api/v1/suppressions${query}`, { token: developer.token });
}

/** A recipient's reply to one of the workspace's numbers, through the signed provider webhook. */
async function reply(from: string, to: string, body: string) {
  const response = await postSigned(app, 'messaging', 'incoming', { id: eventId('in'), from, to, body });
  expect(response.status).toBe(202);
  await app.services.jobs.drain();
}

/** A carrier opt-out event naming the workspace (no message of ours), as a provider reports one. */
async function carrierOptOut(workspaceId: string, phoneNumber: string) {
  const response = await postSigned(app, 'messaging', 'events', {
    type: 'recipient.opted_out',
    id: eventId(),
    phone_number: phoneNumber,
    metadata: { workspace_id: workspaceId },
  });
  expect(response.status).toBe(202);
  await app.services.jobs.drain();
}

async function optOutEvents(workspaceId: string) {
  return (await customerEvents(app, workspaceId)).filter((event) => event.type === 'opt_out.created');
}

describe('POST /api/v1/suppressions', () => {
  it('adds a manual suppression (201), returns it again with 200 and reports opt_out.created once', async () => {
    const developer = await createDeveloper(app);
    const created = await add(developer, { phone_number: '+1 (415) 555-0101', reason: 'Asked by email' });
    expect(created.status).toBe(201);
    expect(created.body.suppression).toEqual({
      id: expect.stringMatching(/^sup_/),
      phone_number: '+14155550101',
      active: true,
      source: 'manual',
      reason: 'Asked by email',
      removable: true,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const again = await add(developer, { phone_number: '+14155550101', reason: 'Second time' });
    expect(again.status).toBe(200);
    expect(again.body.suppression).toEqual(created.body.suppression);

    const events = await optOutEvents(developer.workspaceId);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({
      opt_out: {
        phone_number: '+14155550101',
        source: 'manual',
        provider: null,
        reason: 'Asked by email',
        created_at: created.body.suppression.created_at,
      },
    });
  });

  it('blocks a send with 403 workspace_suppressed, and the send goes through once lifted', async () => {
    const workspace = await sendingWorkspace(app);
    const recipient = '+14155550102';
    expect((await add(workspace, { phone_number: recipient })).status).toBe(201);
    const blocked = await call(app, 'POST', '/api/v1/messages', {
      token: workspace.token,
      body: { phone_number: recipient, body: 'Hello' },
    });
    expect(blocked.status).toBe(403);
    expect(blocked.body.error.code).toBe('workspace_suppressed');

    const lifted = await call(app, 'DELETE', path(recipient), { token: workspace.token });
    expect(lifted.status).toBe(200);
    expect(lifted.body.suppression).toMatchObject({ phone_number: recipient, active: false, source: 'manual' });
    const sent = await call(app, 'POST', '/api/v1/messages', {
      token: workspace.token,
      body: { phone_number: recipient, body: 'Hello' },
    });
    expect(sent.status).toBe(202);
  });

  it('fails a send accepted before the suppression at dispatch, refunded', async () => {
    const workspace = await sendingWorkspace(app);
    const recipient = '+14155550103';
    const sent = await call(app, 'POST', '/api/v1/messages', {
      token: workspace.token,
      body: { phone_number: recipient, body: 'Hello' },
    });
    expect(sent.status).toBe(202);
    expect((await add(workspace, { phone_number: recipient })).status).toBe(201);
    await app.services.jobs.drain();
    const message = await call(app, 'GET', `/api/v1/messages/${sent.body.message.id}`, { token: workspace.token });
    expect(message.body.message, JSON.stringify(message.body)).toMatchObject({
      status: 'failed',
      error_code: 'workspace_suppressed',
    });
  });

  it('stops a campaign delivery: enrolled numbers are stopped, new ones are not enrolled', async () => {
    const workspace = await sendingWorkspace(app);
    const api = async (method: string, route: string, body?: unknown) => {
      const response = await call(app, method, route, { token: workspace.token, body });
      expect(response.status, `${method} ${route}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
      return response.body;
    };
    // Without quiet hours, so that the stage is due whatever the time of day the test runs at.
    const { campaign } = await api('POST', '/api/v1/campaigns', { name: 'Drip', settings: { quiet_hours: { enabled: false } } });
    await api('POST', `/api/v1/campaigns/${campaign.id}/stages`, { body: 'Hello there', delay_minutes: 5 });
    await api('POST', `/api/v1/campaigns/${campaign.id}/enrollments`, { phone_numbers: ['+14155550104', '+14155550105'] });
    await api('POST', `/api/v1/campaigns/${campaign.id}/activate`);

    expect((await add(workspace, { phone_number: '+14155550104' })).status).toBe(201);
    app.clock.advance(10 * 60_000);
    await app.services.jobs.drain();

    const messages = await app.services.prisma.message.findMany({ where: { workspaceId: workspace.workspaceId } });
    expect(messages.map((message) => message.phoneNumber)).toEqual(['+14155550105']);
    const stopped = await app.services.prisma.campaignEnrollment.findUniqueOrThrow({
      where: { campaignId_phoneNumber: { campaignId: campaign.id, phoneNumber: '+14155550104' } },
    });
    expect(stopped).toMatchObject({ status: 'stopped', stopReason: 'workspace_suppressed' });
    const deliveries = await app.services.prisma.campaignDelivery.findMany({ where: { campaignId: campaign.id } });
    expect(deliveries.map((delivery) => [delivery.outcome, delivery.errorCode]).sort()).toEqual([
      ['sent', null],
      ['suppressed', 'workspace_suppressed'],
    ]);

    const enrolled = await api('POST', `/api/v1/campaigns/${campaign.id}/enrollments`, { phone_numbers: ['+14155550104'] });
    expect(enrolled).toMatchObject({ already_enrolled: 1 });
    const { campaign: other } = await api('POST', '/api/v1/campaigns', { name: 'Other' });
    expect(await api('POST', `/api/v1/campaigns/${other.id}/enrollments`, { phone_numbers: ['+14155550104'] })).toMatchObject({
      enrolled: 0,
      suppressed: 1,
    });
  });

  it('leaves a recipient opt-out as it is: 200 with its own source, still not removable', async () => {
    const workspace = await sendingWorkspace(app);
    await reply('+14155550106', workspace.senders[0]!.number, 'STOP');
    const response = await add(workspace, { phone_number: '+14155550106', reason: 'also by email' });
    expect(response.status).toBe(200);
    expect(response.body.suppression).toMatchObject({ source: 'inbound_keyword', reason: 'keyword STOP', removable: false });
    expect(await optOutEvents(workspace.workspaceId)).toHaveLength(1);
  });

  it('suppresses a lifted number again (201) as a manual one', async () => {
    const workspace = await sendingWorkspace(app);
    const ours = workspace.senders[0]!.number;
    await reply('+14155550107', ours, 'STOP');
    await reply('+14155550107', ours, 'START');
    const response = await add(workspace, { phone_number: '+14155550107' });
    expect(response.status).toBe(201);
    expect(response.body.suppression).toMatchObject({ active: true, source: 'manual', reason: null, removable: true });
    expect(await optOutEvents(workspace.workspaceId)).toHaveLength(2);
  });

  it.each([
    [{}, 'phone_number'],
    [{ phone_number: '4155550100' }, 'phone_number'],
    [{ phone_number: '+1415555' }, 'phone_number'],
    [{ phone_number: 42 }, 'phone_number'],
    [{ phone_number: '+14155550100', reason: 'x'.repeat(501) }, 'reason'],
    [{ phone_number: '+14155550100', source: 'manual' }, 'source'],
  ])('answers 422 validation_failed naming the field for %j', async (body, field) => {
    const developer = await createDeveloper(app);
    const response = await add(developer, body);
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('validation_failed');
    expect(response.body.error.issues.map((issue: { path: string }) => issue.path)).toContain(field);
  });
});

describe('DELETE /api/v1/suppressions/{phone_number}', () => {
  it('refuses to lift a STOP or a carrier opt-out with 422 suppression_not_removable, saying only START lifts it', async () => {
    const workspace = await sendingWorkspace(app);
    await reply('+14155550111', workspace.senders[0]!.number, 'STOP');
    await carrierOptOut(workspace.workspaceId, '+14155550112');
    for (const [phoneNumber, source] of [
      ['+14155550111', 'inbound_keyword'],
      ['+14155550112', 'provider_event'],
    ]) {
      const response = await call(app, 'DELETE', path(phoneNumber!), { token: workspace.token });
      expect(response.status).toBe(422);
      expect(response.body.error).toMatchObject({ code: 'suppression_not_removable', retry: 'do_not_retry', source });
      expect(response.body.error.fix).toMatch(/only the recipient can lift/i);
      expect(response.body.error.fix).toMatch(/START/);
      const check = await call(app, 'GET', path(phoneNumber!), { token: workspace.token });
      expect(check.body.suppression).toMatchObject({ active: true, source, removable: false });
    }
  });

  it('refuses to lift an operator suppression, naming the operator', async () => {
    const developer = await createDeveloper(app);
    await app.services.prisma.workspaceSuppression.create({
      data: { id: newId('sup'), workspaceId: developer.workspaceId, phoneNumber: '+14155550113', source: 'operator' },
    });
    const response = await call(app, 'DELETE', path('+14155550113'), { token: developer.token });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'suppression_not_removable', message: expect.stringMatching(/operator/) });
  });

  it('answers a lifted suppression unchanged, and 404 for a number never suppressed', async () => {
    const developer = await createDeveloper(app);
    await add(developer, { phone_number: '+14155550114' });
    const first = await call(app, 'DELETE', path('+14155550114'), { token: developer.token });
    const second = await call(app, 'DELETE', path('+14155550114'), { token: developer.token });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const missing = await call(app, 'DELETE', path('+14155550115'), { token: developer.token });
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    const malformed = await call(app, 'DELETE', path('555-0115'), { token: developer.token });
    expect(malformed.status).toBe(422);
    expect(malformed.body.error.issues).toEqual([expect.objectContaining({ path: 'phone_number' })]);
  });

  it("a recipient's START lifts their STOP and their carrier opt-out, never a manual suppression", async () => {
    const workspace = await sendingWorkspace(app);
    const ours = workspace.senders[0]!.number;
    await carrierOptOut(workspace.workspaceId, '+14155550116');
    await add(workspace, { phone_number: '+14155550117' });
    await reply('+14155550116', ours, 'START');
    await reply('+14155550117', ours, 'START');
    const carrier = await call(app, 'GET', path('+14155550116'), { token: workspace.token });
    expect(carrier.body.suppression).toMatchObject({ active: false, source: 'provider_event' });
    const manual = await call(app, 'GET', path('+14155550117'), { token: workspace.token });
    expect(manual.body.suppression).toMatchObject({ active: true, source: 'manual' });
  });
});

describe('GET /api/v1/suppressions/{phone_number}', () => {
  it('answers the suppression for the URL-encoded number, active or lifted, else 404', async () => {
    const developer = await createDeveloper(app);
    const created = await add(developer, { phone_number: '+14155550121' });
    const encoded = await call(app, 'GET', '/api/v1/suppressions/%2B14155550121', { token: developer.token });
    expect(encoded.status).toBe(200);
    expect(encoded.body).toEqual(created.body);
    const formatted = await call(app, 'GET', path('+1 415-555-0121'), { token: developer.token });
    expect(formatted.body).toEqual(created.body);
    await call(app, 'DELETE', path('+14155550121'), { token: developer.token });
    const lifted = await call(app, 'GET', path('+14155550121'), { token: developer.token });
    expect(lifted.body.suppression).toMatchObject({ id: created.body.suppression.id, active: false });

    const never = await call(app, 'GET', path('+14155550122'), { token: developer.token });
    expect(never.status).toBe(404);
    expect(never.body.error.code).toBe('not_found');
  });

  it.each(['4155550121', '+1415', 'abc', '+1'.padEnd(40, '5')])('answers 422 naming phone_number for %s', async (number) => {
    const developer = await createDeveloper(app);
    const response = await call(app, 'GET', path(number), { token: developer.token });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'validation_failed', issues: [{ path: 'phone_number' }] });
  });
});

describe('request logs of the phone number routes', () => {
  it('mask the number however the path spells it', async () => {
    const developer = await createDeveloper(app);
    const spellings = [
      '%2B14155557701',
      '+14155557701',
      '%2B14155557701%20',
      '%2B1%20415%20555%207701',
      '%2b1%20415%20555%207701%20%20',
      '+1-415-555-7701',
      '%2B1.415.555.7701',
      '%2B1%20(415)%20555-7701',
      '%2B1%28415%29555-7701',
    ];
    for (const spelling of spellings) {
      for (const method of ['GET', 'DELETE'])
        await call(app, method, `/api/v1/suppressions/${spelling}`, { token: developer.token });
    }
    const logged = app.logs
      .map((line) => JSON.parse(line) as { msg?: string; path?: string })
      .filter((line) => line.msg === 'request completed' && line.path?.startsWith('/api/v1/suppressions/'));
    expect(logged.length).toBeGreaterThanOrEqual(2 * spellings.length);
    const digitsLogged = logged.map((line) => line.path!.replace(/%[0-9A-Fa-f]{2}/g, '').replace(/\D/g, ''));
    expect(digitsLogged.filter((digits) => digits.includes('5557701'))).toEqual([]);
    expect(logged.map((line) => line.path)).toContain('/api/v1/suppressions/{phone_number}');
  });
});

describe('GET /api/v1/suppressions', () => {
  it('lists newest first with filters and a cursor', async () => {
    const workspace = await sendingWorkspace(app);
    await reply('+14155550131', workspace.senders[0]!.number, 'STOP');
    app.clock.advance(1_000);
    await carrierOptOut(workspace.workspaceId, '+14155550132');
    app.clock.advance(1_000);
    await add(workspace, { phone_number: '+14155550133' });
    app.clock.advance(1_000);
    await add(workspace, { phone_number: '+14155550134' });
    await call(app, 'DELETE', path('+14155550134'), { token: workspace.token });

    const all = await list(workspace);
    expect(all.status).toBe(200);
    expect(all.body.suppressions.map((item: { phone_number: string }) => item.phone_number)).toEqual([
      '+14155550134',
      '+14155550133',
      '+14155550132',
      '+14155550131',
    ]);
    expect(all.body.next_cursor).toBeNull();
    expect(all.body.suppressions.map((item: { source: string; removable: boolean }) => [item.source, item.removable])).toEqual([
      ['manual', true],
      ['manual', true],
      ['provider_event', false],
      ['inbound_keyword', false],
    ]);

    const numbers = async (query: string) =>
      (await list(workspace, query)).body.suppressions.map((item: { phone_number: string }) => item.phone_number);
    expect(await numbers('?source=manual')).toEqual(['+14155550134', '+14155550133']);
    expect(await numbers('?source=inbound_keyword')).toEqual(['+14155550131']);
    expect(await numbers('?active=false')).toEqual(['+14155550134']);
    expect(await numbers('?active=true&source=manual')).toEqual(['+14155550133']);
    expect(await numbers(`?phone_number=${encodeURIComponent('+1 415 555 0132')}`)).toEqual(['+14155550132']);

    const first = await list(workspace, '?limit=3');
    expect(first.body.suppressions).toHaveLength(3);
    const second = await list(workspace, `?limit=3&cursor=${first.body.next_cursor}`);
    expect(second.body.suppressions.map((item: { phone_number: string }) => item.phone_number)).toEqual(['+14155550131']);
    expect(second.body.next_cursor).toBeNull();
  });

  it.each([
    ['?phone_number=4155550100', 'phone_number'],
    [`?phone_number=%2B1${'5'.repeat(30)}`, 'phone_number'],
    ['?source=carrier', 'source'],
    ['?active=yes', 'active'],
    ['?limit=0', 'limit'],
    ['?limit=101', 'limit'],
    ['?cursor=bm9wZQ', 'cursor'],
  ])('answers 422 validation_failed naming the field for %s', async (query, field) => {
    const developer = await createDeveloper(app);
    const response = await list(developer, query);
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('validation_failed');
    expect(response.body.error.issues.map((issue: { path: string }) => issue.path)).toContain(field);
  });

  it("refuses another list's or another workspace's cursor", async () => {
    const developer = await createDeveloper(app);
    const other = await createDeveloper(app);
    for (const number of ['+14155550141', '+14155550142']) {
      await add(developer, { phone_number: number });
      await add(other, { phone_number: number });
    }
    const cursor = (await list(other, '?limit=1')).body.next_cursor;
    const response = await list(developer, `?limit=1&cursor=${cursor}`);
    expect(response.status).toBe(422);
    expect(response.body.error.issues).toEqual([expect.objectContaining({ path: 'cursor' })]);
    const campaignCursor = await call(app, 'GET', `/api/v1/campaigns?cursor=${cursor}`, { token: other.token });
    expect(campaignCursor.status).toBe(422);
  });
});

describe('suppressions: authorization and workspaces', () => {
  it('answers 401 without a token and 403 without the scope; messages:write passes the read checks', async () => {
    const developer = await createDeveloper(app);
    await add(developer, { phone_number: '+14155550151' });
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/v1/suppressions'],
      ['GET', path('+14155550151')],
      ['POST', '/api/v1/suppressions', { phone_number: '+14155550152' }],
      ['DELETE', path('+14155550151')],
    ];
    for (const [method, route, body] of routes) {
      const anonymous = await call(app, method, route, { body });
      expect(anonymous.status, `${method} ${route}`).toBe(401);
    }
    const reader = await tokenWithScopes(app, developer.workspaceId, ['messages:read']);
    expect((await call(app, 'GET', '/api/v1/suppressions', { token: reader })).status).toBe(200);
    expect((await call(app, 'GET', path('+14155550151'), { token: reader })).status).toBe(200);
    for (const [method, route, body] of routes.slice(2)) {
      const refused = await call(app, method, route, { token: reader, body });
      expect(refused.status, `${method} ${route}`).toBe(403);
    }
    const unrelated = await tokenWithScopes(app, developer.workspaceId, ['campaigns:write']);
    for (const [method, route, body] of routes) {
      expect((await call(app, method, route, { token: unrelated, body })).status, `${method} ${route}`).toBe(403);
    }
    const writer = await tokenWithScopes(app, developer.workspaceId, ['messages:write']);
    expect((await call(app, 'GET', '/api/v1/suppressions', { token: writer })).status).toBe(200);
    expect((await call(app, 'GET', path('+14155550151'), { token: writer })).status).toBe(200);
  });

  it("never shows or lifts another workspace's suppression (404)", async () => {
    const owner = await createDeveloper(app);
    const stranger = await createDeveloper(app);
    await add(owner, { phone_number: '+14155550161' });
    expect((await call(app, 'GET', path('+14155550161'), { token: stranger.token })).status).toBe(404);
    expect((await call(app, 'DELETE', path('+14155550161'), { token: stranger.token })).status).toBe(404);
    expect((await list(stranger)).body.suppressions).toEqual([]);
    const still = await call(app, 'GET', path('+14155550161'), { token: owner.token });
    expect(still.body.suppression.active).toBe(true);
    // The stranger suppressing the same number makes a suppression of its own workspace only.
    expect((await add(stranger, { phone_number: '+14155550161' })).status).toBe(201);
  });
});

describe('suppressions over MCP', () => {
  it('list_suppressions, check_suppression, add_suppression and remove_suppression', async () => {
    const workspace = await sendingWorkspace(app);
    await reply('+14155550171', workspace.senders[0]!.number, 'STOP');
    const token = await tokenWithScopes(app, workspace.workspaceId, ['mcp:execute', 'messages:write']);
    const agent = await connectMcp(app, token);
    app.clock.advance(1_000);
    try {
      const tool = async (name: string, args: Record<string, unknown>) =>
        (await agent.callTool({ name, arguments: args })) as CallToolResult;

      const added = await tool('add_suppression', { phone_number: '+14155550172', reason: 'Asked on the phone' });
      expect(added.isError).toBeFalsy();
      expect(added.structuredContent).toMatchObject({ suppression: { phone_number: '+14155550172', source: 'manual' } });
      const checked = await tool('check_suppression', { phone_number: '+14155550172' });
      expect(checked.structuredContent).toMatchObject({ suppression: { active: true, removable: true } });
      const listed = await tool('list_suppressions', { active: 'true' });
      expect(
        (listed.structuredContent as { suppressions: { phone_number: string }[] }).suppressions.map((item) => item.phone_number),
      ).toEqual(['+14155550172', '+14155550171']);

      const send = await tool('send_message', { phone_number: '+14155550172', body: 'Hi' });
      expect(send.isError).toBe(true);
      expect(toolError(send)).toMatchObject({ code: 'workspace_suppressed' });

      const refused = await tool('remove_suppression', { phone_number: '+14155550171' });
      expect(refused.isError).toBe(true);
      expect(toolError(refused)).toMatchObject({ code: 'suppression_not_removable', fix: expect.stringMatching(/START/) });
      const removed = await tool('remove_suppression', { phone_number: '+14155550172' });
      expect(removed.structuredContent).toMatchObject({ suppression: { active: false } });

      const unknown = await tool('check_suppression', { phone_number: '+14155550173' });
      expect(unknown.isError).toBe(true);
      expect(toolError(unknown)).toMatchObject({ code: 'not_found' });
      const invalid = await tool('list_suppressions', { source: 'carrier' });
      expect(invalid.isError).toBe(true);
      expect(toolError(invalid)).toMatchObject({ code: 'validation_failed' });
    } finally {
      await agent.close();
    }
  });
});
