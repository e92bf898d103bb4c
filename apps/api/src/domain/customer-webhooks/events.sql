-- Customer events' statements (events.ts).

-- name: recordEventForSubscribers
-- Records a customer event and returns the enabled endpoints of its workspace subscribed to its type
-- (an endpoint with no event types takes them all), which get a delivery each.
-- params: id, workspaceId, type, data, at
WITH recorded AS (
  INSERT INTO events (id, workspace_id, type, data, created_at)
  VALUES ($1, $2, $3, $4::jsonb, $5::timestamptz)
)
SELECT id FROM webhook_endpoints
WHERE workspace_id = $2 AND enabled AND (cardinality(event_types) = 0 OR $3 = ANY (event_types));
