import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type TestApp, startTestApp } from './harness.ts';
import { eventId, postSigned } from './inbound-support.ts';
import { connectMcp, toolError } from './mcp-support.ts';
import { sendingWorkspace, sms } from './sending-support.ts';

/**
 * The workspace's allowed hours on every path a send comes in by (REST, tRPC as the console sends,
 * the MCP tool, the legacy tool route, a batch item, a scheduled send, a campaign step), what is
 * exempt (an auto-reply), and a campaign's own quiet hours on top, with a clock the test sets.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { startJobs: false });
});
afterAll(async () => {
  await app.close();
});

type Workspace = Awaited<ReturnType<typeof sendingWorkspace>>;

/** Wednesday 1 July 2026, 12:30 UTC: 05:30 in Los Angeles, 08:30 in New York. */
const WEDNESDAY_1230_UTC = Date.UTC(2026, 6, 1, 12, 30);
/** 08:00 in Los Angeles that morning, when its window opens. */
const LOS_ANGELES_OPENS = new Date(Date.UTC(2026, 6, 1, 15, 0)).toISOString();
const losAngeles = '+14155550240';
const newYork = '+12125550240';

async function configured(settings: Record<string, unknown>): Promise<Workspace> {
  const workspace = await sendingWorkspace(app);
  const response = await call(app, 'PATCH', '/api/v1/messaging-settings', { token: workspace.token, body: settings });
  expect(response.status).toBe(200);
  return workspace;
}

const messageCount = (workspace: Workspace) =>
  app.services.prisma.message.count({ where: { workspaceId: workspace.workspaceId } });

/**
 * One send to Los Angeles by each path: the refusal's catalogue error (code, next_allowed_at) or the
 * accepted message, as each path answers it.
 */
async function sendByEveryPath(workspace: Workspace): Promise<Record<string, { error?: any; message?: any }>> {
  const body = sms({ phone_number: losAngeles });
  const { token } = workspace;
  const rest = await call(app, 'POST', '/api/v1/messages', { token, body });
  const trpc = await call(app, 'POST', '/trpc/messages.create', { token, body });
  const legacy = await call(app, 'POST', '/mcp/tools/send_message', { token, body: { params: body } });
  const batch = await call(app, 'POST', '/api/v1/messages/batch', { token, body: { messages: [body] } });
  const client = await connectMcp(app, token);
  let mcp: { error?: any; message?: any };
  try {
    const result = await client.callTool({ name: 'send_message', arguments: body });
    mcp = result.isError ? { error: toolError(result) } : (result.structuredContent as { message: any });
  } finally {
    await client.close();
  }
  const [item] = batch.body.results;
  return {
    rest: rest.body,
    trpc: trpc.status < 300 ? trpc.body.result.data : trpc.body.error.data.body,
    legacy: legacy.status < 300 ? legacy.body.result : legacy.body,
    batch: item.status < 300 ? { message: item.message } : { error: item.error },
    mcp,
  };
}

describe('allowed hours on every path in', () => {
  it('refuse: REST, tRPC, MCP, the legacy tool route and a batch item answer outside_allowed_hours alike', async () => {
    app.clock.set(WEDNESDAY_1230_UTC);
    const workspace = await configured({ quiet_hours: { mode: 'refuse' } });
    const answers = await sendByEveryPath(workspace);
    for (const [path, answer] of Object.entries(answers)) {
      expect(answer.error, path).toMatchObject({ code: 'outside_allowed_hours', next_allowed_at: LOS_ANGELES_OPENS });
    }
    expect(await messageCount(workspace)).toBe(0);
  });

  it('hold: every path accepts the send as scheduled for the next allowed minute and says so', async () => {
    app.clock.set(WEDNESDAY_1230_UTC);
    const workspace = await configured({ quiet_hours: { mode: 'hold' } });
    const answers = await sendByEveryPath(workspace);
    for (const [path, answer] of Object.entries(answers)) {
      expect(answer.message, path).toMatchObject({ status: 'scheduled', held_until: LOS_ANGELES_OPENS });
    }
    const held = await app.services.prisma.message.findMany({ where: { workspaceId: workspace.workspaceId } });
    expect(held.map((message) => message.sendAt?.toISOString())).toEqual(Array(5).fill(LOS_ANGELES_OPENS));
  });

  it('judges a scheduled send at its send_at, not at the time it was made', async () => {
    app.clock.set(WEDNESDAY_1230_UTC);
    const workspace = await configured({ quiet_hours: { mode: 'refuse' } });
    // Made at 05:30 for 08:30 in Los Angeles: inside the window when it goes out.
    const morning = await call(app, 'POST', '/api/v1/messages', {
      token: workspace.token,
      body: sms({ phone_number: losAngeles, send_at: new Date(Date.UTC(2026, 6, 1, 15, 30)).toISOString() }),
    });
    expect(morning.status, JSON.stringify(morning.body)).toBe(202);
    expect(morning.body.message).toMatchObject({ status: 'scheduled' });
    expect(morning.body.message.held_until).toBeUndefined();
    // For 22:00 that evening: refused, with the next morning's opening.
    const evening = await call(app, 'POST', '/api/v1/messages', {
      token: workspace.token,
      body: sms({ phone_number: losAngeles, send_at: new Date(Date.UTC(2026, 6, 2, 5, 0)).toISOString() }),
    });
    expect(evening.status).toBe(422);
    expect(evening.body.error).toMatchObject({
      code: 'outside_allowed_hours',
      next_allowed_at: new Date(Date.UTC(2026, 6, 2, 15, 0)).toISOString(),
    });
  });

  it("never holds an auto-reply: a HELP at 05:30 is answered at once, while the workspace's own send is refused", async () => {
    app.clock.set(WEDNESDAY_1230_UTC);
    const workspace = await configured({ quiet_hours: { mode: 'refuse' } });
    const inbound = await postSigned(app, 'messaging', 'incoming', {
      id: eventId('in'),
      from: losAngeles,
      to: workspace.senders[0]!.number,
      body: 'HELP',
    });
    expect(inbound.status).toBe(202);
    await app.services.jobs.drain();
    const replies = await app.services.prisma.message.findMany({ where: { workspaceId: workspace.workspaceId } });
    expect(replies).toEqual([expect.objectContaining({ source: 'auto_reply', sendAt: null, phoneNumber: losAngeles })]);
    expect(replies[0]!.status).not.toMatch(/scheduled|failed/);
    const own = await call(app, 'POST', '/api/v1/messages', { token: workspace.token, body: sms({ phone_number: losAngeles }) });
    expect(own.body.error.code).toBe('outside_allowed_hours');
  });
});

describe('allowed hours on campaign steps', () => {
  type CampaignSettings = { quiet_hours: Record<string, unknown> };

  /** An active campaign with one immediate stage, `phoneNumber` enrolled; its enrollment after the due jobs ran. */
  async function campaignTo(workspace: Workspace, phoneNumber: string, settings: CampaignSettings) {
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await call(app, method, path, { token: workspace.token, body });
      expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
      return response.body;
    };
    const { campaign } = await api('POST', '/api/v1/campaigns', { name: 'Allowed hours', settings });
    await api('POST', `/api/v1/campaigns/${campaign.id}/stages`, { body: 'Our spring sale starts today', delay_minutes: 0 });
    await api('POST', `/api/v1/campaigns/${campaign.id}/enrollments`, { phone_numbers: [phoneNumber] });
    await api('POST', `/api/v1/campaigns/${campaign.id}/activate`);
    const enrollment = async () => {
      await app.services.jobs.drain();
      return (await api('GET', `/api/v1/campaigns/${campaign.id}/enrollments`)).enrollments[0];
    };
    return { enrollment };
  }

  const sent = (workspace: Workspace) =>
    app.services.prisma.message.findMany({ where: { workspaceId: workspace.workspaceId, source: 'campaign' } });

  it("refuse: a step outside the recipient's window waits for it, then goes out", async () => {
    app.clock.set(WEDNESDAY_1230_UTC);
    const workspace = await configured({ quiet_hours: { mode: 'refuse' } });
    const { enrollment } = await campaignTo(workspace, losAngeles, { quiet_hours: { enabled: false } });
    expect(await enrollment()).toMatchObject({
      status: 'active',
      skip_reason: 'outside_allowed_hours',
      next_step_at: LOS_ANGELES_OPENS,
    });
    expect(await sent(workspace)).toEqual([]);
    app.clock.set(Date.parse(LOS_ANGELES_OPENS));
    expect(await enrollment()).toMatchObject({ status: 'completed', skip_reason: null });
    expect(await sent(workspace)).toHaveLength(1);
  });

  it('hold: a step outside the window is sent as a message held to its opening', async () => {
    app.clock.set(WEDNESDAY_1230_UTC);
    const workspace = await configured({ quiet_hours: { mode: 'hold' } });
    const { enrollment } = await campaignTo(workspace, losAngeles, { quiet_hours: { enabled: false } });
    expect(await enrollment()).toMatchObject({ status: 'completed' });
    expect(await sent(workspace)).toEqual([
      expect.objectContaining({ status: 'scheduled', sendAt: new Date(LOS_ANGELES_OPENS) }),
    ]);
  });

  it("goes out only when both windows allow it: the campaign's quiet hours on top of the workspace's allowed hours", async () => {
    // 08:30 in New York: inside the workspace's 08:00-21:00, inside the campaign's quiet hours until 09:00.
    app.clock.set(WEDNESDAY_1230_UTC);
    const workspace = await configured({ quiet_hours: { mode: 'refuse' } });
    const quietUntilNine = await campaignTo(workspace, newYork, {
      quiet_hours: { enabled: true, start: '21:00', end: '09:00' },
    });
    const nineInNewYork = new Date(Date.UTC(2026, 6, 1, 13, 0)).toISOString();
    expect(await quietUntilNine.enrollment()).toMatchObject({ status: 'active', next_step_at: nineInNewYork });
    expect(await sent(workspace)).toEqual([]);

    // The other way round: the campaign's quiet hours end at 07:00, the workspace's window opens at 10:00.
    const late = await configured({ quiet_hours: { mode: 'refuse', start: '10:00', end: '21:00' } });
    const openAtTen = await campaignTo(late, newYork, { quiet_hours: { enabled: true, start: '21:00', end: '07:00' } });
    const tenInNewYork = new Date(Date.UTC(2026, 6, 1, 14, 0)).toISOString();
    expect(await openAtTen.enrollment()).toMatchObject({
      status: 'active',
      skip_reason: 'outside_allowed_hours',
      next_step_at: tenInNewYork,
    });

    app.clock.set(Date.parse(nineInNewYork));
    expect(await quietUntilNine.enrollment()).toMatchObject({ status: 'completed' });
    expect(await sent(workspace)).toHaveLength(1);
    expect(await openAtTen.enrollment()).toMatchObject({ status: 'active', next_step_at: tenInNewYork });
    app.clock.set(Date.parse(tenInNewYork));
    expect(await openAtTen.enrollment()).toMatchObject({ status: 'completed' });
    expect(await sent(late)).toHaveLength(1);
  });
});
