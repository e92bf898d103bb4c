-- A refund's statements (outcomes.ts), in the transaction that applies the message's outcome.

-- name: returnWorkspaceSpend
-- Gives a refunded send's cost back to the workspace's spend of the day it was debited, if that is still today.
-- params: amountCents, workspaceId, debitDay
UPDATE workspaces SET spend_today_cents = GREATEST(spend_today_cents + $1, 0)
WHERE id = $2 AND spend_day = $3;

-- name: returnTokenSpend
-- The same for the capped tokens the send counted against (accept_message_batch).
-- params: amountCents, tokenId, debitDay
UPDATE access_tokens SET spend_today_cents = GREATEST(spend_today_cents + $1, 0)
WHERE id IN (SELECT capped_token_chain($2)) AND spend_day = $3;
