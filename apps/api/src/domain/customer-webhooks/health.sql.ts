// Generated from health.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * Per endpoint (`ids` and `failingSince` pair up by position): its attempts and successes in the
 * window since `windowStart`, their latency's median and 99th percentile, the failed attempts since
 * it started failing, and its last success.
 */
export const endpointHealthStats = statement<
  [
    ids: readonly (string | null)[] | null,
    failingSince: readonly (Date | string | null)[] | null,
    windowStart: Date | string | null,
  ],
  {
    endpoint_id: string;
    attempts: number;
    succeeded: number;
    p50: number | null;
    p99: number | null;
    failures: number;
    last_success_at: Date | null;
  }
>(`WITH endpoint AS (
  SELECT * FROM unnest($1::text[], $2::timestamptz[]) AS e(id, failing_since)
), recent AS (
  SELECT d.endpoint_id, a.response_code, a.latency_ms
  FROM webhook_deliveries d JOIN webhook_attempts a ON a.delivery_id = d.id
  WHERE d.endpoint_id = ANY($1::text[]) AND d.last_attempt_at >= $3 AND a.created_at >= $3
), window_stats AS (
  SELECT endpoint_id, count(*)::int AS attempts,
         count(*) FILTER (WHERE response_code BETWEEN 200 AND 299)::int AS succeeded,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY latency_ms) AS p50,
         percentile_cont(0.99) WITHIN GROUP (ORDER BY latency_ms) AS p99
  FROM recent GROUP BY endpoint_id
)
SELECT e.id AS endpoint_id, COALESCE(w.attempts, 0) AS attempts, COALESCE(w.succeeded, 0) AS succeeded,
       w.p50, w.p99, COALESCE(f.failures, 0) AS failures, s.last_success_at
FROM endpoint e
LEFT JOIN window_stats w ON w.endpoint_id = e.id
LEFT JOIN LATERAL (
  SELECT count(*)::int AS failures
  FROM webhook_deliveries d JOIN webhook_attempts a ON a.delivery_id = d.id
  WHERE e.failing_since IS NOT NULL AND d.endpoint_id = e.id
    AND d.last_attempt_at >= e.failing_since AND a.created_at >= e.failing_since
) f ON true
LEFT JOIN LATERAL (
  WITH bound AS (
    SELECT success.at FROM webhook_deliveries d
    CROSS JOIN LATERAL (
      SELECT max(a.created_at) AS at FROM webhook_attempts a
      WHERE a.delivery_id = d.id AND a.response_code BETWEEN 200 AND 299
    ) success
    WHERE d.endpoint_id = e.id AND d.last_attempt_at IS NOT NULL AND success.at IS NOT NULL
    ORDER BY d.last_attempt_at DESC LIMIT 1
  )
  SELECT max(a.created_at) AS last_success_at
  FROM bound, webhook_deliveries d JOIN webhook_attempts a ON a.delivery_id = d.id
  WHERE d.endpoint_id = e.id AND d.last_attempt_at >= bound.at AND a.created_at >= bound.at
    AND a.response_code BETWEEN 200 AND 299
) s ON true`);

/**
 * An endpoint's attempts and successes per hour since `start` (hour 0 is the one starting then).
 */
export const endpointHours = statement<
  [start: Date | string | null, endpointId: string | null],
  { hour: number; attempts: number; succeeded: number }
>(`SELECT floor(extract(epoch FROM a.created_at - $1::timestamptz) / 3600)::int AS hour,
       count(*)::int AS attempts,
       count(*) FILTER (WHERE a.response_code BETWEEN 200 AND 299)::int AS succeeded
FROM webhook_deliveries d JOIN webhook_attempts a ON a.delivery_id = d.id
WHERE d.endpoint_id = $2 AND d.last_attempt_at >= $1 AND a.created_at >= $1
GROUP BY 1`);
