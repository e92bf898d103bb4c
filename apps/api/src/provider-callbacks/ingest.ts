import { AppError } from '@textline/contract';
import { providerEventJob } from '../domain/reconciliation/provider-events.ts';
import type { Services } from '../ports.ts';
import { unstorable } from '../http/request-guards.ts';
import { verifyWebhookSignature } from './signature.ts';
import type { WebhookSource } from './sources.ts';

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

type IngestDeps = Pick<Services, 'providerEventStore' | 'clock' | 'jobs' | 'inboundWebhooks' | 'metrics'>;

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

  const stored = await deps.providerEventStore.store({
    provider: source.provider,
    ...identity,
    payload,
    receivedAt: new Date(deps.clock.now()),
  });
  // The store's statement wrote the reconciliation job and committed: wake it.
  if (stored.job_id) deps.jobs.wake(providerEventJob.queue, stored.job_id);
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
