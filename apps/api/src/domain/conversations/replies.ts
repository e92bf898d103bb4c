import { AppError, repliesPerAnswer, type TMessageItem } from '@textline/contract';
import { queryRows } from '@textline/db';
import type { KeyedLimit } from '../../limits/keyed-limiter.ts';
import { retryAfterSeconds } from '../../limits/keyed-limiter.ts';
import type { Services } from '../../ports.ts';
import { inboundIdPrefix, inboundItemColumns, type MessageItemRow, toMessageItem } from '../messages/items.ts';
import { deadline, wakeUps } from '../../live/waiting.ts';
import { conversationNotFound } from './conversations.ts';
import { conversationReplyTarget, messageCreatedAt, messageReplyTarget } from './replies.sql.ts';

/*
 * Replies without a webhook server (GET /api/v1/conversations/{id}/replies, wait_for_reply). A request
 * reads the replies once; when there are none it waits on the workspace's live changes (an emitter in
 * the embedded mode, Redis pub/sub in the scaled mode, so a reply ingested by any process wakes it)
 * and reads again when one is received. It holds no database connection while it waits, and stops
 * waiting when its client goes away.
 */

type RepliesDeps = Pick<Services, 'sql' | 'live' | 'rateLimiter' | 'config'>;

export type RepliesInput = { id: string; after?: string | undefined; wait_seconds: number };
export type Replies = { replies: TMessageItem[]; conversation_id: string | null };

/** Whose messages are replies: from phone_number to sender_number (to any of ours while no sender was chosen). */
type ReplyTarget = { phoneNumber: string; senderNumber: string | null; conversationId: string | null; acceptedAt: Date | null };

/**
 * Replies come after this point in the order they are read, (created_at, id): after a reply, or from
 * `at` on (`afterId` '') for a send or a time.
 */
type AfterPoint = { at: Date; afterId: string };

/**
 * A token waits in at most this many requests at once. A bucket that refills one wait per longest
 * wait (and a little) is that bound: each request takes one and gives it back when it answers, and
 * one a crashed process never gave back returns by itself.
 */
function waitLimit(deps: Pick<Services, 'config'>): KeyedLimit {
  return { namespace: 'reply-wait', capacity: deps.config.concurrentReplyWaitsPerToken, refillMs: 35_000 };
}

async function replyTarget(deps: RepliesDeps, workspaceId: string, id: string): Promise<ReplyTarget> {
  if (id.startsWith('cnv_')) {
    const [conversation] = await queryRows(deps.sql, conversationReplyTarget, [id, workspaceId]);
    if (!conversation) throw conversationNotFound();
    return {
      phoneNumber: conversation.phone_number,
      senderNumber: conversation.sender_number,
      conversationId: conversation.id,
      acceptedAt: null,
    };
  }
  const [message] = await queryRows(deps.sql, messageReplyTarget, [id, workspaceId]);
  if (!message) throw new AppError('not_found', { message: 'No message you sent has this id in this workspace.' });
  return {
    phoneNumber: message.phone_number,
    senderNumber: message.sender_number,
    conversationId: message.conversation_id,
    acceptedAt: message.created_at,
  };
}

async function afterPoint(
  deps: RepliesDeps,
  workspaceId: string,
  after: string | undefined,
  target: ReplyTarget,
  now: Date,
): Promise<AfterPoint> {
  if (after === undefined) return { at: target.acceptedAt ?? now, afterId: '' };
  if (!/^(msg|inb)_/.test(after)) return { at: new Date(after), afterId: '' };
  const [message] = await queryRows(deps.sql, messageCreatedAt, [after, workspaceId]);
  if (!message) throw new AppError('not_found', { message: 'No message with the id given as after exists in this workspace.' });
  return { at: message.created_at, afterId: after.startsWith(inboundIdPrefix) ? after : '' };
}

/** On inbound_messages (workspace_id, from_number, created_at, id). */
const repliesStatement = `SELECT ${inboundItemColumns}, i.conversation_id
FROM inbound_messages i
WHERE i.workspace_id = $1 AND i.from_number = $2 AND ($3::text IS NULL OR i.to_number = $3)
  AND (i.created_at, i.id) > ($4, $5)
ORDER BY i.created_at, i.id LIMIT ${repliesPerAnswer}`;

async function readReplies(deps: RepliesDeps, workspaceId: string, target: ReplyTarget, after: AfterPoint): Promise<Replies> {
  const rows = await deps.sql.query<MessageItemRow & { conversation_id: string }>(
    repliesStatement,
    [workspaceId, target.phoneNumber, target.senderNumber, after.at, after.afterId],
    { timestamps: 'iso' },
  );
  return {
    replies: rows.map((row) => toMessageItem(row, deps.config)),
    conversation_id: rows[0]?.conversation_id ?? target.conversationId,
  };
}

/**
 * The replies after `input.after`, waiting up to input.wait_seconds for the first when there is none.
 * `signal` aborts when the client goes away: the wait ends at once.
 */
export async function waitForReplies(
  deps: RepliesDeps & Pick<Services, 'clock'>,
  caller: { workspaceId: string; tokenId: string },
  input: RepliesInput,
  signal: AbortSignal | undefined,
): Promise<Replies> {
  const { workspaceId } = caller;
  const target = await replyTarget(deps, workspaceId, input.id);
  const after = await afterPoint(deps, workspaceId, input.after, target, new Date(deps.clock.now()));
  const first = await readReplies(deps, workspaceId, target, after);
  if (first.replies.length > 0 || input.wait_seconds === 0 || signal?.aborted) return first;

  const slot = { limit: waitLimit(deps), key: caller.tokenId };
  const taken = await deps.rateLimiter.take(slot);
  if (!taken.allowed)
    throw new AppError('too_many_waits', { extra: { retry_after_seconds: retryAfterSeconds(taken.retryAfterMs) } });
  const wakes = wakeUps();
  const stop = await deps.live
    .subscribe(workspaceId, (change) => {
      if (change.resource !== 'message' || change.status !== 'received') return;
      if (target.conversationId !== null && change.conversation_id !== target.conversationId) return;
      wakes.wake();
    })
    .catch(async (error: unknown) => {
      await deps.rateLimiter.refund(slot);
      throw error;
    });
  const end = deadline(input.wait_seconds * 1000, signal, () => wakes.wake());
  try {
    // The first read came before the subscription: read again, and after each reply that wakes this request.
    for (;;) {
      wakes.clear();
      const replies = await readReplies(deps, workspaceId, target, after);
      if (replies.replies.length > 0 || end.passed()) return replies;
      await wakes.next();
    }
  } finally {
    end.cancel();
    stop();
    await deps.rateLimiter.refund(slot);
  }
}
