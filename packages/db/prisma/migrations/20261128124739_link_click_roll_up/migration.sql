-- AlterTable: the clicks recorded before were counted as they were recorded, so they start counted
-- (true for the rows there, without rewriting them); a click from now on starts uncounted.
ALTER TABLE "link_clicks" ADD COLUMN     "rolled_up" BOOLEAN NOT NULL DEFAULT true;
ALTER TABLE "link_clicks" ALTER COLUMN "rolled_up" SET DEFAULT false;

-- CreateIndex: partial, by hand; it holds only the clicks the roll-up has yet to count.
CREATE INDEX "link_clicks_rolled_up_idx" ON "link_clicks"("rolled_up") WHERE NOT "rolled_up";
