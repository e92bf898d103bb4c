import { randomUUID } from 'node:crypto';
import { Prisma, type SqlClient } from '@textline/db';
import { providerEventJob } from '../domain/reconciliation/provider-events.ts';
import { insertJobs } from '../jobs/enqueue.ts';
import { newId } from '../lib/crypto.ts';
import { createKeyedBatcher } from '../lib/keyed-batcher.ts';
import type { IncomingProviderEvent, ProviderEventStore, StoredProviderEvent } from '../ports.ts';

// Bounds the retries of a lost insert race below; one retry always suffices in practice.
const MAX_STORE_ATTEMPTS = 3;
// Bounds one statement's size: a provider event is at most the request body limit.
const MAX_BATCH = 100;

/**
 * The event and its reconciliation job in one statement (one round trip, atomic without an
 * interactive transaction). ON CONFLICT makes a repeat a no-op that queues nothing; the existing row
 * is then read from the statement's snapshot. A row committed by a concurrent request after that
 * snapshot was taken is invisible to it, so that case returns no row and is simply asked again.
 */
export const storeOne = `
  WITH inserted AS (
    INSERT INTO provider_events (id, provider, event_type, external_id, payload, received_at)
    VALUES ($1::uuid, $2, $3, $4, $5::jsonb, $6)
    ON CONFLICT (provider, event_type, external_id) DO NOTHING
    RETURNING id
  ), queued AS (
    ${insertJobs(providerEventJob, Prisma.sql`SELECT $7, jsonb_build_object('providerEventId', id::text), $6::timestamptz, $6::timestamptz FROM inserted`).text}
    RETURNING id
  )
  SELECT inserted.id::text AS id, false AS duplicate, (SELECT id FROM queued) AS job_id FROM inserted
  UNION ALL
  SELECT id::text, true, NULL FROM provider_events WHERE provider = $2 AND event_type = $3 AND external_id = $4`;

/**
 * The same for many events: one row per event inserted (by its new id) and one per event stored
 * before the statement began (by its identity). An event repeated within the batch is neither (the
 * statement cannot see its own insert), so it gets no row and is stored alone afterwards.
 *
 * Stored events are looked up one by one on their unique key (a LATERAL with a LIMIT). As a join,
 * the plan PostgreSQL cached while the table was small hashed every stored event, on each batch,
 * as the table grew.
 */
export const storeMany = `
  WITH incoming AS (
    SELECT * FROM jsonb_to_recordset($1::jsonb)
      AS event(id UUID, provider TEXT, event_type TEXT, external_id TEXT, payload JSONB, received_at TIMESTAMPTZ, job_id TEXT)
  ), inserted AS (
    INSERT INTO provider_events (id, provider, event_type, external_id, payload, received_at)
    SELECT id, provider, event_type, external_id, payload, received_at FROM incoming
    ON CONFLICT (provider, event_type, external_id) DO NOTHING
    RETURNING id
  ), queued AS (
    ${
      insertJobs(
        providerEventJob,
        Prisma.sql`SELECT incoming.job_id, jsonb_build_object('providerEventId', incoming.id::text), incoming.received_at, incoming.received_at
                   FROM incoming JOIN inserted ON inserted.id = incoming.id`,
      ).text
    }
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
  ) AS stored`;

/** storeMany's rows: a new event by its id, an event stored before by its identity. */
type BatchRow = StoredProviderEvent &
  (
    | { duplicate: false; provider: null; event_type: null; external_id: null }
    | { duplicate: true; provider: string; event_type: string; external_id: string }
  );

const identityKey = (provider: string, eventType: string, externalId: string) =>
  JSON.stringify([provider, eventType, externalId]);

/**
 * Stores provider events first, before anything else happens to them. Events of a
 * provider that arrive while its previous statement is in flight are stored together (KeyedBatcher).
 */
export function createProviderEventStore(sql: SqlClient): ProviderEventStore {
  const batcher = createKeyedBatcher<IncomingProviderEvent, StoredProviderEvent>({
    maxBatch: MAX_BATCH,
    async runAlone(event) {
      for (let attempt = 1; attempt <= MAX_STORE_ATTEMPTS; attempt += 1) {
        const [row] = await sql.query<StoredProviderEvent>(storeOne, [
          randomUUID(),
          event.provider,
          event.eventType,
          event.externalId,
          JSON.stringify(event.payload),
          event.receivedAt,
          newId('job'),
        ]);
        if (row) return row;
      }
      throw new Error('provider event neither inserted nor found');
    },
    async runBatch(events) {
      const incoming = events.map((event) => ({
        id: randomUUID(),
        provider: event.provider,
        event_type: event.eventType,
        external_id: event.externalId,
        payload: event.payload,
        received_at: event.receivedAt,
        job_id: newId('job'),
      }));
      const rows = await sql.query<BatchRow>(storeMany, [JSON.stringify(incoming)]);
      const inserted = new Map<string, BatchRow>();
      const storedBefore = new Map<string, BatchRow>();
      for (const row of rows) {
        if (row.duplicate) storedBefore.set(identityKey(row.provider, row.event_type, row.external_id), row);
        else inserted.set(row.id, row);
      }
      return incoming.map((event): StoredProviderEvent | undefined => {
        const row = inserted.get(event.id) ?? storedBefore.get(identityKey(event.provider, event.event_type, event.external_id));
        return row && { id: row.id, duplicate: row.duplicate, job_id: row.job_id };
      });
    },
  });
  return { store: (event) => batcher.run(event.provider, event) };
}
