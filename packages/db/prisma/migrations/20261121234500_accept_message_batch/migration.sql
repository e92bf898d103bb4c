-- Hand-written (Prisma does not model functions; keep this migration when squashing).
--
-- Several sends in one call and one transaction: accept_message for each element of p_requests in
-- order, exactly as if they had been sent one after another (a key repeated within the batch is a
-- replay of its first use; each balance and spend check sees the sends before it). Sends of one
-- workspace take turns on its row anyway, so the API queues them per workspace and hands over
-- whatever waited as one batch (apps/api/src/domain/messages/accept-queue.ts): one round trip, one
-- lock acquisition and one commit for many sends.
--
-- Each element carries accept_message's parameters by name, without the p_ prefix; `metadata` may be
-- absent. Returns one row per element, `item` being its zero-based position.
CREATE OR REPLACE FUNCTION accept_message_batch(p_requests JSONB)
RETURNS TABLE (item INTEGER, outcome TEXT, message_id TEXT, message_status TEXT)
LANGUAGE plpgsql AS $$
DECLARE
  request JSONB;
  element INTEGER := 0;
BEGIN
  FOR request IN SELECT value FROM jsonb_array_elements(p_requests) LOOP
    RETURN QUERY SELECT element, accepted.outcome, accepted.message_id, accepted.message_status
    FROM accept_message(
      request->>'workspace_id', request->>'token_id', request->>'phone_number', request->>'body',
      (request->>'segments')::INTEGER, (request->>'cost_cents')::INTEGER, request->>'idempotency_key',
      request->'metadata', request->>'source', (request->>'now')::TIMESTAMPTZ, request->>'spend_day',
      (request->>'default_spend_cap_cents')::INTEGER, request->>'message_id', request->>'ledger_entry_id',
      request->>'job_id'
    ) AS accepted;
    element := element + 1;
  END LOOP;
END;
$$;
