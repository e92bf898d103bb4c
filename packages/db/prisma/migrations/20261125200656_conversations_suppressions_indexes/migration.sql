-- CreateIndex
CREATE INDEX "conversations_workspace_id_last_message_at_id_idx" ON "conversations"("workspace_id", "last_message_at", "id");

-- CreateIndex
CREATE INDEX "workspace_suppressions_workspace_id_created_at_id_idx" ON "workspace_suppressions"("workspace_id", "created_at", "id");
