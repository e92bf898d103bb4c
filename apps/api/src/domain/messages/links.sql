-- Tracked links (links.ts, link-clicks.ts): a message's short links, written by accept_message_batch.

-- name: clickByCode
-- Records a click on the link a code names and answers the link: the one statement an unknown code
-- costs (it records nothing), and a known one's first in this process.
-- params: code, id, clickedAt, ipHash, userAgentFamily
WITH link AS (
  SELECT l.code, l.url, l.message_id, l.workspace_id FROM message_links l WHERE l.code = $1
), click AS (
  INSERT INTO link_clicks (id, code, workspace_id, message_id, clicked_at, ip_hash, user_agent_family)
  SELECT $2, link.code, link.workspace_id, link.message_id, $3::timestamptz, $4, $5 FROM link
)
SELECT link.url, link.message_id, link.workspace_id FROM link;

-- name: insertClick
-- Records a click on a link already known: the click (hashed IP, user agent family) is all a click
-- writes; the roll-up (rollUpClicks) counts it on its link and message.
-- params: id, code, workspaceId, messageId, clickedAt, ipHash, userAgentFamily
INSERT INTO link_clicks (id, code, workspace_id, message_id, clicked_at, ip_hash, user_agent_family)
VALUES ($1, $2, $3, $4, $5::timestamptz, $6, $7);

-- name: lockClickRollUp
-- One roll-up at a time, until the transaction ends: two would update the same links and messages
-- in no set order, and could deadlock.
SELECT pg_advisory_xact_lock(hashtext('link_clicks roll-up')) IS NOT NULL AS locked;

-- name: rollUpClicks
-- Counts up to batchSize clicks not yet counted on their link (clicks) and message (link_clicks),
-- and marks them counted. One row per link: `clicks` counted now, `first` when they are the
-- link's first (then `first_clicked_at` is its first click).
-- params: batchSize
-- not null: clicks
WITH batch AS (
  SELECT c.id FROM link_clicks c WHERE NOT c.rolled_up LIMIT $1
), counted AS (
  UPDATE link_clicks c SET rolled_up = true FROM batch WHERE c.id = batch.id
  RETURNING c.code, c.message_id, c.clicked_at
), per_link AS (
  SELECT counted.code, count(*)::int AS clicks, min(counted.clicked_at) AS first_clicked_at FROM counted GROUP BY counted.code
), links AS (
  UPDATE message_links l SET clicks = l.clicks + per_link.clicks FROM per_link WHERE l.code = per_link.code
  RETURNING l.code, l.workspace_id, l.message_id, l.url, l.clicks = per_link.clicks AS first
), messages AS (
  UPDATE messages m SET link_clicks = m.link_clicks + per_message.clicks
  FROM (SELECT counted.message_id, count(*)::int AS clicks FROM counted GROUP BY counted.message_id) per_message
  WHERE m.id = per_message.message_id
)
SELECT per_link.clicks, per_link.first_clicked_at, links.workspace_id, links.message_id, links.url, links.first
FROM per_link LEFT JOIN links ON links.code = per_link.code;
