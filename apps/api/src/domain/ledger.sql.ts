// Generated from ledger.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * One ledger entry and the cached balance it moves, through the database function post_ledger_entry;
 * `posted` is false when an entry with this reference exists already.
 */
export const postLedgerEntry = statement<
  [
    id: string | null,
    workspaceId: string | null,
    amountCents: number | null,
    kind: string | null,
    reference: string | null,
    reason: string | null,
    messageId: string | null,
    invoiceId: string | null,
  ],
  { posted: boolean; balance_cents: number }
>(`SELECT posted, balance_cents FROM post_ledger_entry($1, $2, $3::INTEGER, $4, $5, $6, $7, $8)`);

/**
 * The workspace's balance, its row locked until the transaction ends: a change that checks the
 * balance first cannot race a send or another change.
 */
export const lockWorkspaceBalance = statement<[workspaceId: string | null], { balance_cents: number }>(
  `SELECT balance_cents FROM workspaces WHERE id = $1 FOR UPDATE`,
);
