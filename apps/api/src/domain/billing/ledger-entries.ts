import type { TLedgerEntry, TLedgerEntryKind } from '@textline/contract';
import { queryRows, type ValuesOf } from '@textline/db';
import { createdRange, newestFirst } from '../../lib/pagination.ts';
import type { Services } from '../../ports.ts';
import { ledgerPage } from './ledger-entries.sql.ts';

/** The values of ledgerPage (ledger-entries.sql): at most `take` entries after `after`, the last of the previous page. */
export function ledgerPageValues(
  workspaceId: string,
  filter: { kind?: TLedgerEntryKind | undefined; from?: Date | undefined; to?: Date | undefined },
  after: { createdAt: Date; id: string } | undefined,
  take: number,
): ValuesOf<typeof ledgerPage> {
  return [
    workspaceId,
    filter.kind ?? null,
    filter.from?.toISOString() ?? null,
    filter.to?.toISOString() ?? null,
    after?.createdAt.toISOString() ?? null,
    after?.id ?? null,
    take,
  ];
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
  const filter = { kind: query.kind, ...createdRange(query) };
  const rows = await queryRows(deps.sql, ledgerPage, ledgerPageValues(workspaceId, filter, page.after, page.take));
  const { rows: pageRows, nextCursor } = page.page(rows, (row) => ({ createdAt: row.created_at, id: row.id }));
  return {
    entries: pageRows.map((row) => ({
      id: row.id,
      // The column is text; its values are the contract's kinds.
      kind: row.kind as TLedgerEntryKind,
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
