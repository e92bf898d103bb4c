-- The two calls of accept_message_batch (packages/db/sql/accept_message_batch.sql), on the driver:
-- every send runs one. `sends` is the JSON array of each send's parameters (AcceptParameters).

-- name: acceptBatch
-- Decides and records a batch of one workspace's sends; `item` is each send's index in the array.
-- params: sends
-- not null: item, outcome
SELECT item, outcome, message_id, message_status, message_estimated_send_at AS estimated_send_at
FROM accept_message_batch($1::jsonb);

-- name: dryRun
-- Decides sends marked dry_run as acceptBatch would now, writing and locking nothing; `preview`
-- holds what the decision read (DryRunState).
-- params: sends
-- not null: outcome
SELECT outcome, message_id, message_status, preview FROM accept_message_batch($1::jsonb);
