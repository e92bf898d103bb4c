import type { TWebhookEndpointHealth, TWebhookEndpointHour } from '@textline/contract';
import { queryRowsIn, type WebhookEndpoint } from '@textline/db';
import { defineJob } from '../../jobs/define.ts';
import { ZRecurringPayload } from '../../jobs/recurring.ts';
import { DAY_MS } from '../../lib/clock.ts';
import { endpointHealthStats, endpointHours } from './health.sql.ts';
import type { Services } from '../../ports.ts';

/** An endpoint whose every attempt failed for this long is disabled (as Svix does). */
export const DISABLE_AFTER_FAILING_MS = 5 * DAY_MS;

const HEALTH_WINDOW_MS = DAY_MS;

export function disabledReason(at: Date, failingSince: Date): string {
  return (
    `Disabled automatically on ${at.toISOString()}: every delivery attempt failed for 5 days ` +
    `(since ${failingSince.toISOString()}). Fix the endpoint, enable it again and recover the failed deliveries.`
  );
}

/**
 * The health of each endpoint, from its attempts. Every attempt moves its delivery's
 * last_attempt_at forward, so the (endpoint_id, last_attempt_at) index finds the deliveries
 * attempted in a window without reading older ones. Failures since failing_since are consecutive
 * by definition (any success clears it). The last success is found newest delivery first: the first
 * delivery with a successful attempt bounds it from below, and only deliveries attempted after that
 * bound can hold a later one.
 */
export async function endpointHealth(
  deps: Pick<Services, 'prisma' | 'clock'>,
  endpoints: readonly Pick<WebhookEndpoint, 'id' | 'failingSince'>[],
): Promise<Map<string, TWebhookEndpointHealth>> {
  if (endpoints.length === 0) return new Map();
  const windowStart = new Date(deps.clock.now() - HEALTH_WINDOW_MS);
  const ids = endpoints.map((endpoint) => endpoint.id);
  const failingSince = endpoints.map((endpoint) => endpoint.failingSince?.toISOString() ?? null);
  const rows = await queryRowsIn(deps.prisma, endpointHealthStats, [ids, failingSince, windowStart]);
  const failingSinceById = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.failingSince]));
  return new Map(
    rows.map((row) => [
      row.endpoint_id,
      {
        attempts_24h: row.attempts,
        success_rate_24h: row.attempts === 0 ? null : Math.round((row.succeeded / row.attempts) * 10_000) / 10_000,
        latency_p50_ms_24h: row.p50 === null ? null : Math.round(row.p50),
        latency_p99_ms_24h: row.p99 === null ? null : Math.round(row.p99),
        consecutive_failures: row.failures,
        failing_since: failingSinceById.get(row.endpoint_id)?.toISOString() ?? null,
        last_success_at: row.last_success_at?.toISOString() ?? null,
      },
    ]),
  );
}

const HOUR_MS = 3_600_000;

/**
 * Attempts per UTC hour over the last 24 hours (the current hour last), found through the
 * (endpoint_id, last_attempt_at) index as endpointHealth finds its window.
 */
export async function hourlyAttempts(
  deps: Pick<Services, 'prisma' | 'clock'>,
  endpointId: string,
): Promise<TWebhookEndpointHour[]> {
  const now = deps.clock.now();
  const start = new Date(now - (now % HOUR_MS) - 23 * HOUR_MS);
  const rows = await queryRowsIn(deps.prisma, endpointHours, [start, endpointId]);
  const byHour = new Map(rows.map((row) => [row.hour, row]));
  return Array.from({ length: 24 }, (_, hour) => ({
    start: new Date(start.getTime() + hour * HOUR_MS).toISOString(),
    attempts: byHour.get(hour)?.attempts ?? 0,
    succeeded: byHour.get(hour)?.succeeded ?? 0,
  }));
}

/**
 * Disables every enabled endpoint that has failed every attempt for 5 days. Deliveries find it
 * out too when they fail (worker.ts); this catches endpoints no attempt reached lately.
 */
export async function disableFailingEndpoints(deps: Pick<Services, 'prisma' | 'clock' | 'log'>): Promise<string[]> {
  const now = new Date(deps.clock.now());
  const failingBefore = new Date(now.getTime() - DISABLE_AFTER_FAILING_MS);
  const failing = await deps.prisma.webhookEndpoint.findMany({
    where: { enabled: true, failingSince: { lte: failingBefore } },
    select: { id: true, failingSince: true },
  });
  const disabled: string[] = [];
  for (const endpoint of failing) {
    const since = endpoint.failingSince ?? failingBefore;
    // The condition again: a success or a re-enable between the read and this write wins.
    const changed = await deps.prisma.webhookEndpoint.updateMany({
      where: { id: endpoint.id, enabled: true, failingSince: since },
      data: { enabled: false, disabledReason: disabledReason(now, since), updatedAt: now },
    });
    if (changed.count > 0) disabled.push(endpoint.id);
  }
  if (disabled.length > 0) deps.log.warn({ endpointIds: disabled }, 'webhook endpoints disabled after 5 days of failures');
  return disabled;
}

/** Recurring, hourly (see recurringJobs): an endpoint is disabled within the hour its 5 days are up. */
export const webhookHealthJob = defineJob({
  queue: 'webhook_health',
  payload: ZRecurringPayload,
  async run(services) {
    await disableFailingEndpoints(services);
  },
});
