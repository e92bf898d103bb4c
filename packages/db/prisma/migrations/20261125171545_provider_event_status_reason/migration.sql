-- AlterTable
ALTER TABLE "provider_events" ADD COLUMN     "status_reason" TEXT;
