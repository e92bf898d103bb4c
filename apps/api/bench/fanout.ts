/**
 * Campaign fan-out: one campaign of one stage to N enrollees, for each N of BENCH_FANOUT (default
 * 10,000 and 100,000 scaled, a tenth of each embedded; e.g. BENCH_FANOUT=10000 for a quick run),
 * each on a fresh database:
 *
 * - `--fanout-prepare` (a process that exits before the worker starts): a funded workspace with N
 *   contacts in one contact list (bulk insert), a campaign whose quiet hours are on but not now, and
 *   the list enrolled with one call of the API's enroll (timed). Then 0.5 % of the numbers opt out
 *   workspace-wide and 0.5 % are suppressed in the campaign, so the stage meets both rules.
 * - `--fanout-dispatch`: a worker process (`npm run worker`'s configuration, the sandbox carrier
 *   reporting at once) activates the campaign and runs the stage's campaign_step job: messages
 *   accepted per second from activation to the last accepted (the stage's dispatch rate, against
 *   the run's floor), the worker's CPU per message and its peak RSS so far. Then its job workers
 *   start and run until the carrier has reported every message sent: activation to the last
 *   message.sent, and the peak RSS again. It then checks that each enrollee got exactly one
 *   message, and that no suppressed one got any.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { addStage, createCampaign, transitionCampaign } from '../src/domain/campaigns/campaigns.ts';
import { enroll } from '../src/domain/campaigns/enrollments.ts';
import { runCampaignStep } from '../src/domain/campaigns/scheduler.ts';
import { limitHeapGrowth } from '../src/lib/heap.ts';
import type { Services } from '../src/ports.ts';
import { createServices } from '../src/services.ts';
import { createBenchWorkspace, withServices } from './app.ts';
import { appConfig } from './app-config.ts';
import { cpuMicros } from './cpu.ts';
import type { BenchTarget } from './fixture.ts';

export const FANOUT = 'campaign fan-out';
// One in this many numbers opts out workspace-wide after enrolling, and one in this many (others) is suppressed in the campaign.
const SUPPRESS_EVERY = 200;
// How long the worker may take to get every message reported sent (BENCH_FANOUT_WAIT_S): past it, the count so far is reported.
const SENT_TIMEOUT_MS = Number(process.env.BENCH_FANOUT_WAIT_S ?? 1_200) * 1000;
const TIMEOUT_MS = 20 * 60_000;
const POLL_MS = 250;

export type FanoutFixture = {
  workspaceId: string;
  campaignId: string;
  enrollees: number;
  enrollSeconds: number;
  /** Messages the stage must send: the enrollees less the suppressed. */
  expected: number;
  workspaceSuppressed: number;
  campaignSuppressed: number;
};

export type FanoutMeasurement = FanoutFixture & {
  activateSeconds: number;
  accepted: number;
  acceptedPerSecond: number;
  /** Null when not every message was reported sent within BENCH_FANOUT_WAIT_S; `sent` says how many were. */
  toLastSentSeconds: number | null;
  sent: number;
  /** The worker's CPU per message accepted, activation included. */
  cpuMicrosPerMessage: number;
  /** The worker's peak RSS once the stage is accepted, and at the end (its workers having dispatched every message). */
  dispatchPeakRssMb: number;
  peakRssMb: number;
  /** Enrollees with more than one message, or suppressed ones with any: 0 when every rule held. */
  violations: number;
};

/** Quiet hours that are on, in the recipients' zone (the numbers are all +1 415, Los Angeles), but not now. */
function quietHoursNotNow(): { enabled: true; start: string; end: string; timezone: null } {
  const hour = Number(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', hourCycle: 'h23' }).format(new Date()),
  );
  const clock = (offset: number) => `${String((hour + offset) % 24).padStart(2, '0')}:00`;
  return { enabled: true, start: clock(3), end: clock(5), timezone: null };
}

/**
 * A campaign of one stage (rendering each contact's first name) and a contact list of `size`
 * contacts, +1415200xxxx, in a new funded workspace, the campaign still a draft and nobody enrolled.
 */
export async function createFanoutCampaign(
  services: Services,
  size: number,
  options: { workspaceId?: string; quietHours?: object } = {},
): Promise<{ workspaceId: string; campaignId: string; contactListId: string; phoneNumbers: (index: number) => string }> {
  const workspaceId = options.workspaceId ?? (await createBenchWorkspace(services)).workspaceId;
  const contactListId = `cl_fanout_${Date.now().toString(36)}`;
  await services.sql.query('INSERT INTO contact_lists (id, workspace_id, name) VALUES ($1, $2, $3)', [
    contactListId,
    workspaceId,
    'Fan-out',
  ]);
  await services.sql.query(
    `INSERT INTO contacts (id, workspace_id, phone_number, first_name, updated_at)
     SELECT $2 || '_' || i, $1, '+1415' || (2000000 + i)::text, 'Contact ' || i, now() FROM generate_series(1, $3::int) AS i
     ON CONFLICT (workspace_id, phone_number) DO NOTHING`,
    [workspaceId, contactListId, size],
  );
  await services.sql.query(
    `INSERT INTO contact_list_members (contact_list_id, contact_id)
     SELECT $1, c.id FROM contacts c
     WHERE c.workspace_id = $2 AND c.phone_number BETWEEN '+14152000001' AND '+1415' || (2000000 + $3::int)::text`,
    [contactListId, workspaceId, size],
  );
  const { id: campaignId } = await createCampaign(services, workspaceId, {
    name: 'Fan-out',
    settings: { quiet_hours: options.quietHours ?? quietHoursNotNow() },
  });
  await addStage(services, workspaceId, {
    id: campaignId,
    body: 'Hi {{first_name}}, our spring sale starts today. Reply STOP to opt out.',
    delay_minutes: 0,
  });
  return { workspaceId, campaignId, contactListId, phoneNumbers: (index) => `+1415${2_000_000 + index}` };
}

async function prepareFanout(target: BenchTarget, size: number): Promise<FanoutFixture> {
  return withServices(target, async (services) => {
    const { workspaceId, campaignId, contactListId } = await createFanoutCampaign(services, size);
    const started = performance.now();
    const enrolled = await enroll(services, workspaceId, campaignId, { contact_list_id: contactListId }, null);
    const enrollSeconds = (performance.now() - started) / 1000;
    // After enrolling, so the stage's own checks (not enrollment's) meet them.
    const suppressed = (offset: number) => `SELECT e.phone_number FROM campaign_enrollments e
       WHERE e.campaign_id = $2 AND (substring(e.phone_number FROM 6)::int - 2000000) % ${SUPPRESS_EVERY} = ${offset}`;
    await services.sql.query(
      `INSERT INTO workspace_suppressions (id, workspace_id, phone_number, source, reason)
       SELECT 'wsp_fanout_' || phone_number, $1, phone_number, 'manual', 'bench' FROM (${suppressed(0)}) AS s`,
      [workspaceId, campaignId],
    );
    await services.sql.query(
      `INSERT INTO campaign_suppressions (id, campaign_id, workspace_id, phone_number, reason)
       SELECT 'csp_fanout_' || phone_number, $2, $1, phone_number, 'bench' FROM (${suppressed(SUPPRESS_EVERY / 2)}) AS s`,
      [workspaceId, campaignId],
    );
    const counts = await services.sql.query<{ workspace: number; campaign: number }>(
      `SELECT (SELECT count(*) FROM workspace_suppressions WHERE workspace_id = $1)::int AS workspace,
              (SELECT count(*) FROM campaign_suppressions WHERE campaign_id = $2)::int AS campaign`,
      [workspaceId, campaignId],
    );
    const { workspace, campaign } = counts[0]!;
    return {
      workspaceId,
      campaignId,
      enrollees: enrolled.enrolled,
      enrollSeconds,
      expected: enrolled.enrolled - workspace - campaign,
      workspaceSuppressed: workspace,
      campaignSuppressed: campaign,
    };
  });
}

async function count(services: Services, query: string, parameters: unknown[]): Promise<number> {
  const [row] = await services.sql.query<{ count: number }>(query, parameters);
  return row?.count ?? 0;
}

/** Waits until `done`, or `timeoutMs`; returns whether it is done. */
async function waitFor(done: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const started = performance.now();
  while (!(await done())) {
    if (performance.now() - started > timeoutMs) return false;
    await sleep(POLL_MS);
  }
  return true;
}

async function dispatchFanout(target: BenchTarget, fixture: FanoutFixture): Promise<Omit<FanoutMeasurement, 'peakRssMb'>> {
  const config = appConfig(target, { SANDBOX_DELAY_MS: '0' });
  limitHeapGrowth(config.heapGrowthPercent);
  const services = await createServices(config);
  try {
    const { workspaceId, campaignId, expected } = fixture;
    const acceptedCount = () =>
      count(services, `SELECT count(*)::int AS count FROM messages WHERE workspace_id = $1 AND source = 'campaign'`, [
        workspaceId,
      ]);
    const cpuBefore = cpuMicros('self');
    const started = performance.now();
    await transitionCampaign(services, workspaceId, campaignId, 'activate');
    const activateSeconds = (performance.now() - started) / 1000;
    // The stage's dispatch: what the campaign_step job runs, before the workers start, so that (as
    // with the API's sends) the messages' own dispatch to the carrier does not share the cores yet.
    await runCampaignStep(services, { campaignId });
    while ((await acceptedCount()) < expected && performance.now() - started < TIMEOUT_MS)
      await runCampaignStep(services, { campaignId });
    const acceptSeconds = (performance.now() - started) / 1000;
    const accepted = await acceptedCount();
    const cpuMicrosPerMessage = (cpuMicros('self') - cpuBefore) / accepted;
    const dispatchPeakRssMb = process.resourceUsage().maxRSS / 1024;
    // Then the workers, as `npm run worker` runs them, until the carrier has reported every message sent.
    await services.jobs.start();
    const sentCount = () =>
      count(services, 'SELECT count(*)::int AS count FROM messages WHERE workspace_id = $1 AND sent_at IS NOT NULL', [
        workspaceId,
      ]);
    const allSent = await waitFor(async () => (await sentCount()) >= expected, SENT_TIMEOUT_MS);
    const sent = await sentCount();
    const toLastSentSeconds = allSent ? (performance.now() - started) / 1000 : null;
    // Each enrollee at most one message, and none to a number suppressed either way.
    const violations = await count(
      services,
      `SELECT (SELECT count(*) FROM (SELECT phone_number FROM messages WHERE workspace_id = $1 AND source = 'campaign'
                                     GROUP BY phone_number HAVING count(*) > 1) AS twice)::int
            + (SELECT count(*) FROM messages m WHERE m.workspace_id = $1 AND m.source = 'campaign' AND (
                 EXISTS (SELECT 1 FROM workspace_suppressions s WHERE s.workspace_id = $1 AND s.phone_number = m.phone_number)
                 OR EXISTS (SELECT 1 FROM campaign_suppressions s WHERE s.campaign_id = $2 AND s.phone_number = m.phone_number)))::int
            AS count`,
      [workspaceId, campaignId],
    );
    return {
      ...fixture,
      activateSeconds,
      accepted,
      acceptedPerSecond: accepted / acceptSeconds,
      toLastSentSeconds,
      sent,
      cpuMicrosPerMessage,
      dispatchPeakRssMb,
      violations: violations + Math.abs(accepted - expected),
    };
  } finally {
    await services.close();
  }
}

/** A fan-out child process's work (run.ts --fanout-prepare / --fanout-dispatch); its result is printed by run.ts. */
export async function fanoutChild(kind: string, target: BenchTarget): Promise<unknown> {
  if (kind === '--fanout-prepare') return prepareFanout(target, Number(process.env.BENCH_FANOUT_SIZE));
  const fixture = JSON.parse(process.env.BENCH_FANOUT_FIXTURE!) as FanoutFixture;
  return { ...(await dispatchFanout(target, fixture)), peakRssMb: process.resourceUsage().maxRSS / 1024 };
}

export type FanoutRunner = {
  /** `work` on a fresh database of the mode (dropped afterwards). */
  withTarget<T>(work: (target: BenchTarget) => Promise<T>): Promise<T>;
  /** Runs `node run.mjs <kind>` on the target with `env`, and returns the result it prints once it has exited. */
  inChild<T>(kind: string, target: BenchTarget, env: Record<string, string>): Promise<T>;
};

function sizes(mode: 'embedded' | 'postgres'): number[] {
  const given = process.env.BENCH_FANOUT?.split(',').filter(Boolean).map(Number);
  if (given?.length) return given;
  return mode === 'postgres' ? [10_000, 100_000] : [1_000, 10_000];
}

const column = (value: string, width: number) => value.padStart(width);

/** Measures and prints the fan-out block of a mode; `floorRequestsPerSecond` is the run's floor (inserts per second). */
export async function measureFanout(
  mode: 'embedded' | 'postgres',
  floorRequestsPerSecond: number | undefined,
  runner: FanoutRunner,
): Promise<void> {
  console.log(`\n${FANOUT}: one stage to N enrollees from one contact list, the sandbox carrier reporting at once`);
  console.log(
    [
      column('N', 8),
      column('enroll s', 9),
      column('activate s', 11),
      column('accepted/s', 11),
      column('vs floor', 9),
      column('to sent s', 10),
      column('CPU µs', 8),
      column('RSS MB', 8),
      column('all RSS', 8),
      '  (worker: CPU µs per message accepted, peak RSS at accepted and at sent; checks)',
    ].join(''),
  );
  for (const size of sizes(mode)) {
    const measured = await runner.withTarget(async (target) => {
      const fixture = await runner.inChild<FanoutFixture>('--fanout-prepare', target, { BENCH_FANOUT_SIZE: String(size) });
      return runner.inChild<FanoutMeasurement>('--fanout-dispatch', target, { BENCH_FANOUT_FIXTURE: JSON.stringify(fixture) });
    });
    const ratio = floorRequestsPerSecond ? `${(measured.acceptedPerSecond / floorRequestsPerSecond).toFixed(2)}x` : '-';
    console.log(
      [
        column(measured.enrollees.toLocaleString('en'), 8),
        column(measured.enrollSeconds.toFixed(2), 9),
        column(measured.activateSeconds.toFixed(2), 11),
        column(measured.acceptedPerSecond.toFixed(0), 11),
        column(ratio, 9),
        column(measured.toLastSentSeconds === null ? `>${SENT_TIMEOUT_MS / 1000}` : measured.toLastSentSeconds.toFixed(1), 10),
        column(measured.cpuMicrosPerMessage.toFixed(0), 8),
        column(measured.dispatchPeakRssMb.toFixed(0), 8),
        column(measured.peakRssMb.toFixed(0), 8),
        `  ${measured.accepted.toLocaleString('en')} accepted and ${measured.sent.toLocaleString('en')} sent of ` +
          `${measured.expected.toLocaleString('en')} expected ` +
          `(${measured.workspaceSuppressed} opted out, ${measured.campaignSuppressed} suppressed in the campaign), ` +
          `${measured.violations} violations`,
      ].join(''),
    );
  }
}
