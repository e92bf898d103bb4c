import { ledgerEntryKinds, type TLedgerEntry, type TLedgerEntryKind } from '@textline/contract';
import { createdRange, enumLiteral, limitLiteral, newestFirst } from '../../lib/pagination.ts';
import type { Services } from '../../ports.ts';

type LedgerEntryRow = {
  id: string;
  kind: TLedgerEntryKind;
  amount_cents: number;
  balance_after_cents: number;
  reference: string;
  message_id: string | null;
  invoice_id: string | null;
  created_at: Date;
};

type LedgerFilter = { kind?: TLedgerEntryKind | undefined; from?: Date | undefined; to?: Date | undefined };

/**
 * The statement that reads a page of the workspace's ledger, newest first: at most `take` entries
 * after `after`. Unfiltered or for send debits it reads the (workspace_id, created_at) index;
 * another kind reads the partial (workspace_id, kind, created_at, id) index, which holds every kind
 * but send_debit (20261125201505_billing_read): the statement repeats that predicate as a literal,
 * so the planner matches the partial index whatever the parameter. Either way a page reads about
 * `take` index entries, however long the ledger. The kind and the page size are written in, so that
 * PostgreSQL runs the generic plan (limitLiteral).
 */
export function ledgerListStatement(
  workspaceId: string,
  filter: LedgerFilter,
  after: { createdAt: Date; id: string } | undefined,
  take: number,
): { text: string; values: unknown[] } {
  const values: unknown[] = [];
  const param = (value: unknown, cast: string) => {
    values.push(value);
    return `$${values.length}::${cast}`;
  };
  const conditions = [
    `l.workspace_id = ${param(workspaceId, 'text')}`,
    filter.kind !== undefined && `l.kind = ${enumLiteral(filter.kind, ledgerEntryKinds)}`,
    filter.kind !== undefined && filter.kind !== 'send_debit' && `l.kind <> 'send_debit'`,
    filter.from && `l.created_at >= ${param(filter.from.toISOString(), 'timestamptz')}`,
    filter.to && `l.created_at < ${param(filter.to.toISOString(), 'timestamptz')}`,
    after && `(l.created_at, l.id) < (${param(after.createdAt.toISOString(), 'timestamptz')}, ${param(after.id, 'text')})`,
  ].filter(Boolean);
  return {
    text: `SELECT l.id, l.kind, l.amount_cents, l.balance_after_cents, l.reference, l.message_id, l.invoice_id, l.created_at
      FROM ledger_entries l WHERE ${conditions.join(' AND ')}
      ORDER BY l.created_at DESC, l.id DESC LIMIT ${limitLiteral(take)}`,
    values,
  };
}

/** A page of the workspace's ledger, newest first; an empty date range is 422 naming created_before. */
export async function listLedgerEntries(
  deps: Pick<Services, 'sql'>,
  workspaceId: string,
  query: {
    kind?: TLedgerEntryKind | undefined;
    created_after?: string | undefined;
    created_before?: string | undefined;
    limit: number;
    cursor?: string | undefined;
  },
): Promise<{ entries: TLedgerEntry[]; next_cursor: string | null }> {
  const page = newestFirst('ledger', workspaceId, query);
  const statement = ledgerListStatement(workspaceId, { kind: query.kind, ...createdRange(query) }, page.after, page.take);
  const rows = await deps.sql.query<LedgerEntryRow>(statement.text, statement.values);
  const { rows: pageRows, nextCursor } = page.page(rows, (row) => ({ createdAt: row.created_at, id: row.id }));
  return {
    entries: pageRows.map((row) => ({
      id: row.id,
      kind: row.kind,
      amount_cents: row.amount_cents,
      balance_after_cents: row.balance_after_cents,
      reference: row.reference,
      message_id: row.message_id,
      invoice_id: row.invoice_id,
      created_at: row.created_at.toISOString(),
    })),
    next_cursor: nextCursor,
  };
}
