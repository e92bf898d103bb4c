-- Maintenance's statements (maintenance.ts): each deletes at most `batchSize` stale rows of one
-- table, skipping rows someone else holds, so a large backlog never locks much for long.

-- name: pruneFinishedJobs
-- Finished jobs last updated before `finishedBefore`. A job finishes after it is due (run_at <=
-- updated_at), so the run_at bound changes nothing but lets the (status, run_at) index find the rows.
-- params: finishedBefore, batchSize
DELETE FROM jobs WHERE id IN (
  SELECT id FROM jobs WHERE status = 'done' AND run_at < $1 AND updated_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED);

-- name: pruneExpiredConsoleSessions
-- params: expiredBefore, batchSize
DELETE FROM console_sessions WHERE id IN (
  SELECT id FROM console_sessions WHERE expires_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED);

-- name: pruneExpiredAuthorizationCodes
-- params: expiredBefore, batchSize
DELETE FROM oauth_authorization_codes WHERE code_hash IN (
  SELECT code_hash FROM oauth_authorization_codes WHERE expires_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED);

-- name: pruneExpiredRefreshTokens
-- params: expiredBefore, batchSize
DELETE FROM oauth_refresh_tokens WHERE id IN (
  SELECT id FROM oauth_refresh_tokens WHERE expires_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED);

-- name: pruneExpiredAccessTokens
-- params: expiredBefore, batchSize
DELETE FROM access_tokens WHERE id IN (
  SELECT id FROM access_tokens WHERE expires_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED);
