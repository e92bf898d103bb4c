-- The sandbox's drive actions' statements (actions.ts).

-- name: receivingNumber
-- The workspace's connected number a text from `from` goes to: the one `from` was last sent from
-- (the sticky sender), else the oldest connected one.
-- params: from, workspaceId
SELECT p.number FROM phone_numbers p
LEFT JOIN recipient_senders r
  ON r.workspace_id = p.workspace_id AND r.phone_number = $1 AND r.phone_number_id = p.id
WHERE p.workspace_id = $2 AND p.status = 'connected'
ORDER BY (r.phone_number_id IS NULL), p.created_at, p.id
LIMIT 1;
