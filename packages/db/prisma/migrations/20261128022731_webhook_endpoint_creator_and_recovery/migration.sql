-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "replay_job_id" TEXT;

-- AlterTable
ALTER TABLE "webhook_endpoints" ADD COLUMN     "created_by" JSONB,
ADD COLUMN     "created_by_token_id" TEXT,
ADD COLUMN     "recovery_queued" INTEGER,
ADD COLUMN     "recovery_since" TIMESTAMPTZ(3),
ADD COLUMN     "recovery_started_at" TIMESTAMPTZ(3);

-- Hand-written (Prisma does not model partial indexes; keep these when squashing).
--
-- Revoking a token disables the endpoints it created: only endpoints a token created are indexed.
CREATE INDEX "webhook_endpoints_created_by_token_id_idx"
  ON "webhook_endpoints"("created_by_token_id") WHERE "created_by_token_id" IS NOT NULL;
-- A recovery counts the replays still waiting on its endpoint: only deliveries with one are indexed.
CREATE INDEX "webhook_deliveries_endpoint_id_replay_idx"
  ON "webhook_deliveries"("endpoint_id") WHERE "replay_job_id" IS NOT NULL;
