// Generated from links.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * The link a code names, with its clicks so far: the one statement an unknown code costs.
 */
export const linkByCode = statement<
  [code: string | null],
  { url: string; message_id: string; workspace_id: string; clicks: number }
>(`SELECT l.url, l.message_id, l.workspace_id, l.clicks FROM message_links l WHERE l.code = $1`);

/**
 * Records one click: the link's count, the click (hashed IP, user agent family) and the message's
 * link_clicks, in one statement; `clicks` is the link's count with this click, 1 for its first.
 */
export const countClick = statement<
  [
    code: string | null,
    id: string | null,
    clickedAt: Date | string | null,
    ipHash: string | null,
    userAgentFamily: string | null,
  ],
  { clicks: number }
>(`WITH link AS (
  UPDATE message_links l SET clicks = l.clicks + 1 WHERE l.code = $1
  RETURNING l.message_id, l.workspace_id, l.clicks
), click AS (
  INSERT INTO link_clicks (id, code, workspace_id, message_id, clicked_at, ip_hash, user_agent_family)
  SELECT $2, $1, link.workspace_id, link.message_id, $3::timestamptz, $4, $5 FROM link
), message AS (
  UPDATE messages m SET link_clicks = m.link_clicks + 1 FROM link WHERE m.id = link.message_id
)
SELECT link.clicks FROM link`);
