-- The ledger's statements (ledger.ts), run through Prisma in the caller's transaction.

-- name: postLedgerEntry
-- One ledger entry and the cached balance it moves, through the database function post_ledger_entry;
-- `posted` is false when an entry with this reference exists already.
-- params: id, workspaceId, amountCents, kind, reference, reason, messageId, invoiceId
-- not null: posted, balance_cents
SELECT posted, balance_cents FROM post_ledger_entry($1, $2, $3::INTEGER, $4, $5, $6, $7, $8);

-- name: lockWorkspaceBalance
-- The workspace's balance, its row locked until the transaction ends: a change that checks the
-- balance first cannot race a send or another change.
-- params: workspaceId
SELECT balance_cents FROM workspaces WHERE id = $1 FOR UPDATE;
