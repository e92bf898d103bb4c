import type { Prisma, PrismaClient } from '@textline/db';
import { newId } from '../lib/crypto.ts';

/** Every kind of asynchronous work. The `jobs` row is the source of truth (outbox); queues only wake workers. */
export const queueNames = ['dispatch', 'provider_event', 'webhook_delivery', 'campaign_step', 'sandbox_callback', 'maintenance'] as const;
export type QueueName = (typeof queueNames)[number];

type JobWriter = Pick<PrismaClient, 'job'>;

/**
 * Records a job in the caller's transaction, so the work exists exactly when the state change that
 * caused it commits. After commit, call `services.jobs.wake(queue, id)` to start it promptly.
 * `runAt` comes from `services.clock` (the runner compares due times with it; tests move it by hand).
 */
export async function enqueueJob(
  db: JobWriter,
  job: { queue: QueueName; payload: Prisma.InputJsonValue; runAt: Date; id?: string },
): Promise<string> {
  const id = job.id ?? newId('job');
  await db.job.create({ data: { id, queue: job.queue, payload: job.payload, runAt: job.runAt } });
  return id;
}
