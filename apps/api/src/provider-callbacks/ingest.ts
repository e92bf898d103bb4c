import { AppError } from '@textline/contract';
import { queryRows } from '@textline/db';
import { applyReportedStatus, reportedStatusOf } from '../domain/reconciliation/messaging-events.ts';
import { INBOUND_MESSAGE_EVENT_TYPE } from '../domain/reconciliation/payloads.ts';
import { providerEventJob } from '../domain/reconciliation/provider-events.ts';
import type { Services } from '../ports.ts';
import { unstorable } from '../http/request-guards.ts';
import { reconcileNow } from './event-store.sql.ts';
import { verifyWebhookSignature } from './signature.ts';
import type { WebhookSource } from './sources.ts';

/**
 * A carrier's sent or delivered report, nearly every event, is settled by the request that stored
 * it (one statement, which deletes its job): no job runs for it. A report that statement does not
 * settle, or an error, leaves it to its job, made due at once.
 */
async function settleReport(deps: IngestDeps, providerEventId: string, jobId: string, payload: unknown, at: Date) {
  try {
    if (await applyReportedStatus(deps, providerEventId, payload, at, jobId)) return;
  } catch (error) {
    deps.log.warn({ providerEventId, err: error }, 'status report left to its reconciliation job');
  }
  await queryRows(deps.sql, reconcileNow, [jobId, at]);
  deps.jobs.wake(providerEventJob.queue, jobId);
}

/** What a provider webhook is answered: the stored event's acceptance record. */
type AcceptanceRecord = {
  id: string;
  status: 'received';
  provider: string;
  event_type: string;
  external_id: string;
  duplicate: boolean;
};

/** 202 for a new event, 200 with `duplicate: true` for a repeat. */
export function acceptanceStatus(record: AcceptanceRecord): 200 | 202 {
  return record.duplicate ? 200 : 202;
}

// Without `live` (the sandbox's own tools), no console hears of a settled report, as with inJobTransaction.
export type IngestDeps = Pick<
  Services,
  'providerEventStore' | 'sql' | 'clock' | 'jobs' | 'inboundWebhooks' | 'metrics' | 'log' | 'config'
> &
  Partial<Pick<Services, 'live'>>;

/**
 * The inbound webhook pipeline: verify the signature over the canonical payload, require the event
 * identity, store first, and leave everything else to the provider_event job. Throws AppError
 * `invalid_signature` (401) or `invalid_webhook_payload` (422).
 */
export async function ingestProviderWebhook(
  deps: IngestDeps,
  source: WebhookSource,
  request: { headers: Record<string, string | string[] | undefined>; payload: unknown },
): Promise<AcceptanceRecord> {
  const header = (name: string) => {
    const value = request.headers[name];
    return Array.isArray(value) ? undefined : value;
  };
  const verified = verifyWebhookSignature({
    secret: source.key.secret,
    timestamp: header(source.key.timestampHeader),
    signature: header(source.key.signatureHeader),
    payload: request.payload,
    nowMs: deps.clock.now(),
    toleranceSeconds: deps.inboundWebhooks.toleranceSeconds,
  });
  if (!verified) throw new AppError('invalid_signature');
  return acceptVerifiedWebhook(deps, source, request.payload);
}

/**
 * The part of the pipeline after verification, shared with carriers that verify their own
 * callbacks (e.g. Twilio): require the event identity (else `invalid_webhook_payload`), store
 * first, and queue reconciliation unless the event is a duplicate.
 */
export async function acceptVerifiedWebhook(
  deps: IngestDeps,
  source: Pick<WebhookSource, 'provider' | 'identify'>,
  payload: unknown,
): Promise<AcceptanceRecord> {
  const identity = source.identify(payload);
  if (!identity) throw new AppError('invalid_webhook_payload');
  // Stored first and whole, so a payload PostgreSQL cannot hold is refused rather than half-handled.
  const problem = unstorable(payload);
  if (problem)
    throw new AppError('invalid_webhook_payload', {
      message: `The payload cannot be stored: ${problem.path || 'it'} ${problem.message}.`,
    });

  const receivedAt = new Date(deps.clock.now());
  const settlesHere =
    source.provider === deps.inboundWebhooks.messaging.provider &&
    identity.eventType !== INBOUND_MESSAGE_EVENT_TYPE &&
    reportedStatusOf(payload) !== undefined;
  const stored = await deps.providerEventStore.store({
    provider: source.provider,
    ...identity,
    payload,
    receivedAt,
    // A report settled here has its job due one job lease later (as a crashed worker's job is
    // retried): it runs only when the process stopped between storing the report and settling it.
    jobRunAt: settlesHere ? new Date(receivedAt.getTime() + deps.config.jobLeaseMs) : receivedAt,
  });
  // The store's statement wrote the reconciliation job and committed.
  if (stored.job_id) {
    if (settlesHere) await settleReport(deps, stored.id, stored.job_id, payload, receivedAt);
    else deps.jobs.wake(providerEventJob.queue, stored.job_id);
  }
  deps.metrics?.providerEvents.inc({
    type: deps.metrics.providerEventType(identity.eventType),
    duplicate: String(stored.duplicate),
  });
  return {
    id: stored.id,
    status: 'received',
    provider: source.provider,
    event_type: identity.eventType,
    external_id: identity.externalId,
    duplicate: stored.duplicate,
  };
}
