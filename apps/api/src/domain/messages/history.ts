import { messageStatuses, type TMessageDirection, type TMessageItem, type TMessageStatus } from '@textline/contract';
import { createdRange, enumLiteral, limitLiteral, newestFirst } from '../../lib/pagination.ts';
import { requireE164 } from '../../lib/phone.ts';
import type { Services } from '../../ports.ts';
import { inboundItemColumns, type MessageItemRow, outboundItemColumns, toMessageItem } from './items.ts';

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

type Keyset = { createdAt: Date; id: string };

/**
 * The statement that lists a workspace's messages, both directions, newest first: at most `take`
 * rows after `after`. Each direction is its own keyset scan (newest first over one of the
 * (workspace_id, <filter>, created_at, id) indexes, see 20261125201140_message_history), limited
 * before the union, so a page reads about `take` index entries per direction whatever the
 * workspace holds. A filter only one direction has (campaign_id, idempotency_key, an outbound
 * status) leaves the other out. Phone numbers must be E.164 already. Null when no message can match.
 */
export function messageListStatement(
  workspaceId: string,
  filter: MessageFilter & { from?: Date | undefined; to?: Date | undefined },
  after: Keyset | undefined,
  take: number,
): { text: string; values: unknown[] } | null {
  const values: unknown[] = [];
  const param = (value: unknown, cast: string) => {
    values.push(value);
    return `$${values.length}::${cast}`;
  };
  const workspace = param(workspaceId, 'text');
  // The page size and the status are written in, so that PostgreSQL runs the generic plan (limitLiteral).
  const limit = limitLiteral(take);
  const from = filter.from && param(filter.from.toISOString(), 'timestamptz');
  const to = filter.to && param(filter.to.toISOString(), 'timestamptz');
  const afterAt = after && param(after.createdAt.toISOString(), 'timestamptz');
  const afterId = after && param(after.id, 'text');
  const phone = filter.phone_number && param(filter.phone_number, 'text');
  const sender = filter.sender_number && param(filter.sender_number, 'text');

  const scan = (alias: string, table: string, columns: string, conditions: (string | false | undefined)[]) => {
    const where = [
      `${alias}.workspace_id = ${workspace}`,
      from && `${alias}.created_at >= ${from}`,
      to && `${alias}.created_at < ${to}`,
      afterAt && `(${alias}.created_at, ${alias}.id) < (${afterAt}, ${afterId})`,
      ...conditions,
    ].filter(Boolean);
    return `SELECT ${columns} FROM ${table} ${alias} WHERE ${where.join(' AND ')}
      ORDER BY ${alias}.created_at DESC, ${alias}.id DESC LIMIT ${limit}`;
  };

  const scans: string[] = [];
  const outboundOnly = filter.campaign_id !== undefined || filter.idempotency_key !== undefined;
  if (filter.direction !== 'inbound' && filter.status !== 'received') {
    scans.push(
      scan('m', 'messages', outboundItemColumns, [
        filter.status !== undefined && `m.status = ${enumLiteral(filter.status, messageStatuses)}`,
        phone && `m.phone_number = ${phone}`,
        sender && `m.sender_number = ${sender}`,
        // Matches the partial expression index on a campaign's sends.
        filter.campaign_id !== undefined &&
          `m.source = 'campaign' AND m.metadata->>'campaign_id' = ${param(filter.campaign_id, 'text')}`,
        filter.idempotency_key !== undefined && `m.idempotency_key = ${param(filter.idempotency_key, 'text')}`,
      ]),
    );
  }
  if (filter.direction !== 'outbound' && (filter.status === undefined || filter.status === 'received') && !outboundOnly) {
    scans.push(
      scan('i', 'inbound_messages', inboundItemColumns, [
        phone && `i.from_number = ${phone}`,
        sender && `i.to_number = ${sender}`,
      ]),
    );
  }
  const [only, ...more] = scans;
  if (only === undefined) return null;
  if (more.length === 0) return { text: only, values };
  return {
    text: `SELECT * FROM ((${scans.join(') UNION ALL (')})) AS both_directions ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
    values,
  };
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
  const statement = messageListStatement(workspaceId, filter, page.after, page.take);
  if (!statement) return { messages: [], next_cursor: null };
  const rows = await deps.sql.query<MessageItemRow>(statement.text, statement.values, { timestamps: 'iso' });
  const { rows: pageRows, nextCursor } = page.page(rows, (row) => ({ createdAt: new Date(row.created_at), id: row.id }));
  return { messages: pageRows.map((row) => toMessageItem(row, deps.config)), next_cursor: nextCursor };
}
