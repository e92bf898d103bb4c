-- Hand-written (Prisma does not model partial indexes; keep this when squashing).
--
-- The onboarding status reads a workspace's latest test SMS. Without an index of its own that read
-- went through every message of the workspace (a sequential scan, 100 ms on a million). Only test
-- SMSes are in this index, so the sends of the API, MCP and campaigns add nothing to it.
CREATE INDEX "messages_workspace_id_created_at_onboarding_test_idx"
  ON "messages"("workspace_id", "created_at") WHERE "source" = 'onboarding_test';
