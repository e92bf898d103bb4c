import { AppError, conversationPreviewLength, type TConversation, type TMessageItem } from '@textline/contract';
import { queryRows, type RowOf } from '@textline/db';
import { newestFirst } from '../../lib/pagination.ts';
import { requireE164 } from '../../lib/phone.ts';
import type { Services } from '../../ports.ts';
import { listMessageItems } from '../messages/history.ts';
import { conversationPage } from './conversations.sql.ts';

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

type ConversationRow = RowOf<typeof conversationPage>;

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
  const rows = await queryRows(deps.sql, conversationPage, [
    workspaceId,
    null,
    phoneNumber ?? null,
    page.after?.createdAt.toISOString() ?? null,
    page.after?.id ?? null,
    page.take,
  ]);
  const { rows: pageRows, nextCursor } = page.page(rows, (row) => ({ createdAt: row.last_reply_at, id: row.id }));
  return { conversations: pageRows.map(toConversation), next_cursor: nextCursor };
}

/** One conversation of the workspace; another workspace's id is simply not found. */
export async function findConversation(deps: ConversationDeps, workspaceId: string, id: string): Promise<TConversation> {
  const [row] = await queryRows(deps.sql, conversationPage, [workspaceId, id, null, null, null, 1]);
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
