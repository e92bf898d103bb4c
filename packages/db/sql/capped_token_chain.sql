-- capped_token_chain: the token and the tokens it was created from, parent by parent, that have a
-- daily spend cap of their own (access_tokens.spend_cap_cents_daily; POST /api/v1/tokens,
-- apps/api/src/domain/tokens/). A send by the token counts against each of their caps
-- (accept_message_batch, rule 6), so a token never spends more than the token that created it may,
-- however many tokens that one creates. Refunds (apps/api/src/domain/messages/outcomes.ts) give the
-- amount back to the same tokens, and the campaign scheduler reads the smallest of their caps.
--
-- This file is the function's source: change it here, then `npm run db:migration -- <name>` (see
-- accept_message_batch.sql beside it).
CREATE OR REPLACE FUNCTION capped_token_chain(p_token_id TEXT)
RETURNS SETOF TEXT
LANGUAGE sql STABLE AS $$
  WITH RECURSIVE chain (id, parent_token_id, spend_cap_cents_daily) AS (
    SELECT t.id, t.parent_token_id, t.spend_cap_cents_daily FROM access_tokens t WHERE t.id = p_token_id
    UNION ALL
    SELECT t.id, t.parent_token_id, t.spend_cap_cents_daily FROM access_tokens t JOIN chain c ON t.id = c.parent_token_id
  )
  SELECT chain.id FROM chain WHERE chain.spend_cap_cents_daily IS NOT NULL
$$;
