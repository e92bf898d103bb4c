-- Tracked links (links.ts, link-clicks.ts): a message's short links, written by accept_message_batch.

-- name: linkByCode
-- The link a code names, with its clicks so far: the one statement an unknown code costs.
-- params: code
SELECT l.url, l.message_id, l.workspace_id, l.clicks FROM message_links l WHERE l.code = $1;

-- name: countClick
-- Records one click: the link's count, the click (hashed IP, user agent family) and the message's
-- link_clicks, in one statement; `clicks` is the link's count with this click, 1 for its first.
-- params: code, id, clickedAt, ipHash, userAgentFamily
-- not null: clicks
WITH link AS (
  UPDATE message_links l SET clicks = l.clicks + 1 WHERE l.code = $1
  RETURNING l.message_id, l.workspace_id, l.clicks
), click AS (
  INSERT INTO link_clicks (id, code, workspace_id, message_id, clicked_at, ip_hash, user_agent_family)
  SELECT $2, $1, link.workspace_id, link.message_id, $3::timestamptz, $4, $5 FROM link
), message AS (
  UPDATE messages m SET link_clicks = m.link_clicks + 1 FROM link WHERE m.id = link.message_id
)
SELECT link.clicks FROM link;
