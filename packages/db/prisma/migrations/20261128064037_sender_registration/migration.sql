-- AlterTable
ALTER TABLE "phone_numbers" DROP COLUMN "compliance_status",
ADD COLUMN     "registration_reasons" JSONB NOT NULL DEFAULT '[]',
ADD COLUMN     "registration_status" TEXT NOT NULL DEFAULT 'unregistered',
ADD COLUMN     "type" TEXT NOT NULL DEFAULT 'local',
ADD COLUMN     "use_case_id" TEXT;

-- CreateTable
CREATE TABLE "brands" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "legal_name" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "tax_id" TEXT NOT NULL,
    "entity_type" TEXT NOT NULL,
    "vertical" TEXT NOT NULL,
    "website" TEXT NOT NULL,
    "support_email" TEXT NOT NULL,
    "support_phone" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "rejection_reasons" JSONB NOT NULL DEFAULT '[]',
    "sandbox" BOOLEAN NOT NULL DEFAULT false,
    "provider_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "brands_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "use_cases" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "brand_id" TEXT NOT NULL,
    "use_case" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "sample_messages" TEXT[],
    "message_flow" TEXT NOT NULL,
    "help_message" TEXT NOT NULL,
    "opt_out_message" TEXT NOT NULL,
    "has_links" BOOLEAN NOT NULL,
    "has_phone_numbers" BOOLEAN NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "rejection_reasons" JSONB NOT NULL DEFAULT '[]',
    "messages_per_minute" INTEGER,
    "daily_cap" INTEGER,
    "sandbox" BOOLEAN NOT NULL DEFAULT false,
    "provider_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "use_cases_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "toll_free_verifications" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "phone_number_id" TEXT NOT NULL,
    "brand_id" TEXT NOT NULL,
    "use_case" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "sample_messages" TEXT[],
    "message_flow" TEXT NOT NULL,
    "monthly_volume" INTEGER NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "provider_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "toll_free_verifications_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "brands_workspace_id_created_at_id_idx" ON "brands"("workspace_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "use_cases_workspace_id_created_at_id_idx" ON "use_cases"("workspace_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "use_cases_brand_id_idx" ON "use_cases"("brand_id");

-- CreateIndex
CREATE INDEX "toll_free_verifications_phone_number_id_created_at_idx" ON "toll_free_verifications"("phone_number_id", "created_at");

-- CreateIndex
CREATE INDEX "phone_numbers_use_case_id_idx" ON "phone_numbers"("use_case_id");
