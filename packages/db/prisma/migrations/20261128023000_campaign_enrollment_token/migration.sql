-- AlterTable
ALTER TABLE "campaign_enrollments" ADD COLUMN     "enrolled_by_token_id" TEXT;

-- CreateIndex
CREATE INDEX "campaign_enrollments_campaign_id_created_at_id_idx" ON "campaign_enrollments"("campaign_id", "created_at", "id");
