-- Hand-written (Prisma does not model functions; keep this migration when squashing).
--
-- The send hot path of POST /api/v1/messages (apps/api/src/domain/messages/send.ts) in one call:
-- one round trip and one transaction, with the plans of its statements cached per connection, which
-- a single large statement re-parsed and re-planned on every send cannot have.
--
-- Checks apply in the documented order and the first failing one is returned as `outcome`:
-- replay or idempotency_conflict, workspace_suppressed, branded_number_missing,
-- insufficient_balance, spend_limit_exceeded; otherwise `accept`, after debiting the workspace,
-- inserting the message, its ledger entry and its dispatch job, and recording the sender.
CREATE OR REPLACE FUNCTION accept_message(
  p_workspace_id TEXT,
  p_token_id TEXT,
  p_phone_number TEXT,
  p_body TEXT,
  p_segments INTEGER,
  p_cost_cents INTEGER,
  p_idempotency_key TEXT,
  p_metadata JSONB,
  p_source TEXT,
  p_now TIMESTAMPTZ,
  p_spend_day TEXT,
  p_default_spend_cap_cents INTEGER,
  p_message_id TEXT,
  p_ledger_entry_id TEXT,
  p_job_id TEXT
) RETURNS TABLE (outcome TEXT, message_id TEXT, message_status TEXT)
LANGUAGE plpgsql AS $$
DECLARE
  workspace RECORD;
  earlier RECORD;
  sender RECORD;
  sender_is_sticky BOOLEAN := TRUE;
  spent_today INTEGER;
BEGIN
  -- Sends of one workspace take turns from here to commit, and each statement below reads a fresh
  -- snapshot: the balance, the spend cap and an idempotency key are always checked against every
  -- send committed before, so concurrent requests can neither overspend nor repeat a key. NO KEY
  -- UPDATE is the lock the debit takes anyway; unlike FOR UPDATE it does not block inserts elsewhere
  -- that reference the workspace.
  SELECT w.balance_cents, w.spend_day, w.spend_today_cents, w.spend_cap_cents INTO workspace
  FROM workspaces w WHERE w.id = p_workspace_id FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'workspace % does not exist', p_workspace_id;
  END IF;

  -- The sender: the connected number this recipient got before, else the least recently used one.
  SELECT p.id, p.number INTO sender
  FROM recipient_senders r JOIN phone_numbers p ON p.id = r.phone_number_id AND p.workspace_id = r.workspace_id
  WHERE r.workspace_id = p_workspace_id AND r.phone_number = p_phone_number AND p.status = 'connected';
  IF NOT FOUND THEN
    sender_is_sticky := FALSE;
    SELECT p.id, p.number INTO sender
    FROM phone_numbers p
    WHERE p.workspace_id = p_workspace_id AND p.status = 'connected'
    ORDER BY p.last_used_at ASC NULLS FIRST, p.created_at, p.id
    LIMIT 1;
  END IF;

  -- A key is tied to the recipient, body, cost and selected sender of its first request.
  IF p_idempotency_key IS NOT NULL THEN
    SELECT m.id, m.status, m.phone_number, m.body, m.cost_cents, m.sender_number_id INTO earlier
    FROM messages m WHERE m.workspace_id = p_workspace_id AND m.idempotency_key = p_idempotency_key;
    IF FOUND THEN
      RETURN QUERY SELECT
        CASE WHEN earlier.phone_number = p_phone_number AND earlier.body = p_body AND earlier.cost_cents = p_cost_cents
                  AND earlier.sender_number_id IS NOT DISTINCT FROM sender.id
             THEN 'replay' ELSE 'idempotency_conflict' END,
        earlier.id::TEXT, earlier.status::TEXT;
      RETURN;
    END IF;
  END IF;

  IF EXISTS (SELECT 1 FROM workspace_suppressions s
             WHERE s.workspace_id = p_workspace_id AND s.phone_number = p_phone_number AND s.active) THEN
    RETURN QUERY SELECT 'workspace_suppressed', NULL::TEXT, NULL::TEXT;
    RETURN;
  END IF;
  IF sender.id IS NULL THEN
    RETURN QUERY SELECT 'branded_number_missing', NULL::TEXT, NULL::TEXT;
    RETURN;
  END IF;
  IF workspace.balance_cents < p_cost_cents THEN
    RETURN QUERY SELECT 'insufficient_balance', NULL::TEXT, NULL::TEXT;
    RETURN;
  END IF;
  -- spend_today_cents counts the UTC day in spend_day; a new day starts from zero.
  spent_today := CASE WHEN workspace.spend_day = p_spend_day THEN workspace.spend_today_cents ELSE 0 END;
  IF spent_today + p_cost_cents > COALESCE(workspace.spend_cap_cents, p_default_spend_cap_cents) THEN
    RETURN QUERY SELECT 'spend_limit_exceeded', NULL::TEXT, NULL::TEXT;
    RETURN;
  END IF;

  UPDATE workspaces w
  SET balance_cents = w.balance_cents - p_cost_cents, spend_day = p_spend_day, spend_today_cents = spent_today + p_cost_cents
  WHERE w.id = p_workspace_id;
  INSERT INTO messages (id, workspace_id, token_id, phone_number, body, segments, cost_cents, status, sender_number_id,
                        sender_number, idempotency_key, metadata, source, created_at, updated_at)
  VALUES (p_message_id, p_workspace_id, p_token_id, p_phone_number, p_body, p_segments, p_cost_cents, 'queued', sender.id,
          sender.number, p_idempotency_key, p_metadata, p_source, p_now, p_now);
  -- The same row postLedgerEntry (apps/api/src/domain/ledger.ts) would write; the reference is unique.
  INSERT INTO ledger_entries (id, workspace_id, amount_cents, kind, reference, message_id, created_at)
  VALUES (p_ledger_entry_id, p_workspace_id, -p_cost_cents, 'send_debit', 'send_debit:' || p_message_id, p_message_id, p_now);
  -- The same row enqueueJob (apps/api/src/jobs/enqueue.ts) would write.
  INSERT INTO jobs (id, queue, payload, run_at, created_at, updated_at)
  VALUES (p_job_id, 'dispatch', jsonb_build_object('messageId', p_message_id), p_now, p_now, p_now);
  IF NOT sender_is_sticky THEN
    INSERT INTO recipient_senders (workspace_id, phone_number, phone_number_id, updated_at)
    VALUES (p_workspace_id, p_phone_number, sender.id, p_now)
    ON CONFLICT (workspace_id, phone_number)
    DO UPDATE SET phone_number_id = EXCLUDED.phone_number_id, updated_at = EXCLUDED.updated_at;
  END IF;
  UPDATE phone_numbers p SET last_used_at = p_now WHERE p.id = sender.id;

  RETURN QUERY SELECT 'accept', p_message_id, 'queued';
END;
$$;
