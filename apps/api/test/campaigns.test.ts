import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignStatuses } from '@textline/contract';
import { campaignTransitions } from '../src/domain/campaigns/state-machine.ts';
import { call, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { startJobs: false });
});
afterAll(async () => {
  await app.close();
});

type Developer = Awaited<ReturnType<typeof createDeveloper>>;

async function createCampaign(developer: Developer, body: Record<string, unknown> = { name: 'Welcome series' }) {
  const response = await call(app, 'POST', '/api/v1/campaigns', { token: developer.token, body });
  expect(response.status).toBe(201);
  return response.body.campaign as { id: string; status: string };
}

async function addStage(
  developer: Developer,
  campaignId: string,
  body: Record<string, unknown> = { body: 'Hi {{first_name}}', delay_minutes: 0 },
) {
  return call(app, 'POST', `/api/v1/campaigns/${campaignId}/stages`, { token: developer.token, body });
}

/** A campaign with one stage in `status`, reached through the API. */
async function campaignIn(developer: Developer, status: (typeof campaignStatuses)[number]) {
  const campaign = await createCampaign(developer);
  expect((await addStage(developer, campaign.id)).status).toBe(201);
  const steps: Record<string, string[]> = {
    draft: [],
    active: ['activate'],
    paused: ['activate', 'pause'],
    archived: ['archive'],
  };
  for (const step of steps[status]!) {
    expect((await call(app, 'POST', `/api/v1/campaigns/${campaign.id}/${step}`, { token: developer.token })).status).toBe(200);
  }
  return campaign;
}

describe('POST /api/v1/campaigns', () => {
  it('creates a draft with default quiet hours and no stages', async () => {
    const developer = await createDeveloper(app);
    const response = await call(app, 'POST', '/api/v1/campaigns', {
      token: developer.token,
      body: { name: 'Spring sale', description: 'For returning customers' },
    });
    expect(response.status).toBe(201);
    expect(response.body.campaign).toEqual({
      id: expect.stringMatching(/^cmp_/),
      name: 'Spring sale',
      description: 'For returning customers',
      status: 'draft',
      settings: { quiet_hours: { enabled: true, start: '21:00', end: '08:00', timezone: null }, require_consent: false },
      stages: [],
      enrollment_counts: { active: 0, completed: 0, stopped: 0 },
      skipped_counts: {
        insufficient_balance: 0,
        branded_number_missing: 0,
        spend_limit_exceeded: 0,
        token_spend_limit_exceeded: 0,
        parent_token_spend_limit_exceeded: 0,
        outside_allowed_hours: 0,
        suspected_sms_pumping: 0,
      },
      fan_out_estimate: null,
      activated_at: null,
      archived_at: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('accepts quiet-hours settings with a time zone override', async () => {
    const developer = await createDeveloper(app);
    const campaign = await createCampaign(developer, {
      name: 'Night owls',
      settings: { quiet_hours: { start: '22:30', end: '07:00', timezone: 'Europe/Paris' } },
    });
    expect(campaign).toMatchObject({
      settings: { quiet_hours: { enabled: true, start: '22:30', end: '07:00', timezone: 'Europe/Paris' } },
    });
  });

  it.each([
    ['a missing name', {}, 'name'],
    ['a blank name', { name: '   ' }, 'name'],
    ['an unknown field', { name: 'x', status: 'active' }, 'status'],
    ['an invalid time', { name: 'x', settings: { quiet_hours: { start: '25:00' } } }, 'settings.quiet_hours.start'],
    [
      'an unknown time zone',
      { name: 'x', settings: { quiet_hours: { timezone: 'Mars/Olympus' } } },
      'settings.quiet_hours.timezone',
    ],
    ['an empty quiet period', { name: 'x', settings: { quiet_hours: { start: '08:00', end: '08:00' } } }, 'settings.quiet_hours'],
  ])('answers 422 for %s', async (_label, body, path) => {
    const developer = await createDeveloper(app);
    const response = await call(app, 'POST', '/api/v1/campaigns', { token: developer.token, body });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('validation_failed');
    expect(response.body.error.issues.map((issue: { path: string }) => issue.path)).toContain(path);
  });
});

describe('GET /api/v1/campaigns', () => {
  it('lists only this workspace, newest first, with cursor pagination and a status filter', async () => {
    const developer = await createDeveloper(app);
    const other = await createDeveloper(app);
    await createCampaign(other, { name: 'not mine' });
    const created = [];
    for (const name of ['one', 'two', 'three']) created.push(await createCampaign(developer, { name }));
    const active = await campaignIn(developer, 'active');

    const first = await call(app, 'GET', '/api/v1/campaigns?limit=2', { token: developer.token });
    expect(first.status).toBe(200);
    expect(first.body.campaigns).toHaveLength(2);
    expect(first.body.next_cursor).toEqual(expect.any(String));
    const second = await call(app, 'GET', `/api/v1/campaigns?limit=2&cursor=${first.body.next_cursor}`, {
      token: developer.token,
    });
    expect(second.body.campaigns).toHaveLength(2);
    expect(second.body.next_cursor).toBeNull();
    const ids = [...first.body.campaigns, ...second.body.campaigns].map((campaign: { id: string }) => campaign.id);
    expect(ids.sort()).toEqual([...created.map((campaign) => campaign.id), active.id].sort());

    const onlyActive = await call(app, 'GET', '/api/v1/campaigns?status=active', { token: developer.token });
    expect(onlyActive.body.campaigns.map((campaign: { id: string }) => campaign.id)).toEqual([active.id]);
    expect(onlyActive.body.campaigns[0].stages).toHaveLength(1);
  });

  it.each([
    ['an unknown status', '?status=running', 'status'],
    ['a zero limit', '?limit=0', 'limit'],
    ['a limit over 100', '?limit=101', 'limit'],
    ['a forged cursor', '?cursor=bm90LWEtY3Vyc29y', 'cursor'],
  ])('answers 422 for %s', async (_label, query, path) => {
    const developer = await createDeveloper(app);
    const response = await call(app, 'GET', `/api/v1/campaigns${query}`, { token: developer.token });
    expect(response.status).toBe(422);
    expect(response.body.error.issues[0].path).toBe(path);
  });
});

describe('GET /api/v1/campaigns/{id}, PATCH /api/v1/campaigns/{id}', () => {
  it('gets a campaign with its stages', async () => {
    const developer = await createDeveloper(app);
    const campaign = await campaignIn(developer, 'active');
    const response = await call(app, 'GET', `/api/v1/campaigns/${campaign.id}`, { token: developer.token });
    expect(response.status).toBe(200);
    expect(response.body.campaign).toMatchObject({ id: campaign.id, status: 'active', activated_at: expect.any(String) });
    expect(response.body.campaign.stages).toEqual([
      {
        id: expect.stringMatching(/^stg_/),
        position: 1,
        body: 'Hi {{first_name}}',
        delay_minutes: 0,
        shorten_links: false,
        created_at: expect.any(String),
        step_counts: { sent: 0, suppressed: 0, failed: 0 },
      },
    ]);
  });

  it('updates name, description and settings field by field', async () => {
    const developer = await createDeveloper(app);
    const campaign = await createCampaign(developer, { name: 'Old', description: 'keep?' });
    const renamed = await call(app, 'PATCH', `/api/v1/campaigns/${campaign.id}`, {
      token: developer.token,
      body: { name: 'New', settings: { quiet_hours: { timezone: 'America/Denver' } } },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.campaign).toMatchObject({
      name: 'New',
      description: 'keep?',
      settings: { quiet_hours: { enabled: true, start: '21:00', end: '08:00', timezone: 'America/Denver' } },
    });
    const cleared = await call(app, 'PATCH', `/api/v1/campaigns/${campaign.id}`, {
      token: developer.token,
      body: { description: null, settings: { quiet_hours: { enabled: false, timezone: null } } },
    });
    expect(cleared.body.campaign).toMatchObject({
      name: 'New',
      description: null,
      settings: { quiet_hours: { enabled: false, timezone: null } },
    });
  });

  it('answers 422 invalid_state when the campaign is archived', async () => {
    const developer = await createDeveloper(app);
    const campaign = await campaignIn(developer, 'archived');
    const response = await call(app, 'PATCH', `/api/v1/campaigns/${campaign.id}`, {
      token: developer.token,
      body: { name: 'x' },
    });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'invalid_state', current_status: 'archived' });
  });

  it('answers 422 for invalid fields and 404 for an unknown id', async () => {
    const developer = await createDeveloper(app);
    const campaign = await createCampaign(developer);
    const invalid = await call(app, 'PATCH', `/api/v1/campaigns/${campaign.id}`, { token: developer.token, body: { name: '' } });
    expect(invalid.status).toBe(422);
    const missing = await call(app, 'PATCH', '/api/v1/campaigns/cmp_missing', { token: developer.token, body: { name: 'x' } });
    expect(missing.status).toBe(404);
    expect((await call(app, 'GET', '/api/v1/campaigns/cmp_missing', { token: developer.token })).status).toBe(404);
  });
});

describe('campaign state machine', () => {
  const transitions = Object.keys(campaignTransitions) as (keyof typeof campaignTransitions)[];
  const table = campaignStatuses.flatMap((from) =>
    transitions.map((transition) => {
      const rule = campaignTransitions[transition];
      return [from, transition, rule.from.includes(from) ? rule.to : null] as const;
    }),
  );

  it('is the documented lifecycle', () => {
    expect(table.filter(([, , to]) => to !== null).map(([from, transition, to]) => `${from} -${transition}-> ${to}`)).toEqual([
      'draft -activate-> active',
      'draft -archive-> archived',
      'active -pause-> paused',
      'active -archive-> archived',
      'paused -activate-> active',
      'paused -archive-> archived',
    ]);
  });

  it.each(table)('%s + %s -> %s', async (from, transition, to) => {
    const developer = await createDeveloper(app);
    const campaign = await campaignIn(developer, from);
    const response = await call(app, 'POST', `/api/v1/campaigns/${campaign.id}/${transition}`, { token: developer.token });
    if (to) {
      expect(response.status).toBe(200);
      expect(response.body.campaign.status).toBe(to);
    } else {
      expect(response.status).toBe(422);
      expect(response.body.error).toMatchObject({
        code: 'invalid_state',
        current_status: from,
        message: expect.stringContaining(from),
      });
      const unchanged = await call(app, 'GET', `/api/v1/campaigns/${campaign.id}`, { token: developer.token });
      expect(unchanged.body.campaign.status).toBe(from);
    }
  });

  it('refuses to activate a campaign without stages', async () => {
    const developer = await createDeveloper(app);
    const campaign = await createCampaign(developer);
    const response = await call(app, 'POST', `/api/v1/campaigns/${campaign.id}/activate`, { token: developer.token });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({
      code: 'invalid_state',
      current_status: 'draft',
      message: expect.stringMatching(/stage/),
    });
  });

  it('answers 404 for an unknown campaign', async () => {
    const developer = await createDeveloper(app);
    expect((await call(app, 'POST', '/api/v1/campaigns/cmp_missing/pause', { token: developer.token })).status).toBe(404);
  });
});

describe('POST /api/v1/campaigns/{id}/stages', () => {
  it('appends stages and inserts at a position, shifting later stages', async () => {
    const developer = await createDeveloper(app);
    const campaign = await createCampaign(developer);
    await call(app, 'POST', '/api/v1/snippets', { token: developer.token, body: { name: 'sig', body: 'Reply STOP to opt out' } });
    const first = await addStage(developer, campaign.id, {
      body: 'Hi {{ first_name | default: "there" }}! {{snippet:sig}}',
      delay_minutes: 0,
    });
    expect(first.status).toBe(201);
    expect(first.body.stage).toMatchObject({
      id: expect.stringMatching(/^stg_/),
      position: 1,
      delay_minutes: 0,
      shorten_links: false,
    });
    await addStage(developer, campaign.id, { body: 'Last: {{attributes.plan}} for {{phone_number}}', delay_minutes: 1440 });
    const inserted = await addStage(developer, campaign.id, { body: 'Middle {{last_name}}', delay_minutes: 60, position: 2 });
    expect(inserted.status).toBe(201);
    expect(
      inserted.body.campaign.stages.map((stage: { body: string; position: number }) => [
        stage.position,
        stage.body.split(' ')[0],
      ]),
    ).toEqual([
      [1, 'Hi'],
      [2, 'Middle'],
      [3, 'Last:'],
    ]);
  });

  it.each([
    ['an unknown variable', { body: 'Hi {{firstname}}', delay_minutes: 0 }, /not a known variable/],
    ['an unknown snippet', { body: 'Hi {{snippet:nope}}', delay_minutes: 0 }, /names no snippet/],
    ['an unclosed placeholder', { body: 'Hi {{first_name', delay_minutes: 0 }, /unclosed/],
    ['a negative delay', { body: 'Hi', delay_minutes: -1 }, /./],
    ['a fractional delay', { body: 'Hi', delay_minutes: 1.5 }, /./],
    ['a position past the end', { body: 'Hi', delay_minutes: 0, position: 3 }, /between 1 and 1/],
    ['a missing body', { delay_minutes: 0 }, /./],
    ['a shorten_links that is not a boolean', { body: 'Hi', delay_minutes: 0, shorten_links: 'yes' }, /boolean/],
  ])('answers 422 for %s', async (_label, body, message) => {
    const developer = await createDeveloper(app);
    const campaign = await createCampaign(developer);
    const response = await addStage(developer, campaign.id, body);
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('validation_failed');
    expect(response.body.error.issues.map((issue: { message: string }) => issue.message).join(' ')).toMatch(message);
  });

  it('answers 422 invalid_state on an archived campaign and 404 on an unknown one', async () => {
    const developer = await createDeveloper(app);
    const archived = await campaignIn(developer, 'archived');
    const response = await addStage(developer, archived.id);
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({ code: 'invalid_state', current_status: 'archived' });
    expect((await addStage(developer, 'cmp_missing')).status).toBe(404);
  });
});

describe('POST /api/v1/campaigns/{id}/enrollments', () => {
  it('counts enrolled, already enrolled, suppressed and invalid numbers, idempotently', async () => {
    const developer = await createDeveloper(app);
    const campaign = await createCampaign(developer);
    await app.services.prisma.workspaceSuppression.create({
      data: { id: 'wsp_test_1', workspaceId: developer.workspaceId, phoneNumber: '+14155550103', source: 'operator' },
    });
    await call(app, 'POST', `/api/v1/campaigns/${campaign.id}/suppressions`, {
      token: developer.token,
      body: { phone_number: '+14155550104' },
    });
    const body = {
      phone_numbers: [
        '+14155550101',
        '+1 (415) 555-0102',
        '+14155550101',
        '+14155550103',
        '+14155550104',
        'not-a-number',
        '+1555',
      ],
    };
    const first = await call(app, 'POST', `/api/v1/campaigns/${campaign.id}/enrollments`, { token: developer.token, body });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      campaign_id: campaign.id,
      enrolled: 2,
      already_enrolled: 0,
      suppressed: 2,
      invalid: 2,
      invalid_phone_numbers: ['not-a-number', '+1555'],
    });
    const again = await call(app, 'POST', `/api/v1/campaigns/${campaign.id}/enrollments`, { token: developer.token, body });
    expect(again.body).toMatchObject({ enrolled: 0, already_enrolled: 2, suppressed: 2, invalid: 2 });
    const stored = await app.services.prisma.campaignEnrollment.findMany({ where: { campaignId: campaign.id } });
    expect(stored.map((enrollment) => enrollment.phoneNumber).sort()).toEqual(['+14155550101', '+14155550102']);
    const fetched = await call(app, 'GET', `/api/v1/campaigns/${campaign.id}`, { token: developer.token });
    expect(fetched.body.campaign.enrollment_counts).toEqual({ active: 2, completed: 0, stopped: 0 });
  });

  it('enrolls every contact of a contact list', async () => {
    const developer = await createDeveloper(app);
    const campaign = await createCampaign(developer);
    const list = await call(app, 'POST', '/api/v1/contact-lists', { token: developer.token, body: { name: 'VIP' } });
    await call(app, 'POST', `/api/v1/contact-lists/${list.body.contact_list.id}/contacts`, {
      token: developer.token,
      body: { contacts: [{ phone_number: '+14155550111', first_name: 'Ann' }, { phone_number: '+14155550112' }] },
    });
    const response = await call(app, 'POST', `/api/v1/campaigns/${campaign.id}/enrollments`, {
      token: developer.token,
      body: { contact_list_id: list.body.contact_list.id },
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ enrolled: 2, already_enrolled: 0, suppressed: 0, invalid: 0 });
  });

  it('refreshes the statistics the due-steps query is planned with after a large enrollment', async () => {
    const developer = await createDeveloper(app);
    const campaign = await createCampaign(developer);
    const estimatedRows = async () => {
      const [row] = await app.services.prisma.$queryRaw<{ rows: number }[]>`
        SELECT reltuples::int AS rows FROM pg_class WHERE relname = 'campaign_enrollments'`;
      return row!.rows;
    };
    const before = await estimatedRows();
    const body = { phone_numbers: Array.from({ length: 1000 }, (_, index) => `+1312555${String(index).padStart(4, '0')}`) };
    const response = await call(app, 'POST', `/api/v1/campaigns/${campaign.id}/enrollments`, { token: developer.token, body });
    expect(response.body).toMatchObject({ enrolled: 1000 });
    const enrolled = await app.services.prisma.campaignEnrollment.count();
    expect(before).toBeLessThan(enrolled);
    expect(await estimatedRows()).toBe(enrolled);
  });

  it('schedules the first stage of new enrollments in an active campaign', async () => {
    const developer = await createDeveloper(app);
    const campaign = await campaignIn(developer, 'active');
    await call(app, 'POST', `/api/v1/campaigns/${campaign.id}/enrollments`, {
      token: developer.token,
      body: { phone_numbers: ['+14155550121'] },
    });
    const enrollment = await app.services.prisma.campaignEnrollment.findFirstOrThrow({ where: { campaignId: campaign.id } });
    expect(enrollment.nextStepAt).not.toBeNull();
    const jobs = await app.services.prisma.job.findMany({ where: { queue: 'campaign_step' } });
    const campaignJobs = jobs.filter((job) => (job.payload as { campaignId?: string }).campaignId === campaign.id);
    expect(campaignJobs.map((job) => job.runAt)).toContainEqual(enrollment.nextStepAt);
  });

  it.each([
    ['neither field', {}],
    ['both fields', { phone_numbers: ['+14155550101'], contact_list_id: 'cl_x' }],
    ['an empty list', { phone_numbers: [] }],
    [
      'too many numbers',
      { phone_numbers: Array.from({ length: 1001 }, (_, index) => `+1415555${String(index).padStart(4, '0')}`) },
    ],
  ])('answers 422 for %s', async (_label, body) => {
    const developer = await createDeveloper(app);
    const campaign = await createCampaign(developer);
    const response = await call(app, 'POST', `/api/v1/campaigns/${campaign.id}/enrollments`, { token: developer.token, body });
    expect(response.status).toBe(422);
  });

  it('answers 422 invalid_state on an archived campaign, 404 for unknown campaigns and lists', async () => {
    const developer = await createDeveloper(app);
    const archived = await campaignIn(developer, 'archived');
    const body = { phone_numbers: ['+14155550101'] };
    const refused = await call(app, 'POST', `/api/v1/campaigns/${archived.id}/enrollments`, { token: developer.token, body });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: 'invalid_state', current_status: 'archived' });
    expect((await call(app, 'POST', '/api/v1/campaigns/cmp_missing/enrollments', { token: developer.token, body })).status).toBe(
      404,
    );
    const campaign = await createCampaign(developer);
    const noList = await call(app, 'POST', `/api/v1/campaigns/${campaign.id}/enrollments`, {
      token: developer.token,
      body: { contact_list_id: 'cl_missing' },
    });
    expect(noList.status).toBe(404);
  });
});

describe('campaign suppressions: POST /api/v1/campaigns/{id}/suppressions, GET /api/v1/campaigns/{id}/suppressions, DELETE /api/v1/campaigns/{campaign_id}/suppressions/{suppression_id}', () => {
  it('creates (201), returns an existing one (200), lists, and deletes (200 then 404)', async () => {
    const developer = await createDeveloper(app);
    const campaign = await createCampaign(developer);
    const path = `/api/v1/campaigns/${campaign.id}/suppressions`;
    const created = await call(app, 'POST', path, {
      token: developer.token,
      body: { phone_number: '+1 415 555 0131', reason: 'asked to leave' },
    });
    expect(created.status).toBe(201);
    expect(created.body.suppression).toEqual({
      id: expect.stringMatching(/^csp_/),
      campaign_id: campaign.id,
      phone_number: '+14155550131',
      reason: 'asked to leave',
      skipped_deliveries: 0,
      last_skipped_at: null,
      created_at: expect.any(String),
    });
    const repeated = await call(app, 'POST', path, { token: developer.token, body: { phone_number: '+14155550131' } });
    expect(repeated.status).toBe(200);
    expect(repeated.body.suppression.id).toBe(created.body.suppression.id);
    await call(app, 'POST', path, { token: developer.token, body: { phone_number: '+14155550132' } });

    const listed = await call(app, 'GET', `${path}?limit=1`, { token: developer.token });
    expect(listed.status).toBe(200);
    expect(listed.body.suppressions).toHaveLength(1);
    const rest = await call(app, 'GET', `${path}?cursor=${listed.body.next_cursor}`, { token: developer.token });
    expect(
      [...listed.body.suppressions, ...rest.body.suppressions].map((row: { phone_number: string }) => row.phone_number).sort(),
    ).toEqual(['+14155550131', '+14155550132']);

    const deleted = await call(app, 'DELETE', `${path}/${created.body.suppression.id}`, { token: developer.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ deleted: true, suppression: { id: created.body.suppression.id } });
    expect((await call(app, 'DELETE', `${path}/${created.body.suppression.id}`, { token: developer.token })).status).toBe(404);
  });

  it('answers 422 for an invalid number or unknown field and 404 for an unknown campaign', async () => {
    const developer = await createDeveloper(app);
    const campaign = await createCampaign(developer);
    const path = `/api/v1/campaigns/${campaign.id}/suppressions`;
    const invalid = await call(app, 'POST', path, { token: developer.token, body: { phone_number: '555-0100' } });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.issues[0].path).toBe('phone_number');
    expect(
      (await call(app, 'POST', path, { token: developer.token, body: { phone_number: '+14155550131', until: 'x' } })).status,
    ).toBe(422);
    expect((await call(app, 'GET', '/api/v1/campaigns/cmp_missing/suppressions', { token: developer.token })).status).toBe(404);
    expect(
      (
        await call(app, 'POST', '/api/v1/campaigns/cmp_missing/suppressions', {
          token: developer.token,
          body: { phone_number: '+14155550131' },
        })
      ).status,
    ).toBe(404);
  });
});

describe('campaign security', () => {
  it('hides every campaign of another workspace behind 404', async () => {
    const owner = await createDeveloper(app);
    const intruder = await createDeveloper(app);
    const campaign = await campaignIn(owner, 'active');
    const suppression = await call(app, 'POST', `/api/v1/campaigns/${campaign.id}/suppressions`, {
      token: owner.token,
      body: { phone_number: '+14155550141' },
    });
    const requests: [string, string, unknown][] = [
      ['GET', `/api/v1/campaigns/${campaign.id}`, undefined],
      ['PATCH', `/api/v1/campaigns/${campaign.id}`, { name: 'mine now' }],
      ['POST', `/api/v1/campaigns/${campaign.id}/pause`, undefined],
      ['POST', `/api/v1/campaigns/${campaign.id}/archive`, undefined],
      ['POST', `/api/v1/campaigns/${campaign.id}/stages`, { body: 'Hi', delay_minutes: 0 }],
      ['POST', `/api/v1/campaigns/${campaign.id}/enrollments`, { phone_numbers: ['+14155550142'] }],
      ['GET', `/api/v1/campaigns/${campaign.id}/suppressions`, undefined],
      ['POST', `/api/v1/campaigns/${campaign.id}/suppressions`, { phone_number: '+14155550143' }],
      ['DELETE', `/api/v1/campaigns/${campaign.id}/suppressions/${suppression.body.suppression.id}`, undefined],
    ];
    for (const [method, path, body] of requests) {
      const response = await call(app, method, path, { token: intruder.token, body });
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const listed = await call(app, 'GET', '/api/v1/campaigns', { token: intruder.token });
    expect(listed.body.campaigns).toEqual([]);
    const unchanged = await call(app, 'GET', `/api/v1/campaigns/${campaign.id}`, { token: owner.token });
    expect(unchanged.body.campaign).toMatchObject({ status: 'active', name: 'Welcome series' });
    expect(unchanged.body.campaign.stages).toHaveLength(1);
    expect(await app.services.prisma.campaignEnrollment.count({ where: { campaignId: campaign.id } })).toBe(0);
    expect(await app.services.prisma.campaignSuppression.count({ where: { campaignId: campaign.id } })).toBe(1);
  });

  it('lets campaigns:read read but not write, and campaigns:write not read', async () => {
    const developer = await createDeveloper(app);
    const campaign = await createCampaign(developer);
    const reader = await tokenWithScopes(app, developer.workspaceId, ['campaigns:read']);
    const writer = await tokenWithScopes(app, developer.workspaceId, ['campaigns:write']);
    expect((await call(app, 'GET', `/api/v1/campaigns/${campaign.id}`, { token: reader })).status).toBe(200);
    expect((await call(app, 'GET', '/api/v1/campaigns', { token: reader })).status).toBe(200);
    expect((await call(app, 'POST', '/api/v1/campaigns', { token: reader, body: { name: 'x' } })).status).toBe(403);
    expect((await call(app, 'POST', `/api/v1/campaigns/${campaign.id}/archive`, { token: reader })).status).toBe(403);
    expect((await call(app, 'GET', `/api/v1/campaigns/${campaign.id}`, { token: writer })).status).toBe(403);
    expect((await call(app, 'POST', '/api/v1/campaigns', { token: writer, body: { name: 'x' } })).status).toBe(201);
    expect((await call(app, 'GET', '/api/v1/campaigns')).status).toBe(401);
  });
});

describe('campaign tools over MCP', () => {
  it('are listed with read-only and destructive hints and run a campaign setup as an agent would', async () => {
    const developer = await createDeveloper(app);
    const agent = await connectMcp(app, developer.token, { toolsets: 'campaigns' });
    const { tools } = await agent.listTools();
    const hints = Object.fromEntries(
      tools
        .filter((tool) => /campaign|snippet|contact/.test(tool.name))
        .map((tool) => [tool.name, [tool.annotations?.readOnlyHint, tool.annotations?.destructiveHint]]),
    );
    expect(hints).toEqual({
      list_campaigns: [true, false],
      create_campaign: [false, false],
      get_campaign: [true, false],
      update_campaign: [false, false],
      activate_campaign: [false, false],
      pause_campaign: [false, false],
      archive_campaign: [false, true],
      add_campaign_stage: [false, false],
      enroll_in_campaign: [false, false],
      list_campaign_suppressions: [true, false],
      create_campaign_suppression: [false, false],
      delete_campaign_suppression: [false, true],
      list_snippets: [true, false],
      create_snippet: [false, false],
      update_snippet: [false, false],
      list_contact_lists: [true, false],
      create_contact_list: [false, false],
      add_contacts: [false, false],
    });

    async function tool(name: string, args: Record<string, unknown>) {
      const result = (await agent.callTool({ name, arguments: args })) as CallToolResult;
      expect(result.isError, `${name}: ${JSON.stringify(result.content)}`).toBeFalsy();
      return result.structuredContent as any;
    }
    await tool('create_snippet', { name: 'stop', body: 'Reply STOP to opt out' });
    const { contact_list: list } = await tool('create_contact_list', { name: 'Leads' });
    expect(
      await tool('add_contacts', { id: list.id, contacts: [{ phone_number: '+14155550151', first_name: 'Kim' }] }),
    ).toMatchObject({ added: 1 });
    const { campaign } = await tool('create_campaign', { name: 'Agent drip' });
    const early = (await agent.callTool({ name: 'activate_campaign', arguments: { id: campaign.id } })) as CallToolResult;
    expect(early.isError).toBe(true);
    expect(toolError(early)).toMatchObject({ code: 'invalid_state', current_status: 'draft' });
    const { stage } = await tool('add_campaign_stage', {
      id: campaign.id,
      body: 'Hi {{first_name}}: https://example.com/offer {{snippet:stop}}',
      delay_minutes: 5,
      shorten_links: true,
    });
    expect(stage).toMatchObject({ position: 1, shorten_links: true });
    expect(await tool('enroll_in_campaign', { id: campaign.id, contact_list_id: list.id })).toMatchObject({ enrolled: 1 });
    expect((await tool('activate_campaign', { id: campaign.id })).campaign).toMatchObject({
      status: 'active',
      enrollment_counts: { active: 1 },
    });
    expect((await tool('list_campaigns', { status: 'active' })).campaigns.map((row: { id: string }) => row.id)).toEqual([
      campaign.id,
    ]);
    expect((await tool('archive_campaign', { id: campaign.id })).campaign.status).toBe('archived');
    await agent.close();
  });
});
