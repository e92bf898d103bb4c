// Generated from outcomes.sql by `npm run sql:generate` (PostgreSQL's own description of each statement): edit the .sql file.

import { statement } from '@textline/db';

/**
 * Gives a refunded send's cost back to the workspace's spend of the day it was debited, if that is still today.
 */
export const returnWorkspaceSpend = statement<
  [amountCents: number | null, workspaceId: string | null, debitDay: string | null],
  never
>(`UPDATE workspaces SET spend_today_cents = GREATEST(spend_today_cents + $1, 0)
WHERE id = $2 AND spend_day = $3`);

/**
 * The same for the capped tokens the send counted against (accept_message_batch).
 */
export const returnTokenSpend = statement<
  [amountCents: number | null, tokenId: string | null, debitDay: string | null],
  never
>(`UPDATE access_tokens SET spend_today_cents = GREATEST(spend_today_cents + $1, 0)
WHERE id IN (SELECT capped_token_chain($2)) AND spend_day = $3`);
