-- AlterTable
ALTER TABLE "webhook_deliveries" ADD COLUMN     "sequence" INTEGER;

-- AlterTable
ALTER TABLE "webhook_endpoints" ADD COLUMN     "max_per_second" INTEGER,
ADD COLUMN     "ordering" TEXT NOT NULL DEFAULT 'none';
