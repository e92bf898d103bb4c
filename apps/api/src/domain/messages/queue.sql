-- The workspace's send queue (queue.ts): messages accepted and not yet handed to the carrier.

-- name: queuedBySender
-- The queued messages of each sender number, the longest queue first; at most 100 numbers.
-- params: workspaceId
-- not null: queued, oldestQueuedAt
SELECT p.number AS "senderNumber", p.throughput_per_second AS "throughputPerSecond", count(*)::int AS queued,
       min(m.created_at) AS "oldestQueuedAt", max(m.estimated_send_at) AS "lastEstimatedSendAt"
FROM messages m JOIN phone_numbers p ON p.id = m.sender_number_id
WHERE m.workspace_id = $1 AND m.status = 'queued'
GROUP BY p.id, p.number, p.throughput_per_second
ORDER BY queued DESC, p.number
LIMIT 100;

-- name: queuedTotal
-- Every queued message of the workspace, whatever its sender.
-- params: workspaceId
-- not null: queued
SELECT count(*)::int AS queued, min(m.created_at) AS "oldestQueuedAt"
FROM messages m WHERE m.workspace_id = $1 AND m.status = 'queued';
