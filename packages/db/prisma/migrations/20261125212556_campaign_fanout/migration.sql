-- CreateIndex
-- A campaign's due steps in due order, batch after batch, each batch after the last one's (next_step_at, id).
CREATE INDEX "campaign_enrollments_campaign_id_next_step_at_id_idx" ON "campaign_enrollments"("campaign_id", "next_step_at", "id");
