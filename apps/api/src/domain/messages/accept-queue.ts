import type { SqlClient } from '@textline/db';
import { createKeyedBatcher } from '../../lib/keyed-batcher.ts';

/** The first check that failed, in the documented order, or `accept` (see the accept_message migration). */
export type AcceptOutcome =
  | 'replay'
  | 'idempotency_conflict'
  | 'workspace_suppressed'
  | 'branded_number_missing'
  | 'insufficient_balance'
  | 'spend_limit_exceeded'
  | 'accept';

export type AcceptRow = { outcome: AcceptOutcome; message_id: string | null; message_status: string | null };

/** accept_message's parameters, by name without the p_ prefix. */
export type AcceptParameters = {
  workspace_id: string;
  token_id: string | null;
  phone_number: string;
  body: string;
  segments: number;
  cost_cents: number;
  idempotency_key: string | null;
  metadata: Record<string, unknown> | undefined;
  source: string;
  now: Date;
  spend_day: string;
  default_spend_cap_cents: number;
  message_id: string;
  ledger_entry_id: string;
  job_id: string;
};

export type AcceptQueue = { accept(parameters: AcceptParameters): Promise<AcceptRow> };

const acceptOne =
  'SELECT * FROM accept_message($1, $2, $3, $4, $5::int, $6::int, $7, $8::jsonb, $9, $10::timestamptz, $11, $12::int, $13, $14, $15)';
const acceptBatch = 'SELECT * FROM accept_message_batch($1::jsonb)';

// Bounds one transaction's work and the statement's size (a body is at most a few KB).
const MAX_BATCH = 100;

/**
 * Runs accept_message with at most one call in flight per workspace in this process (KeyedBatcher).
 * Sends of one workspace take turns on its row in the database anyway; here the sends that arrive
 * while a call is in flight go together as one accept_message_batch call, so one round trip, lock
 * and commit serve many sends, and the pool's other connections stay free instead of queueing on
 * the same row.
 */
export function createAcceptQueue(sql: SqlClient): AcceptQueue {
  const batcher = createKeyedBatcher<AcceptParameters, AcceptRow>({
    maxBatch: MAX_BATCH,
    async runAlone(send) {
      const [row] = await sql.query<AcceptRow>(acceptOne, [
        send.workspace_id, send.token_id, send.phone_number, send.body, send.segments, send.cost_cents, send.idempotency_key,
        send.metadata === undefined ? null : JSON.stringify(send.metadata), send.source, send.now, send.spend_day,
        send.default_spend_cap_cents, send.message_id, send.ledger_entry_id, send.job_id,
      ]);
      if (!row) throw new Error('accept_message returned no row');
      return row;
    },
    async runBatch(batch) {
      const rows = await sql.query<AcceptRow & { item: number }>(acceptBatch, [JSON.stringify(batch)]);
      const rowsByItem = new Map(rows.map((row) => [row.item, row]));
      return batch.map((_parameters, index) => rowsByItem.get(index));
    },
  });
  return { accept: (parameters) => batcher.run(parameters.workspace_id, parameters) };
}
