import { AppError, type TLedgerEntryKind } from '@textline/contract';
import { type PrismaClient, queryRowsIn } from '@textline/db';
import { newId } from '../lib/crypto.ts';
import { postLedgerEntry as postEntry } from './ledger.sql.ts';

type LedgerWriter = Pick<PrismaClient, '$queryRawUnsafe'>;

/**
 * Posts one ledger entry and moves the cached balance, in one statement: the database function
 * post_ledger_entry, whose row is the one accepted sends' debits are written with too (see the
 * send_rules_one_place migration), and which records the balance the entry leaves (billing_read).
 * The unique reference makes it idempotent: a second post with the same reference changes nothing
 * and answers `posted` false. The kind is one the ledger list's kind filter names.
 */
export async function postLedgerEntry(
  db: LedgerWriter,
  entry: {
    workspaceId: string;
    amountCents: number;
    kind: TLedgerEntryKind;
    reference: string;
    reason?: string;
    messageId?: string;
    invoiceId?: string;
  },
): Promise<{ posted: boolean; balanceCents: number }> {
  const rows = await queryRowsIn(db, postEntry, [
    newId('led'),
    entry.workspaceId,
    entry.amountCents,
    entry.kind,
    entry.reference,
    entry.reason ?? null,
    entry.messageId ?? null,
    entry.invoiceId ?? null,
  ]);
  const row = rows[0];
  if (!row) throw new Error(`workspace ${entry.workspaceId} not found`);
  return { posted: row.posted, balanceCents: row.balance_cents };
}

/** How to fund a balance, in the shape an agent can act on over either surface. */
const fundingRoute = { route: 'POST /api/v1/onboarding/funding-invoices', mcp_tool: 'create_funding_invoice' } as const;

/**
 * The catalogue's insufficient_balance with what the caller needs to recover: the balance it has,
 * what the operation needed, and where to fund the difference (top-level fields: the string form).
 */
export function insufficientBalance(balance: { balanceCents: number; requiredCents: number; message?: string }): AppError {
  return new AppError('insufficient_balance', {
    ...(balance.message === undefined ? {} : { message: balance.message }),
    extra: { balance_cents: balance.balanceCents, required_cents: balance.requiredCents, fund_with: fundingRoute },
  });
}
