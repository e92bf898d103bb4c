-- AlterTable
ALTER TABLE "campaign_stages" ADD COLUMN     "shorten_links" BOOLEAN NOT NULL DEFAULT false;
