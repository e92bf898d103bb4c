import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZNextCursor, ZPageQuery } from '../pagination.ts';
import { idPattern, ZId } from '../ids.ts';
import { ZE164, ZPhoneNumber, ZTimestamp } from '../schemas.ts';
import { ZMessageItem } from './messages.ts';

export const conversationPreviewLength = 160;

export const ZConversation = z.object({
  id: ZId('conversation'),
  phone_number: ZE164.describe('The other party, E.164'),
  sender_number: ZE164.describe('Our number the conversation is with, E.164'),
  last_reply_at: ZTimestamp.describe('When phone_number last wrote to sender_number: the order of the list'),
  last_message_at: ZTimestamp.describe('When the latest message of the conversation, in either direction, was sent or received'),
  last_message_preview: z.string().describe(`The first ${conversationPreviewLength} characters of that latest message`),
  message_count: z.number().int().describe('Messages in the conversation, both directions'),
  suppressed: z.boolean().describe('Whether phone_number has an active workspace suppression (opt-out): sends to it are refused'),
  created_at: ZTimestamp.describe('When phone_number first wrote to sender_number'),
});
export type TConversation = z.infer<typeof ZConversation>;

const ZConversationId = z.string().min(1).max(64).describe('Conversation id (cnv_...)');

const readScope = { kind: 'bearer', scope: 'messages:read' } as const;
const conversationTags = ['conversations'] as const;

const conversationMeaning =
  'A conversation is the thread between one phone number and one of your numbers: it starts with their first ' +
  'reply, and holds their replies and every message you sent that number from that sender.';

export const listConversations = defineOperation({
  name: 'conversations.list',
  method: 'GET',
  path: '/api/v1/conversations',
  auth: readScope,
  summary: 'List conversations',
  description:
    `${conversationMeaning} Latest reply first; filter by phone_number; pass next_cursor back as cursor. A ` +
    'conversation that gets a reply while you page moves to the top, so a page may repeat or skip it.',
  tags: conversationTags,
  input: z.strictObject({
    phone_number: ZPhoneNumber.optional().describe('Only conversations with this number (E.164)'),
    ...ZPageQuery,
  }),
  output: z.object({ conversations: z.array(ZConversation), next_cursor: ZNextCursor }),
  successStatus: 200,
  errors: ['validation_failed'],
  bodyRequired: false,
  mcp: {
    name: 'list_conversations',
    title: 'List conversations',
    description:
      'List SMS conversations (threads with people who replied), the latest reply first, each with its last message, ' +
      'message count and whether the number opted out (suppressed). Filter with phone_number (E.164); read one ' +
      'thread with get_conversation.',
    readOnly: true,
    destructive: false,
  },
});

export const getConversation = defineOperation({
  name: 'conversations.get',
  method: 'GET',
  path: '/api/v1/conversations/{id}',
  auth: readScope,
  summary: 'Get a conversation',
  description:
    `${conversationMeaning} Answers the conversation and its messages in both directions, newest first, in the ` +
    'shape of the message list; pass next_cursor back as cursor for older ones.',
  tags: conversationTags,
  input: z.strictObject({ id: ZConversationId, ...ZPageQuery }),
  output: z.object({ conversation: ZConversation, messages: z.array(ZMessageItem), next_cursor: ZNextCursor }),
  successStatus: 200,
  errors: ['validation_failed', 'not_found'],
  bodyRequired: false,
  mcp: {
    name: 'get_conversation',
    title: 'Read a conversation',
    description:
      'Read one SMS conversation (id from list_conversations): their replies and your messages to them, newest ' +
      'first (direction inbound or outbound); page back with cursor = next_cursor.',
    readOnly: true,
    destructive: false,
  },
});

/** The longest a replies request waits (wait_seconds), and what it waits when not told. */
export const replyWait = { maxSeconds: 30, defaultSeconds: 25 } as const;
/** The most replies one answer holds; the next call passes the last one's id as after. */
export const repliesPerAnswer = 50;

const ZRepliesAfter = z.union([
  z
    .string()
    .max(64)
    .regex(new RegExp(idPattern('message', 'inboundMessage'))),
  z.iso.datetime({ offset: true }),
]);

export const waitForReplies = defineOperation({
  name: 'conversations.replies',
  operationId: 'waitForReplies',
  method: 'GET',
  path: '/api/v1/conversations/{id}/replies',
  auth: readScope,
  summary: 'Wait for replies',
  description:
    'Replies without a webhook server: the messages phone_number sent to sender_number after `after`, oldest ' +
    `first (at most ${repliesPerAnswer}). When there are none yet, the request waits up to wait_seconds ` +
    `(at most ${replyWait.maxSeconds}) and answers as soon as one arrives, else with an empty list at the deadline. ` +
    "id is the conversation, or a message you sent (msg_...): its recipient's replies to its sender number, " +
    'before a conversation exists (the first reply starts it). A token waits in at most a few requests at once ' +
    '(429 too_many_waits).',
  tags: conversationTags,
  input: z.strictObject({
    id: ZConversationId.regex(new RegExp(idPattern('conversation', 'message'))).describe(
      'A conversation id (cnv_...), or the id of a message you sent (msg_...): the replies of its recipient to its sender number',
    ),
    after: ZRepliesAfter.optional().describe(
      'Only replies after this message (msg_... or inb_... id) or time (ISO 8601 with offset). Default: the message ' +
        "named by id, else the time of the request. To wait for the next reply, pass the last reply's id",
    ),
    wait_seconds: z.coerce
      .number()
      .int()
      .min(0)
      .max(replyWait.maxSeconds)
      .default(replyWait.defaultSeconds)
      .describe(
        `How long to wait for a reply when there is none yet, 0-${replyWait.maxSeconds} seconds ` +
          `(default ${replyWait.defaultSeconds}); 0 answers at once`,
      ),
  }),
  output: z.object({
    replies: z.array(ZMessageItem).describe('The replies after `after`, oldest first; empty when none came in time'),
    conversation_id: ZId('conversation').nullable().describe('The conversation; null while the number has never replied'),
  }),
  successStatus: 200,
  errors: ['validation_failed', 'not_found', 'too_many_waits'],
  bodyRequired: false,
  waitsUpToSeconds: replyWait.maxSeconds,
  mcp: {
    name: 'wait_for_reply',
    title: 'Wait for a reply',
    description:
      'Wait for the reply to a message you sent, without a webhook server: pass its id (msg_...) as id. Answers as ' +
      `soon as the recipient replies (up to wait_seconds, at most ${replyWait.maxSeconds}), else replies: [] at the ` +
      'deadline: call it again, with after = the last reply id for the next one. A conversation id (cnv_...) works ' +
      'too. In the sandbox, sandbox_recipients lists numbers that reply.',
    readOnly: true,
    destructive: false,
  },
});
