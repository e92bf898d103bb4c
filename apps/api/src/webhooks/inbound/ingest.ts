import { randomUUID } from 'node:crypto';
import { AppError } from '@textline/contract';
import { newId } from '../../lib/crypto.ts';
import type { Services } from '../../services.ts';
import { verifyWebhookSignature } from './signature.ts';
import type { WebhookSource } from './sources.ts';

/** SPEC section 2 "Inbound provider webhook acceptance record". */
export type AcceptanceRecord = {
  id: string;
  status: 'received';
  provider: string;
  event_type: string;
  external_id: string;
  duplicate: boolean;
};

/** SPEC section 6: 202 for a new event, 200 with `duplicate: true` for a repeat. */
export function acceptanceStatus(record: AcceptanceRecord): 200 | 202 {
  return record.duplicate ? 200 : 202;
}

type IngestDeps = Pick<Services, 'sql' | 'clock' | 'jobs' | 'inboundWebhooks'>;

type StoredRow = { id: string; duplicate: boolean; job_id: string | null };

// Bounds the retries of a lost insert race below; one retry always suffices in practice.
const MAX_STORE_ATTEMPTS = 3;

const storeEventStatement = `
  WITH inserted AS (
    INSERT INTO provider_events (id, provider, event_type, external_id, payload, received_at)
    VALUES ($1::uuid, $2, $3, $4, $5::jsonb, $6)
    ON CONFLICT (provider, event_type, external_id) DO NOTHING
    RETURNING id
  ), queued AS (
    INSERT INTO jobs (id, queue, payload, run_at, created_at, updated_at)
    SELECT $7, 'provider_event', jsonb_build_object('providerEventId', id::text), $6, $6, $6 FROM inserted
    RETURNING id
  )
  SELECT inserted.id::text AS id, false AS duplicate, (SELECT id FROM queued) AS job_id FROM inserted
  UNION ALL
  SELECT id::text, true, NULL FROM provider_events WHERE provider = $2 AND event_type = $3 AND external_id = $4`;

/**
 * Stores the event and its reconciliation job in one statement (one round trip, atomic without an
 * interactive transaction). ON CONFLICT makes a repeat a no-op that queues nothing; the existing row
 * is then read from the statement's snapshot. A row committed by a concurrent request after that
 * snapshot was taken is invisible to it, so that case returns no row and is simply asked again.
 */
async function storeEvent(deps: IngestDeps, event: { provider: string; eventType: string; externalId: string; payload: unknown }) {
  const now = new Date(deps.clock.now());
  for (let attempt = 1; attempt <= MAX_STORE_ATTEMPTS; attempt += 1) {
    const id = randomUUID();
    const jobId = newId('job');
    const [row] = await deps.sql.query<StoredRow>(storeEventStatement, [id, event.provider, event.eventType, event.externalId, JSON.stringify(event.payload), now, jobId]);
    if (row) return row;
  }
  throw new Error('provider event neither inserted nor found');
}

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

  const stored = await storeEvent(deps, { provider: source.provider, ...identity, payload });
  if (stored.job_id) deps.jobs.wake('provider_event', stored.job_id);
  return {
    id: stored.id,
    status: 'received',
    provider: source.provider,
    event_type: identity.eventType,
    external_id: identity.externalId,
    duplicate: stored.duplicate,
  };
}
