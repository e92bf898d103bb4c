import { Prisma, type PrismaClient } from '@textline/db';
import type { QueueName } from './define.ts';

/** A job row this worker has claimed; `attempts` counts this attempt and identifies the lease. */
export type ClaimedJob = { id: string; queue: QueueName; payload: unknown; attempts: number };

type JobDb = Pick<PrismaClient, '$queryRaw' | '$executeRaw'>;

type ClaimedRow = { id: string; queue: string; payload: unknown; attempts: number };

const toClaimed = (row: ClaimedRow): ClaimedJob => ({ ...row, queue: row.queue as QueueName });

/**
 * A job is claimable when it is due and pending, or when it is `running` under an expired lease
 * (its worker crashed or hung).
 */
const claimable = (now: Date) =>
  Prisma.sql`run_at <= ${now} AND (status = 'pending' OR (status = 'running' AND locked_until <= ${now}))`;

/** SKIP LOCKED lets many workers claim concurrently without waiting on each other or taking the same row. */
export async function claimDueJobs(
  db: JobDb,
  options: { queues: readonly QueueName[]; limit: number; now: Date; leaseUntil: Date },
): Promise<ClaimedJob[]> {
  const rows = await db.$queryRaw<ClaimedRow[]>`
    UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = ${options.leaseUntil}, updated_at = ${options.now}
    WHERE id IN (
      SELECT id FROM jobs
      WHERE queue = ANY(${options.queues as string[]}::text[]) AND ${claimable(options.now)}
      ORDER BY run_at
      LIMIT ${options.limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, queue, payload, attempts`;
  return rows.map(toClaimed);
}

/** Claims one job by id (a BullMQ delivery), or nothing when it is not claimable any more. */
export async function claimJobById(
  db: JobDb,
  id: string,
  options: { now: Date; leaseUntil: Date },
): Promise<ClaimedJob | undefined> {
  const rows = await db.$queryRaw<ClaimedRow[]>`
    UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = ${options.leaseUntil}, updated_at = ${options.now}
    WHERE id IN (
      SELECT id FROM jobs
      WHERE id = ${id} AND ${claimable(options.now)}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, queue, payload, attempts`;
  return rows[0] && toClaimed(rows[0]);
}

/** Claims jobs by id (BullMQ deliveries arriving together): the ones still claimable come back. */
export async function claimJobsByIds(
  db: JobDb,
  ids: readonly string[],
  options: { now: Date; leaseUntil: Date },
): Promise<ClaimedJob[]> {
  const rows = await db.$queryRaw<ClaimedRow[]>`
    UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_until = ${options.leaseUntil}, updated_at = ${options.now}
    WHERE id IN (
      SELECT id FROM jobs
      WHERE id = ANY(${ids as string[]}::text[]) AND ${claimable(options.now)}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, queue, payload, attempts`;
  return rows.map(toClaimed);
}

/** Due jobs, for the scaled mode's sweeper to (re-)enqueue on BullMQ. */
export async function dueJobs(
  db: JobDb,
  options: { queues: readonly QueueName[]; now: Date; limit: number },
): Promise<{ id: string; queue: QueueName; attempts: number }[]> {
  const rows = await db.$queryRaw<{ id: string; queue: QueueName; attempts: number }[]>`
    SELECT id, queue, attempts FROM jobs
    WHERE queue = ANY(${options.queues as string[]}::text[]) AND ${claimable(options.now)}
    ORDER BY run_at
    LIMIT ${options.limit}`;
  return rows;
}

// The outcome writes only touch the row while this attempt still owns it: if the lease expired and
// another worker re-claimed the job, that worker's attempt decides.

export async function completeJob(db: JobDb, job: ClaimedJob, now: Date): Promise<void> {
  await db.$executeRaw`
    UPDATE jobs SET status = 'done', locked_until = NULL, last_error = NULL, updated_at = ${now}
    WHERE id = ${job.id} AND status = 'running' AND attempts = ${job.attempts}`;
}

/** completeJob for many jobs in one statement; each is still only touched while its attempt owns it. */
export async function completeJobs(db: JobDb, jobs: readonly ClaimedJob[], now: Date): Promise<void> {
  await db.$executeRaw`
    UPDATE jobs SET status = 'done', locked_until = NULL, last_error = NULL, updated_at = ${now}
    FROM unnest(${jobs.map((job) => job.id)}::text[], ${jobs.map((job) => job.attempts)}::int[]) AS done (id, attempts)
    WHERE jobs.id = done.id AND jobs.status = 'running' AND jobs.attempts = done.attempts`;
}

/** Puts a job back, due at `runAt`, as if this attempt had not been made (see JobDeferred). */
export async function deferJob(db: JobDb, job: ClaimedJob, options: { now: Date; runAt: Date }): Promise<void> {
  await db.$executeRaw`
    UPDATE jobs SET status = 'pending', run_at = ${options.runAt}, attempts = attempts - 1, locked_until = NULL, updated_at = ${options.now}
    WHERE id = ${job.id} AND status = 'running' AND attempts = ${job.attempts}`;
}

export async function retryJob(db: JobDb, job: ClaimedJob, options: { now: Date; runAt: Date; error: string }): Promise<void> {
  await db.$executeRaw`
    UPDATE jobs SET status = 'pending', run_at = ${options.runAt}, locked_until = NULL, last_error = ${options.error}, updated_at = ${options.now}
    WHERE id = ${job.id} AND status = 'running' AND attempts = ${job.attempts}`;
}

export async function buryJob(db: JobDb, job: ClaimedJob, options: { now: Date; error: string }): Promise<void> {
  await db.$executeRaw`
    UPDATE jobs SET status = 'dead', locked_until = NULL, last_error = ${options.error}, updated_at = ${options.now}
    WHERE id = ${job.id} AND status = 'running' AND attempts = ${job.attempts}`;
}

/**
 * Embedded mode only: PGlite admits one process, so every `running` row at start-up belongs to a
 * process that died; make them claimable now instead of after their lease.
 */
export async function releaseOrphanedJobs(db: JobDb, now: Date): Promise<number> {
  return db.$executeRaw`UPDATE jobs SET locked_until = ${now}, updated_at = ${now} WHERE status = 'running'`;
}
