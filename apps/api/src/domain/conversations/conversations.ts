import { AppError, conversationPreviewLength, type TConversation, type TMessageItem } from '@textline/contract';
import { limitLiteral, newestFirst } from '../../lib/pagination.ts';
import { requireE164 } from '../../lib/phone.ts';
import type { Services } from '../../ports.ts';
import { listMessageItems } from '../messages/history.ts';

/*
 * A conversation is a row of `conversations`: one phone number and one of the workspace's numbers,
 * created by the first reply (reconciliation/inbound-messages.ts). Its messages are those between
 * the two numbers: inbound from phone_number to sender_number (exactly those that name it in
 * conversation_id) and outbound to phone_number from sender_number. Outbound ones are matched when
 * read rather than linked when sent: the send path (a benchmarked hot path) writes nothing more, the
 * sender is sticky per recipient so that is every send to the number unless its sender changed, and
 * on the recipient's phone each of our numbers is a separate thread too. Both directions are read
 * on the message list's (workspace_id, phone number, created_at, id) indexes. Sends to a number
 * that never replied make no conversation.
 */

type ConversationDeps = Pick<Services, 'sql' | 'config'>;

type ConversationRow = {
  id: string;
  phone_number: string;
  sender_number: string;
  last_reply_at: Date;
  created_at: Date;
  last_inbound_at: Date | null;
  last_inbound_body: string | null;
  last_outbound_at: Date | null;
  last_outbound_body: string | null;
  message_count: number;
  suppressed: boolean;
};

/**
 * The statement that reads conversations: those of `conversations c` that `where` selects, in
 * `order`, at most `limit`, each with its latest message each way, its count and whether its number
 * is suppressed. The page is chosen first and the look-ups run for its rows only, each by index:
 * inbound_messages (workspace_id, from_number, created_at, id), messages (workspace_id, phone_number,
 * created_at, id) and workspace_suppressions (workspace_id, phone_number). Asked of every conversation
 * the workspace has, PostgreSQL would rather hash all of its suppressions than look up 26; and
 * each look-up is a LATERAL with a LIMIT, which it cannot turn into a join over every suppression.
 */
export function conversationStatement(where: string, order: string, limit: string): string {
  return `SELECT c.id, c.phone_number, c.sender_number, c.last_message_at AS last_reply_at, c.created_at,
    li.created_at AS last_inbound_at, li.body AS last_inbound_body,
    lo.created_at AS last_outbound_at, lo.body AS last_outbound_body,
    (SELECT count(*) FROM inbound_messages i
     WHERE i.workspace_id = c.workspace_id AND i.from_number = c.phone_number AND i.to_number = c.sender_number)::int
      + (SELECT count(*) FROM messages m
         WHERE m.workspace_id = c.workspace_id AND m.phone_number = c.phone_number AND m.sender_number = c.sender_number)::int
      AS message_count,
    s.active IS TRUE AS suppressed
  FROM (SELECT * FROM conversations c WHERE ${where} ${order} LIMIT ${limit}) c
  LEFT JOIN LATERAL (
    SELECT i.created_at, i.body FROM inbound_messages i
    WHERE i.workspace_id = c.workspace_id AND i.from_number = c.phone_number AND i.to_number = c.sender_number
    ORDER BY i.created_at DESC, i.id DESC LIMIT 1
  ) li ON TRUE
  LEFT JOIN LATERAL (
    SELECT m.created_at, m.body FROM messages m
    WHERE m.workspace_id = c.workspace_id AND m.phone_number = c.phone_number AND m.sender_number = c.sender_number
    ORDER BY m.created_at DESC, m.id DESC LIMIT 1
  ) lo ON TRUE
  LEFT JOIN LATERAL (
    SELECT s.active FROM workspace_suppressions s
    WHERE s.workspace_id = c.workspace_id AND s.phone_number = c.phone_number LIMIT 1
  ) s ON TRUE
  ${order}`;
}

/** The conversation list's order: latest reply first, on conversations (workspace_id, last_message_at, id). */
export const latestReplyFirst = 'ORDER BY c.last_message_at DESC, c.id DESC';

function toConversation(row: ConversationRow): TConversation {
  const outboundIsLatest =
    row.last_outbound_at !== null && (row.last_inbound_at === null || row.last_outbound_at > row.last_inbound_at);
  const lastAt = (outboundIsLatest ? row.last_outbound_at : row.last_inbound_at) ?? row.last_reply_at;
  const lastBody = (outboundIsLatest ? row.last_outbound_body : row.last_inbound_body) ?? '';
  return {
    id: row.id,
    phone_number: row.phone_number,
    sender_number: row.sender_number,
    last_reply_at: row.last_reply_at.toISOString(),
    last_message_at: lastAt.toISOString(),
    last_message_preview: Array.from(lastBody).slice(0, conversationPreviewLength).join(''),
    message_count: row.message_count,
    suppressed: row.suppressed,
    created_at: row.created_at.toISOString(),
  };
}

export function conversationNotFound(): AppError {
  return new AppError('not_found', { message: 'No conversation with this id exists in this workspace.' });
}

/**
 * The workspace's conversations, latest reply first: keyset on conversations (workspace_id,
 * last_message_at, id), the time the ingestion of each reply moves. The cursor codec names its time
 * createdAt; here it carries the last reply's.
 */
export async function listConversations(
  deps: ConversationDeps,
  workspaceId: string,
  query: { phone_number?: string | undefined; limit: number; cursor?: string | undefined },
): Promise<{ conversations: TConversation[]; next_cursor: string | null }> {
  const phoneNumber = query.phone_number === undefined ? undefined : requireE164(query.phone_number);
  const page = newestFirst('conversations', workspaceId, query);
  const values: unknown[] = [workspaceId];
  const conditions = ['c.workspace_id = $1'];
  if (phoneNumber !== undefined) {
    values.push(phoneNumber);
    conditions.push(`c.phone_number = $${values.length}`);
  }
  if (page.after) {
    values.push(page.after.createdAt, page.after.id);
    conditions.push(`(c.last_message_at, c.id) < ($${values.length - 1}, $${values.length})`);
  }
  // The page size is written in, so that PostgreSQL runs the generic plan (limitLiteral).
  const rows = await deps.sql.query<ConversationRow>(
    conversationStatement(conditions.join(' AND '), latestReplyFirst, limitLiteral(page.take)),
    values,
  );
  const { rows: pageRows, nextCursor } = page.page(rows, (row) => ({ createdAt: row.last_reply_at, id: row.id }));
  return { conversations: pageRows.map(toConversation), next_cursor: nextCursor };
}

/** One conversation of the workspace; another workspace's id is simply not found. */
export async function findConversation(deps: ConversationDeps, workspaceId: string, id: string): Promise<TConversation> {
  const [row] = await deps.sql.query<ConversationRow>(conversationStatement('c.id = $1 AND c.workspace_id = $2', '', '1'), [
    id,
    workspaceId,
  ]);
  if (!row) throw conversationNotFound();
  return toConversation(row);
}

/**
 * One conversation and a page of its messages in both directions, newest first: the message list
 * filtered to the conversation's two numbers, with cursors of its own.
 */
export async function getConversation(
  deps: ConversationDeps,
  workspaceId: string,
  query: { id: string; limit: number; cursor?: string | undefined },
): Promise<{ conversation: TConversation; messages: TMessageItem[]; next_cursor: string | null }> {
  const conversation = await findConversation(deps, workspaceId, query.id);
  const { messages, next_cursor } = await listMessageItems(
    deps,
    workspaceId,
    {
      phone_number: conversation.phone_number,
      sender_number: conversation.sender_number,
      limit: query.limit,
      cursor: query.cursor,
    },
    `conversation_messages.${conversation.id}`,
  );
  return { conversation, messages, next_cursor };
}
