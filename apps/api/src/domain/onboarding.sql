-- name: latestTestSms
-- The workspace's latest test SMS (source 'onboarding_test', onboarding.ts's testSmsSource), through
-- the partial index on test SMSes (20261126060000_onboarding_test_sms_index), not by reading every
-- message the workspace sent. On the driver: the onboarding status is polled.
-- params: workspaceId
SELECT id, status, created_at FROM messages
WHERE workspace_id = $1 AND source = 'onboarding_test' ORDER BY created_at DESC LIMIT 1;
