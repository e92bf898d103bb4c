import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approvalJob } from '../src/domain/approvals/approvals.ts';
import { manualClock } from '../src/lib/clock.ts';
import { call, closeStarted, scaledMode, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, toolError } from './mcp-support.ts';
import { assignApprovedUseCase } from './registration-support.ts';
import { send, sendingWorkspace, sms } from './sending-support.ts';

let app: TestApp;
/**
 * A second API process on the same database and Redis (scaled mode only): approvals resolve there too.
 * Its jobs run in `app`, so `app.services.jobs.drain()` waits for every one of them.
 */
let other: TestApp | undefined;

beforeAll(async () => {
  app = await startTestApp();
  if (scaledMode) other = await startTestApp({}, { shareWith: app });
});
afterAll(async () => {
  await closeStarted(other, app);
});

const agentScopes = ['messages:write', 'tokens:write', 'mcp:read', 'mcp:execute'];

/** A workspace whose owner's token (`token`) created `agent`, a token under `approval`. */
async function agentWorkspace(approval: Record<string, unknown> = { required_for: 'all_sends' }) {
  const owner = await sendingWorkspace(app);
  const response = await call(app, 'POST', '/api/v1/tokens', {
    token: owner.token,
    body: { name: 'booking agent', scopes: agentScopes, approval },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { ...owner, agent: response.body.token as { id: string; access_token: string; approval: unknown } };
}

const balanceOf = async (token: string) => (await call(app, 'GET', '/api/v1/balance', { token })).body.balance_cents as number;
const refundsOf = (messageId: string) => app.services.prisma.ledgerEntry.count({ where: { messageId, kind: 'send_refund' } });
const eventsOf = (workspaceId: string, type: string) =>
  app.services.prisma.event.findMany({ where: { workspaceId, type }, orderBy: { createdAt: 'asc' } });

async function heldSend(token: string, body: Record<string, unknown> = sms()) {
  const response = await send(app, token, body);
  expect(response.status, JSON.stringify(response.body)).toBe(202);
  expect(response.body.message.status).toBe('pending_approval');
  return response.body.message as { id: string; status: string; approval: { id: string; expires_at: string } };
}

describe('a token with an approval rule', () => {
  it('shows its rule, passes it to the tokens it creates, and refuses a child with a looser one', async () => {
    const { token, agent } = await agentWorkspace({ required_for: 'over_cents', threshold_cents: 10 });
    expect(agent.approval).toEqual({ required_for: 'over_cents', threshold_cents: 10 });
    const listed = await call(app, 'GET', '/api/v1/tokens', { token });
    expect(listed.body.tokens.find((row: { id: string }) => row.id === agent.id).approval).toEqual(agent.approval);

    const child = await call(app, 'POST', '/api/v1/tokens', {
      token: agent.access_token,
      body: { name: 'sub-agent', scopes: ['messages:write'] },
    });
    expect(child.status).toBe(201);
    expect(child.body.token.approval).toEqual({ required_for: 'over_cents', threshold_cents: 10 });

    for (const looser of [{ required_for: 'over_cents', threshold_cents: 11 }, { required_for: 'new_recipients' }]) {
      const refused = await call(app, 'POST', '/api/v1/tokens', {
        token: agent.access_token,
        body: { name: 'sub-agent', scopes: ['messages:write'], approval: looser },
      });
      expect(refused.status).toBe(422);
      expect(refused.body.error.issues.map((issue: { path: string }) => issue.path)).toEqual(['approval']);
    }
    const stricter = await call(app, 'POST', '/api/v1/tokens', {
      token: agent.access_token,
      body: { name: 'sub-agent', scopes: ['messages:write'], approval: { required_for: 'all_sends' } },
    });
    expect(stricter.status).toBe(201);
  });

  it('holds a send as pending_approval, debited, with its approval, until the owner approves it; then it is delivered', async () => {
    const { token, workspaceId, agent } = await agentWorkspace();
    const before = await balanceOf(token);
    const preview = await call(app, 'POST', '/api/v1/messages/preview', { token: agent.access_token, body: sms() });
    expect(preview.body.preview).toMatchObject({ verdict: 'pending_approval', error: null });

    const message = await heldSend(agent.access_token);
    expect(message.approval).toMatchObject({ id: expect.stringMatching(/^apr_/), status: 'pending' });
    expect(message.approval).toHaveProperty('approval_url', `/console/approvals/${message.approval.id}`);
    expect(Date.parse(message.approval.expires_at) - app.clock.now()).toBe(app.config.approvalTtlSeconds * 1000);
    expect(await balanceOf(token)).toBe(before - app.config.pricePerSegmentCents);

    // Nothing goes out while it waits.
    await app.services.jobs.drain();
    const waiting = await call(app, 'GET', `/api/v1/messages/${message.id}`, { token });
    expect(waiting.body.message).toMatchObject({
      status: 'pending_approval',
      approval: { id: message.approval.id, status: 'pending' },
    });
    const pending = await call(app, 'GET', '/api/v1/approvals?status=pending', { token });
    expect(pending.body.approvals).toEqual([
      expect.objectContaining({
        id: message.approval.id,
        message: expect.objectContaining({ id: message.id, phone_number: sms().phone_number, body: sms().body }),
        requested_by: { token_id: agent.id, name: 'booking agent', approval: { required_for: 'all_sends' } },
        resolved_by: null,
      }),
    ]);
    const [requested] = await eventsOf(workspaceId, 'message.approval_requested');
    expect(requested?.data).toMatchObject({ approval: { id: message.approval.id, status: 'pending' } });

    const approved = await call(other ?? app, 'POST', `/api/v1/approvals/${message.approval.id}/approve`, { token });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.approval).toMatchObject({
      status: 'approved',
      message: { status: 'queued' },
      resolved_by: { kind: 'token', name: 'test' },
    });
    await app.services.jobs.drain();
    const delivered = await call(app, 'GET', `/api/v1/messages/${message.id}`, { token });
    expect(delivered.body.message).toMatchObject({ status: 'delivered', approval: { status: 'approved' } });
    expect(await refundsOf(message.id)).toBe(0);

    const timeline = await call(app, 'GET', `/api/v1/messages/${message.id}/events`, { token });
    const types = timeline.body.events.map((event: { type: string }) => event.type);
    expect(types.slice(0, 3)).toEqual(['accepted', 'approval_requested', 'approval_resolved']);
    expect(types).toContain('dispatch');
    expect(timeline.body.events[2].detail).toMatchObject({ status: 'approved', resolved_by: { kind: 'token' } });
    const [resolved] = await eventsOf(workspaceId, 'message.approval_resolved');
    expect(resolved?.data).toMatchObject({ approval: { status: 'approved', resolved_by: { kind: 'token' } } });
  });

  it('refunds a rejected send, which then stays canceled', async () => {
    const { token, agent } = await agentWorkspace();
    const before = await balanceOf(token);
    const message = await heldSend(agent.access_token);
    const rejected = await call(app, 'POST', `/api/v1/approvals/${message.approval.id}/reject`, { token });
    expect(rejected.status).toBe(200);
    expect(rejected.body.approval).toMatchObject({ status: 'rejected', message: { status: 'canceled' } });
    expect(await balanceOf(token)).toBe(before);

    const again = await call(app, 'POST', `/api/v1/approvals/${message.approval.id}/approve`, { token });
    expect(again.status).toBe(422);
    expect(again.body.error).toMatchObject({ code: 'approval_not_pending', current_status: 'rejected' });
    await app.services.jobs.drain();
    expect((await call(app, 'GET', `/api/v1/messages/${message.id}`, { token })).body.message.status).toBe('canceled');
    expect(await refundsOf(message.id)).toBe(1);
  });

  it('cancels a held send (REST and cancel_message): canceled, its approval canceled, refunded once; nothing else takes it then', async () => {
    const { token, workspaceId, agent } = await agentWorkspace();
    const before = await balanceOf(token);
    const message = await heldSend(agent.access_token);
    // The requesting token may cancel its own send: a cancel sends nothing.
    const canceled = await call(other ?? app, 'POST', `/api/v1/messages/${message.id}/cancel`, { token: agent.access_token });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    expect(canceled.body.message).toMatchObject({
      status: 'canceled',
      approval: { id: message.approval.id, status: 'canceled' },
    });
    expect(await balanceOf(token)).toBe(before);
    const again = await call(app, 'POST', `/api/v1/messages/${message.id}/cancel`, { token });
    expect(again.body.error).toMatchObject({ code: 'message_not_cancelable', current_status: 'canceled' });
    const late = await call(app, 'POST', `/api/v1/approvals/${message.approval.id}/approve`, { token });
    expect(late.body.error).toMatchObject({ code: 'approval_not_pending', current_status: 'canceled' });
    app.clock.advance(app.config.approvalTtlSeconds * 1000);
    await app.services.jobs.drain();
    expect(await refundsOf(message.id)).toBe(1);
    const [resolved] = await eventsOf(workspaceId, 'message.approval_resolved');
    expect(resolved?.data).toMatchObject({
      approval: { id: message.approval.id, status: 'canceled', resolved_by: { kind: 'token', token_id: agent.id } },
    });
    const timeline = await call(app, 'GET', `/api/v1/messages/${message.id}/events`, { token });
    expect(timeline.body.events.map((event: { type: string }) => event.type)).toEqual(
      expect.arrayContaining(['approval_resolved', 'canceled', 'refund']),
    );

    const overMcp = await heldSend(agent.access_token, sms({ body: 'Over MCP' }));
    const mcp = await connectMcp(app, agent.access_token);
    const result = (await mcp.callTool({ name: 'cancel_message', arguments: { id: overMcp.id } })) as CallToolResult;
    await mcp.close();
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ message: { status: 'canceled', approval: { status: 'canceled' } } });
    expect(await refundsOf(overMcp.id)).toBe(1);
    const foreign = await sendingWorkspace(app);
    const notFound = await call(app, 'POST', `/api/v1/messages/${message.id}/cancel`, { token: foreign.token });
    expect(notFound.status).toBe(404);
  });

  it('settles a cancel and an approval that meet with one outcome and at most one refund', async () => {
    const { token, agent } = await agentWorkspace();
    const messages = [];
    for (let index = 0; index < 6; index += 1) messages.push(await heldSend(agent.access_token, sms({ body: `Held ${index}` })));
    const outcomes = await Promise.all(
      messages.map(async (message, index) => {
        const [approved, canceled] = await Promise.all([
          call(app, 'POST', `/api/v1/approvals/${message.approval.id}/approve`, { token }),
          call(other ?? app, 'POST', `/api/v1/messages/${message.id}/cancel`, {
            token: index % 2 === 0 ? token : agent.access_token,
          }),
        ]);
        return { approved: approved.status === 200, canceled: canceled.status === 200, canceledError: canceled.body.error?.code };
      }),
    );
    for (const [index, message] of messages.entries()) {
      const outcome = outcomes[index]!;
      const approval = await app.services.prisma.approval.findUniqueOrThrow({ where: { id: message.approval.id } });
      const stored = await app.services.prisma.message.findUniqueOrThrow({ where: { id: message.id } });
      expect(outcome.approved).not.toBe(outcome.canceled);
      if (outcome.approved) {
        expect(approval.status).toBe('approved');
        expect(stored.status).not.toBe('canceled');
        expect(outcome.canceledError).toBe('message_not_cancelable');
        expect(await refundsOf(message.id)).toBe(0);
      } else {
        expect(approval.status).toBe('canceled');
        expect(stored.status).toBe('canceled');
        expect(await refundsOf(message.id)).toBe(1);
      }
      const resolvedEvents = await app.services.prisma.event.count({
        where: { type: 'message.approval_resolved', data: { path: ['approval', 'id'], equals: message.approval.id } },
      });
      expect(resolvedEvents).toBe(1);
    }
  });

  it('lets neither the requesting token, nor one it created, nor another token under a rule approve; another workspace finds nothing', async () => {
    const { token, workspaceId, agent } = await agentWorkspace();
    const message = await heldSend(agent.access_token);
    const child = await call(app, 'POST', '/api/v1/tokens', {
      token: agent.access_token,
      body: { name: 'sub-agent', scopes: ['messages:write'] },
    });
    const sibling = await call(app, 'POST', '/api/v1/tokens', {
      token,
      body: { name: 'other agent', scopes: ['messages:write'], approval: { required_for: 'new_recipients' } },
    });
    for (const approver of [agent.access_token, child.body.token.access_token, sibling.body.token.access_token]) {
      for (const action of ['approve', 'reject']) {
        const refused = await call(app, 'POST', `/api/v1/approvals/${message.approval.id}/${action}`, { token: approver });
        expect(refused.status).toBe(403);
        expect(refused.body.error.code).toBe('forbidden');
      }
    }
    const reader = await call(app, 'POST', '/api/v1/tokens', { token, body: { name: 'reader', scopes: ['messages:read'] } });
    const unscoped = await call(app, 'POST', `/api/v1/approvals/${message.approval.id}/approve`, {
      token: reader.body.token.access_token,
    });
    expect(unscoped.status).toBe(403);
    expect(unscoped.body.error.code).toBe('unauthorized');

    const stranger = await sendingWorkspace(app);
    const elsewhere = await call(app, 'POST', `/api/v1/approvals/${message.approval.id}/approve`, { token: stranger.token });
    expect(elsewhere.status).toBe(404);
    expect((await call(app, 'GET', '/api/v1/approvals', { token: stranger.token })).body.approvals).toEqual([]);

    // Over MCP the agent is told the same, and the approval still waits.
    const client = await connectMcp(app, agent.access_token);
    const result = await client.callTool({ name: 'approve_message', arguments: { id: message.approval.id } });
    expect(result.isError).toBe(true);
    expect(toolError(result).code).toBe('forbidden');
    await client.close();
    const approval = await app.services.prisma.approval.findUniqueOrThrow({ where: { id: message.approval.id } });
    expect(approval).toMatchObject({ status: 'pending', workspaceId });
  });

  it('may neither enroll numbers in a campaign nor activate one, whose steps would go out unapproved', async () => {
    const owner = await sendingWorkspace(app);
    const created = await call(app, 'POST', '/api/v1/tokens', {
      token: owner.token,
      body: { name: 'campaign agent', scopes: [...agentScopes, 'campaigns:write'], approval: { required_for: 'all_sends' } },
    });
    const agent = created.body.token.access_token as string;
    const campaign = await call(app, 'POST', '/api/v1/campaigns', { token: owner.token, body: { name: 'Unapproved drip' } });
    const campaignId = campaign.body.campaign.id as string;
    await call(app, 'POST', `/api/v1/campaigns/${campaignId}/stages`, {
      token: owner.token,
      body: { body: 'Step one', delay_minutes: 0 },
    });

    const enrolled = await call(app, 'POST', `/api/v1/campaigns/${campaignId}/enrollments`, {
      token: agent,
      body: { phone_numbers: ['+14155550177'] },
    });
    expect(enrolled.status, JSON.stringify(enrolled.body)).toBe(403);
    expect(enrolled.body.error.code).toBe('forbidden');
    const activated = await call(app, 'POST', `/api/v1/campaigns/${campaignId}/activate`, { token: agent });
    expect(activated.status).toBe(403);
    expect(activated.body.error.code).toBe('forbidden');

    const client = await connectMcp(app, agent, { toolsets: 'campaigns' });
    const result = await client.callTool({
      name: 'enroll_in_campaign',
      arguments: { id: campaignId, phone_numbers: ['+14155550177'] },
    });
    expect(toolError(result).code).toBe('forbidden');
    await client.close();
    expect(await app.services.prisma.campaignEnrollment.count({ where: { campaignId } })).toBe(0);

    // The owner, whose token has no rule, still runs the campaign.
    const byOwner = await call(app, 'POST', `/api/v1/campaigns/${campaignId}/enrollments`, {
      token: owner.token,
      body: { phone_numbers: ['+14155550177'] },
    });
    expect(byOwner.status).toBe(200);
    expect((await call(app, 'POST', `/api/v1/campaigns/${campaignId}/activate`, { token: owner.token })).status).toBe(200);
  });

  it('holds only new recipients under new_recipients, and only dearer sends under over_cents', async () => {
    const { token, agent } = await agentWorkspace({ required_for: 'new_recipients' });
    const known = '+14155550150';
    expect((await send(app, token, sms({ phone_number: known }))).status).toBe(202);
    expect((await send(app, agent.access_token, sms({ phone_number: known }))).body.message.status).toBe('queued');
    await heldSend(agent.access_token, sms({ phone_number: '+14155550151' }));
    // A held send does not make its recipient known.
    await heldSend(agent.access_token, sms({ phone_number: '+14155550151', body: 'Second try' }));

    const price = app.config.pricePerSegmentCents;
    const costly = await agentWorkspace({ required_for: 'over_cents', threshold_cents: price });
    expect((await send(app, costly.agent.access_token, sms())).body.message.status).toBe('queued');
    await heldSend(costly.agent.access_token, sms({ body: 'x'.repeat(200) }));
  });

  it('expires an unresolved approval into a canceled, refunded send, which can no longer be approved', async () => {
    const { token, workspaceId, agent } = await agentWorkspace();
    const before = await balanceOf(token);
    const message = await heldSend(agent.access_token);
    app.clock.advance(app.config.approvalTtlSeconds * 1000);
    await app.services.jobs.drain();
    const expired = await call(app, 'GET', `/api/v1/messages/${message.id}`, { token });
    expect(expired.body.message).toMatchObject({ status: 'canceled', approval: { status: 'expired' } });
    expect(await balanceOf(token)).toBe(before);
    const late = await call(app, 'POST', `/api/v1/approvals/${message.approval.id}/approve`, { token });
    expect(late.body.error).toMatchObject({ code: 'approval_not_pending', current_status: 'expired' });
    const [resolved] = await eventsOf(workspaceId, 'message.approval_resolved');
    expect(resolved?.data).toMatchObject({ approval: { status: 'expired', resolved_by: { kind: 'expiry' } } });
  });

  it('settles an approval and an expiry that meet with one outcome and at most one refund', async () => {
    const { token, agent } = await agentWorkspace();
    const messages = [];
    for (let index = 0; index < 6; index += 1) {
      messages.push(await heldSend(agent.access_token, sms({ body: `Held ${index}` })));
    }
    // The expiry runs by a clock already past the expiry, while the approval's is still before it:
    // both conditions hold, and only the row's status decides.
    const later = manualClock(app.clock.now() + app.config.approvalTtlSeconds * 1000);
    const expiring = { ...app.services, clock: later };
    await Promise.all(
      messages.flatMap((message, index) => [
        call(app, 'POST', `/api/v1/approvals/${message.approval.id}/${index % 2 === 0 ? 'approve' : 'reject'}`, { token }),
        approvalJob.run(
          expiring,
          { approvalId: message.approval.id, step: 'expire' },
          {
            id: `race-${index}`,
            queue: 'approval',
            attempt: 1,
            isLastAttempt: false,
          },
        ),
      ]),
    );
    for (const message of messages) {
      const approval = await app.services.prisma.approval.findUniqueOrThrow({ where: { id: message.approval.id } });
      const stored = await app.services.prisma.message.findUniqueOrThrow({ where: { id: message.id } });
      const refunds = await refundsOf(message.id);
      if (approval.status === 'approved') {
        expect(stored.status).not.toBe('canceled');
        expect(refunds).toBe(0);
      } else {
        expect(['rejected', 'expired']).toContain(approval.status);
        expect(stored.status).toBe('canceled');
        expect(refunds).toBe(1);
      }
      const resolvedEvents = await app.services.prisma.event.count({
        where: { type: 'message.approval_resolved', data: { path: ['approval', 'id'], equals: message.approval.id } },
      });
      expect(resolvedEvents).toBe(1);
    }
  });
});

describe('an approved send under the workspace’s allowed hours', () => {
  // Thursday 2 July 2026, 03:30 UTC: 20:30 in Los Angeles, inside its 08:00-21:00 window; 04:15 UTC is 21:15 there.
  const requestedAt = Date.UTC(2026, 6, 2, 3, 30);
  const approvedAt = Date.UTC(2026, 6, 2, 4, 15);
  const losAngelesOpens = Date.UTC(2026, 6, 2, 15, 0);
  const losAngeles = '+14155550241';

  async function approvedAfterHours(exemptUseCase?: string) {
    app.clock.set(requestedAt);
    const workspace = await agentWorkspace();
    const settings = await call(app, 'PATCH', '/api/v1/messaging-settings', {
      token: workspace.token,
      body: { quiet_hours: { mode: 'refuse' } },
    });
    expect(settings.status).toBe(200);
    if (exemptUseCase) await assignApprovedUseCase(app, workspace.workspaceId, workspace.senders[0]!.id, exemptUseCase);
    const message = await heldSend(workspace.agent.access_token, sms({ phone_number: losAngeles }));
    app.clock.set(approvedAt);
    const approved = await call(other ?? app, 'POST', `/api/v1/approvals/${message.approval.id}/approve`, {
      token: workspace.token,
    });
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    return { ...workspace, message, approved: approved.body.approval };
  }

  it('is held for the recipient’s next allowed minute when a person approves it after hours, then sent then', async () => {
    const { token, message, approved } = await approvedAfterHours();
    expect(approved).toMatchObject({ status: 'approved', message: { status: 'scheduled' } });
    await app.services.jobs.drain();
    const waiting = await call(app, 'GET', `/api/v1/messages/${message.id}`, { token });
    expect(waiting.body.message).toMatchObject({
      status: 'scheduled',
      send_at: new Date(losAngelesOpens).toISOString(),
      estimated_send_at: new Date(losAngelesOpens).toISOString(),
    });
    // Its validity (36,000 s) counts from the held minute, as a send held at acceptance's does.
    const stored = await app.services.prisma.message.findUniqueOrThrow({ where: { id: message.id } });
    expect(stored.expiresAt?.getTime()).toBe(losAngelesOpens + 36_000_000);
    app.clock.set(losAngelesOpens);
    await app.services.jobs.drain();
    const sent = await call(app, 'GET', `/api/v1/messages/${message.id}`, { token });
    expect(sent.body.message.status).toBe('delivered');
    expect(await refundsOf(message.id)).toBe(0);
  });

  it.each(['two_factor_auth', 'account_notifications'])(
    'goes at once after hours when its sender is registered for %s',
    async (useCase) => {
      const { token, message, approved } = await approvedAfterHours(useCase);
      expect(approved).toMatchObject({ status: 'approved', message: { status: 'queued' } });
      await app.services.jobs.drain();
      const sent = await call(app, 'GET', `/api/v1/messages/${message.id}`, { token });
      expect(sent.body.message.status).toBe('delivered');
    },
  );
});
