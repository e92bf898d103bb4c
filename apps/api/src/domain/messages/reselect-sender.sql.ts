// Generated from reselect-sender.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * The number a send to this recipient goes from now: the one it had before (`sticky`) while still
 * connected, else the workspace's least recently used connected number.
 */
export const senderForRecipient = statement<
  [phoneNumber: string | null, workspaceId: string | null],
  { id: string; number: string; sticky: boolean }
>(`SELECT p.id, p.number, (r.phone_number_id IS NOT NULL) AS sticky
FROM phone_numbers p
LEFT JOIN recipient_senders r
  ON r.workspace_id = p.workspace_id AND r.phone_number = $1 AND r.phone_number_id = p.id
WHERE p.workspace_id = $2 AND p.status = 'connected'
ORDER BY (r.phone_number_id IS NULL), p.last_used_at ASC NULLS FIRST, p.created_at, p.id
LIMIT 1`);

/**
 * The number of the message's pool a waiting message moves to when its sender can no longer send
 * (failover): chosen as accept_message_batch's rule 3 chooses in a pool (the recipient's sticky
 * sender, a number of its area code, of its state, the least loaded), among the pool's connected
 * numbers other than `skippedNumberId` that are not failing and, when the carrier needs it
 * (`registrationRequired`), are registered. `sticky` says whether it is already the recipient's, and
 * `recordsSticky` whether the pool keeps sticky senders at all.
 */
export const healthySenderInPool = statement<
  [
    poolId: string | null,
    workspaceId: string | null,
    phoneNumber: string | null,
    stateAreaCodes: readonly (string | null)[] | null,
    skippedNumberId: string | null,
    at: Date | string | null,
    registrationRequired: boolean | null,
  ],
  { id: string; number: string; sticky: boolean; recordsSticky: boolean }
>(`SELECT p.id, p.number, (r.phone_number_id IS NOT NULL) AS sticky, sp.sticky_sender AS "recordsSticky"
FROM sender_pools sp
JOIN sender_pool_numbers spn ON spn.pool_id = sp.id
JOIN phone_numbers p ON p.id = spn.phone_number_id
LEFT JOIN recipient_senders r
  ON sp.sticky_sender AND r.workspace_id = sp.workspace_id AND r.phone_number = $3 AND r.phone_number_id = p.id
WHERE sp.id = $1 AND sp.workspace_id = $2 AND p.workspace_id = $2 AND p.status = 'connected'
  AND p.id IS DISTINCT FROM $5::text
  AND (p.failing_until IS NULL OR p.failing_until <= $6::timestamptz)
  AND (NOT $7::boolean OR p.registration_status = 'approved')
ORDER BY (r.phone_number_id IS NULL),
         NOT (sp.area_code_match AND $3 LIKE '+1%' AND left(p.number, 5) = left($3, 5)),
         NOT (sp.area_code_match AND p.number LIKE '+1%' AND substr(p.number, 3, 3) = ANY($4::text[])),
         GREATEST(COALESCE(p.next_slot_at, $6::timestamptz), $6::timestamptz),
         p.last_used_at ASC NULLS FIRST, p.created_at, p.id
LIMIT 1`);

/**
 * A paced message moved to another number (failover, a released sender) takes that number's next free
 * slot, as accept_message_batch gives a send one: its estimated_send_at is the number's next_slot_at
 * (or now, when that has passed), and the number's next_slot_at moves on by the message's segments at
 * its throughput, so the sends after it wait for it too. Relative to the row it locks, so a concurrent
 * move to the same number takes the slot after. NO KEY UPDATE, the lock a send takes: FOR UPDATE would
 * also wait for a batch that only wrote a message from the number (its key share) and deadlock with it.
 */
export const takeSlotOfNewSender = statement<
  [messageId: string | null, senderNumberId: string | null, at: Date | string | null],
  { estimatedSendAt: Date }
>(`WITH sender AS (
  SELECT p.id, p.throughput_per_second, GREATEST(COALESCE(p.next_slot_at, $3::timestamptz), $3::timestamptz) AS slot_at
  FROM phone_numbers p WHERE p.id = $2 FOR NO KEY UPDATE
), moved AS (
  UPDATE messages m SET estimated_send_at = sender.slot_at
  FROM sender WHERE m.id = $1 AND m.sender_number_id = sender.id
  RETURNING m.segments, sender.slot_at
)
UPDATE phone_numbers p
SET next_slot_at = moved.slot_at + make_interval(secs => moved.segments / sender.throughput_per_second)
FROM sender, moved WHERE p.id = sender.id
RETURNING moved.slot_at AS "estimatedSendAt"`);

/**
 * The messages of sender pools queued for their slot on a number that is failing at the carrier, the
 * soonest due first: failover moves them as soon as the number turns failing, so their estimates
 * are their new numbers' (senderFailoverJob, failing-sender.ts). At most `limit`, so one run's work is bounded.
 */
export const waitingOnFailingSender = statement<
  [phoneNumberId: string | null, at: Date | string | null, limit: number | bigint | null],
  {
    id: string;
    workspaceId: string;
    phoneNumber: string;
    status: string;
    senderNumberId: string | null;
    senderNumber: string | null;
    senderPoolId: string;
  }
>(`SELECT m.id, m.workspace_id AS "workspaceId", m.phone_number AS "phoneNumber", m.status,
       m.sender_number_id AS "senderNumberId", m.sender_number AS "senderNumber", m.sender_pool_id AS "senderPoolId"
FROM phone_numbers p
JOIN messages m ON m.workspace_id = p.workspace_id AND m.status = 'queued' AND m.sender_number_id = p.id
WHERE p.id = $1 AND p.failing_until > $2::timestamptz AND m.sender_pool_id IS NOT NULL
ORDER BY m.estimated_send_at, m.id
LIMIT $3`);

/**
 * Locks a message's dispatch job while it waits (not yet claimed by a worker), so no worker claims it
 * until the transaction commits; no row when a worker has it already.
 */
export const holdPendingDispatch = statement<[jobId: string | null], { id: string }>(
  `SELECT id FROM jobs WHERE id = $1 AND status = 'pending' FOR UPDATE`,
);

/**
 * A waiting message's dispatch job due at its new slot (its new sender's).
 */
export const rescheduleDispatch = statement<[jobId: string | null, runAt: Date | string | null, at: Date | string | null], never>(
  `UPDATE jobs SET run_at = $2::timestamptz, updated_at = $3::timestamptz WHERE id = $1 AND status = 'pending'`,
);
