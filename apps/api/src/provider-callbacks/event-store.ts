import { randomUUID } from 'node:crypto';
import { queryRows, type SqlClient } from '@textline/db';
import { newId } from '../lib/crypto.ts';
import { createKeyedBatcher } from '../lib/keyed-batcher.ts';
import { storeMany, storeOne } from './event-store.sql.ts';
import type { IncomingProviderEvent, ProviderEventStore, StoredProviderEvent } from '../ports.ts';

// Bounds the retries of a lost insert race below; one retry always suffices in practice.
const MAX_STORE_ATTEMPTS = 3;
// Bounds one statement's size: a provider event is at most the request body limit.
const MAX_BATCH = 100;

/** storeMany's rows, told apart by `duplicate`: a new event by its id, an event stored before by its identity. */
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
        const [row] = await queryRows(sql, storeOne, [
          randomUUID(),
          event.provider,
          event.eventType,
          event.externalId,
          JSON.stringify(event.payload),
          event.receivedAt,
          newId('job'),
          event.jobRunAt ?? event.receivedAt,
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
        job_run_at: event.jobRunAt ?? event.receivedAt,
      }));
      const rows = (await queryRows(sql, storeMany, [JSON.stringify(incoming)])) as BatchRow[];
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
