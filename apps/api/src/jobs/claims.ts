import type { SqlClient } from '@textline/db';
import { createKeyedBatcher } from '../lib/keyed-batcher.ts';
import type { QueueName } from './define.ts';
import { type ClaimedJob, claimDueJobs, claimJobById, claimJobsByIds } from './store.ts';

// Job rows one claim-by-id statement covers at most.
const ROW_BATCH = 500;

/** How this process takes job rows: each claim leases the row to this process for JOB_LEASE_MS. */
export type Claims = {
  /** Up to `limit` due rows of `queues`, oldest due first. */
  due(queues: readonly QueueName[], limit: number): Promise<ClaimedJob[]>;
  /** The row, or null when it is not claimable any more (done, or another worker holds it). */
  byId(id: string): Promise<ClaimedJob | null>;
};

export function createClaims(deps: { sql: SqlClient; now: () => Date; leaseMs: number }): Claims {
  const { sql, now } = deps;
  const lease = (at: Date) => ({ now: at, leaseUntil: new Date(at.getTime() + deps.leaseMs) });

  // Under load, the claims of rows BullMQ hands over together go as one statement instead of one per row.
  const byId = createKeyedBatcher<string, ClaimedJob | null>({
    maxBatch: ROW_BATCH,
    async runAlone(id) {
      return (await claimJobById(sql, id, lease(now()))) ?? null;
    },
    async runBatch(ids) {
      const claimed = new Map((await claimJobsByIds(sql, ids, lease(now()))).map((job) => [job.id, job]));
      // A row named twice in one batch (a wake and a sweep, or two wakes) was claimed once: only its first caller runs it.
      return ids.map((id) => {
        const job = claimed.get(id) ?? null;
        claimed.delete(id);
        return job;
      });
    },
  });

  return {
    async due(queues, limit) {
      if (limit <= 0) return [];
      return claimDueJobs(sql, { queues, limit, ...lease(now()) });
    },
    byId: (id) => byId.run('claim', id),
  };
}
