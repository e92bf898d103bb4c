import type { JobTransaction } from '../../jobs/enqueue.ts';
import { newId } from '../../lib/crypto.ts';
import { toE164 } from '../../lib/phone.ts';
import { ZInboundMessage } from './payloads.ts';
import { recordCustomerEvent } from '../customer-webhooks/events.ts';
import { liftKeywordSuppression, suppressRecipient } from './suppressions.ts';
import type { ReconcileResult, StoredProviderEvent } from './types.ts';

/** Carrier opt-out and opt-in keywords (CTIA, and the 2025 FCC additions REVOKE and OPTOUT). */
const stopKeywords = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'REVOKE', 'OPTOUT']);
const startKeywords = new Set(['START', 'UNSTOP']);

/** A keyword counts only as the whole message, as carriers match it ("Stop." yes, "don't stop" no). */
function keywordOf(body: string): string {
  return body
    .trim()
    .replace(/[.!]+$/, '')
    .toUpperCase();
}

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
 * the two numbers), reported as message.received plus conversation.created / updated, and a
 * STOP-family keyword suppresses the sender workspace-wide (START / UNSTOP lifts that again).
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

  const key = { workspaceId_phoneNumber_senderNumber: { workspaceId, phoneNumber: from, senderNumber: to } };
  const existing = await tx.conversation.findUnique({ where: key });
  const conversation = existing
    ? await tx.conversation.update({ where: { id: existing.id }, data: { lastMessageAt: at } })
    : await tx.conversation.create({
        data: { id: newId('cnv'), workspaceId, phoneNumber: from, senderNumber: to, lastMessageAt: at, createdAt: at },
      });
  await recordCustomerEvent(tx, {
    workspaceId,
    type: existing ? 'conversation.updated' : 'conversation.created',
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
      providerMessageId: parsed.data.id,
      createdAt: at,
    },
  });
  await recordCustomerEvent(tx, {
    workspaceId,
    type: 'message.received',
    data: {
      message: {
        id: inbound.id,
        from,
        to,
        body: inbound.body,
        conversation_id: conversation.id,
        received_at: at.toISOString(),
      },
    },
    at,
  });

  const keyword = keywordOf(parsed.data.body);
  // The carrier's own verdict counts too: it may know keywords of its account's opt-out settings.
  const optOutType = parsed.data.opt_out_type;
  if (optOutType === 'STOP' || stopKeywords.has(keyword)) {
    await suppressRecipient(tx, {
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
  } else if (optOutType === 'START' || startKeywords.has(keyword)) {
    await liftKeywordSuppression(tx, { workspaceId, phoneNumber: from, at });
  }
  return 'processed';
}
