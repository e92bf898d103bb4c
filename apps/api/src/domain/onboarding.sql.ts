// Generated from onboarding.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * The workspace's latest test SMS (source 'onboarding_test', onboarding.ts's testSmsSource), through
 * the partial index on test SMSes (20261126060000_onboarding_test_sms_index), not by reading every
 * message the workspace sent. On the driver: the onboarding status is polled.
 */
export const latestTestSms = statement<
  [workspaceId: string | null],
  { id: string; status: string; created_at: Date }
>(`SELECT id, status, created_at FROM messages
WHERE workspace_id = $1 AND source = 'onboarding_test' ORDER BY created_at DESC LIMIT 1`);
