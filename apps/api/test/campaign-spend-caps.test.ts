import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { call, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';
import { sendingWorkspace } from './sending-support.ts';

const MINUTE = 60_000;
// 10:00 UTC: the next UTC day, when the caps start again, is 14 hours away.
const START = Date.UTC(2027, 2, 3, 10, 0);

let app: TestApp;
let price: number;
beforeAll(async () => {
  // Jobs run only when a test drains them, at the time the test set.
  app = await startTestApp({}, { startJobs: false });
  price = app.config.pricePerSegmentCents;
});
afterAll(async () => {
  await app.close();
});

type Workspace = Awaited<ReturnType<typeof sendingWorkspace>>;
type Enrollment = {
  id: string;
  phone_number: string;
  status: string;
  stop_reason: string | null;
  skip_reason: string | null;
  enrolled_by_token_id: string | null;
  next_step_at: string | null;
};

/** Moves the clock and runs every job that is due, as the workers would. */
async function runFor(ms: number) {
  app.clock.advance(ms);
  await app.services.jobs.drain();
}

async function ok(token: string, method: string, path: string, body?: unknown) {
  const response = await call(app, method, path, { token, body });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

/** A delegated token created by `creator` through POST /api/v1/tokens. */
async function delegated(creator: string, body: Record<string, unknown>) {
  const { token } = await ok(creator, 'POST', '/api/v1/tokens', {
    name: 'campaign agent',
    scopes: ['campaigns:read', 'campaigns:write', 'messages:write', 'tokens:write'],
    ...body,
  });
  return token as { id: string; access_token: string };
}

/** An active campaign without quiet hours whose one stage (`body`) is due at once. */
async function activeCampaign(token: string, body = 'Spring sale starts now') {
  const { campaign } = await ok(token, 'POST', '/api/v1/campaigns', {
    name: 'Spring',
    settings: { quiet_hours: { enabled: false } },
  });
  await ok(token, 'POST', `/api/v1/campaigns/${campaign.id}/stages`, { body, delay_minutes: 0 });
  await ok(token, 'POST', `/api/v1/campaigns/${campaign.id}/activate`);
  return campaign.id as string;
}

function numbers(first: number, count: number): string[] {
  return Array.from({ length: count }, (_, index) => `+1212555${String(first + index).padStart(4, '0')}`);
}

/** The campaign's sends, by the token each was accepted for. */
async function campaignSends(workspace: Workspace) {
  const messages = await app.services.prisma.message.findMany({
    where: { workspaceId: workspace.workspaceId, source: 'campaign' },
  });
  return messages.map((message) => ({ phoneNumber: message.phoneNumber, tokenId: message.tokenId, cost: message.costCents }));
}

/** Every enrollment of the campaign through GET /api/v1/campaigns/{id}/enrollments, page after page. */
async function enrollments(token: string, campaignId: string): Promise<Enrollment[]> {
  const all: Enrollment[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor ? `&cursor=${cursor}` : '';
    const page = await ok(token, 'GET', `/api/v1/campaigns/${campaignId}/enrollments?limit=4${query}`);
    all.push(...page.enrollments);
    cursor = page.next_cursor;
  } while (cursor);
  return all;
}

function byStatusAndReason(list: Enrollment[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const enrollment of list) {
    const key = [enrollment.status, enrollment.stop_reason, enrollment.skip_reason].filter(Boolean).join(' ');
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

async function skippedCounts(token: string, campaignId: string) {
  return (await ok(token, 'GET', `/api/v1/campaigns/${campaignId}`)).campaign.skipped_counts;
}

describe("campaign sends count against the enrolling token's daily spend cap", () => {
  it('sends what the cap allows, skips the rest until the next UTC day, and leaves uncapped enrollments alone', async () => {
    app.clock.set(START);
    const workspace = await sendingWorkspace(app);
    const agent = await delegated(workspace.token, { spend_cap_cents_daily: 2 * price });
    const campaignId = await activeCampaign(agent.access_token);
    const capped = numbers(1000, 10);
    const uncapped = numbers(2000, 3);
    await ok(agent.access_token, 'POST', `/api/v1/campaigns/${campaignId}/enrollments`, { phone_numbers: capped });
    // The workspace's own (root-level) token enrolls a few more in the same campaign.
    await ok(workspace.token, 'POST', `/api/v1/campaigns/${campaignId}/enrollments`, { phone_numbers: uncapped });
    await runFor(0);

    const sends = await campaignSends(workspace);
    expect(sends.filter((send) => capped.includes(send.phoneNumber))).toHaveLength(2);
    expect(sends.filter((send) => uncapped.includes(send.phoneNumber))).toHaveLength(3);
    // Each send is the enrolling token's: its cap and its refunds follow it.
    expect(new Set(sends.filter((send) => capped.includes(send.phoneNumber)).map((send) => send.tokenId))).toEqual(
      new Set([agent.id]),
    );
    const tokens = await ok(workspace.token, 'GET', '/api/v1/tokens');
    expect(tokens.tokens.find((token: { id: string }) => token.id === agent.id)).toMatchObject({
      spent_today_cents: 2 * price,
    });

    const listed = await enrollments(agent.access_token, campaignId);
    expect(listed).toHaveLength(13);
    expect(new Set(listed.map((enrollment) => enrollment.id)).size).toBe(13);
    expect(byStatusAndReason(listed)).toEqual({ completed: 5, 'active token_spend_limit_exceeded': 8 });
    const nextUtcDay = new Date(Date.UTC(2027, 2, 4)).toISOString();
    for (const enrollment of listed) {
      if (uncapped.includes(enrollment.phone_number))
        expect(enrollment).toMatchObject({ status: 'completed', skip_reason: null });
      else expect(enrollment.enrolled_by_token_id).toBe(agent.id);
      if (enrollment.skip_reason) expect(enrollment.next_step_at).toBe(nextUtcDay);
    }
    expect(await skippedCounts(agent.access_token, campaignId)).toEqual({
      insufficient_balance: 0,
      branded_number_missing: 0,
      spend_limit_exceeded: 0,
      token_spend_limit_exceeded: 8,
      parent_token_spend_limit_exceeded: 0,
      suspected_sms_pumping: 0,
      outside_allowed_hours: 0,
    });

    // The skipped steps wait for the new day: no retry before it, and no job left failing meanwhile.
    await runFor(13 * 60 * MINUTE);
    expect(await campaignSends(workspace)).toHaveLength(5);
    const failing = await app.services.prisma.job.count({
      where: { queue: 'campaign_step', OR: [{ lastError: { not: null } }, { status: 'dead' }] },
    });
    expect(failing).toBe(0);

    // 00:00 UTC: the cap starts again and two more go out; the other six wait for the next day.
    await runFor(60 * MINUTE);
    expect((await campaignSends(workspace)).filter((send) => capped.includes(send.phoneNumber))).toHaveLength(4);
    expect(byStatusAndReason(await enrollments(agent.access_token, campaignId))).toEqual({
      completed: 7,
      'active token_spend_limit_exceeded': 6,
    });
    expect((await skippedCounts(workspace.token, campaignId)).token_spend_limit_exceeded).toBe(6);
  });

  it("holds them to every ancestor's cap too", async () => {
    app.clock.set(START + 7 * 24 * 60 * MINUTE);
    const workspace = await sendingWorkspace(app);
    const parent = await delegated(workspace.token, { spend_cap_cents_daily: 3 * price });
    // The parent spends two thirds of its day directly; the child inherits the parent's cap as its own.
    for (const phoneNumber of numbers(3000, 2)) {
      await ok(parent.access_token, 'POST', '/api/v1/messages', { phone_number: phoneNumber, body: 'Direct' });
    }
    const child = await delegated(parent.access_token, {});
    const campaignId = await activeCampaign(child.access_token);
    await ok(child.access_token, 'POST', `/api/v1/campaigns/${campaignId}/enrollments`, { phone_numbers: numbers(3100, 4) });
    await runFor(0);

    expect(await campaignSends(workspace)).toHaveLength(1);
    expect(byStatusAndReason(await enrollments(child.access_token, campaignId))).toEqual({
      completed: 1,
      'active parent_token_spend_limit_exceeded': 3,
    });
    expect(await skippedCounts(child.access_token, campaignId)).toMatchObject({
      token_spend_limit_exceeded: 0,
      parent_token_spend_limit_exceeded: 3,
    });
  });

  it('stops an enrollment whose step costs more than a whole day of the cap instead of trying it every day', async () => {
    app.clock.set(START + 14 * 24 * 60 * MINUTE);
    const workspace = await sendingWorkspace(app);
    const agent = await delegated(workspace.token, { spend_cap_cents_daily: price });
    // Two segments: twice what the token may spend in a day.
    const campaignId = await activeCampaign(agent.access_token, 'A long announcement. '.repeat(10));
    await ok(agent.access_token, 'POST', `/api/v1/campaigns/${campaignId}/enrollments`, { phone_numbers: numbers(4000, 2) });
    await runFor(0);
    expect(await campaignSends(workspace)).toEqual([]);
    const listed = await enrollments(agent.access_token, campaignId);
    expect(byStatusAndReason(listed)).toEqual({ 'stopped step_over_spend_cap token_spend_limit_exceeded': 2 });
    expect(listed.every((enrollment) => enrollment.next_step_at === null)).toBe(true);
    const campaign = (await ok(agent.access_token, 'GET', `/api/v1/campaigns/${campaignId}`)).campaign;
    expect(campaign.enrollment_counts).toEqual({ active: 0, completed: 0, stopped: 2 });
    expect(campaign.skipped_counts.token_spend_limit_exceeded).toBe(2);

    await runFor(24 * 60 * MINUTE);
    expect(await campaignSends(workspace)).toEqual([]);
  });
});

describe('GET /api/v1/campaigns/{id}/enrollments', () => {
  it('pages newest first and refuses a cursor it did not make', async () => {
    app.clock.set(START + 21 * 24 * 60 * MINUTE);
    const developer = await createDeveloper(app);
    const { campaign } = await ok(developer.token, 'POST', '/api/v1/campaigns', { name: 'Paged' });
    const path = `/api/v1/campaigns/${campaign.id}/enrollments`;
    await ok(developer.token, 'POST', path, { phone_numbers: numbers(5000, 3) });
    app.clock.advance(MINUTE);
    await ok(developer.token, 'POST', path, { phone_numbers: numbers(5100, 2) });

    const first = await ok(developer.token, 'GET', `${path}?limit=2`);
    expect(first.enrollments.map((enrollment: Enrollment) => enrollment.phone_number).sort()).toEqual(numbers(5100, 2));
    expect(first.enrollments[0]).toMatchObject({
      id: expect.stringMatching(/^enr_/),
      campaign_id: campaign.id,
      status: 'active',
      stop_reason: null,
      skip_reason: null,
      enrolled_by_token_id: expect.stringMatching(/^tok_/),
      next_step_at: null,
    });
    const rest = await ok(developer.token, 'GET', `${path}?limit=100&cursor=${first.next_cursor}`);
    expect(rest.enrollments.map((enrollment: Enrollment) => enrollment.phone_number).sort()).toEqual(numbers(5000, 3));
    expect(rest.next_cursor).toBeNull();

    const garbage = await call(app, 'GET', `${path}?cursor=not-a-cursor`, { token: developer.token });
    expect(garbage.status).toBe(422);
    expect(garbage.body.error).toMatchObject({ code: 'validation_failed', issues: [{ path: 'cursor' }] });
    // A cursor of another list is no position in this one.
    await ok(developer.token, 'POST', `/api/v1/campaigns/${campaign.id}/suppressions`, { phone_number: '+12125559001' });
    await ok(developer.token, 'POST', `/api/v1/campaigns/${campaign.id}/suppressions`, { phone_number: '+12125559002' });
    const suppressions = await ok(developer.token, 'GET', `/api/v1/campaigns/${campaign.id}/suppressions?limit=1`);
    const foreign = await call(app, 'GET', `${path}?cursor=${suppressions.next_cursor}`, { token: developer.token });
    expect(foreign.status).toBe(422);
    expect((await call(app, 'GET', `${path}?limit=0`, { token: developer.token })).status).toBe(422);
  });

  it('is 404 for an unknown campaign and for another workspace’s, 403 without campaigns:read', async () => {
    const owner = await createDeveloper(app);
    const stranger = await createDeveloper(app);
    const { campaign } = await ok(owner.token, 'POST', '/api/v1/campaigns', { name: 'Private' });
    await ok(owner.token, 'POST', `/api/v1/campaigns/${campaign.id}/enrollments`, { phone_numbers: ['+12125559101'] });
    const path = `/api/v1/campaigns/${campaign.id}/enrollments`;

    const unknown = await call(app, 'GET', '/api/v1/campaigns/cmp_unknown/enrollments', { token: owner.token });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
    const foreign = await call(app, 'GET', path, { token: stranger.token });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('+12125559101');

    const writer = await tokenWithScopes(app, owner.workspaceId, ['campaigns:write']);
    const refused = await call(app, 'GET', path, { token: writer });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('+12125559101');
    const reader = await tokenWithScopes(app, owner.workspaceId, ['campaigns:read']);
    expect((await call(app, 'GET', path, { token: reader })).status).toBe(200);
    expect((await call(app, 'GET', path)).status).toBe(401);
  });

  it('is the MCP tool list_enrollments, which needs campaigns:read too', async () => {
    const developer = await createDeveloper(app);
    const { campaign } = await ok(developer.token, 'POST', '/api/v1/campaigns', { name: 'Agent' });
    await ok(developer.token, 'POST', `/api/v1/campaigns/${campaign.id}/enrollments`, { phone_numbers: ['+12125559201'] });

    const reader = await connectMcp(app, await tokenWithScopes(app, developer.workspaceId, ['mcp:execute', 'campaigns:read']));
    const listed = (await reader.callTool({ name: 'list_enrollments', arguments: { id: campaign.id } })) as CallToolResult;
    expect(listed.isError, JSON.stringify(listed.content)).toBeFalsy();
    expect((listed.structuredContent as { enrollments: Enrollment[] }).enrollments).toMatchObject([
      { phone_number: '+12125559201', status: 'active' },
    ]);
    const missing = (await reader.callTool({ name: 'list_enrollments', arguments: { id: 'cmp_unknown' } })) as CallToolResult;
    expect(missing.isError).toBe(true);
    expect(toolError(missing)).toMatchObject({ code: 'not_found' });
    await reader.close();

    const writer = await connectMcp(app, await tokenWithScopes(app, developer.workspaceId, ['mcp:execute', 'campaigns:write']));
    const refused = (await writer.callTool({ name: 'list_enrollments', arguments: { id: campaign.id } })) as CallToolResult;
    expect(refused.isError).toBe(true);
    expect(JSON.stringify(toolError(refused))).toContain('campaigns:read');
    expect(JSON.stringify(refused.content)).not.toContain('+12125559201');
    await writer.close();
  });
});

describe('a campaign step of a revoked enrolling token', () => {
  it('stops the enrollments a revoked delegated token made, and sends those a root-level key made even once it is revoked', async () => {
    app.clock.set(START);
    const workspace = await sendingWorkspace(app);
    const { campaign } = await ok(workspace.token, 'POST', '/api/v1/campaigns', {
      name: 'Later',
      settings: { quiet_hours: { enabled: false } },
    });
    const campaignId = campaign.id as string;
    await ok(workspace.token, 'POST', `/api/v1/campaigns/${campaignId}/stages`, { body: 'An hour later', delay_minutes: 60 });
    await ok(workspace.token, 'POST', `/api/v1/campaigns/${campaignId}/activate`);
    const agent = await delegated(workspace.token, {});
    const rootKey = (await ok(workspace.token, 'POST', '/api/v1/onboarding/api-key', { name: 'rotated' })).token as {
      access_token: string;
    };
    const byAgent = numbers(3000, 3);
    const byRootKey = numbers(3100, 2);
    await ok(agent.access_token, 'POST', `/api/v1/campaigns/${campaignId}/enrollments`, { phone_numbers: byAgent });
    await ok(rootKey.access_token, 'POST', `/api/v1/campaigns/${campaignId}/enrollments`, { phone_numbers: byRootKey });
    await runFor(0);

    await ok(workspace.token, 'DELETE', `/api/v1/tokens/${agent.id}`);
    const rootKeyId = (
      await app.services.prisma.accessToken.findFirstOrThrow({ where: { workspaceId: workspace.workspaceId, name: 'rotated' } })
    ).id;
    await ok(workspace.token, 'DELETE', `/api/v1/tokens/${rootKeyId}`);
    await runFor(61 * MINUTE);

    expect((await campaignSends(workspace)).map((send) => send.phoneNumber).sort()).toEqual(byRootKey);
    const listed = await enrollments(workspace.token, campaignId);
    expect(byStatusAndReason(listed)).toEqual({ 'stopped enrolling_token_revoked': 3, completed: 2 });
    for (const enrollment of listed.filter((row) => byAgent.includes(row.phone_number)))
      expect(enrollment).toMatchObject({ status: 'stopped', stop_reason: 'enrolling_token_revoked', next_step_at: null });
  });
});
