/**
 * The paced campaign block (BENCH_ONLY='paced campaign'): a one-stage campaign on the sandbox
 * carrier, fanned out over a default sender pool of 1 and of 10 numbers, with pacing on and off.
 * Each number's throughput is raised (BENCH_PACED_RATE, default 20 a second) so that a short run
 * (BENCH_PACED_MESSAGES, default 120) measures the pace itself in seconds. Reports, per pool, the
 * fastest number's achieved rate against its limit (never above it), the error of each hand-off
 * against the estimated_send_at its send was accepted with (p50 and max), the campaign's
 * fan_out_estimate at activation against its last hand-off, and the CPU per message of this process
 * (the whole app and, embedded, its database) paced against unpaced: as measured, and net of what
 * the process spends idle over the run's length (its workers' sweeps, in the second after the run),
 * since a paced run lasts as long as its pace says and an unpaced one does not. The end of a run is
 * the carrier's last hand-off, counted in this process (polling the database for it would charge
 * this bench's own queries to the paced run for every second it lasts), and the writes of every
 * dispatch after it.
 * BENCH_PACED_POOLS (default `1,10`) says which pool sizes run, BENCH_PACED_SWEEP_MS the workers' sweep
 * interval (default the app's).
 */
import { transitionCampaign, addStage, createCampaign } from '../src/domain/campaigns/campaigns.ts';
import { enroll } from '../src/domain/campaigns/enrollments.ts';
import { runCampaignStep } from '../src/domain/campaigns/scheduler.ts';
import { createServices } from '../src/services.ts';
import { appConfig } from './app-config.ts';
import { pacedWorkspace, quantile } from './paced-workspace.ts';
import type { BenchTarget } from './fixture.ts';

const messages = Math.min(Number(process.env.BENCH_PACED_MESSAGES ?? 120), 1_000);
const rate = Number(process.env.BENCH_PACED_RATE ?? 20);
const poolSizes = (process.env.BENCH_PACED_POOLS ?? '1,10').split(',').map(Number);
/** The workers' sweep interval (JOB_SWEEP_INTERVAL_MS); unset, the app's default. */
const sweepMs = process.env.BENCH_PACED_SWEEP_MS;
/** How long the idle process is measured after a run. */
const idleMs = 1_000;

type Run = {
  pacing: 'on' | 'off';
  numbers: number;
  seconds: number;
  cpuMsPerMessage: number;
  /** CPU per message less the idle process's CPU over the run's length. */
  netCpuMsPerMessage: number;
  maxRatePerNumber: number;
  errorP50Ms: number;
  errorMaxMs: number;
  drainErrorMs: number;
};

async function run(target: BenchTarget, pacing: 'on' | 'off', numbers: number): Promise<Run> {
  const services = await createServices(
    appConfig(target, {
      SENDER_PACING: pacing,
      SANDBOX_DELAY_MS: '600000',
      RUN_WORKERS: '1',
      ...(sweepMs ? { JOB_SWEEP_INTERVAL_MS: sweepMs } : {}),
    }),
  );
  try {
    const workspaceId = await pacedWorkspace(services, { numbers, throughputPerSecond: rate });
    const campaign = await createCampaign(services, workspaceId, {
      name: 'Paced',
      settings: { quiet_hours: { enabled: false } },
    });
    await addStage(services, workspaceId, { id: campaign.id, body: 'Your table is ready.', delay_minutes: 0 });
    const phoneNumbers = Array.from({ length: messages }, (_, index) => `+1212555${String(1000 + index)}`);
    await enroll(services, workspaceId, campaign.id, { phone_numbers: phoneNumbers }, null);

    // The sandbox carrier's hand-offs, counted as they return.
    const provider = services.messagingProvider;
    const handOver = provider.send.bind(provider);
    let handedOver = 0;
    let allHandedOver!: () => void;
    const done = new Promise<void>((resolve) => (allHandedOver = resolve));
    provider.send = async (sms) => {
      const answer = await handOver(sms);
      handedOver += 1;
      if (handedOver === messages) allHandedOver();
      return answer;
    };

    const cpuBefore = process.cpuUsage();
    const started = Date.now();
    const activated = await transitionCampaign(services, workspaceId, campaign.id, 'activate');
    // The fan-out accepts every send (each takes its slot) before the workers hand any over, so
    // each message's estimate is read as it was accepted.
    await runCampaignStep(services, { campaignId: campaign.id });
    const accepted = await services.prisma.message.findMany({
      where: { workspaceId },
      select: { id: true, estimatedSendAt: true },
    });
    const estimates = new Map(accepted.map((message) => [message.id, message.estimatedSendAt?.getTime() ?? started]));
    await services.jobs.start();
    await done;
    // Each dispatch's writes after its hand-off (the carrier's id, its job done) count too: an
    // unpaced run's last hand-off comes while most of them are still to run.
    await services.jobs.drain();
    const cpu = process.cpuUsage(cpuBefore);
    const seconds = (Date.now() - started) / 1000;
    // The same process with nothing left to hand over (the carrier's reports come SANDBOX_DELAY_MS
    // later): what any run costs a second, whatever it sends.
    const idleBefore = process.cpuUsage();
    const idleStarted = Date.now();
    await new Promise((resolve) => setTimeout(resolve, idleMs));
    const idle = process.cpuUsage(idleBefore);
    const idleCpuMsPerSecond = (idle.user + idle.system) / (Date.now() - idleStarted);
    const received = await services.prisma.sandboxMessage.findMany({ orderBy: { createdAt: 'asc' } });
    // Each number's rate from its first slot (its earliest estimate) to its last hand-off: the k-th
    // hand-off k slots after the first at the most. (A late first hand-off followed by on-time ones
    // would read faster than the limit between hand-offs, though no stretch from the slot is.)
    const byNumber = new Map<string, { firstSlot: number; times: number[] }>();
    for (const message of received) {
      const entry = byNumber.get(message.fromNumber) ?? { firstSlot: Number.POSITIVE_INFINITY, times: [] };
      entry.firstSlot = Math.min(entry.firstSlot, estimates.get(message.messageId) ?? started);
      entry.times.push(message.createdAt.getTime());
      byNumber.set(message.fromNumber, entry);
    }
    const rates = [...byNumber.values()].map(({ firstSlot, times }) =>
      times.length < 2 ? 0 : ((times.length - 1) * 1000) / Math.max((times.at(-1) ?? 0) - firstSlot, 1),
    );
    // Actual hand-off minus estimated_send_at: positive is late.
    const errors = received.map((message) => message.createdAt.getTime() - (estimates.get(message.messageId) ?? started));
    const lastHandOff = received.at(-1)?.createdAt.getTime() ?? started;
    const drainEstimate = Date.parse(activated.fan_out_estimate?.estimated_drain_at ?? new Date(started).toISOString());
    return {
      pacing,
      numbers,
      seconds,
      cpuMsPerMessage: (cpu.user + cpu.system) / 1000 / messages,
      netCpuMsPerMessage: Math.max(0, (cpu.user + cpu.system) / 1000 - idleCpuMsPerSecond * seconds) / messages,
      maxRatePerNumber: Math.max(...rates),
      errorP50Ms: quantile(errors, 0.5),
      errorMaxMs: Math.max(...errors.map(Math.abs)),
      drainErrorMs: lastHandOff - drainEstimate,
    };
  } finally {
    await services.close();
  }
}

/** Runs the block in `mode` on fresh targets and prints its table and its line for BENCH.md. */
export async function measurePacedCampaign(
  mode: 'embedded' | 'postgres',
  withTarget: <T>(work: (target: BenchTarget) => Promise<T>) => Promise<T>,
): Promise<void> {
  const runs: Run[] = [];
  for (const numbers of poolSizes)
    for (const pacing of ['off', 'on'] as const) runs.push(await withTarget((target) => run(target, pacing, numbers)));
  console.log(`\n${mode}: paced campaign, ${messages} enrollees, limit ${rate} segments/s per number`);
  console.table(
    runs.map((result) => ({
      ...result,
      seconds: result.seconds.toFixed(2),
      cpuMsPerMessage: result.cpuMsPerMessage.toFixed(2),
      netCpuMsPerMessage: result.netCpuMsPerMessage.toFixed(2),
    })),
  );
  for (const numbers of poolSizes) {
    const off = runs.find((result) => result.numbers === numbers && result.pacing === 'off');
    const on = runs.find((result) => result.numbers === numbers && result.pacing === 'on');
    if (!off || !on) continue;
    const cpuRatio = on.cpuMsPerMessage / off.cpuMsPerMessage;
    const netRatio = on.netCpuMsPerMessage / off.netCpuMsPerMessage;
    console.log(
      `${mode} pool of ${numbers}: rate ${on.maxRatePerNumber.toFixed(2)}/s per number (limit ${rate}, ${on.maxRatePerNumber <= rate ? 'never above' : 'ABOVE'}), ` +
        `estimate error p50 ${on.errorP50Ms} ms max ${on.errorMaxMs} ms, drain estimate error ${on.drainErrorMs} ms of ${(on.seconds * 1000).toFixed(0)} ms, ` +
        `CPU/message paced/unpaced ${cpuRatio.toFixed(2)}x, net of idle ${netRatio.toFixed(2)}x (target ≤ 1.2x: ${netRatio <= 1.2 ? 'met' : 'missed'} net, ${cpuRatio <= 1.2 ? 'met' : 'missed'} as measured)`,
    );
  }
}
