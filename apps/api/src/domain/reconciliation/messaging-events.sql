-- name: messageOfEvent
-- The message a carrier event is about, by our ids (`ids`) or the carrier's (`providerMessageId`),
-- each through its index (hot-statement-plans), and the stored event `providerEventId` linked to it.
-- params: ids, providerMessageId, providerEventId
WITH found AS (
  SELECT id, status, workspace_id, phone_number, sender_number, provider_message_id FROM messages
  WHERE id = ANY ($1::text[]) OR provider_message_id = $2::text
  LIMIT 1
), linked AS (
  UPDATE provider_events SET message_id = found.id FROM found WHERE provider_events.id = $3::uuid
)
SELECT id, status, workspace_id AS "workspaceId", phone_number AS "phoneNumber", sender_number AS "senderNumber",
       provider_message_id AS "providerMessageId"
FROM found;
