// Generated from event-store.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * ON CONFLICT makes a repeat a no-op that queues nothing; the existing row is then read from the
 * statement's snapshot. A row committed by a concurrent request after that snapshot was taken is
 * invisible to it, so that case returns no row and is simply asked again.
 */
export const storeOne = statement<
  [
    id: string | null,
    provider: string | null,
    eventType: string | null,
    externalId: string | null,
    payload: unknown,
    receivedAt: Date | string | null,
    jobId: string | null,
    jobRunAt: Date | string | null,
  ],
  { id: string; duplicate: boolean; job_id: string | null }
>(`WITH inserted AS (
  INSERT INTO provider_events (id, provider, event_type, external_id, payload, received_at)
  VALUES ($1::uuid, $2, $3, $4, $5::jsonb, $6)
  ON CONFLICT (provider, event_type, external_id) DO NOTHING
  RETURNING id
), queued AS (
  INSERT INTO jobs (id, queue, payload, run_at, created_at, updated_at)
  SELECT $7, 'provider_event', jsonb_build_object('providerEventId', id::text), $8::timestamptz, $6::timestamptz, $6::timestamptz
  FROM inserted
  RETURNING id
)
SELECT inserted.id::text AS id, false AS duplicate, (SELECT id FROM queued) AS job_id FROM inserted
UNION ALL
SELECT id::text, true, NULL FROM provider_events WHERE provider = $2 AND event_type = $3 AND external_id = $4`);

/**
 * The same for many events (`events`: a JSON array of {id, provider, event_type, external_id,
 * payload, received_at, job_id, job_run_at}): one row per event inserted (by its new id) and one per event
 * stored before the statement began (by its identity). An event repeated within the batch is
 * neither (the statement cannot see its own insert), so it gets no row and is stored alone afterwards.
 *
 * Stored events are looked up one by one on their unique key (a LATERAL with a LIMIT). As a join,
 * the plan PostgreSQL cached while the table was small hashed every stored event, on each batch,
 * as the table grew.
 */
export const storeMany = statement<
  [events: unknown],
  {
    id: string;
    provider: string | null;
    event_type: string | null;
    external_id: string | null;
    duplicate: boolean;
    job_id: string | null;
  }
>(`WITH incoming AS (
  SELECT * FROM jsonb_to_recordset($1::jsonb)
    AS event(id UUID, provider TEXT, event_type TEXT, external_id TEXT, payload JSONB, received_at TIMESTAMPTZ, job_id TEXT,
             job_run_at TIMESTAMPTZ)
), inserted AS (
  INSERT INTO provider_events (id, provider, event_type, external_id, payload, received_at)
  SELECT id, provider, event_type, external_id, payload, received_at FROM incoming
  ON CONFLICT (provider, event_type, external_id) DO NOTHING
  RETURNING id
), queued AS (
  INSERT INTO jobs (id, queue, payload, run_at, created_at, updated_at)
  SELECT incoming.job_id, 'provider_event', jsonb_build_object('providerEventId', incoming.id::text),
         incoming.job_run_at, incoming.received_at, incoming.received_at
  FROM incoming JOIN inserted ON inserted.id = incoming.id
  RETURNING id
)
SELECT incoming.id::text AS id, NULL AS provider, NULL AS event_type, NULL AS external_id, false AS duplicate, queued.id AS job_id
FROM incoming JOIN inserted ON inserted.id = incoming.id JOIN queued ON queued.id = incoming.job_id
UNION ALL
SELECT stored.id::text, stored.provider, stored.event_type, stored.external_id, true, NULL
FROM incoming CROSS JOIN LATERAL (
  SELECT id, provider, event_type, external_id FROM provider_events
  WHERE provider = incoming.provider AND event_type = incoming.event_type AND external_id = incoming.external_id
  LIMIT 1
) AS stored`);

/**
 * Makes a stored event's reconciliation job due at once (a status report the ingestion did not settle).
 */
export const reconcileNow = statement<[jobId: string | null, now: Date | string | null], never>(
  `UPDATE jobs SET run_at = $2, updated_at = $2 WHERE id = $1 AND status = 'pending'`,
);
