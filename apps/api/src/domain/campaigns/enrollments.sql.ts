// Generated from enrollments.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * Enrolls the candidates (the members of contact list `contactListId`, and `phoneNumbers`: the
 * caller gives one of them) that are not enrolled yet and have no workspace opt-out or suppression in
 * this campaign, as scheduleSteps would leave them: due at `firstStepAt` (null: not yet scheduled)
 * and with the first schedule counted when they are due. The unique (campaign, phone number) index
 * keeps a number enrolled at most once under concurrency. Returns how many numbers were candidates,
 * enrolled before, suppressed, and enrolled now.
 */
export const enrollCandidates = statement<
  [
    contactListId: string | null,
    phoneNumbers: readonly (string | null)[] | null,
    campaignId: string | null,
    workspaceId: string | null,
    now: Date | string | null,
    firstStepAt: Date | string | null,
    tokenId: string | null,
  ],
  { candidates: number; existing: number; suppressed: number; enrolled: number }
>(`WITH candidate AS (
  SELECT DISTINCT n.phone_number FROM (
    SELECT c.phone_number FROM contact_list_members m JOIN contacts c ON c.id = m.contact_id WHERE m.contact_list_id = $1
    UNION ALL
    SELECT unnest($2::text[])
  ) AS n (phone_number)
),
fresh AS (
  SELECT candidate.phone_number FROM candidate
  WHERE NOT EXISTS (SELECT 1 FROM campaign_enrollments e
                    WHERE e.campaign_id = $3 AND e.phone_number = candidate.phone_number)
),
eligible AS (
  SELECT fresh.phone_number FROM fresh
  WHERE NOT EXISTS (SELECT 1 FROM workspace_suppressions s
                    WHERE s.workspace_id = $4 AND s.phone_number = fresh.phone_number AND s.active)
    AND NOT EXISTS (SELECT 1 FROM campaign_suppressions s
                    WHERE s.campaign_id = $3 AND s.phone_number = fresh.phone_number)
),
inserted AS (
  INSERT INTO campaign_enrollments (id, campaign_id, workspace_id, phone_number, anchor_at, next_step_at, schedule_seq,
                                    enrolled_by_token_id, updated_at)
  SELECT 'enr_' || replace(gen_random_uuid()::text, '-', ''), $3, $4, eligible.phone_number,
         $5, $6::timestamptz, CASE WHEN $6::timestamptz IS NULL THEN 0 ELSE 1 END, $7, $5
  FROM eligible
  ON CONFLICT (campaign_id, phone_number) DO NOTHING
  RETURNING 1
)
SELECT (SELECT count(*) FROM candidate)::int AS candidates,
       (SELECT count(*) FROM candidate)::int - (SELECT count(*) FROM fresh)::int AS existing,
       (SELECT count(*) FROM fresh)::int - (SELECT count(*) FROM eligible)::int AS suppressed,
       (SELECT count(*) FROM inserted)::int AS enrolled`);

/**
 * Refreshes the planner's statistics of campaign_enrollments after a large enrollment.
 */
export const analyzeEnrollments = statement<[], never>(`ANALYZE campaign_enrollments`);
