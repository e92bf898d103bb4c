import { AppError, type TUsagePeriod, usageMaxDays } from '@textline/contract';
import { DAY_MS } from '../../lib/clock.ts';
import type { Services } from '../../ports.ts';

type Granularity = 'day' | 'month';

type UsageRow = { period_start: string } & { [Column in Exclude<keyof TUsagePeriod, 'period_start'>]: number | string | bigint };

function invalidRange(message: string): AppError {
  return new AppError('validation_failed', { message: `to ${message}.`, extra: { issues: [{ path: 'to', message }] } });
}

/** Midnight UTC starting a YYYY-MM-DD day (the schema checked the format and that the day exists). */
function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

/**
 * The statement that sums a workspace's activity per UTC day or month from `from` (included) to
 * `to` (excluded), oldest first, only the periods with activity. A message counts in the period it
 * was accepted or received in, with its status now; cost is what those sends debited (their
 * cost_cents, which is the amount of their send_debit entry, written together with the same time);
 * refunds count when they were posted.
 *
 * Read from the rows themselves, by ranges on (workspace_id, created_at) of messages and
 * inbound_messages and on the partial (workspace_id, kind, created_at, id) index of the ledger for
 * refunds: a report reads the rows of its own range only, never the workspace's whole history. A
 * rollup table per day would make a year's report cheaper still, but every send and every status
 * change would then write it (rows that the workspace's concurrent sends and carrier reports would
 * all update), on the send and ingestion paths, and a closed day would still change: statuses and
 * refunds arrive days after the send (a scheduled send, a late delivery report).
 */
export function usageStatement(
  workspaceId: string,
  range: { from: Date; to: Date },
  granularity: Granularity,
): { text: string; values: unknown[] } {
  // The unit is one of two literals, so the statement text stays fixed per granularity.
  const unit = granularity === 'month' ? `'month'` : `'day'`;
  const period = (alias: string) => `date_trunc(${unit}, ${alias}.created_at AT TIME ZONE 'UTC')`;
  const within = (alias: string) =>
    `${alias}.workspace_id = $1::text AND ${alias}.created_at >= $2::timestamptz AND ${alias}.created_at < $3::timestamptz`;
  return {
    text: `WITH activity AS (
        SELECT ${period('m')} AS period,
               count(*) FILTER (WHERE m.status <> 'canceled') AS sent,
               count(*) FILTER (WHERE m.status = 'delivered') AS delivered,
               count(*) FILTER (WHERE m.status = 'failed') AS failed,
               0 AS inbound,
               coalesce(sum(m.segments) FILTER (WHERE m.status <> 'canceled'), 0) AS segments,
               sum(m.cost_cents) AS cost_cents,
               0 AS refunds_cents
        FROM messages m WHERE ${within('m')} GROUP BY 1
        UNION ALL
        SELECT ${period('i')}, 0, 0, 0, count(*), 0, 0, 0
        FROM inbound_messages i WHERE ${within('i')} GROUP BY 1
        UNION ALL
        SELECT ${period('l')}, 0, 0, 0, 0, 0, 0, sum(l.amount_cents)
        FROM ledger_entries l WHERE ${within('l')} AND l.kind = 'send_refund' GROUP BY 1
      )
      SELECT to_char(period, 'YYYY-MM-DD') AS period_start, sum(sent)::bigint AS sent, sum(delivered)::bigint AS delivered,
             sum(failed)::bigint AS failed, sum(inbound)::bigint AS inbound, sum(segments)::bigint AS segments,
             sum(cost_cents)::bigint AS cost_cents, sum(refunds_cents)::bigint AS refunds_cents
      FROM activity GROUP BY period ORDER BY period`,
    values: [workspaceId, range.from.toISOString(), range.to.toISOString()],
  };
}

/**
 * Usage per UTC day or month from `from` to `to` (YYYY-MM-DD, both included, at most usageMaxDays
 * days); an inverted or too long range is 422 naming `to`.
 */
export async function getUsage(
  deps: Pick<Services, 'sql'>,
  workspaceId: string,
  query: { from: string; to: string; granularity: Granularity },
): Promise<{ periods: TUsagePeriod[] }> {
  const from = dayStart(query.from);
  const to = dayStart(query.to);
  if (to < from) throw invalidRange('must be on or after from');
  const days = (to - from) / DAY_MS + 1;
  if (days > usageMaxDays)
    throw invalidRange(`must be at most ${usageMaxDays} days from from (inclusive); this range holds ${days}`);
  const statement = usageStatement(workspaceId, { from: new Date(from), to: new Date(to + DAY_MS) }, query.granularity);
  const rows = await deps.sql.query<UsageRow>(statement.text, statement.values);
  return {
    periods: rows.map((row) => ({
      period_start: row.period_start,
      sent: Number(row.sent),
      delivered: Number(row.delivered),
      failed: Number(row.failed),
      inbound: Number(row.inbound),
      segments: Number(row.segments),
      cost_cents: Number(row.cost_cents),
      refunds_cents: Number(row.refunds_cents),
    })),
  };
}
