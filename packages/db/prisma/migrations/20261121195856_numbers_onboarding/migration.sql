-- AlterTable
ALTER TABLE "phone_numbers" ADD COLUMN     "dedicated" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE "branded_requests" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "legal_name" TEXT,
    "website" TEXT,
    "use_case" TEXT,
    "sample_messages" TEXT[],
    "contact_name" TEXT,
    "contact_email" TEXT,
    "contact_phone" TEXT,
    "status" TEXT NOT NULL DEFAULT 'incomplete',
    "phone_number_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "branded_requests_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "branded_requests_workspace_id_key" ON "branded_requests"("workspace_id");
