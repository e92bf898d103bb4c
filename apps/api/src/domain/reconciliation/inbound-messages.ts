import { queryRowsIn } from '@textline/db';
import { enqueue, type JobTransaction } from '../../jobs/enqueue.ts';
import { newId } from '../../lib/crypto.ts';
import { toE164 } from '../../lib/phone.ts';
import { ZInboundMessage } from './payloads.ts';
import { recordCustomerEvent } from '../customer-webhooks/events.ts';
import { liftKeywordSuppression, suppressRecipient } from './suppressions.ts';
import {
  type AutoReplyKind,
  autoReplyJob,
  hasCustomKeyword,
  keywordMeaning,
  keywordOf,
  optOutVersionOf,
} from '../compliance/keywords.ts';
import type { ReconcileResult, StoredProviderEvent } from './types.ts';
import * as sql from './inbound-messages.sql.ts';

function conversationData(conversation: {
  id: string;
  phoneNumber: string;
  senderNumber: string;
  lastMessageAt: Date;
  createdAt: Date;
}) {
  return {
    conversation: {
      id: conversation.id,
      phone_number: conversation.phoneNumber,
      sender_number: conversation.senderNumber,
      last_message_at: conversation.lastMessageAt.toISOString(),
      created_at: conversation.createdAt.toISOString(),
    },
  };
}

/**
 * A reply to one of our numbers: stored in its conversation (created on the first message between
 * the two numbers), reported as message.received plus conversation.created / updated. A keyword
 * (domain/compliance/keywords.ts) is acted on: the STOP family suppresses the sender workspace-wide
 * and is confirmed once, the START family lifts the opt-out the recipient made and is confirmed,
 * HELP and the workspace's own keywords are answered. Each answer is an auto-reply job written in
 * this transaction, so it is sent exactly when the message is recorded.
 */
export async function reconcileInboundMessage(
  tx: JobTransaction,
  stored: StoredProviderEvent,
  at: Date,
): Promise<ReconcileResult> {
  const parsed = ZInboundMessage.safeParse(stored.payload);
  if (!parsed.success) return 'ignored';
  const from = toE164(parsed.data.from);
  const to = toE164(parsed.data.to);
  const ourNumber = to ? await tx.phoneNumber.findUnique({ where: { number: to }, select: { workspaceId: true } }) : null;
  if (!from || !to || !ourNumber) return 'ignored';
  const { workspaceId } = ourNumber;

  const [conversation] = await queryRowsIn(tx, sql.openConversation, [newId('cnv'), workspaceId, from, to, at]);
  if (!conversation) throw new Error('openConversation returned no row');
  await recordCustomerEvent(tx, {
    workspaceId,
    type: conversation.created ? 'conversation.created' : 'conversation.updated',
    data: conversationData(conversation),
    at,
  });

  const inbound = await tx.inboundMessage.create({
    data: {
      id: newId('inb'),
      workspaceId,
      conversationId: conversation.id,
      fromNumber: from,
      toNumber: to,
      body: parsed.data.body,
      ...(parsed.data.media_urls && { mediaUrls: parsed.data.media_urls }),
      providerMessageId: parsed.data.id,
      createdAt: at,
    },
  });
  await recordCustomerEvent(tx, {
    workspaceId,
    type: 'message.received',
    // An inbound message has this one event.
    data: {
      sequence: 1,
      occurred_at: at.toISOString(),
      message: {
        id: inbound.id,
        from,
        to,
        body: inbound.body,
        media_urls: parsed.data.media_urls ?? [],
        conversation_id: conversation.id,
        received_at: at.toISOString(),
      },
    },
    at,
  });

  const keyword = keywordOf(parsed.data.body);
  const meaning = keywordMeaning(keyword);
  // The carrier's own verdict counts too: it may know keywords of its account's opt-out settings.
  // A carrier that acted on a keyword itself (opt_out_type) has sent its own confirmation.
  const optOutType = parsed.data.opt_out_type;
  let reply: AutoReplyKind | undefined;
  if (optOutType === 'STOP' || meaning === 'opt_out') {
    const suppressed = await suppressRecipient(tx, {
      workspaceId,
      phoneNumber: from,
      source: 'inbound_keyword',
      provider: stored.provider,
      reason: `keyword ${keyword}`,
      providerMetadata: {
        keyword,
        inbound_message_id: inbound.id,
        provider_message_id: parsed.data.id,
        ...(optOutType ? { opt_out_type: optOutType } : {}),
      },
      at,
    });
    // Confirmed once: a repeated STOP of a number opted out already gets no second confirmation.
    if (suppressed && !optOutType) reply = 'opt_out';
  } else if (optOutType === 'START' || meaning === 'opt_in') {
    const lifted = await liftKeywordSuppression(tx, { workspaceId, phoneNumber: from, at });
    // START and UNSTOP are always confirmed; YES, an everyday answer, only when it lifted an opt-out.
    if (!optOutType && (lifted || keyword !== 'YES')) reply = 'opt_in';
  } else if (optOutType === 'HELP' || meaning === 'help') {
    if (!optOutType) reply = 'help';
  } else if (await hasCustomKeyword(tx, workspaceId, keyword)) {
    reply = 'keyword';
  }
  // A HELP from a recipient opted out is answered through that opt-out, and no later one.
  const optOutVersion = reply === 'help' ? await optOutVersionOf(tx, inbound) : undefined;
  if (reply) await enqueue(tx, autoReplyJob, { inboundMessageId: inbound.id, kind: reply, optOutVersion });
  return 'processed';
}
