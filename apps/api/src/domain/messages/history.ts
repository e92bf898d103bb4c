import type { TMessageDirection, TMessageItem, TMessageStatus } from '@textline/contract';
import { queryIsoRows, type ValuesOf } from '@textline/db';
import { createdRange, newestFirst } from '../../lib/pagination.ts';
import { requireE164 } from '../../lib/phone.ts';
import type { Services } from '../../ports.ts';
import { messagePage } from './history.sql.ts';
import { type MessageItemRow, toMessageItem } from './items.ts';

/** The message list's filters, as the list operation takes them (validated by its schema). */
export type MessageFilter = {
  status?: TMessageStatus | undefined;
  direction?: TMessageDirection | undefined;
  phone_number?: string | undefined;
  sender_number?: string | undefined;
  campaign_id?: string | undefined;
  idempotency_key?: string | undefined;
  created_after?: string | undefined;
  created_before?: string | undefined;
};

/**
 * The values of messagePage (history.sql) for `filter`, whose phone numbers are E.164 already: at
 * most `take` rows after `after` (the last row of the previous page).
 */
export function messagePageValues(
  workspaceId: string,
  filter: MessageFilter & { from?: Date | undefined; to?: Date | undefined },
  after: { createdAt: Date; id: string } | undefined,
  take: number,
): ValuesOf<typeof messagePage> {
  return [
    workspaceId,
    filter.direction ?? null,
    filter.status ?? null,
    filter.phone_number ?? null,
    filter.sender_number ?? null,
    filter.campaign_id ?? null,
    filter.idempotency_key ?? null,
    filter.from?.toISOString() ?? null,
    filter.to?.toISOString() ?? null,
    after?.createdAt.toISOString() ?? null,
    after?.id ?? null,
    take,
  ];
}

/**
 * A page of the workspace's messages, sent and received, newest first. `list` names the list its
 * cursors belong to: a conversation's messages are this list filtered to one pair of numbers, under
 * a name of their own. Bad numbers and an empty date range are 422 naming the field.
 */
export async function listMessageItems(
  deps: Pick<Services, 'sql' | 'config'>,
  workspaceId: string,
  query: MessageFilter & { limit: number; cursor?: string | undefined },
  list = 'messages',
): Promise<{ messages: TMessageItem[]; next_cursor: string | null }> {
  const page = newestFirst(list, workspaceId, query);
  const filter = {
    ...query,
    phone_number: query.phone_number === undefined ? undefined : requireE164(query.phone_number, 'phone_number'),
    sender_number: query.sender_number === undefined ? undefined : requireE164(query.sender_number, 'sender_number'),
    ...createdRange(query),
  };
  // The statement's direction and status columns are text; their values are the contract's.
  const rows = (await queryIsoRows(
    deps.sql,
    messagePage,
    messagePageValues(workspaceId, filter, page.after, page.take),
  )) as MessageItemRow[];
  const { rows: pageRows, nextCursor } = page.page(rows, (row) => ({ createdAt: new Date(row.created_at), id: row.id }));
  return { messages: pageRows.map((row) => toMessageItem(row, deps.config)), next_cursor: nextCursor };
}
