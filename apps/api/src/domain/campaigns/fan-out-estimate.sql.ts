// Generated from fan-out-estimate.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * Per campaign, the active enrollments that have had no step yet, and the earliest instant their
 * first stage's delay counts from (their enrollment, or the activation for those enrolled before it).
 */
export const waitingForFirstStage = statement<
  [campaignIds: readonly (string | null)[] | null],
  { campaignId: string; waiting: number; firstAnchorAt: Date }
>(`SELECT e.campaign_id AS "campaignId", count(*)::int AS waiting, min(e.anchor_at) AS "firstAnchorAt"
FROM campaign_enrollments e
WHERE e.campaign_id = ANY($1::text[]) AND e.status = 'active' AND e.last_stage_id IS NULL
GROUP BY e.campaign_id`);

/**
 * The numbers a campaign step's send is chosen from, as accept_message_batch chooses (a step names
 * no sender): those of the workspace's default pool when it has one, else every connected number;
 * failing ones are skipped. Each with its pace and when it is next free.
 */
export const fanOutSenders = statement<
  [workspaceId: string | null, at: Date | string | null],
  { throughputPerSecond: number; nextSlotAt: Date | null }
>(`SELECT p.throughput_per_second AS "throughputPerSecond", p.next_slot_at AS "nextSlotAt"
FROM phone_numbers p
WHERE p.workspace_id = $1 AND p.status = 'connected' AND (p.failing_until IS NULL OR p.failing_until <= $2::timestamptz)
  AND (NOT EXISTS (SELECT 1 FROM sender_pools sp WHERE sp.workspace_id = $1 AND sp.is_default)
       OR p.id IN (SELECT spn.phone_number_id FROM sender_pool_numbers spn
                   WHERE spn.pool_id = (SELECT sp.id FROM sender_pools sp WHERE sp.workspace_id = $1 AND sp.is_default
                                        ORDER BY sp.created_at, sp.id LIMIT 1)))`);
