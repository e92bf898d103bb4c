// Generated from events.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * Records a customer event and returns the enabled endpoints of its workspace subscribed to its type
 * (an endpoint with no event types takes them all), which get a delivery each.
 */
export const recordEventForSubscribers = statement<
  [id: string | null, workspaceId: string | null, type: string | null, data: unknown, at: Date | string | null],
  { id: string }
>(`WITH recorded AS (
  INSERT INTO events (id, workspace_id, type, data, created_at)
  VALUES ($1, $2, $3, $4::jsonb, $5::timestamptz)
)
SELECT id FROM webhook_endpoints
WHERE workspace_id = $2 AND enabled AND (cardinality(event_types) = 0 OR $3 = ANY (event_types))`);
