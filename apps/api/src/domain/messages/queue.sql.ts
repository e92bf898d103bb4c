// Generated from queue.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * The queued messages of each sender number, the longest queue first; at most 100 numbers.
 */
export const queuedBySender = statement<
  [workspaceId: string | null],
  { senderNumber: string; throughputPerSecond: number; queued: number; oldestQueuedAt: Date; lastEstimatedSendAt: Date | null }
>(`SELECT p.number AS "senderNumber", p.throughput_per_second AS "throughputPerSecond", count(*)::int AS queued,
       min(m.created_at) AS "oldestQueuedAt", max(m.estimated_send_at) AS "lastEstimatedSendAt"
FROM messages m JOIN phone_numbers p ON p.id = m.sender_number_id
WHERE m.workspace_id = $1 AND m.status = 'queued'
GROUP BY p.id, p.number, p.throughput_per_second
ORDER BY queued DESC, p.number
LIMIT 100`);

/**
 * Every queued message of the workspace, whatever its sender.
 */
export const queuedTotal = statement<
  [workspaceId: string | null],
  { queued: number; oldestQueuedAt: Date | null }
>(`SELECT count(*)::int AS queued, min(m.created_at) AS "oldestQueuedAt"
FROM messages m WHERE m.workspace_id = $1 AND m.status = 'queued'`);
