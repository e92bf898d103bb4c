// Generated from maintenance.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * Finished jobs last updated before `finishedBefore`. A job finishes after it is due (run_at <=
 * updated_at), so the run_at bound changes nothing but lets the (status, run_at) index find the rows.
 */
export const pruneFinishedJobs = statement<
  [finishedBefore: Date | string | null, batchSize: number | bigint | null],
  never
>(`DELETE FROM jobs WHERE id IN (
  SELECT id FROM jobs WHERE status = 'done' AND run_at < $1 AND updated_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`);

export const pruneExpiredConsoleSessions = statement<
  [expiredBefore: Date | string | null, batchSize: number | bigint | null],
  never
>(`DELETE FROM console_sessions WHERE id IN (
  SELECT id FROM console_sessions WHERE expires_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`);

export const pruneExpiredAuthorizationCodes = statement<
  [expiredBefore: Date | string | null, batchSize: number | bigint | null],
  never
>(`DELETE FROM oauth_authorization_codes WHERE code_hash IN (
  SELECT code_hash FROM oauth_authorization_codes WHERE expires_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`);

export const pruneExpiredRefreshTokens = statement<
  [expiredBefore: Date | string | null, batchSize: number | bigint | null],
  never
>(`DELETE FROM oauth_refresh_tokens WHERE id IN (
  SELECT id FROM oauth_refresh_tokens WHERE expires_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`);

export const pruneExpiredAccessTokens = statement<
  [expiredBefore: Date | string | null, batchSize: number | bigint | null],
  never
>(`DELETE FROM access_tokens WHERE id IN (
  SELECT id FROM access_tokens WHERE expires_at < $1 LIMIT $2 FOR UPDATE SKIP LOCKED)`);
