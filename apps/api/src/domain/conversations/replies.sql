-- What a replies request (replies.ts) waits on: the two numbers whose messages are replies, and the
-- time replies come after.

-- name: conversationReplyTarget
-- A conversation of the workspace: its two numbers.
-- params: id, workspaceId
SELECT c.id, c.phone_number, c.sender_number FROM conversations c WHERE c.id = $1 AND c.workspace_id = $2;

-- name: messageReplyTarget
-- A message the workspace sent: its recipient, its sender (null until one was chosen), when it was
-- accepted, and the conversation of the two numbers if the recipient ever replied.
-- params: id, workspaceId
-- nullable: conversation_id
SELECT m.phone_number, m.sender_number, m.created_at, c.id AS conversation_id
FROM messages m
LEFT JOIN conversations c
  ON c.workspace_id = m.workspace_id AND c.phone_number = m.phone_number AND c.sender_number = m.sender_number
WHERE m.id = $1 AND m.workspace_id = $2;

-- name: messageCreatedAt
-- When a message of the workspace, sent or received, was created.
-- params: id, workspaceId
-- not null: created_at
SELECT m.created_at FROM messages m WHERE m.id = $1 AND m.workspace_id = $2
UNION ALL
SELECT i.created_at FROM inbound_messages i WHERE i.id = $1 AND i.workspace_id = $2;
