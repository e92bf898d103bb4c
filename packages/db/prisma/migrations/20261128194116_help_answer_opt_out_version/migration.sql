-- AlterTable
ALTER TABLE "messages" ADD COLUMN     "exempt_opt_out_version" TEXT;

-- accept_message_batch, as packages/db/sql/accept_message_batch.sql defines and documents it: change it there.
CREATE OR REPLACE FUNCTION accept_message_batch(p_requests JSONB)
RETURNS TABLE (item INTEGER, outcome TEXT, message_id TEXT, message_status TEXT, message_estimated_send_at TIMESTAMPTZ,
               preview JSONB)
LANGUAGE plpgsql AS $$
DECLARE
  v_workspace_id TEXT := p_requests->0->>'workspace_id';
  -- Decide without writing or locking anything (the preview); a dry run is a batch of one.
  v_dry_run BOOLEAN := COALESCE((p_requests->0->>'dry_run')::BOOLEAN, FALSE);
  workspace RECORD;
  -- The workspace's balance and spend as the sends so far in this batch left them.
  v_balance_cents INTEGER;
  v_spend_day TEXT;
  v_spend_today_cents INTEGER;
  accepted_any BOOLEAN := FALSE;
  -- When each sender used in this batch was last used, by phone number id.
  senders_used JSONB := '{}';
  -- Where each sender's next free slot is once the sends so far in this batch took theirs, by phone number id.
  sender_slots JSONB := '{}';
  -- Sends are paced (request `paced`): each takes the next free slot of its sender.
  v_paced BOOLEAN := COALESCE((p_requests->0->>'paced')::BOOLEAN, FALSE);
  -- The workspace's default sender pool, read once, with the first send that uses it.
  v_default_pool TEXT;
  v_default_pool_read BOOLEAN := FALSE;
  r_pool_id TEXT;
  -- The pool the sender came from (null: none), and how it selects.
  r_chosen_pool_id TEXT;
  pool_sticky_sender BOOLEAN;
  pool_area_code_match BOOLEAN;
  r_state_area_codes TEXT[];
  r_expires_at TIMESTAMPTZ;
  r_estimated_send_at TIMESTAMPTZ;
  -- A sender's next free slot as its locked row holds it.
  r_next_slot_at TIMESTAMPTZ;
  request JSONB;
  element INTEGER := -1;
  r_phone_number TEXT;
  r_body TEXT;
  r_cost_cents INTEGER;
  r_idempotency_key TEXT;
  r_now TIMESTAMPTZ;
  r_spend_day TEXT;
  r_message_id TEXT;
  r_send_at TIMESTAMPTZ;
  r_from TEXT;
  r_spend_cap_cents INTEGER;
  r_token_id TEXT;
  r_capped_tokens TEXT[];
  over_cap RECORD;
  token_remaining_cents INTEGER;
  r_status TEXT;
  r_approval_for TEXT;
  earlier RECORD;
  inserted_id TEXT;
  sender RECORD;
  sender_is_sticky BOOLEAN;
  -- The recipient's sticky sender: as recorded, or as a send before it in this batch recorded it.
  r_sticky_id TEXT;
  -- The sticky senders this batch records, by recipient ({id, at}): written at its end (see there).
  sticky_writes JSONB := '{}';
  -- The recipient has a sticky sender here: it was messaged before (rule 5 need not look).
  r_known_recipient BOOLEAN;
  -- Rule 4 applies to this send: an unnamed sender is chosen among approved registrations first.
  r_registration_required BOOLEAN;
  spent_today INTEGER;
  -- The outcomes of the rules 2 to 9 that fail (a dry run checks them all), and whether allowed hours hold the send.
  failing TEXT[];
  r_held BOOLEAN;
  r_block TEXT;
BEGIN
  -- Sends of one workspace take turns from here to commit, and each statement below reads a fresh
  -- snapshot: the balance, the spend cap and an idempotency key are always checked against every
  -- send committed before, so concurrent requests can neither overspend nor repeat a key. NO KEY
  -- UPDATE is the lock the debit takes anyway; unlike FOR UPDATE it does not block inserts elsewhere
  -- that reference the workspace.
  -- A dry run reads the row as committed, so a preview never waits for nor holds up a send.
  IF v_dry_run THEN
    IF jsonb_array_length(p_requests) <> 1 THEN
      RAISE EXCEPTION 'a dry run is a batch of one';
    END IF;
    SELECT w.balance_cents, w.spend_day, w.spend_today_cents, w.spend_cap_cents INTO workspace
    FROM workspaces w WHERE w.id = v_workspace_id;
  ELSE
    SELECT w.balance_cents, w.spend_day, w.spend_today_cents, w.spend_cap_cents INTO workspace
    FROM workspaces w WHERE w.id = v_workspace_id FOR NO KEY UPDATE;
  END IF;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'workspace % does not exist', v_workspace_id;
  END IF;
  v_balance_cents := workspace.balance_cents;
  v_spend_day := workspace.spend_day;
  v_spend_today_cents := workspace.spend_today_cents;

  FOR request IN SELECT value FROM jsonb_array_elements(p_requests) LOOP
    element := element + 1;
    IF request->>'workspace_id' IS DISTINCT FROM v_workspace_id THEN
      RAISE EXCEPTION 'a batch holds the sends of one workspace';
    END IF;
    r_phone_number := request->>'phone_number';
    r_body := request->>'body';
    r_cost_cents := (request->>'cost_cents')::INTEGER;
    r_idempotency_key := request->>'idempotency_key';
    r_now := (request->>'now')::TIMESTAMPTZ;
    r_spend_day := request->>'spend_day';
    r_message_id := request->>'message_id';
    r_send_at := (request->>'send_at')::TIMESTAMPTZ;
    r_status := CASE WHEN r_send_at IS NULL THEN 'queued' ELSE 'scheduled' END;
    item := element;

    -- The sender (rule 3 checks that there is one): the connected number of the workspace the request
    -- names (`from_number`, E.164); else a number of the pool it names (`sender_pool_id`) or, naming
    -- neither, of the workspace's default pool; else (no pool) the connected number this recipient got
    -- before, else the least recently used one. A named sender leaves the recipient's sticky sender as
    -- it was: the caller chose for this send only. A number marked failing (failing_until in the
    -- future: a run of carrier errors, apps/api/src/domain/sender-health.ts) is skipped unless named.
    -- When rule 4 applies, a chosen sender is an approved one whenever the workspace has one: an
    -- unregistered sticky sender is passed over, and pools and the least recently used put approved first.
    r_from := request->>'from_number';
    r_pool_id := request->>'sender_pool_id';
    r_registration_required := COALESCE((request->>'registration_required')::BOOLEAN, FALSE);
    IF r_from IS NULL AND r_pool_id IS NULL THEN
      IF NOT v_default_pool_read THEN
        SELECT sp.id INTO v_default_pool FROM sender_pools sp
        WHERE sp.workspace_id = v_workspace_id AND sp.is_default ORDER BY sp.created_at, sp.id LIMIT 1;
        v_default_pool_read := TRUE;
      END IF;
      r_pool_id := v_default_pool;
    END IF;
    sender_is_sticky := TRUE;
    r_known_recipient := FALSE;
    r_chosen_pool_id := NULL;
    IF r_from IS NOT NULL THEN
      SELECT p.id, p.number, p.registration_status, p.use_case_id, p.throughput_per_second, p.next_slot_at INTO sender
      FROM phone_numbers p
      WHERE p.number = r_from AND p.workspace_id = v_workspace_id AND p.status = 'connected';
    ELSIF r_pool_id IS NOT NULL THEN
      -- In a pool: the recipient's sticky sender (sticky_sender), else a number of the recipient's
      -- area code, else of its state or province (area_code_match; `state_area_codes` are the area
      -- codes of the recipient's), else the least loaded: the one free soonest, then the least
      -- recently used.
      SELECT sp.id, sp.sticky_sender, sp.area_code_match INTO r_chosen_pool_id, pool_sticky_sender, pool_area_code_match
      FROM sender_pools sp WHERE sp.id = r_pool_id AND sp.workspace_id = v_workspace_id;
      r_state_area_codes := ARRAY(SELECT jsonb_array_elements_text(COALESCE(request->'state_area_codes', '[]')));
      r_sticky_id := NULL;
      IF pool_sticky_sender THEN
        r_sticky_id := COALESCE(sticky_writes->r_phone_number->>'id',
                                (SELECT r.phone_number_id FROM recipient_senders r
                                 WHERE r.workspace_id = v_workspace_id AND r.phone_number = r_phone_number));
      END IF;
      SELECT p.id, p.number, p.registration_status, p.use_case_id, p.throughput_per_second, p.next_slot_at,
             COALESCE(p.id = r_sticky_id, FALSE) AS sticky INTO sender
      FROM sender_pool_numbers spn
      JOIN phone_numbers p ON p.id = spn.phone_number_id
      WHERE spn.pool_id = r_chosen_pool_id AND p.workspace_id = v_workspace_id AND p.status = 'connected'
        AND (p.failing_until IS NULL OR p.failing_until <= r_now)
      ORDER BY (r_registration_required AND p.registration_status <> 'approved'), p.id IS DISTINCT FROM r_sticky_id,
               NOT (pool_area_code_match AND r_phone_number LIKE '+1%' AND left(p.number, 5) = left(r_phone_number, 5)),
               NOT (pool_area_code_match AND p.number LIKE '+1%' AND substr(p.number, 3, 3) = ANY(r_state_area_codes)),
               GREATEST(COALESCE((sender_slots->>p.id)::TIMESTAMPTZ, p.next_slot_at, r_now), r_now),
               COALESCE((senders_used->>p.id)::TIMESTAMPTZ, p.last_used_at) ASC NULLS FIRST, p.created_at, p.id
      LIMIT 1;
      -- A pool without sticky senders neither reads nor records them.
      sender_is_sticky := COALESCE(sender.sticky, FALSE) OR NOT pool_sticky_sender;
    ELSE
      r_sticky_id := COALESCE(sticky_writes->r_phone_number->>'id',
                              (SELECT r.phone_number_id FROM recipient_senders r
                               WHERE r.workspace_id = v_workspace_id AND r.phone_number = r_phone_number));
      SELECT p.id, p.number, p.registration_status, p.use_case_id, p.throughput_per_second, p.next_slot_at INTO sender
      FROM phone_numbers p
      WHERE p.id = r_sticky_id AND p.workspace_id = v_workspace_id AND p.status = 'connected'
        AND (p.failing_until IS NULL OR p.failing_until <= r_now)
        AND NOT (r_registration_required AND p.registration_status <> 'approved');
      r_known_recipient := FOUND;
      IF NOT FOUND THEN
        sender_is_sticky := FALSE;
        SELECT p.id, p.number, p.registration_status, p.use_case_id, p.throughput_per_second, p.next_slot_at INTO sender
        FROM phone_numbers p
        WHERE p.workspace_id = v_workspace_id AND p.status = 'connected'
          AND (p.failing_until IS NULL OR p.failing_until <= r_now)
        ORDER BY (r_registration_required AND p.registration_status <> 'approved'),
                 COALESCE((senders_used->>p.id)::TIMESTAMPTZ, p.last_used_at) ASC NULLS FIRST, p.created_at, p.id
        LIMIT 1;
      END IF;
    END IF;
    -- When the message should reach the carrier: at once, at send_at, or (paced) at its sender's
    -- next free slot. The slot is taken below, once the message is written.
    r_expires_at := (request->>'expires_at')::TIMESTAMPTZ;
    r_estimated_send_at := COALESCE(r_send_at, r_now);
    -- The first paced send of the batch on a number locks its row and reads its next free slot there:
    -- a failover move taking a slot on it (takeSlotOfNewSender, reselect-sender.sql, locks the row
    -- too) has committed and is seen, or waits for this batch, so neither overwrites the other's
    -- slot. From then on sender_slots holds the row's truth until the batch commits.
    IF v_paced AND NOT v_dry_run AND r_send_at IS NULL AND sender.id IS NOT NULL AND NOT sender_slots ? sender.id THEN
      SELECT p.next_slot_at INTO r_next_slot_at FROM phone_numbers p WHERE p.id = sender.id FOR NO KEY UPDATE;
      sender_slots := sender_slots || jsonb_build_object(sender.id, GREATEST(COALESCE(r_next_slot_at, r_now), r_now));
    END IF;
    IF v_paced AND r_send_at IS NULL AND sender.id IS NOT NULL THEN
      r_estimated_send_at := GREATEST(COALESCE((sender_slots->>sender.id)::TIMESTAMPTZ, sender.next_slot_at, r_now), r_now);
    END IF;

    -- spend_today_cents counts the UTC day in spend_day; a new day starts from zero.
    spent_today := CASE WHEN v_spend_day = r_spend_day THEN v_spend_today_cents ELSE 0 END;
    r_spend_cap_cents := COALESCE(workspace.spend_cap_cents, (request->>'default_spend_cap_cents')::INTEGER);
    -- A send by a capped token (request `token_capped`) is held to the token's own daily cap too, and
    -- to the cap of every capped token it was created from (capped_token_chain). Only such a send
    -- reads tokens: the send of an uncapped token runs no statement more than before.
    r_token_id := request->>'token_id';
    r_capped_tokens := NULL;
    IF (request->>'token_capped')::BOOLEAN THEN
      r_capped_tokens := ARRAY(SELECT capped_token_chain(r_token_id));
    END IF;
    -- Rules 2 to 9, in order, each adding its outcome to `failing` when it fails: a send stops at the
    -- first (a later rule runs only while none failed), a dry run checks them all. A held send (rule 6,
    -- hold) goes on to the later rules. Rule 1, idempotency, is settled after them (below).
    failing := '{}';
    r_held := FALSE;
    IF NOT COALESCE((request->>'exempt_from_suppression')::BOOLEAN, FALSE)
       AND EXISTS (SELECT 1 FROM workspace_suppressions s
                   WHERE s.workspace_id = v_workspace_id AND s.phone_number = r_phone_number AND s.active) THEN
      failing := array_append(failing, 'workspace_suppressed');
    END IF;
    IF r_pool_id IS NOT NULL AND r_chosen_pool_id IS NULL AND (v_dry_run OR failing = '{}') THEN
      failing := array_append(failing, 'sender_pool_not_found');
    ELSIF sender.id IS NULL AND (v_dry_run OR failing = '{}') THEN
      failing := array_append(failing, CASE WHEN r_from IS NOT NULL THEN 'sender_number_not_found'
                                            WHEN r_chosen_pool_id IS NOT NULL THEN 'sender_pool_empty'
                                            ELSE 'branded_number_missing' END);
    END IF;
    IF r_registration_required AND sender.id IS NOT NULL AND sender.registration_status <> 'approved'
       AND (v_dry_run OR failing = '{}') THEN
      failing := array_append(failing, 'sender_not_registered');
    END IF;
    -- Rule 5 counts the block's first sends of the hour (at most its hundred numbers) only for a
    -- recipient never messaged: a recipient with a sticky sender is known without a look; any other
    -- send pays one index probe per table.
    IF request ? 'pumping_guard_max' AND (v_dry_run OR failing = '{}') AND NOT r_known_recipient
       AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.workspace_id = v_workspace_id AND m.phone_number = r_phone_number)
       AND NOT EXISTS (SELECT 1 FROM inbound_messages i WHERE i.workspace_id = v_workspace_id AND i.from_number = r_phone_number) THEN
      r_block := left(r_phone_number, length(r_phone_number) - 2);
      IF (SELECT count(*) FROM (
            SELECT m.phone_number FROM messages m
            WHERE m.workspace_id = v_workspace_id AND m.phone_number BETWEEN r_block || '00' AND r_block || '99'
              AND length(m.phone_number) = length(r_phone_number)
            GROUP BY m.phone_number
            HAVING min(m.created_at) > r_now - INTERVAL '1 hour') AS first_sends
          ) >= (request->>'pumping_guard_max')::INTEGER THEN
        failing := array_append(failing, 'suspected_sms_pumping');
      END IF;
    END IF;
    -- Rule 6 exempts what the recipient is waiting for: an auto-reply, and the traffic of a sender
    -- registered for one-time passcodes or account notifications.
    IF request ? 'next_allowed_at' AND request->>'source' IS DISTINCT FROM 'auto_reply' AND (v_dry_run OR failing = '{}')
       AND NOT EXISTS (SELECT 1 FROM use_cases u
                       WHERE u.id = sender.use_case_id AND u.use_case IN ('two_factor_auth', 'account_notifications')) THEN
      failing := array_append(failing, 'outside_allowed_hours');
      r_held := request->>'allowed_hours_mode' = 'hold';
    END IF;
    IF v_balance_cents < r_cost_cents AND (v_dry_run OR failing = '{}' OR (r_held AND failing = '{outside_allowed_hours}')) THEN
      failing := array_append(failing, 'insufficient_balance');
    END IF;
    IF spent_today + r_cost_cents > r_spend_cap_cents
       AND (v_dry_run OR failing = '{}' OR (r_held AND failing = '{outside_allowed_hours}')) THEN
      failing := array_append(failing, 'spend_limit_exceeded');
    END IF;
    -- Rule 9, the token caps, after the workspace's: the outcome names whose cap it was. Every send
    -- that counts towards these tokens is of this workspace, so it committed before the workspace
    -- lock above was granted, and this statement sees it. A refund may lower a count meanwhile,
    -- which only makes this check stricter than it needs to be.
    IF r_capped_tokens IS NOT NULL AND (v_dry_run OR failing = '{}' OR (r_held AND failing = '{outside_allowed_hours}')) THEN
      SELECT t.id INTO over_cap
      FROM access_tokens t
      WHERE t.id = ANY(r_capped_tokens)
        AND (CASE WHEN t.spend_day = r_spend_day THEN t.spend_today_cents ELSE 0 END) + r_cost_cents > t.spend_cap_cents_daily
      ORDER BY t.id = r_token_id DESC
      LIMIT 1;
      IF FOUND THEN
        failing := array_append(failing, CASE WHEN over_cap.id = r_token_id THEN 'token_spend_limit_exceeded' ELSE 'parent_token_spend_limit_exceeded' END);
      END IF;
    END IF;
    -- The first failure decides; a held send is accepted, scheduled for the next allowed minute.
    outcome := COALESCE((SELECT f FROM unnest(failing) AS f WHERE NOT (r_held AND f = 'outside_allowed_hours') LIMIT 1), 'accept');
    IF r_held AND outcome = 'accept' THEN
      r_send_at := (request->>'next_allowed_at')::TIMESTAMPTZ;
      r_status := 'scheduled';
      -- Like a scheduled send: expected at that minute, its validity counted from it.
      r_expires_at := r_send_at + (r_expires_at - r_now);
      r_estimated_send_at := r_send_at;
    END IF;
    -- Rule 10: only a send whose token has an approval rule carries one.
    r_approval_for := request->>'approval_required_for';
    IF outcome = 'accept' AND r_approval_for IS NOT NULL AND (
         r_approval_for = 'all_sends'
         OR (r_approval_for = 'over_cents' AND r_cost_cents > (request->>'approval_threshold_cents')::INTEGER)
         OR (r_approval_for = 'new_recipients' AND NOT EXISTS (
               SELECT 1 FROM messages m
               WHERE m.workspace_id = v_workspace_id AND m.phone_number = r_phone_number
                 AND m.status NOT IN ('pending_approval', 'canceled')))) THEN
      outcome := 'pending_approval';
      r_status := 'pending_approval';
      -- Its slot is taken when a person approves it (dispatch paces it then), not now.
      r_estimated_send_at := NULL;
    END IF;
    IF outcome = 'suspected_sms_pumping' AND NOT v_dry_run THEN
      INSERT INTO pumping_guard_refusals (id, workspace_id, phone_number, token_id, created_at)
      VALUES ('pgr_' || r_message_id, v_workspace_id, r_phone_number, r_token_id, r_now);
    END IF;

    -- Rule 1. The checks above have no effect, so the idempotency key, which comes first in the
    -- rules' order, is settled after them: a send that passes them inserts its message unless the
    -- key is taken (ON CONFLICT, through the unique index), and only a send with a taken key or a
    -- failed check looks the key up. The look-up's plan is cached per connection, and some connections
    -- were seen to plan it over the (workspace_id, created_at) index, reading every message of the
    -- workspace on each send (BENCH.md, "the slow mode"); the insert's arbiter is always the key's
    -- unique index.
    message_id := NULL;
    message_status := NULL;
    message_estimated_send_at := NULL;
    inserted_id := NULL;
    IF outcome IN ('accept', 'pending_approval') AND NOT v_dry_run THEN
      INSERT INTO messages (id, workspace_id, token_id, phone_number, body, segments, cost_cents, status, sender_number_id,
                            sender_number, idempotency_key, metadata, source, send_at, requested_send_at, expires_at,
                            estimated_send_at, sender_pool_id, created_at, updated_at, kind, media_urls, exempt_opt_out_version)
      VALUES (r_message_id, v_workspace_id, request->>'token_id', r_phone_number, r_body, (request->>'segments')::INTEGER,
              r_cost_cents, r_status, sender.id, sender.number, r_idempotency_key, request->'metadata', request->>'source',
              r_send_at, (request->>'send_at')::TIMESTAMPTZ, r_expires_at, r_estimated_send_at, r_chosen_pool_id, r_now, r_now,
              COALESCE(request->>'kind', 'sms'), request->'media_urls', request->>'exempt_opt_out_version')
      ON CONFLICT (workspace_id, idempotency_key) DO NOTHING
      RETURNING id INTO inserted_id;
    END IF;
    IF inserted_id IS NULL AND r_idempotency_key IS NOT NULL THEN
      -- A key is tied to the recipient, body, cost, send_at and sender (named or selected) of its first request.
      SELECT m.id, m.status, m.phone_number, m.body, m.cost_cents, m.requested_send_at, m.sender_number_id, m.media_urls,
             m.estimated_send_at INTO earlier
      FROM messages m WHERE m.workspace_id = v_workspace_id AND m.idempotency_key = r_idempotency_key;
      IF FOUND THEN
        outcome := CASE WHEN earlier.phone_number = r_phone_number AND earlier.body = r_body AND earlier.cost_cents = r_cost_cents
                             AND earlier.requested_send_at IS NOT DISTINCT FROM (request->>'send_at')::TIMESTAMPTZ
                             AND earlier.sender_number_id IS NOT DISTINCT FROM sender.id
                             AND earlier.media_urls IS NOT DISTINCT FROM request->'media_urls'
                        THEN 'replay' ELSE 'idempotency_conflict' END;
        message_id := earlier.id;
        message_status := earlier.status;
        message_estimated_send_at := earlier.estimated_send_at;
      ELSIF outcome IN ('accept', 'pending_approval') AND NOT v_dry_run THEN
        -- Not reachable: the conflicting row was committed before the insert gave way. Fail the
        -- batch, so its sends are retried one by one.
        RAISE EXCEPTION 'idempotency key neither inserted nor found';
      END IF;
    END IF;
    IF v_dry_run THEN
      -- What the preview reports beside the outcome: the state the checks above were made against.
      -- The day's remaining spend is the least that the workspace's and the token caps leave.
      token_remaining_cents := NULL;
      IF r_capped_tokens IS NOT NULL THEN
        SELECT MIN(t.spend_cap_cents_daily - CASE WHEN t.spend_day = r_spend_day THEN t.spend_today_cents ELSE 0 END)
        INTO token_remaining_cents
        FROM access_tokens t WHERE t.id = ANY(r_capped_tokens);
      END IF;
      preview := jsonb_build_object('sender_number', sender.number, 'balance_cents', v_balance_cents,
                                    'estimated_send_at', r_estimated_send_at,
                                    'spend_remaining_today_cents',
                                    GREATEST(LEAST(r_spend_cap_cents - spent_today, token_remaining_cents), 0),
                                    'blockers', CASE WHEN outcome = 'replay' THEN '[]'::JSONB
                                                     WHEN outcome = 'idempotency_conflict' THEN to_jsonb(ARRAY[outcome] || failing)
                                                     ELSE to_jsonb(failing) END);
    END IF;
    IF inserted_id IS NULL THEN
      RETURN NEXT;
      CONTINUE;
    END IF;

    v_balance_cents := v_balance_cents - r_cost_cents;
    v_spend_day := r_spend_day;
    v_spend_today_cents := spent_today + r_cost_cents;
    accepted_any := TRUE;
    senders_used := senders_used || jsonb_build_object(sender.id, r_now);
    -- A paced send takes its sender's slot: the segments at the number's throughput (kept by
    -- phone_number_throughput.sql). A message that will expire before its slot takes none, so it holds
    -- up no other.
    IF v_paced AND outcome = 'accept' AND r_send_at IS NULL AND (r_expires_at IS NULL OR r_estimated_send_at < r_expires_at) THEN
      sender_slots := sender_slots || jsonb_build_object(sender.id, r_estimated_send_at
        + make_interval(secs => (request->>'segments')::INTEGER / sender.throughput_per_second));
    END IF;
    -- The balance moves once, at the end. The message id is new, and so is its debit's reference.
    IF NOT insert_ledger_entry(request->>'ledger_entry_id', v_workspace_id, -r_cost_cents, 'send_debit',
                               'send_debit:' || r_message_id, NULL, r_message_id, r_now, v_balance_cents) THEN
      RAISE EXCEPTION 'the debit of message % was posted before', r_message_id;
    END IF;
    -- Counted at once, not at the end like the workspace's spend: the next send of this batch by one
    -- of these tokens must see it. Relative, so a concurrent refund's decrement is not lost.
    IF r_capped_tokens IS NOT NULL THEN
      UPDATE access_tokens t
      SET spend_today_cents = CASE WHEN t.spend_day = r_spend_day THEN t.spend_today_cents ELSE 0 END + r_cost_cents,
          spend_day = r_spend_day
      WHERE t.id = ANY(r_capped_tokens);
    END IF;
    -- The tracked links of the body (domain/messages/links.ts): a replay wrote none, so each code
    -- is written once, with the one message that holds it.
    IF request ? 'links' THEN
      INSERT INTO message_links (code, workspace_id, message_id, url, created_at)
      SELECT link.code, v_workspace_id, r_message_id, link.url, r_now
      FROM jsonb_to_recordset(request->'links') AS link(code TEXT, url TEXT);
    END IF;
    -- The row insertJob (apps/api/src/jobs/enqueue.ts) writes, for dispatchJob (domain/messages/dispatch.ts).
    -- A scheduled send's job is due at its send_at: the row is what keeps it through restarts.
    IF outcome = 'pending_approval' THEN
      -- The rows approvalJob (domain/approvals/approvals.ts) runs: the event now, the expiry when due.
      INSERT INTO approvals (id, workspace_id, message_id, token_id, status, expires_at, created_at, updated_at)
      VALUES (request->>'approval_id', v_workspace_id, r_message_id, r_token_id, 'pending',
              (request->>'approval_expires_at')::TIMESTAMPTZ, r_now, r_now);
      INSERT INTO jobs (id, queue, payload, run_at, created_at, updated_at)
      VALUES (request->>'approval_requested_job_id', 'approval',
              jsonb_build_object('approvalId', request->>'approval_id', 'step', 'requested'), r_now, r_now, r_now),
             (request->>'approval_expiry_job_id', 'approval',
              jsonb_build_object('approvalId', request->>'approval_id', 'step', 'expire'),
              (request->>'approval_expires_at')::TIMESTAMPTZ, r_now, r_now);
    ELSE
      -- Due at its slot, or at its expiry when that comes first (then dispatch fails it as expired).
      INSERT INTO jobs (id, queue, payload, run_at, created_at, updated_at)
      VALUES (request->>'job_id', 'dispatch', jsonb_build_object('messageId', r_message_id),
              LEAST(r_estimated_send_at, COALESCE(r_expires_at, r_estimated_send_at)), r_now, r_now);
    END IF;
    IF NOT sender_is_sticky THEN
      sticky_writes := sticky_writes || jsonb_build_object(r_phone_number, jsonb_build_object('id', sender.id, 'at', r_now));
    END IF;
    message_id := r_message_id;
    message_status := r_status;
    message_estimated_send_at := r_estimated_send_at;
    RETURN NEXT;
  END LOOP;

  IF accepted_any THEN
    UPDATE workspaces w
    SET balance_cents = v_balance_cents, spend_day = v_spend_day,
        spend_today_cents = v_spend_today_cents
    WHERE w.id = v_workspace_id;
    UPDATE phone_numbers p SET last_used_at = used.last_used_at::TIMESTAMPTZ,
                               next_slot_at = COALESCE((sender_slots->>used.id)::TIMESTAMPTZ, p.next_slot_at)
    FROM jsonb_each_text(senders_used) AS used(id, last_used_at)
    WHERE p.id = used.id AND p.workspace_id = v_workspace_id;
    -- The recipients' sticky senders come last, after every number's row: a failover move
    -- (apps/api/src/domain/messages/reselect-sender.ts) locks its new number's row and then the
    -- recipient's sticky row, so a batch that took a recipient's row before a number's could deadlock
    -- with it.
    INSERT INTO recipient_senders (workspace_id, phone_number, phone_number_id, updated_at)
    SELECT v_workspace_id, w.key, w.value->>'id', (w.value->>'at')::TIMESTAMPTZ
    FROM jsonb_each(sticky_writes) AS w ORDER BY w.key
    ON CONFLICT (workspace_id, phone_number)
    DO UPDATE SET phone_number_id = EXCLUDED.phone_number_id, updated_at = EXCLUDED.updated_at;
  END IF;
END;
$$;
