import { executeIn, type Prisma, type PrismaClient, type RawQueryClient } from '@textline/db';
import type { z } from 'zod';
import type { Clock } from '../lib/clock.ts';
import { newId } from '../lib/crypto.ts';
import type { JobDefinition, QueueName } from './define.ts';
import type { LiveChange, LiveChanges } from '../live/changes.ts';
import type { JobRunner } from '../ports.ts';
import * as sql from './enqueue.sql.ts';

/**
 * Job rows are written by `enqueue` (one job in an interactive transaction), by statements that make
 * a job per row of a query (their own INSERT in a `.sql` file, such as webhook deliveries' and
 * campaign steps' jobs), and by the database function accept_message_batch, which
 * writes each accepted message's dispatch job in the send's own statement (see dispatchJob).
 */

declare const wakesAfterCommit: unique symbol;

/**
 * A transaction opened by `inJobTransaction`, the only kind `enqueue` accepts: so no job is written
 * without its workers being woken once the transaction commits, and none is woken before.
 */
export type JobTransaction = Prisma.TransactionClient & { readonly [wakesAfterCommit]: true };

type JobTransactionDeps = {
  prisma: Pick<PrismaClient, '$transaction'>;
  clock: Clock;
  jobs: Pick<JobRunner, 'wake'>;
  /** The services object carries it; a caller without it (a test's bare deps) tells no console. */
  live?: Pick<LiveChanges, 'publish'>;
};

type OpenTransaction = {
  clock: Clock;
  toWake: Map<QueueName, string[]>;
  toPublish: { workspaceId: string; change: LiveChange }[];
};

/** The clock of each open job transaction, the jobs it will wake and the live changes it will publish after commit. */
const openTransactions = new WeakMap<JobTransaction, OpenTransaction>();

// Ids per wake() call: the runner takes them as arguments, and a campaign may schedule many steps at once.
const WAKE_BATCH = 1_000;

/**
 * Runs `work` in one transaction and, once it commits, wakes the jobs it enqueued that are due, so
 * they start at once instead of at the job runner's next sweep. A transaction that rolls back
 * leaves no job and wakes nothing.
 */
export async function inJobTransaction<T>(
  deps: JobTransactionDeps,
  work: (tx: JobTransaction) => Promise<T>,
  // Prisma ends a transaction still open after 5 s by default; set-based work over a whole campaign may take longer.
  options: { timeoutMs?: number } = {},
): Promise<T> {
  const toWake = new Map<QueueName, string[]>();
  const toPublish: OpenTransaction['toPublish'] = [];
  const result = await deps.prisma.$transaction(
    (tx) => {
      const jobTx = tx as JobTransaction;
      openTransactions.set(jobTx, { clock: deps.clock, toWake, toPublish });
      return work(jobTx);
    },
    options.timeoutMs === undefined ? undefined : { timeout: options.timeoutMs },
  );
  for (const [queue, ids] of toWake) {
    for (let start = 0; start < ids.length; start += WAKE_BATCH) deps.jobs.wake(queue, ...ids.slice(start, start + WAKE_BATCH));
  }
  for (const { workspaceId, change } of toPublish) deps.live?.publish(workspaceId, change);
  return result;
}

function openTransaction(tx: JobTransaction) {
  const open = openTransactions.get(tx);
  if (!open) throw new Error('a JobTransaction is only valid inside its inJobTransaction');
  return open;
}

/** Wakes these jobs (written in this transaction by a statement of a `.sql` file) once it commits; pass only the due ones. */
export function wakeAfterCommit(tx: JobTransaction, job: JobDefinition, jobIds: readonly string[]): void {
  if (jobIds.length === 0) return;
  const { toWake } = openTransaction(tx);
  toWake.set(job.queue, (toWake.get(job.queue) ?? []).concat(jobIds));
}

/** Tells the workspace's open console streams about `change` once this transaction commits (a page that refetched earlier would miss it). */
export function publishAfterCommit(tx: JobTransaction, workspaceId: string, change: LiveChange): void {
  openTransaction(tx).toPublish.push({ workspaceId, change });
}

/**
 * Writes one job row in `db`'s transaction (or on its own), its payload checked against the
 * definition's schema type. With `ifAbsent`, a row with its id already there is left as it is.
 * Returns how many rows it wrote.
 */
export function insertJob<Payload extends z.ZodType>(
  db: Pick<RawQueryClient, '$executeRawUnsafe'>,
  job: JobDefinition<Payload>,
  row: { id: string; payload: z.input<Payload>; runAt: Date; enqueuedAt: Date },
  options: { ifAbsent?: boolean } = {},
): Promise<number> {
  return executeIn(db, options.ifAbsent ? sql.insertJobUnlessPresent : sql.insertJob, [
    row.id,
    job.queue,
    JSON.stringify(row.payload),
    row.runAt,
    row.enqueuedAt,
  ]);
}

/**
 * Records a job in the caller's transaction, so the work exists exactly when the state change that
 * caused it commits; it is woken after the commit if it is due by then. `runAt` (default: now)
 * comes from `services.clock`, which the runner compares due times with (tests move it by hand).
 * Returns the job's id.
 */
export async function enqueue<Payload extends z.ZodType>(
  tx: JobTransaction,
  job: JobDefinition<Payload>,
  payload: z.input<Payload>,
  options: { runAt?: Date } = {},
): Promise<string> {
  const { clock } = openTransaction(tx);
  const now = clock.now();
  const runAt = options.runAt ?? new Date(now);
  const id = newId('job');
  await insertJob(tx, job, { id, payload, runAt, enqueuedAt: new Date(now) });
  if (runAt.getTime() <= now) wakeAfterCommit(tx, job, [id]);
  return id;
}
