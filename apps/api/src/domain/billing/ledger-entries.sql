-- The ledger list (ledger-entries.ts).

-- name: ledgerPage
-- A page of the workspace's ledger, newest first: at most `limit` entries before the keyset
-- (afterCreatedAt, afterId), both null for the first page. A null filter does not filter.
-- Unfiltered or for send debits it reads the (workspace_id, created_at) index; another kind reads
-- the partial (workspace_id, kind, created_at, id) index, which holds every kind but send_debit
-- (20261125201505_billing_read), and its branch repeats that predicate so that the planner matches
-- the partial index. Each branch is guarded by a condition on the parameters alone, so exactly one
-- runs (see the message list, domain/messages/history.sql); either way a page reads about `limit`
-- index entries, however long the ledger.
-- params: workspaceId, kind, createdFrom, createdBefore, afterCreatedAt, afterId, limit
-- not null: id, kind, amount_cents, balance_after_cents, reference, created_at
SELECT * FROM (
  (SELECT l.id, l.kind, l.amount_cents, l.balance_after_cents, l.reference, l.message_id, l.invoice_id, l.created_at
   FROM ledger_entries l
   WHERE ($2::text IS NULL OR $2 = 'send_debit') AND l.workspace_id = $1::text AND ($2 IS NULL OR l.kind = $2)
     AND l.created_at >= COALESCE($3::timestamptz, '-infinity') AND l.created_at < COALESCE($4::timestamptz, 'infinity')
     AND (l.created_at, l.id) < (COALESCE($5::timestamptz, 'infinity'), COALESCE($6::text, ''))
   ORDER BY l.created_at DESC, l.id DESC LIMIT $7::int)
  UNION ALL
  (SELECT l.id, l.kind, l.amount_cents, l.balance_after_cents, l.reference, l.message_id, l.invoice_id, l.created_at
   FROM ledger_entries l
   WHERE $2 <> 'send_debit' AND l.workspace_id = $1 AND l.kind = $2 AND l.kind <> 'send_debit'
     AND l.created_at >= COALESCE($3, '-infinity') AND l.created_at < COALESCE($4, 'infinity')
     AND (l.created_at, l.id) < (COALESCE($5, 'infinity'), COALESCE($6, ''))
   ORDER BY l.created_at DESC, l.id DESC LIMIT $7)
) AS page
ORDER BY created_at DESC, id DESC LIMIT $7;
