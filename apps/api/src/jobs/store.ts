import { queryRows, type SqlClient } from '@textline/db';
import type { QueueName } from './define.ts';
import * as sql from './store.sql.ts';

/** A job row this worker has claimed; `attempts` counts this attempt and identifies the lease. */
export type ClaimedJob = { id: string; queue: QueueName; payload: unknown; attempts: number };

type ClaimedRow = { id: string; queue: string; payload: unknown; attempts: number };

const toClaimed = (row: ClaimedRow): ClaimedJob => ({ ...row, queue: row.queue as QueueName });

/** Claims up to `limit` due jobs of these queues; many workers claim at once without taking the same row. */
export async function claimDueJobs(
  db: SqlClient,
  options: { queues: readonly QueueName[]; limit: number; now: Date; leaseUntil: Date },
): Promise<ClaimedJob[]> {
  const rows = await queryRows(db, sql.claimDueJobs, [options.queues, options.now, options.leaseUntil, options.limit]);
  return rows.map(toClaimed);
}

/** Claims one job by id (a BullMQ delivery), or nothing when it is not claimable any more. */
export async function claimJobById(
  db: SqlClient,
  id: string,
  options: { now: Date; leaseUntil: Date },
): Promise<ClaimedJob | undefined> {
  const rows = await queryRows(db, sql.claimJobById, [id, options.now, options.leaseUntil]);
  return rows[0] && toClaimed(rows[0]);
}

/** Claims jobs by id (BullMQ deliveries arriving together): the ones still claimable come back. */
export async function claimJobsByIds(
  db: SqlClient,
  ids: readonly string[],
  options: { now: Date; leaseUntil: Date },
): Promise<ClaimedJob[]> {
  const rows = await queryRows(db, sql.claimJobsByIds, [ids, options.now, options.leaseUntil]);
  return rows.map(toClaimed);
}

/** Pending jobs of these queues due after `now` and by `horizon`, for the scaled mode's timers to start when due. */
export async function dueSoon(
  db: SqlClient,
  options: { queues: readonly QueueName[]; now: Date; horizon: Date; limit: number },
): Promise<{ id: string; queue: QueueName; runAt: Date }[]> {
  const rows = await queryRows(db, sql.dueSoon, [options.queues, options.now, options.horizon, options.limit]);
  return rows.map((row) => ({ ...row, queue: row.queue as QueueName }));
}

/** Due jobs, for the scaled mode's sweeper to (re-)enqueue on BullMQ. */
export async function dueJobs(
  db: SqlClient,
  options: { queues: readonly QueueName[]; now: Date; limit: number },
): Promise<{ id: string; queue: QueueName; attempts: number; runAt: Date }[]> {
  const rows = await queryRows(db, sql.dueJobs, [options.queues, options.now, options.limit]);
  return rows.map((row) => ({ ...row, queue: row.queue as QueueName }));
}

// The outcome writes only touch the row while this attempt still owns it (store.sql).

export async function completeJob(db: SqlClient, job: ClaimedJob, now: Date): Promise<void> {
  await queryRows(db, sql.completeJob, [job.id, job.attempts, now]);
}

/** completeJob for many jobs in one statement; each is still only touched while its attempt owns it. */
export async function completeJobs(db: SqlClient, jobs: readonly ClaimedJob[], now: Date): Promise<void> {
  await queryRows(db, sql.completeJobs, [jobs.map((job) => job.id), jobs.map((job) => job.attempts), now]);
}

/** Puts a job back, due at `runAt`, as if this attempt had not been made (see JobDeferred). */
export async function deferJob(db: SqlClient, job: ClaimedJob, options: { now: Date; runAt: Date }): Promise<void> {
  await queryRows(db, sql.deferJob, [job.id, job.attempts, options.now, options.runAt]);
}

export async function retryJob(
  db: SqlClient,
  job: ClaimedJob,
  options: { now: Date; runAt: Date; error: string },
): Promise<void> {
  await queryRows(db, sql.retryJob, [job.id, job.attempts, options.now, options.runAt, options.error]);
}

export async function buryJob(db: SqlClient, job: ClaimedJob, options: { now: Date; error: string }): Promise<void> {
  await queryRows(db, sql.buryJob, [job.id, job.attempts, options.now, options.error]);
}

/**
 * Embedded mode only: PGlite admits one process, so every `running` row at start-up belongs to a
 * process that died; make them claimable now instead of after their lease.
 */
export async function releaseOrphanedJobs(db: SqlClient, now: Date): Promise<void> {
  await queryRows(db, sql.releaseOrphanedJobs, [now]);
}
