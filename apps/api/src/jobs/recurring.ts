import type { PrismaClient } from '@textline/db';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';
import type { QueueName } from './enqueue.ts';
import type { JobRunner } from './runner.ts';

/** A queue that gets one job per `everyMs` of the service clock. */
export type RecurringJob = { queue: QueueName; everyMs: number };

type RecurringDeps = { prisma: Pick<PrismaClient, 'job'>; clock: Clock; log: Logger; checkEveryMs: number };

/**
 * Adds recurring jobs to a runner: while its workers run, every period of the service clock (counted
 * from the epoch) gets one job row per recurring queue, due at once, and from there the runner treats
 * it like any other job (retries, leases, BullMQ). Each process checks every `checkEveryMs` but writes
 * only when a new period has begun, and the row id names the period, so however many processes run
 * workers, a period runs once.
 */
export function withRecurringJobs(runner: JobRunner, deps: RecurringDeps, recurring: readonly RecurringJob[]): JobRunner {
  const enqueuedPeriods = new Map<QueueName, number>();
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;

  async function enqueueNewPeriods(): Promise<void> {
    const now = deps.clock.now();
    for (const { queue, everyMs } of recurring) {
      const period = Math.floor(now / everyMs);
      if (enqueuedPeriods.get(queue) === period) continue;
      const id = `job_${queue}_${period}`;
      const created = await deps.prisma.job.createMany({ data: [{ id, queue, payload: { period }, runAt: new Date(now) }], skipDuplicates: true });
      enqueuedPeriods.set(queue, period);
      if (created.count > 0) runner.wake(queue, id);
    }
  }

  /** One check at a time; a failed one is retried at the next tick. */
  function check(): Promise<void> {
    inFlight ??= enqueueNewPeriods()
      .catch((error: unknown) => deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not enqueue recurring jobs'))
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  }

  return {
    ...runner,
    async start() {
      await runner.start();
      if (timer) return;
      timer = setInterval(() => void check(), deps.checkEveryMs);
      await check();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await inFlight;
      await runner.stop();
    },
  };
}
