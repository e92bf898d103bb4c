-- name: senderForRecipient
-- The number a send to this recipient goes from now: the one it had before (`sticky`) while still
-- connected, else the workspace's least recently used connected number.
-- params: phoneNumber, workspaceId
-- not null: sticky
SELECT p.id, p.number, (r.phone_number_id IS NOT NULL) AS sticky
FROM phone_numbers p
LEFT JOIN recipient_senders r
  ON r.workspace_id = p.workspace_id AND r.phone_number = $1 AND r.phone_number_id = p.id
WHERE p.workspace_id = $2 AND p.status = 'connected'
ORDER BY (r.phone_number_id IS NULL), p.last_used_at ASC NULLS FIRST, p.created_at, p.id
LIMIT 1;
