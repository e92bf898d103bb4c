-- name: recordTokenUses
-- Moves each token's last_used_at to its latest use (`ids` and `times` pair up by position).
-- GREATEST keeps the later time when another process recorded a use meanwhile. Rows another
-- transaction holds (a capped token's send counting its spend, a revocation) are skipped rather than
-- waited for: this write never waits while holding other token rows, so it cannot deadlock with
-- those; a skipped use costs only a stale last_used_at until a later use is recorded.
-- params: ids, times
UPDATE access_tokens AS t SET last_used_at = GREATEST(t.last_used_at, used.at)
FROM unnest($1::text[], $2::timestamptz[]) AS used(id, at)
WHERE t.id = used.id
  AND t.id IN (SELECT free.id FROM access_tokens free WHERE free.id = ANY($1::text[]) FOR NO KEY UPDATE SKIP LOCKED);
