-- CreateTable
CREATE TABLE "workspace_retention" (
    "workspace_id" TEXT NOT NULL,
    "days" INTEGER NOT NULL,
    "messages_done_before" TIMESTAMPTZ(3),
    "inbound_done_before" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "workspace_retention_pkey" PRIMARY KEY ("workspace_id")
);

-- AddForeignKey
ALTER TABLE "workspace_retention" ADD CONSTRAINT "workspace_retention_workspace_id_fkey" FOREIGN KEY ("workspace_id") REFERENCES "workspaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;
