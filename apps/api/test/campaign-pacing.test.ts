import { describe, expect, it } from 'vitest';
import { lastSlotAt } from '../src/domain/campaigns/fan-out-estimate.ts';
import { runCampaignStep } from '../src/domain/campaigns/scheduler.ts';
import { call, type TestApp } from './harness.ts';
import { connectMcp } from './mcp-support.ts';
import { clockPlus, onStillPacedApp } from './pacing-support.ts';
import { sendingWorkspace } from './sending-support.ts';

/**
 * A campaign's fan-out is paced as any send is (SENDER_PACING=on): each step's send takes its
 * sender's next slot, and the campaign says from activation when its first stage will have gone out
 * (fan_out_estimate). The clock stands still and the workers are off, so every slot is exact.
 */

let app: TestApp;
onStillPacedApp((started) => (app = started));

const at = (ms: number) => clockPlus(app, ms);
type Workspace = Awaited<ReturnType<typeof sendingWorkspace>>;

async function api(workspace: Workspace, method: string, path: string, body?: unknown) {
  const response = await call(app, method, path, { token: workspace.token, body });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

/** A workspace whose default sender pool holds `numbers` local numbers (1 a second each). */
async function pooledWorkspace(numbers: number) {
  const workspace = await sendingWorkspace(app, { numbers });
  await api(workspace, 'POST', '/api/v1/sender-pools', {
    name: 'Campaigns',
    number_ids: workspace.senders.map((sender) => sender.id),
    is_default: true,
    sticky_sender: false,
  });
  return workspace;
}

/** A draft campaign of one stage with `count` numbers enrolled. */
async function draftCampaign(workspace: Workspace, count: number, delayMinutes = 0): Promise<string> {
  // Quiet hours off: the still clock may stand at night in New York.
  const { campaign } = await api(workspace, 'POST', '/api/v1/campaigns', {
    name: 'Launch',
    settings: { quiet_hours: { enabled: false } },
  });
  await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/stages`, { body: 'We are open', delay_minutes: delayMinutes });
  const phoneNumbers = Array.from({ length: count }, (_, index) => `+1212555${String(1000 + index)}`);
  await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/enrollments`, { phone_numbers: phoneNumbers });
  return campaign.id;
}

describe('fan_out_estimate', () => {
  it('says at activation that 20 enrollees on a pool of 2 local numbers drain in about 10 s, and the sends take those slots', async () => {
    const workspace = await pooledWorkspace(2);
    const campaignId = await draftCampaign(workspace, 20);
    const estimate = {
      recipients: 20,
      senders: 2,
      throughput_per_second: 2,
      starts_at: at(0),
      // Ten sends a number, one a second: the last of each at +9 s.
      estimated_drain_at: at(9_000),
    };
    expect((await api(workspace, 'GET', `/api/v1/campaigns/${campaignId}`)).campaign.fan_out_estimate).toEqual(estimate);
    const activated = await api(workspace, 'POST', `/api/v1/campaigns/${campaignId}/activate`);
    expect(activated.campaign.fan_out_estimate).toEqual(estimate);

    await runCampaignStep(app.services, { campaignId });
    const messages = await app.services.prisma.message.findMany({
      where: { workspaceId: workspace.workspaceId, source: 'campaign' },
    });
    expect(messages).toHaveLength(20);
    // Each number's ten sends, one slot a second apart, as accept_message_batch reserved them.
    for (const sender of workspace.senders) {
      const slots = messages
        .filter((message) => message.senderNumber === sender.number)
        .map((message) => message.estimatedSendAt!.toISOString())
        .sort();
      expect(slots).toEqual(Array.from({ length: 10 }, (_, index) => at(index * 1_000)));
    }
    const queue = await api(workspace, 'GET', '/api/v1/queue');
    expect(queue.queue).toMatchObject({ queued: 20, estimated_drain_at: estimate.estimated_drain_at });
    // Nobody waits for the first stage any more.
    expect((await api(workspace, 'GET', `/api/v1/campaigns/${campaignId}`)).campaign.fan_out_estimate).toBeNull();
  });

  it("starts at the first stage's delay and after the slots its numbers already hold", async () => {
    const workspace = await pooledWorkspace(2);
    // One number is busy for 30 s more: the other takes sends until both are free.
    await app.services.prisma.phoneNumber.update({
      where: { id: workspace.senders[0]!.id },
      data: { nextSlotAt: new Date(app.clock.now() + 5 * 60_000 + 30_000) },
    });
    const campaignId = await draftCampaign(workspace, 40, 5);
    const activated = await api(workspace, 'POST', `/api/v1/campaigns/${campaignId}/activate`);
    // 30 sends on the free number by +5:29, then the last 10 shared from +5:30: 5 each, the last at +5:34.
    expect(activated.campaign.fan_out_estimate).toMatchObject({
      recipients: 40,
      starts_at: at(5 * 60_000),
      estimated_drain_at: at(5 * 60_000 + 34_000),
    });
  });

  it('is null without a number to send from, and on get_campaign over MCP', async () => {
    const idle = await sendingWorkspace(app, { numbers: 0 });
    const idleCampaign = await draftCampaign(idle, 3);
    expect((await api(idle, 'GET', `/api/v1/campaigns/${idleCampaign}`)).campaign.fan_out_estimate).toBeNull();

    const workspace = await pooledWorkspace(1);
    const campaignId = await draftCampaign(workspace, 3);
    const client = await connectMcp(app, workspace.token);
    try {
      const result = await client.callTool({ name: 'get_campaign', arguments: { id: campaignId } });
      expect(result.structuredContent).toMatchObject({
        campaign: { fan_out_estimate: { recipients: 3, senders: 1, estimated_drain_at: at(2_000) } },
      });
    } finally {
      await client.close();
    }
  });

  it('puts 10,000 sends on 10 numbers at 1 a second about 1,000 s out, and a toll-free pace a third of that', () => {
    const local = Array.from({ length: 10 }, () => ({ throughputPerSecond: 1, nextSlotAt: null }));
    expect(lastSlotAt(10_000, 1, 0, local)).toBe(999_000);
    const tollFree = Array.from({ length: 10 }, () => ({ throughputPerSecond: 3, nextSlotAt: null }));
    expect(lastSlotAt(10_000, 1, 0, tollFree)).toBe(333_000);
    // Two-segment messages take two slots' time.
    expect(lastSlotAt(10, 2, 0, local)).toBe(0);
    expect(lastSlotAt(11, 2, 0, local)).toBe(2_000);
  });
});
