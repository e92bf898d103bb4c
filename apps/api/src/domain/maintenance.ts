import { executeIn, type PrismaClient, type Statement } from '@textline/db';
import { defineJob } from '../jobs/define.ts';
import { ZRecurringPayload } from '../jobs/recurring.ts';
import { DAY_MS } from '../lib/clock.ts';
import { nextTurn } from '../lib/next-turn.ts';
import type { Services } from '../ports.ts';
import * as sql from './maintenance.sql.ts';
import { rollUpLinkClicks } from './messages/link-clicks.ts';
import { applyRetention } from './retention.ts';

/** Rows of one table that nothing needs any more: its statement deletes a batch of those older than `before`. */
type Prunable = {
  table: string;
  prune: Statement<[before: Date | string | null, batchSize: number | bigint | null], never>;
  before: Date;
};

/**
 * Operational rows that only grow and that nobody reads once old: finished jobs, and credentials long
 * past their expiry (every use of an expired one is refused already, and replays of expired OAuth
 * codes and refresh tokens are refused before reuse detection looks at them). Records are pruned
 * here never: messages, the ledger, customer events, webhook deliveries and attempts, provider events
 * (their deduplication) and dead jobs (evidence of what failed); a workspace's own retention
 * redacts or deletes its records (applyRetention).
 */
function prunableRows(config: Services['config'], now: number): Prunable[] {
  const finishedBefore = new Date(now - config.jobRetentionDays * DAY_MS);
  const expiredBefore = new Date(now - config.expiredCredentialRetentionDays * DAY_MS);
  return [
    { table: 'jobs', prune: sql.pruneFinishedJobs, before: finishedBefore },
    { table: 'console_sessions', prune: sql.pruneExpiredConsoleSessions, before: expiredBefore },
    { table: 'oauth_authorization_codes', prune: sql.pruneExpiredAuthorizationCodes, before: expiredBefore },
    { table: 'oauth_refresh_tokens', prune: sql.pruneExpiredRefreshTokens, before: expiredBefore },
    { table: 'access_tokens', prune: sql.pruneExpiredAccessTokens, before: expiredBefore },
  ];
}

/**
 * Deletes in statements of at most `batchSize` rows, each its own short transaction, skipping rows
 * someone else holds: a large backlog never locks much for long, and what is skipped goes next time.
 */
async function deleteInBatches(db: Pick<PrismaClient, '$executeRawUnsafe'>, rows: Prunable, batchSize: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const batch = await executeIn(db, rows.prune, [rows.before, batchSize]);
    deleted += batch;
    if (batch < batchSize) return deleted;
    // Requests waiting go between two batches (embedded, they would otherwise wait for the whole run).
    await nextTurn();
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
    // Clicks a stopped API process recorded but never counted.
    await rollUpLinkClicks(services);
    await applyRetention(services);
  },
});
