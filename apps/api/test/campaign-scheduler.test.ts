import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCampaignStep } from '../src/domain/campaigns/scheduler.ts';
import {
  type EnrollmentTransition,
  enrollmentStatuses,
  enrollmentTransitions,
  transitionEnrollments,
} from '../src/domain/campaigns/state-machine.ts';
import { sendMessage } from '../src/domain/messages/send.ts';
import { postLedgerEntry } from '../src/domain/ledger.ts';
import { newId } from '../src/lib/crypto.ts';
import { call, type TestApp, startTestApp } from './harness.ts';
import { eventId, postSigned } from './inbound-support.ts';
import { sendingWorkspace } from './sending-support.ts';

const MINUTE = 60_000;
// Tuesday 10:00 in New York (UTC-5), 07:00 in Los Angeles: inside LA's quiet hours, outside New York's.
const START = Date.UTC(2027, 0, 12, 15, 0);

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { startJobs: false });
});
afterAll(async () => {
  await app.close();
});

type Workspace = Awaited<ReturnType<typeof sendingWorkspace>>;

/** Moves the clock and runs every job that is due, as the workers would. */
async function runFor(ms: number) {
  app.clock.advance(ms);
  await app.services.jobs.drain();
}

async function api(workspace: Workspace, method: string, path: string, body?: unknown) {
  const response = await call(app, method, path, { token: workspace.token, body });
  expect(response.status, `${method} ${path}: ${JSON.stringify(response.body)}`).toBeLessThan(300);
  return response.body;
}

/** A campaign with `stages` ([body, delay_minutes]) and `phoneNumbers` enrolled, still a draft. */
async function draftCampaign(workspace: Workspace, stages: [string, number][], phoneNumbers: string[], settings?: object) {
  const { campaign } = await api(workspace, 'POST', '/api/v1/campaigns', { name: 'Drip', ...(settings ? { settings } : {}) });
  for (const [body, delay] of stages)
    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/stages`, { body, delay_minutes: delay });
  if (phoneNumbers.length > 0)
    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/enrollments`, { phone_numbers: phoneNumbers });
  return campaign as { id: string };
}

/** Campaign messages sent so far, as "phone: body", in the order they were accepted. */
async function sent(workspace: Workspace): Promise<string[]> {
  const messages = await app.services.prisma.message.findMany({
    where: { workspaceId: workspace.workspaceId, source: 'campaign' },
    orderBy: [{ createdAt: 'asc' }, { phoneNumber: 'asc' }],
  });
  return messages.map((message) => `${message.phoneNumber}: ${message.body}`);
}

async function enrollmentOf(campaignId: string, phoneNumber: string) {
  return app.services.prisma.campaignEnrollment.findUniqueOrThrow({
    where: { campaignId_phoneNumber: { campaignId, phoneNumber } },
  });
}

describe('a three-stage campaign over time', () => {
  it('sends exactly the expected messages through suppression, opt-out, pause and resume', async () => {
    app.clock.set(START);
    const workspace = await sendingWorkspace(app);
    const ann = '+12125550101';
    const ben = '+12125550102';
    const cat = '+12125550103';
    const dan = '+12125550104';
    const eve = '+12125550105';
    await api(workspace, 'POST', '/api/v1/snippets', { name: 'stop', body: 'Reply STOP to opt out' });
    const { contact_list: list } = await api(workspace, 'POST', '/api/v1/contact-lists', { name: 'Customers' });
    await api(workspace, 'POST', `/api/v1/contact-lists/${list.id}/contacts`, {
      contacts: [
        { phone_number: ann, first_name: 'Ann' },
        { phone_number: ben, first_name: 'Ben' },
        { phone_number: cat, first_name: 'Cat' },
        { phone_number: dan, first_name: 'Dan' },
        { phone_number: eve },
      ],
    });
    const campaign = await draftCampaign(
      workspace,
      [
        ['Hi {{first_name | default: "there"}}, welcome! {{snippet:stop}}', 0],
        ['Day 2 for {{ first_name | default: "friend" }}', 60],
        ['Last one, {{first_name|default:"friend"}}', 120],
      ],
      [],
    );
    expect(
      await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/enrollments`, { contact_list_id: list.id }),
    ).toMatchObject({
      enrolled: 5,
    });
    const { suppression } = await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/suppressions`, {
      phone_number: cat,
      reason: 'asked to leave this campaign',
    });

    // Nothing goes out before activation.
    await runFor(10 * MINUTE);
    expect(await sent(workspace)).toEqual([]);

    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/activate`);
    await runFor(0);
    const stageOne = [
      `${ann}: Hi Ann, welcome! Reply STOP to opt out`,
      `${ben}: Hi Ben, welcome! Reply STOP to opt out`,
      `${dan}: Hi Dan, welcome! Reply STOP to opt out`,
      `${eve}: Hi there, welcome! Reply STOP to opt out`,
    ];
    expect(await sent(workspace)).toEqual(stageOne);
    const skipped = await api(workspace, 'GET', `/api/v1/campaigns/${campaign.id}/suppressions`);
    expect(skipped.suppressions).toEqual([
      expect.objectContaining({ id: suppression.id, skipped_deliveries: 1, last_skipped_at: expect.any(String) }),
    ]);

    // Dan replies STOP: a workspace opt-out.
    const incoming = await postSigned(app, 'messaging', 'incoming', {
      id: eventId('in'),
      from: dan,
      to: workspace.senders[0]!.number,
      body: 'STOP',
    });
    expect(incoming.status).toBe(202);
    await runFor(30 * MINUTE);
    expect(await sent(workspace)).toEqual(stageOne);

    // Stage 2 comes due at +60 min while paused: held, then sent once on resume.
    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/pause`);
    await runFor(60 * MINUTE);
    expect(await sent(workspace)).toEqual(stageOne);
    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/activate`);
    await runFor(0);
    const stageTwo = [`${ann}: Day 2 for Ann`, `${ben}: Day 2 for Ben`, `${eve}: Day 2 for friend`];
    expect(await sent(workspace)).toEqual([...stageOne, ...stageTwo]);
    expect(await enrollmentOf(campaign.id, dan)).toMatchObject({ status: 'stopped', stopReason: 'workspace_suppressed' });

    // Stage 3 is due 120 min after stage 2 went out (at resume), not after it came due.
    await runFor(119 * MINUTE);
    expect(await sent(workspace)).toHaveLength(7);
    await runFor(MINUTE);
    const stageThree = [`${ann}: Last one, Ann`, `${ben}: Last one, Ben`, `${eve}: Last one, friend`];
    expect(await sent(workspace)).toEqual([...stageOne, ...stageTwo, ...stageThree]);

    await runFor(3 * 24 * 60 * MINUTE);
    expect(await sent(workspace)).toHaveLength(10);
    const { campaign: finished } = await api(workspace, 'GET', `/api/v1/campaigns/${campaign.id}`);
    expect(finished.enrollment_counts).toEqual({ active: 1, completed: 3, stopped: 1 });
    expect(await enrollmentOf(campaign.id, cat)).toMatchObject({
      status: 'active',
      heldReason: 'campaign_suppressed',
      lastStageId: null,
    });
    const deliveries = await app.services.prisma.campaignDelivery.findMany({ where: { campaignId: campaign.id } });
    expect(deliveries.filter((delivery) => delivery.outcome === 'sent')).toHaveLength(10);
    expect(
      deliveries
        .filter((delivery) => delivery.outcome === 'suppressed')
        .map((delivery) => delivery.errorCode)
        .sort(),
    ).toEqual(['campaign_suppressed', 'workspace_suppressed']);
    // The sends went through the send pipeline: debited, dispatched, with the campaign in metadata.
    const messages = await app.services.prisma.message.findMany({
      where: { workspaceId: workspace.workspaceId, source: 'campaign' },
    });
    expect(messages.every((message) => message.costCents > 0 && message.senderNumber === workspace.senders[0]!.number)).toBe(
      true,
    );
    expect(messages.every((message) => message.status !== 'queued')).toBe(true);
    expect(messages[0]!.metadata).toMatchObject({ campaign_id: campaign.id });
  });

  it('continues a held contact once the campaign suppression is removed', async () => {
    app.clock.set(START + 7 * 24 * 60 * MINUTE);
    const workspace = await sendingWorkspace(app);
    const campaign = await draftCampaign(
      workspace,
      [
        ['One', 0],
        ['Two', 30],
      ],
      ['+12125550111'],
    );
    const { suppression } = await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/suppressions`, {
      phone_number: '+12125550111',
    });
    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/activate`);
    await runFor(0);
    await runFor(60 * MINUTE);
    expect(await sent(workspace)).toEqual([]);

    await api(workspace, 'DELETE', `/api/v1/campaigns/${campaign.id}/suppressions/${suppression.id}`);
    await runFor(0);
    expect(await sent(workspace)).toEqual(['+12125550111: One']);
    await runFor(30 * MINUTE);
    expect(await sent(workspace)).toEqual(['+12125550111: One', '+12125550111: Two']);
    // The skip of stage one was recorded, then replaced by its delivery.
    const deliveries = await app.services.prisma.campaignDelivery.findMany({ where: { campaignId: campaign.id } });
    expect(deliveries.map((delivery) => [delivery.outcome, delivery.errorCode])).toEqual([
      ['sent', null],
      ['sent', null],
    ]);
  });
});

describe('quiet hours', () => {
  it("holds a step until 08:00 in the recipient's zone, inferred from the area code", async () => {
    app.clock.set(START + 14 * 24 * 60 * MINUTE);
    const workspace = await sendingWorkspace(app);
    const newYork = '+12125550121';
    const losAngeles = '+13105550121';
    const campaign = await draftCampaign(
      workspace,
      [
        ['Morning', 0],
        ['Later', 30],
      ],
      [newYork, losAngeles],
    );
    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/activate`);
    await runFor(0);
    expect(await sent(workspace)).toEqual([`${newYork}: Morning`]);
    expect((await enrollmentOf(campaign.id, losAngeles)).nextStepAt?.getTime()).toBe(app.clock.now() + 60 * MINUTE);
    await runFor(59 * MINUTE);
    expect(await sent(workspace)).toEqual([`${newYork}: Morning`, `${newYork}: Later`]);
    await runFor(MINUTE);
    expect(await sent(workspace)).toEqual([`${newYork}: Morning`, `${newYork}: Later`, `${losAngeles}: Morning`]);
    await runFor(30 * MINUTE);
    expect(await sent(workspace)).toHaveLength(4);
  });

  it('holds a step for an area code spanning two zones until 08:00 in both', async () => {
    // 13:30 UTC in January: 08:30 in New York and Tallahassee, 07:30 in Pensacola (850 spans both).
    app.clock.set(START + 25 * 24 * 60 * MINUTE - 90 * MINUTE);
    const workspace = await sendingWorkspace(app);
    const newYork = '+12125550122';
    const panhandle = '+18505550122';
    const campaign = await draftCampaign(workspace, [['Morning', 0]], [newYork, panhandle]);
    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/activate`);
    await runFor(0);
    expect(await sent(workspace)).toEqual([`${newYork}: Morning`]);
    expect((await enrollmentOf(campaign.id, panhandle)).nextStepAt?.getTime()).toBe(app.clock.now() + 30 * MINUTE);
    await runFor(30 * MINUTE);
    expect(await sent(workspace)).toEqual([`${newYork}: Morning`, `${panhandle}: Morning`]);
  });

  it('infers zones outside North America from the country', async () => {
    app.clock.set(START + 16 * 24 * 60 * MINUTE);
    const workspace = await sendingWorkspace(app);
    const paris = '+33612345678';
    const sydney = '+61491570156';
    // Sends to France and Australia need the workspace's leave (allowed_countries is US alone by default).
    await api(workspace, 'PATCH', '/api/v1/messaging-settings', { allowed_countries: ['US', 'FR', 'AU'] });
    const campaign = await draftCampaign(workspace, [['Bonjour', 0]], [paris, sydney]);
    // 15:00 UTC is 16:00 in Paris and 02:00 (summer time, UTC+11) in Sydney.
    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/activate`);
    await runFor(0);
    expect(await sent(workspace)).toEqual([`${paris}: Bonjour`]);
    await runFor(6 * 60 * MINUTE - MINUTE);
    expect(await sent(workspace)).toHaveLength(1);
    await runFor(MINUTE);
    expect(await sent(workspace)).toEqual([`${paris}: Bonjour`, `${sydney}: Bonjour`]);
  });

  it('releases held steps at 08:00 local time across a daylight-saving change', async () => {
    // Saturday 13 March 2027, 22:00 in New York; clocks go forward at 02:00, so 08:00 is 12:00 UTC.
    app.clock.set(Date.UTC(2027, 2, 14, 3, 0));
    const workspace = await sendingWorkspace(app);
    const campaign = await draftCampaign(workspace, [['Good morning', 0]], ['+12125550125']);
    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/activate`);
    await runFor(0);
    await runFor(9 * 60 * MINUTE - MINUTE);
    expect(await sent(workspace)).toEqual([]);
    await runFor(MINUTE);
    expect(await sent(workspace)).toEqual(['+12125550125: Good morning']);
  });

  it('uses the campaign time zone override and holds steps that fall due at night', async () => {
    app.clock.set(START + 21 * 24 * 60 * MINUTE);
    const workspace = await sendingWorkspace(app);
    const campaign = await draftCampaign(workspace, [['Konnichiwa', 0]], ['+12125550131'], {
      quiet_hours: { timezone: 'Asia/Tokyo' },
    });
    // 15:00 UTC is midnight in Tokyo: held until 08:00 there, 23:00 UTC.
    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/activate`);
    await runFor(0);
    await runFor(8 * 60 * MINUTE - MINUTE);
    expect(await sent(workspace)).toEqual([]);
    await runFor(MINUTE);
    expect(await sent(workspace)).toEqual(['+12125550131: Konnichiwa']);
  });

  it('reconsiders held steps when the quiet hours change', async () => {
    app.clock.set(START + 25 * 24 * 60 * MINUTE);
    const workspace = await sendingWorkspace(app);
    const campaign = await draftCampaign(workspace, [['Early bird', 0]], ['+13105550135']);
    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/activate`);
    await runFor(0);
    expect(await sent(workspace)).toEqual([]);
    // 07:00 in Los Angeles: quiet until 08:00, unless quiet hours end at 06:30.
    await api(workspace, 'PATCH', `/api/v1/campaigns/${campaign.id}`, { settings: { quiet_hours: { end: '06:30' } } });
    await runFor(0);
    expect(await sent(workspace)).toEqual(['+13105550135: Early bird']);
  });

  it('sends at night when quiet hours are disabled', async () => {
    app.clock.set(START + 28 * 24 * 60 * MINUTE);
    const workspace = await sendingWorkspace(app);
    const campaign = await draftCampaign(workspace, [['Now', 0]], ['+13105550141'], { quiet_hours: { enabled: false } });
    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/activate`);
    await runFor(0);
    expect(await sent(workspace)).toEqual(['+13105550141: Now']);
  });
});

describe('delivery safety', () => {
  it('never sends a step twice when its job runs again or a stale job runs', async () => {
    app.clock.set(START + 35 * 24 * 60 * MINUTE);
    const workspace = await sendingWorkspace(app);
    const campaign = await draftCampaign(
      workspace,
      [
        ['Once', 0],
        ['Twice?', 60],
      ],
      ['+12125550151'],
    );
    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/activate`);
    const enrollment = await enrollmentOf(campaign.id, '+12125550151');
    const livePayload = { campaignId: campaign.id };
    // The scheduled job, a redelivery of it running concurrently, and a per-enrollment job from an earlier schedule.
    await Promise.all([
      app.services.jobs.drain(),
      runCampaignStep(app.services, livePayload),
      runCampaignStep(app.services, livePayload),
      runCampaignStep(app.services, { enrollmentId: enrollment.id, seq: enrollment.scheduleSeq - 1 }),
    ]);
    await runCampaignStep(app.services, livePayload);
    expect(await sent(workspace)).toEqual(['+12125550151: Once']);
    await runFor(60 * MINUTE);
    await runCampaignStep(app.services, livePayload);
    expect(await sent(workspace)).toEqual(['+12125550151: Once', '+12125550151: Twice?']);
  });

  it('records, without sending again, a step whose earlier attempt sent but died before recording it', async () => {
    app.clock.set(START + 42 * 24 * 60 * MINUTE);
    const workspace = await sendingWorkspace(app);
    const campaign = await draftCampaign(workspace, [['Exactly once', 0]], ['+12125550161']);
    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/activate`);
    const enrollment = await enrollmentOf(campaign.id, '+12125550161');
    const { stages } = (await api(workspace, 'GET', `/api/v1/campaigns/${campaign.id}`)).campaign;
    const earlier = await sendMessage(
      app.services,
      { workspaceId: workspace.workspaceId },
      { phoneNumber: '+12125550161', body: 'Exactly once', idempotencyKey: `cmp:${enrollment.id}:${stages[0].id}` },
      { source: 'campaign' },
    );
    await runFor(0);
    expect(await sent(workspace)).toEqual(['+12125550161: Exactly once']);
    const delivery = await app.services.prisma.campaignDelivery.findFirstOrThrow({ where: { enrollmentId: enrollment.id } });
    expect(delivery).toMatchObject({ outcome: 'sent', messageId: earlier.message.id });
    expect(await enrollmentOf(campaign.id, '+12125550161')).toMatchObject({ status: 'completed' });
  });

  it('archiving ends every enrollment: nothing more is sent', async () => {
    app.clock.set(START + 49 * 24 * 60 * MINUTE);
    const workspace = await sendingWorkspace(app);
    const campaign = await draftCampaign(
      workspace,
      [
        ['First', 0],
        ['Never', 10],
      ],
      ['+12125550171', '+12125550172'],
    );
    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/activate`);
    await runFor(0);
    expect(await sent(workspace)).toHaveLength(2);
    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/archive`);
    await runFor(60 * MINUTE);
    expect(await sent(workspace)).toHaveLength(2);
    const enrollments = await app.services.prisma.campaignEnrollment.findMany({ where: { campaignId: campaign.id } });
    expect(enrollments.map((enrollment) => [enrollment.status, enrollment.stopReason])).toEqual([
      ['stopped', 'campaign_archived'],
      ['stopped', 'campaign_archived'],
    ]);
  });

  it('waits for funds instead of failing a step, then sends it', async () => {
    app.clock.set(START + 56 * 24 * 60 * MINUTE);
    const workspace = await sendingWorkspace(app, { balanceCents: 0 });
    const campaign = await draftCampaign(workspace, [['Paid for', 0]], ['+12125550181']);
    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/activate`);
    await runFor(0);
    expect(await sent(workspace)).toEqual([]);
    expect(await enrollmentOf(campaign.id, '+12125550181')).toMatchObject({
      status: 'active',
      lastError: 'insufficient_balance',
    });
    await postLedgerEntry(app.services.prisma, {
      workspaceId: workspace.workspaceId,
      amountCents: 500,
      kind: 'operator_credit',
      reference: newId('test'),
    });
    await runFor(15 * MINUTE);
    expect(await sent(workspace)).toEqual(['+12125550181: Paid for']);
    expect(await enrollmentOf(campaign.id, '+12125550181')).toMatchObject({ status: 'completed', lastError: null });
  });

  it('records a step whose text renders blank as failed and moves on to the next stage', async () => {
    app.clock.set(START + 60 * 24 * 60 * MINUTE);
    const workspace = await sendingWorkspace(app);
    const campaign = await draftCampaign(
      workspace,
      [
        ['{{first_name}}', 0],
        ['Still here', 10],
      ],
      ['+12125550185'],
    );
    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/activate`);
    await runFor(0);
    expect(await sent(workspace)).toEqual([]);
    await runFor(10 * MINUTE);
    expect(await sent(workspace)).toEqual(['+12125550185: Still here']);
    const deliveries = await app.services.prisma.campaignDelivery.findMany({
      where: { campaignId: campaign.id },
      orderBy: { updatedAt: 'asc' },
    });
    expect(deliveries.map((delivery) => [delivery.outcome, delivery.errorCode])).toEqual([
      ['failed', 'validation_failed'],
      ['sent', null],
    ]);
  });

  it('gives waiting enrollments a stage inserted before their next one', async () => {
    app.clock.set(START + 63 * 24 * 60 * MINUTE);
    const workspace = await sendingWorkspace(app);
    const campaign = await draftCampaign(
      workspace,
      [
        ['A', 0],
        ['C', 120],
      ],
      ['+12125550191'],
    );
    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/activate`);
    await runFor(0);
    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/stages`, { body: 'B', delay_minutes: 30, position: 2 });
    await runFor(30 * MINUTE);
    expect(await sent(workspace)).toEqual(['+12125550191: A', '+12125550191: B']);
    await runFor(120 * MINUTE);
    expect(await sent(workspace)).toEqual(['+12125550191: A', '+12125550191: B', '+12125550191: C']);
  });
});

describe('a stage with shorten_links', () => {
  it("gives each recipient's step its own tracked links, whose clicks count on that step's message", async () => {
    app.clock.set(START + 70 * 24 * 60 * MINUTE);
    const workspace = await sendingWorkspace(app);
    const campaign = await draftCampaign(workspace, [], ['+12125550211', '+12125550212']);
    const added = await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/stages`, {
      body: 'Hi {{first_name | default: "there"}}, book at https://example.com/book',
      delay_minutes: 0,
      shorten_links: true,
    });
    expect(added.stage.shorten_links).toBe(true);
    await api(workspace, 'POST', `/api/v1/campaigns/${campaign.id}/activate`);
    await runFor(0);

    const bodies = await sent(workspace);
    expect(bodies).toHaveLength(2);
    const codes = bodies.map((body) => body.match(/, book at (\S+)\/l\/([0-9A-Za-z]{12})$/)?.[2]);
    expect(codes.every((code) => code !== undefined)).toBe(true);
    expect(new Set(codes).size).toBe(2);
    const clicked = await fetch(`${app.baseUrl}/l/${codes[0]}`, { redirect: 'manual' });
    expect(clicked.status).toBe(302);
    expect(clicked.headers.get('location')).toBe('https://example.com/book');
    await app.services.linkClicks.rollUp();
    const messages = await app.services.prisma.message.findMany({
      where: { workspaceId: workspace.workspaceId, source: 'campaign' },
    });
    expect(messages.map((message) => [message.body.includes(codes[0]!), message.linkClicks]).sort()).toEqual([
      [false, 0],
      [true, 1],
    ]);
  });
});

describe('enrollment transitions', () => {
  const transitions = Object.keys(enrollmentTransitions) as EnrollmentTransition[];
  const table = enrollmentStatuses.flatMap((from) =>
    transitions.map((transition) => {
      const rule = enrollmentTransitions[transition];
      return [from, transition, rule.from.includes(from) ? rule.to : null] as const;
    }),
  );

  it('is the documented progress: completed and stopped are final', () => {
    expect(table.filter(([, , to]) => to !== null).map(([from, transition, to]) => `${from} -${transition}-> ${to}`)).toEqual([
      'active -advance-> active',
      'active -complete-> completed',
      'active -hold-> active',
      'active -stopForOptOut-> stopped',
      'active -stopForArchive-> stopped',
      'active -stopForSpendCap-> stopped',
      'active -stopForRevokedToken-> stopped',
      'active -stopForMissingConsent-> stopped',
    ]);
  });

  it.each(table)('%s + %s -> %s', async (from, transition, to) => {
    const workspace = await sendingWorkspace(app);
    const campaign = await draftCampaign(workspace, [['Hello', 0]], ['+12125550201']);
    const { id } = await enrollmentOf(campaign.id, '+12125550201');
    const before = await app.services.prisma.campaignEnrollment.update({ where: { id }, data: { status: from } });
    const moved = await transitionEnrollments(app.services.prisma, { ids: [id] }, transition, {
      now: new Date(app.clock.now() + MINUTE),
    });
    const after = await enrollmentOf(campaign.id, '+12125550201');
    if (to) {
      expect(moved).toBe(1);
      expect(after).toMatchObject({
        status: to,
        nextStepAt: null,
        scheduleSeq: before.scheduleSeq + (enrollmentTransitions[transition].bumpsScheduleSeq ? 1 : 0),
      });
    } else {
      expect(moved).toBe(0);
      expect(after).toEqual(before);
    }
  });
});
