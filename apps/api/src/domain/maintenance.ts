import { Prisma, type PrismaClient } from '@textline/db';
import { defineJob } from '../jobs/define.ts';
import { ZRecurringPayload } from '../jobs/recurring.ts';
import { DAY_MS } from '../lib/clock.ts';
import type { Services } from '../ports.ts';

/** Rows of one table that nothing needs any more, named by the table's primary key. */
type Prunable = { table: string; key: string; stale: Prisma.Sql };

/**
 * Operational rows that only grow and that nobody reads once old: finished jobs, and credentials long
 * past their expiry (every use of an expired one is refused already, and replays of expired OAuth
 * codes and refresh tokens are refused before reuse detection looks at them). Records are never
 * pruned: messages, the ledger, customer events, webhook deliveries and attempts, provider events
 * (their deduplication) and dead jobs (evidence of what failed).
 */
function prunableRows(config: Services['config'], now: number): Prunable[] {
  const finishedBefore = new Date(now - config.jobRetentionDays * DAY_MS);
  const expiredBefore = new Date(now - config.expiredCredentialRetentionDays * DAY_MS);
  const expired = Prisma.sql`expires_at < ${expiredBefore}`;
  return [
    // A job finishes after it is due (run_at <= updated_at), so the run_at bound changes nothing but
    // lets the (status, run_at) index find the rows.
    {
      table: 'jobs',
      key: 'id',
      stale: Prisma.sql`status = 'done' AND run_at < ${finishedBefore} AND updated_at < ${finishedBefore}`,
    },
    { table: 'console_sessions', key: 'id', stale: expired },
    { table: 'oauth_authorization_codes', key: 'code_hash', stale: expired },
    { table: 'oauth_refresh_tokens', key: 'id', stale: expired },
    { table: 'access_tokens', key: 'id', stale: expired },
  ];
}

/**
 * Deletes in statements of at most `batchSize` rows, each its own short transaction, skipping rows
 * someone else holds: a large backlog never locks much for long, and what is skipped goes next time.
 */
async function deleteInBatches(db: Pick<PrismaClient, '$executeRaw'>, rows: Prunable, batchSize: number): Promise<number> {
  const table = Prisma.raw(rows.table);
  const key = Prisma.raw(rows.key);
  let deleted = 0;
  for (;;) {
    const batch = await db.$executeRaw`
      DELETE FROM ${table} WHERE ${key} IN (
        SELECT ${key} FROM ${table} WHERE ${rows.stale} LIMIT ${batchSize} FOR UPDATE SKIP LOCKED)`;
    deleted += batch;
    if (batch < batchSize) return deleted;
  }
}

/** One maintenance run: prunes every kind of stale row. Idempotent, so a repeated job is harmless. */
async function pruneStaleRows(deps: Pick<Services, 'prisma' | 'clock' | 'config' | 'log'>): Promise<Record<string, number>> {
  const deleted: Record<string, number> = {};
  for (const rows of prunableRows(deps.config, deps.clock.now())) {
    deleted[rows.table] = await deleteInBatches(deps.prisma, rows, deps.config.maintenanceBatchSize);
  }
  deps.log.info({ deleted }, 'maintenance pruned stale rows');
  return deleted;
}

/** Recurring: one run per MAINTENANCE_INTERVAL_MINUTES (see withRecurringJobs). */
export const maintenanceJob = defineJob({
  queue: 'maintenance',
  payload: ZRecurringPayload,
  async run(services) {
    await pruneStaleRows(services);
  },
});
