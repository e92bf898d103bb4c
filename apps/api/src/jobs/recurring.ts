import type { PrismaClient } from '@textline/db';
import { z } from 'zod';
import type { Clock } from '../lib/clock.ts';
import type { Logger } from '../lib/logger.ts';
import type { JobRunner } from '../ports.ts';
import type { JobDefinition, QueueName } from './define.ts';
import { insertJob } from './enqueue.ts';

/** A recurring job's payload: the period of the service clock it runs for. */
export const ZRecurringPayload = z.object({ period: z.number().int() });

/** A kind of job that gets one row per `everyMs` of the service clock. */
export type RecurringJob = { job: JobDefinition<typeof ZRecurringPayload>; everyMs: number };

type RecurringDeps = { prisma: Pick<PrismaClient, '$executeRawUnsafe'>; clock: Clock; log: Logger; checkEveryMs: number };

/**
 * Adds recurring jobs to a runner: while its workers run, every period of the service clock (counted
 * from the epoch) gets one job row per recurring job, due at once, and from there the runner treats
 * it like any other job (retries, leases, BullMQ). Each process checks every `checkEveryMs` but writes
 * only when a new period has begun, and the row id names the period, so however many processes run
 * workers, a period runs once.
 */
export function withRecurringJobs(runner: JobRunner, deps: RecurringDeps, recurring: readonly RecurringJob[]): JobRunner {
  const enqueuedPeriods = new Map<QueueName, number>();
  let timer: NodeJS.Timeout | undefined;
  let inFlight: Promise<void> | undefined;

  async function enqueueNewPeriods(): Promise<void> {
    const now = new Date(deps.clock.now());
    for (const { job, everyMs } of recurring) {
      const period = Math.floor(now.getTime() / everyMs);
      if (enqueuedPeriods.get(job.queue) === period) continue;
      const id = `job_${job.queue}_${period}`;
      // Its own statement, not a transaction: the row is committed (or was already there) when it returns.
      const created = await insertJob(
        deps.prisma,
        job,
        { id, payload: { period }, runAt: now, enqueuedAt: now },
        { ifAbsent: true },
      );
      enqueuedPeriods.set(job.queue, period);
      if (created > 0) runner.wake(job.queue, id);
    }
  }

  /** One check at a time; a failed one is retried at the next tick. */
  function check(): Promise<void> {
    inFlight ??= enqueueNewPeriods()
      .catch((error: unknown) =>
        deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'could not enqueue recurring jobs'),
      )
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
