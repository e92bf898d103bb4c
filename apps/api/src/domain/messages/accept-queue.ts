import type { SqlClient } from '@textline/db';
import { createKeyedBatcher } from '../../lib/keyed-batcher.ts';

/** The first send rule that failed, or `accept` (the rules and their order: the send_rules_one_place migration). */
type AcceptOutcome =
  | 'replay'
  | 'idempotency_conflict'
  | 'workspace_suppressed'
  | 'branded_number_missing'
  | 'insufficient_balance'
  | 'spend_limit_exceeded'
  | 'accept';

export type AcceptRow = { outcome: AcceptOutcome; message_id: string | null; message_status: string | null };

/** One send's parameters, as accept_message_batch reads them by name. */
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

const acceptBatch = 'SELECT * FROM accept_message_batch($1::jsonb)';

// Bounds one transaction's work and the statement's size (a body is at most a few KB).
const MAX_BATCH = 100;

/**
 * Runs accept_message_batch with at most one call in flight per workspace in this process
 * (KeyedBatcher). Sends of one workspace take turns on its row in the database anyway; here the
 * sends that arrive while a call is in flight go together as one call, so one round trip, lock,
 * commit and write of the workspace row serve many sends, and the pool's other connections stay
 * free instead of queueing on the same row. A lone send is a batch of one.
 */
export function createAcceptQueue(sql: SqlClient): AcceptQueue {
  async function acceptAll(batch: AcceptParameters[]): Promise<(AcceptRow | undefined)[]> {
    const rows = await sql.query<AcceptRow & { item: number }>(acceptBatch, [JSON.stringify(batch)]);
    const rowsByItem = new Map(rows.map((row) => [row.item, row]));
    return batch.map((_parameters, index) => rowsByItem.get(index));
  }
  const batcher = createKeyedBatcher<AcceptParameters, AcceptRow>({
    maxBatch: MAX_BATCH,
    async runAlone(send) {
      const [row] = await acceptAll([send]);
      if (!row) throw new Error('accept_message_batch returned no row');
      return row;
    },
    runBatch: acceptAll,
  });
  return { accept: (parameters) => batcher.run(parameters.workspace_id, parameters) };
}
