-- CreateTable
CREATE TABLE "campaigns" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "status" TEXT NOT NULL DEFAULT 'draft',
    "settings" JSONB NOT NULL,
    "activated_at" TIMESTAMPTZ(3),
    "archived_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaigns_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaign_stages" (
    "id" TEXT NOT NULL,
    "campaign_id" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "body" TEXT NOT NULL,
    "delay_minutes" INTEGER NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_stages_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaign_enrollments" (
    "id" TEXT NOT NULL,
    "campaign_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "phone_number" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'active',
    "stop_reason" TEXT,
    "last_stage_id" TEXT,
    "anchor_at" TIMESTAMPTZ(3) NOT NULL,
    "next_step_at" TIMESTAMPTZ(3),
    "schedule_seq" INTEGER NOT NULL DEFAULT 0,
    "held_reason" TEXT,
    "last_error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_enrollments_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaign_deliveries" (
    "id" TEXT NOT NULL,
    "campaign_id" TEXT NOT NULL,
    "enrollment_id" TEXT NOT NULL,
    "stage_id" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "message_id" TEXT,
    "error_code" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "campaign_suppressions" (
    "id" TEXT NOT NULL,
    "campaign_id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "phone_number" TEXT NOT NULL,
    "reason" TEXT,
    "skipped_count" INTEGER NOT NULL DEFAULT 0,
    "last_skipped_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "campaign_suppressions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "snippets" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "body" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "snippets_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contacts" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "phone_number" TEXT NOT NULL,
    "first_name" TEXT,
    "last_name" TEXT,
    "attributes" JSONB NOT NULL DEFAULT '{}',
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contacts_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_lists" (
    "id" TEXT NOT NULL,
    "workspace_id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_lists_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "contact_list_members" (
    "contact_list_id" TEXT NOT NULL,
    "contact_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "contact_list_members_pkey" PRIMARY KEY ("contact_list_id","contact_id")
);

-- CreateIndex
CREATE INDEX "campaigns_workspace_id_created_at_id_idx" ON "campaigns"("workspace_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "campaign_stages_campaign_id_position_idx" ON "campaign_stages"("campaign_id", "position");

-- CreateIndex
CREATE INDEX "campaign_enrollments_campaign_id_status_idx" ON "campaign_enrollments"("campaign_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "campaign_enrollments_campaign_id_phone_number_key" ON "campaign_enrollments"("campaign_id", "phone_number");

-- CreateIndex
CREATE INDEX "campaign_deliveries_campaign_id_idx" ON "campaign_deliveries"("campaign_id");

-- CreateIndex
CREATE UNIQUE INDEX "campaign_deliveries_enrollment_id_stage_id_key" ON "campaign_deliveries"("enrollment_id", "stage_id");

-- CreateIndex
CREATE INDEX "campaign_suppressions_campaign_id_created_at_id_idx" ON "campaign_suppressions"("campaign_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "campaign_suppressions_campaign_id_phone_number_key" ON "campaign_suppressions"("campaign_id", "phone_number");

-- CreateIndex
CREATE INDEX "snippets_workspace_id_created_at_id_idx" ON "snippets"("workspace_id", "created_at", "id");

-- CreateIndex
CREATE UNIQUE INDEX "snippets_workspace_id_name_key" ON "snippets"("workspace_id", "name");

-- CreateIndex
CREATE UNIQUE INDEX "contacts_workspace_id_phone_number_key" ON "contacts"("workspace_id", "phone_number");

-- CreateIndex
CREATE INDEX "contact_lists_workspace_id_created_at_id_idx" ON "contact_lists"("workspace_id", "created_at", "id");

-- CreateIndex
CREATE INDEX "contact_list_members_contact_id_idx" ON "contact_list_members"("contact_id");

-- AddForeignKey
ALTER TABLE "campaign_stages" ADD CONSTRAINT "campaign_stages_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_enrollments" ADD CONSTRAINT "campaign_enrollments_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "campaign_suppressions" ADD CONSTRAINT "campaign_suppressions_campaign_id_fkey" FOREIGN KEY ("campaign_id") REFERENCES "campaigns"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_list_members" ADD CONSTRAINT "contact_list_members_contact_list_id_fkey" FOREIGN KEY ("contact_list_id") REFERENCES "contact_lists"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "contact_list_members" ADD CONSTRAINT "contact_list_members_contact_id_fkey" FOREIGN KEY ("contact_id") REFERENCES "contacts"("id") ON DELETE CASCADE ON UPDATE CASCADE;
