import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZNextCursor, ZPageQuery } from '../pagination.ts';
import { ZId } from '../ids.ts';
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
