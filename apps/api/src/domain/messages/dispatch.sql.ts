// Generated from dispatch.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * Reads a message and, when it waits for dispatch (`scheduled` or `queued`), has not expired, its
 * recipient is not suppressed and its sender can still send (either may have changed since
 * acceptance), moves it to `sending` in the same statement; `claimed` says whether it did. The claim is conditional on
 * the status read, so a cancel or another dispatch in between wins. The suppression is read as it
 * stands at the claim, not compared by time: an opt-out stops every message but an auto-reply it
 * lets through, which is an opt-out confirmation (its key names its kind, keywords.ts; the key of
 * versions before that, `auto_reply:<inbound id>`, is the one of the STOP the opt-out records), so a
 * STOP sent twice still gets its confirmation, and a HELP answer to a recipient who asked while opted
 * out, through the version of the opt-out it was recorded under (exempt_opt_out_version, the row's
 * xmin) only: a STOP recorded after the HELP writes the row again. `senderHealth` is `healthy`, or why
 * the sender cannot send: `released` (released, or being released), `suspended` (any other status but connected), and for
 * a message of a sender pool also `failing` (failing_until ahead) and `unregistered` (with
 * `registrationCarrier`, a carrier that blocks unregistered senders, and a registration not approved).
 */
export const claimForDispatch = statement<
  [messageId: string | null, at: Date | string | null, registrationCarrier: boolean | null],
  {
    id: string;
    status: string;
    workspaceId: string;
    phoneNumber: string;
    senderNumber: string | null;
    senderNumberId: string | null;
    body: string;
    mediaUrls: unknown;
    expired: boolean;
    suppressed: boolean;
    senderHealth: string;
    senderPoolId: string | null;
    claimed: boolean;
  }
>(`WITH target AS (
  SELECT m.id, m.status, m.workspace_id, m.phone_number, m.sender_number, m.sender_number_id, m.body, m.media_urls,
         COALESCE(m.expires_at <= $2::timestamptz, FALSE) AS expired,
         EXISTS (SELECT 1 FROM workspace_suppressions s
                 WHERE s.workspace_id = m.workspace_id AND s.phone_number = m.phone_number AND s.active
                   AND NOT COALESCE(m.source = 'auto_reply'
                                    AND (m.idempotency_key LIKE 'auto\\_reply:opt\\_out:%'
                                         OR m.idempotency_key = 'auto_reply:' || (s.provider_metadata->>'inbound_message_id')
                                         OR m.exempt_opt_out_version = s.xmin::text), FALSE)) AS suppressed,
         CASE WHEN p.id IS NULL OR p.status IN ('releasing', 'released') THEN 'released'
              WHEN p.status <> 'connected' THEN 'suspended'
              WHEN m.sender_pool_id IS NULL THEN 'healthy'
              WHEN p.failing_until > $2::timestamptz THEN 'failing'
              WHEN $3::boolean AND p.registration_status <> 'approved' THEN 'unregistered'
              ELSE 'healthy' END AS sender_health,
         m.sender_pool_id
  FROM messages m LEFT JOIN phone_numbers p ON p.id = m.sender_number_id WHERE m.id = $1
), claimed AS (
  UPDATE messages m SET status = 'sending', dispatched_at = $2::timestamptz, updated_at = $2::timestamptz,
                        estimated_send_at = NULL
  FROM target t
  WHERE m.id = t.id AND m.status = t.status AND t.status IN ('scheduled', 'queued')
    AND NOT t.expired AND NOT t.suppressed AND t.sender_health = 'healthy'
  RETURNING m.id
)
SELECT t.id, t.status, t.workspace_id AS "workspaceId", t.phone_number AS "phoneNumber",
       t.sender_number AS "senderNumber", t.sender_number_id AS "senderNumberId", t.body, t.media_urls AS "mediaUrls",
       t.expired, t.suppressed, t.sender_health AS "senderHealth", t.sender_pool_id AS "senderPoolId",
       EXISTS (SELECT 1 FROM claimed) AS claimed
FROM target t`);

/**
 * A carrier's id for a message, kept from the first answer (a repeated send gets the same one back).
 */
export const storeProviderMessageId = statement<[messageId: string | null, providerMessageId: string | null], never>(
  `UPDATE messages SET provider_message_id = $2 WHERE id = $1 AND provider_message_id IS NULL`,
);

/**
 * What pacing a message's hand-off needs (SENDER_PACING): its sender, the segments it takes and the
 * number's throughput (phone_number_throughput.sql keeps it), and whether it still waits for dispatch at all.
 */
export const paceOf = statement<
  [messageId: string | null, at: Date | string | null],
  { senderNumberId: string | null; segments: number; throughputPerSecond: number | null; waiting: boolean }
>(`SELECT m.sender_number_id AS "senderNumberId", m.segments, p.throughput_per_second AS "throughputPerSecond",
       (m.status IN ('scheduled', 'queued') AND COALESCE(m.expires_at > $2::timestamptz, TRUE)) AS waiting
FROM messages m LEFT JOIN phone_numbers p ON p.id = m.sender_number_id
WHERE m.id = $1`);

/**
 * A waiting message's new estimate, when its sender's pace put it back.
 */
export const postponeEstimate = statement<[messageId: string | null, estimatedSendAt: Date | string | null], never>(
  `UPDATE messages SET estimated_send_at = $2::timestamptz WHERE id = $1 AND status IN ('scheduled', 'queued')`,
);
