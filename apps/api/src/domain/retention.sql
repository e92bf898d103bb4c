-- The retention run's statements (retention.ts). Each handles at most `batchSize` rows of one
-- workspace in one short statement of its own, so a large backlog never locks much for long and a
-- run that stops part-way loses nothing done so far.

-- name: redactMessageBatch
-- Redacts the next batch of messages created before `before`, after the position (`afterAt`,
-- `afterId`) in order of created_at and id: those in a final status lose their text, number and
-- metadata (text and number read `redacted`), their carrier reports, and their tracked links with
-- their clicks (maintenance counts the clicks first; a link's code then answers 404); those still on their way
-- (scheduled, queued, sending) are left for a later run. It records in workspace_retention how far everything is done: the earliest
-- message left open this run (`heldAt`, or the batch's own), else the batch's end, else `before`
-- once the batch is short (nothing older is left).
-- params: workspaceId, afterAt, afterId, before, batchSize, heldAt, redacted
-- not null: scanned, redacted
WITH batch AS (
  SELECT id, created_at, status IN ('sent', 'delivered', 'failed', 'canceled') AS final
  FROM messages
  WHERE workspace_id = $1 AND created_at >= $2::timestamptz AND (created_at, id) > ($2::timestamptz, $3::text)
    AND created_at < $4::timestamptz
  ORDER BY created_at, id
  LIMIT $5
), redacted AS (
  UPDATE messages m SET body = $7::text, phone_number = $7::text, metadata = NULL
  FROM batch
  WHERE m.id = batch.id AND batch.final AND m.phone_number <> $7::text
  RETURNING m.id
), reports AS (
  DELETE FROM provider_events WHERE message_id IN (SELECT id FROM batch WHERE final)
), links AS (
  DELETE FROM message_links WHERE message_id IN (SELECT id FROM batch WHERE final)
), clicks AS (
  DELETE FROM link_clicks WHERE message_id IN (SELECT id FROM batch WHERE final)
), summary AS (
  SELECT count(*)::int AS scanned,
    min(created_at) FILTER (WHERE NOT final) AS first_open,
    (array_agg(created_at ORDER BY created_at DESC, id DESC))[1] AS last_at,
    (array_agg(id ORDER BY created_at DESC, id DESC))[1] AS last_id
  FROM batch
), progress AS (
  UPDATE workspace_retention r SET messages_done_before = COALESCE(
    $6::timestamptz, s.first_open, CASE WHEN s.scanned < $5 THEN $4::timestamptz ELSE s.last_at END)
  FROM summary s
  WHERE r.workspace_id = $1
)
SELECT s.scanned, (SELECT count(*)::int FROM redacted) AS redacted, s.first_open, s.last_at, s.last_id
FROM summary s;

-- name: redactInboundBatch
-- Redacts the next batch of inbound messages received before `before`, after the position
-- (`afterAt`, `afterId`), with their carrier reports, and records how far it got as above.
-- params: workspaceId, afterAt, afterId, before, batchSize, redacted
-- not null: scanned, redacted
WITH batch AS (
  SELECT id, created_at
  FROM inbound_messages
  WHERE workspace_id = $1 AND created_at >= $2::timestamptz AND (created_at, id) > ($2::timestamptz, $3::text)
    AND created_at < $4::timestamptz
  ORDER BY created_at, id
  LIMIT $5
), redacted AS (
  UPDATE inbound_messages i SET body = $6::text, from_number = $6::text
  FROM batch
  WHERE i.id = batch.id AND i.from_number <> $6::text
  RETURNING i.id
), reports AS (
  DELETE FROM provider_events WHERE message_id IN (SELECT id FROM batch)
), summary AS (
  SELECT count(*)::int AS scanned,
    (array_agg(created_at ORDER BY created_at DESC, id DESC))[1] AS last_at,
    (array_agg(id ORDER BY created_at DESC, id DESC))[1] AS last_id
  FROM batch
), progress AS (
  UPDATE workspace_retention r SET inbound_done_before = CASE WHEN s.scanned < $5 THEN $4::timestamptz ELSE s.last_at END
  FROM summary s
  WHERE r.workspace_id = $1
)
SELECT s.scanned, (SELECT count(*)::int FROM redacted) AS redacted, s.last_at, s.last_id
FROM summary s;

-- name: deleteSettledDeliveries
-- Webhook deliveries created before `before` that nothing will attempt again (no retry scheduled, no
-- replay queued, attempted at least once), with their attempts (ON DELETE CASCADE).
-- params: workspaceId, before, batchSize
DELETE FROM webhook_deliveries WHERE id IN (
  SELECT id FROM webhook_deliveries
  WHERE workspace_id = $1 AND created_at < $2 AND status <> 'pending' AND next_retry_at IS NULL AND replay_job_id IS NULL
  LIMIT $3 FOR UPDATE SKIP LOCKED);

-- name: deleteDeliveredEvents
-- Events recorded before `before` that no delivery refers to any more (the settled ones are deleted
-- first, so an event whose delivery is still retrying stays until it settles).
-- params: workspaceId, before, batchSize
DELETE FROM events WHERE id IN (
  SELECT e.id FROM events e
  WHERE e.workspace_id = $1 AND e.created_at < $2
    AND NOT EXISTS (SELECT 1 FROM webhook_deliveries d WHERE d.workspace_id = $1 AND d.event_id = e.id)
  LIMIT $3 FOR UPDATE SKIP LOCKED);
