import type { SqlClient } from '@textline/db';

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

type Waiting = { parameters: AcceptParameters; resolve(row: AcceptRow): void; reject(error: unknown): void };

const acceptOne =
  'SELECT * FROM accept_message($1, $2, $3, $4, $5::int, $6::int, $7, $8::jsonb, $9, $10::timestamptz, $11, $12::int, $13, $14, $15)';
const acceptBatch = 'SELECT * FROM accept_message_batch($1::jsonb)';

// Bounds one transaction's work and the statement's size (a body is at most a few KB).
const MAX_BATCH = 100;

/**
 * Runs accept_message with at most one call in flight per workspace in this process. Sends of one
 * workspace take turns on its row in the database anyway; here, the sends that arrive while a call
 * is in flight wait in order and then go together as one accept_message_batch call. A lone send goes
 * at once, so nothing waits on a timer; under load, one round trip, lock and commit serve many sends,
 * and the pool's other connections stay free for other work instead of queueing on the same row.
 */
export function createAcceptQueue(sql: SqlClient): AcceptQueue {
  const waitingByWorkspace = new Map<string, Waiting[]>();

  async function acceptAlone({ parameters, resolve, reject }: Waiting): Promise<void> {
    const p = parameters;
    try {
      const [row] = await sql.query<AcceptRow>(acceptOne, [
        p.workspace_id, p.token_id, p.phone_number, p.body, p.segments, p.cost_cents, p.idempotency_key,
        p.metadata === undefined ? null : JSON.stringify(p.metadata), p.source, p.now, p.spend_day,
        p.default_spend_cap_cents, p.message_id, p.ledger_entry_id, p.job_id,
      ]);
      if (!row) throw new Error('accept_message returned no row');
      resolve(row);
    } catch (error) {
      reject(error);
    }
  }

  async function acceptTogether(batch: Waiting[]): Promise<void> {
    let rows: (AcceptRow & { item: number })[];
    try {
      rows = await sql.query(acceptBatch, [JSON.stringify(batch.map((waiting) => waiting.parameters))]);
    } catch {
      // The whole transaction rolled back: each send again on its own, so one bad send fails alone.
      for (const waiting of batch) await acceptAlone(waiting);
      return;
    }
    const rowsByItem = new Map(rows.map((row) => [row.item, row]));
    for (const [index, waiting] of batch.entries()) {
      const row = rowsByItem.get(index);
      if (row) waiting.resolve(row);
      else waiting.reject(new Error('accept_message_batch returned no row for a send'));
    }
  }

  async function drain(workspaceId: string, waiting: Waiting[]): Promise<void> {
    while (waiting.length > 0) {
      const batch = waiting.splice(0, MAX_BATCH);
      await (batch.length === 1 ? acceptAlone(batch[0]!) : acceptTogether(batch));
    }
    waitingByWorkspace.delete(workspaceId);
  }

  return {
    accept(parameters) {
      return new Promise<AcceptRow>((resolve, reject) => {
        const waiting = waitingByWorkspace.get(parameters.workspace_id);
        if (waiting) {
          waiting.push({ parameters, resolve, reject });
          return;
        }
        const queue: Waiting[] = [{ parameters, resolve, reject }];
        waitingByWorkspace.set(parameters.workspace_id, queue);
        void drain(parameters.workspace_id, queue);
      });
    },
  };
}
