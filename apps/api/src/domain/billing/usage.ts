import { AppError, type TUsagePeriod, usageMaxDays } from '@textline/contract';
import { queryRows } from '@textline/db';
import { DAY_MS } from '../../lib/clock.ts';
import type { Services } from '../../ports.ts';
import { usagePerPeriod } from './usage.sql.ts';

type Granularity = 'day' | 'month';

function invalidRange(message: string): AppError {
  return new AppError('validation_failed', { message: `to ${message}.`, extra: { issues: [{ path: 'to', message }] } });
}

/** Midnight UTC starting a YYYY-MM-DD day (the schema checked the format and that the day exists). */
function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
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
  const periods = await queryRows(deps.sql, usagePerPeriod, [
    workspaceId,
    new Date(from).toISOString(),
    new Date(to + DAY_MS).toISOString(),
    query.granularity,
  ]);
  return { periods };
}
