// Generated from usage.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * A workspace's activity summed per UTC `unit` ('day' or 'month') from `from` (included) to `to`
 * (excluded), oldest first, only the periods with activity. A message counts in the period it was
 * accepted or received in, with its status now; cost is what those sends debited (their cost_cents,
 * which is the amount of their send_debit entry, written together with the same time); refunds count
 * when they were posted.
 *
 * Read from the rows themselves, by ranges on (workspace_id, created_at) of messages and
 * inbound_messages and on the partial (workspace_id, kind, created_at, id) index of the ledger for
 * refunds: a report reads the rows of its own range only, never the workspace's whole history. A
 * rollup table per day would make a year's report cheaper still, but every send and every status
 * change would then write it (rows that the workspace's concurrent sends and carrier reports would
 * all update), on the send and ingestion paths, and a closed day would still change: statuses and
 * refunds arrive days after the send (a scheduled send, a late delivery report). The sums are cast
 * to int4 (counts) and float8 (cents, exact below 2^53) so that every driver returns numbers.
 */
export const usagePerPeriod = statement<
  [workspaceId: string | null, from: Date | string | null, to: Date | string | null, unit: string | null],
  {
    period_start: string;
    sent: number;
    delivered: number;
    failed: number;
    inbound: number;
    segments: number;
    cost_cents: number;
    refunds_cents: number;
  }
>(`WITH activity AS (
  SELECT date_trunc($4::text, m.created_at AT TIME ZONE 'UTC') AS period,
         count(*) FILTER (WHERE m.status <> 'canceled') AS sent,
         count(*) FILTER (WHERE m.status = 'delivered') AS delivered,
         count(*) FILTER (WHERE m.status = 'failed') AS failed,
         0 AS inbound,
         coalesce(sum(m.segments) FILTER (WHERE m.status <> 'canceled'), 0) AS segments,
         sum(m.cost_cents) AS cost_cents,
         0 AS refunds_cents
  FROM messages m
  WHERE m.workspace_id = $1::text AND m.created_at >= $2::timestamptz AND m.created_at < $3::timestamptz
  GROUP BY 1
  UNION ALL
  SELECT date_trunc($4::text, i.created_at AT TIME ZONE 'UTC'), 0, 0, 0, count(*), 0, 0, 0
  FROM inbound_messages i
  WHERE i.workspace_id = $1::text AND i.created_at >= $2::timestamptz AND i.created_at < $3::timestamptz
  GROUP BY 1
  UNION ALL
  SELECT date_trunc($4::text, l.created_at AT TIME ZONE 'UTC'), 0, 0, 0, 0, 0, 0, sum(l.amount_cents)
  FROM ledger_entries l
  WHERE l.workspace_id = $1::text AND l.created_at >= $2::timestamptz AND l.created_at < $3::timestamptz
    AND l.kind = 'send_refund'
  GROUP BY 1
)
SELECT to_char(period, 'YYYY-MM-DD') AS period_start, sum(sent)::int4 AS sent, sum(delivered)::int4 AS delivered,
       sum(failed)::int4 AS failed, sum(inbound)::int4 AS inbound, sum(segments)::float8 AS segments,
       sum(cost_cents)::float8 AS cost_cents, sum(refunds_cents)::float8 AS refunds_cents
FROM activity GROUP BY period ORDER BY period`);
