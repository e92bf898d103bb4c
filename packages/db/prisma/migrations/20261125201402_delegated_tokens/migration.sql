-- DropIndex
DROP INDEX "access_tokens_workspace_id_idx";

-- AlterTable
ALTER TABLE "access_tokens" ADD COLUMN     "parent_token_id" TEXT,
ADD COLUMN     "send_rate_tier" TEXT,
ADD COLUMN     "spend_cap_cents_daily" INTEGER,
ADD COLUMN     "spend_day" TEXT NOT NULL DEFAULT '',
ADD COLUMN     "spend_today_cents" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "access_tokens_workspace_id_created_at_id_idx" ON "access_tokens"("workspace_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "access_tokens_parent_token_id_idx" ON "access_tokens"("parent_token_id");

-- AddForeignKey
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_parent_token_id_fkey" FOREIGN KEY ("parent_token_id") REFERENCES "access_tokens"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Hand-written (Prisma does not model functions; keep this migration when squashing).
--
-- Delegated tokens' own daily spend caps (POST /api/v1/tokens, domain/tokens/).
--
-- capped_token_chain: the token and the tokens it was created from, parent by parent, that have a
-- daily spend cap of their own. A send by the token counts against each of their caps, so a token
-- never spends more than the token that created it may, however many tokens that one creates.
-- Refunds (domain/messages/outcomes.ts) give the amount back to the same tokens.
CREATE FUNCTION capped_token_chain(p_token_id TEXT)
RETURNS SETOF TEXT
LANGUAGE sql STABLE AS $$
  WITH RECURSIVE chain (id, parent_token_id, spend_cap_cents_daily) AS (
    SELECT t.id, t.parent_token_id, t.spend_cap_cents_daily FROM access_tokens t WHERE t.id = p_token_id
    UNION ALL
    SELECT t.id, t.parent_token_id, t.spend_cap_cents_daily FROM access_tokens t JOIN chain c ON t.id = c.parent_token_id
  )
  SELECT chain.id FROM chain WHERE chain.spend_cap_cents_daily IS NOT NULL
$$;

-- accept_message_batch checks these caps from 20261125201505_billing_read on, with the other send controls.
