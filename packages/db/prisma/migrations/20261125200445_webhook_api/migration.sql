-- AlterTable
ALTER TABLE "webhook_attempts" ADD COLUMN     "request_headers" JSONB NOT NULL DEFAULT '{}';

-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "message_id" TEXT;

-- CreateIndex
CREATE INDEX "webhook_deliveries_workspace_id_event_id_idx" ON "webhook_deliveries"("workspace_id", "event_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_workspace_id_message_id_idx" ON "webhook_deliveries"("workspace_id", "message_id");

-- CreateIndex
CREATE INDEX "webhook_deliveries_endpoint_id_last_attempt_at_idx" ON "webhook_deliveries"("endpoint_id", "last_attempt_at");

-- Deliveries recorded before message_id existed: the id of the message their event reports.
UPDATE "webhook_deliveries" AS d SET "message_id" = ev."data"->'message'->>'id'
FROM "events" AS ev
WHERE ev."id" = d."event_id" AND d."event_type" LIKE 'message.%';
