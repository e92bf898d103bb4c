import {
  AppError,
  helpKeywords,
  optInKeywords,
  optOutKeywords,
  type TMessagingSettings,
  ZMessagingSettings,
} from '@textline/contract';
import { type Prisma, queryRowsIn } from '@textline/db';
import { z } from 'zod';
import { defineJob } from '../../jobs/define.ts';
import type { Services } from '../../ports.ts';
import { sendMessage } from '../messages/send.ts';
import { readMessagingSettings } from './messaging-settings.ts';
import { optOutInForce } from './keywords.sql.ts';

const optOut = new Set<string>(optOutKeywords);
const optIn = new Set<string>(optInKeywords);
const help = new Set<string>(helpKeywords);

/** What an inbound keyword is answered with. */
export const autoReplyKinds = ['opt_out', 'opt_in', 'help', 'keyword'] as const;
export type AutoReplyKind = (typeof autoReplyKinds)[number];

/**
 * An inbound message as a keyword: the whole message, ignoring case, spaces and final punctuation
 * ("Stop." and "s t o p" yes, "don't stop" no), as carriers match them.
 */
export function keywordOf(body: string): string {
  return body
    .replace(/\s+/g, '')
    .replace(/[.!]+$/, '')
    .toUpperCase();
}

export type KeywordMeaning = 'opt_out' | 'opt_in' | 'help' | undefined;

/** Whether the keyword is one of the STOP, START or HELP families. */
export function keywordMeaning(keyword: string): KeywordMeaning {
  if (optOut.has(keyword)) return 'opt_out';
  if (optIn.has(keyword)) return 'opt_in';
  if (help.has(keyword)) return 'help';
  return undefined;
}

/** Whether the workspace answers `keyword` with a reply of its own (its settings' keywords). */
export async function hasCustomKeyword(
  tx: Pick<Prisma.TransactionClient, 'messagingSettings'>,
  workspaceId: string,
  keyword: string,
): Promise<boolean> {
  const row = await tx.messagingSettings.findUnique({ where: { workspaceId }, select: { settings: true } });
  if (!row) return false;
  const keywords = ZMessagingSettings.shape.keywords.safeParse((row.settings as { keywords?: unknown }).keywords);
  return keywords.success && keywords.data.some((entry) => entry.keyword === keyword);
}

function replyText(settings: TMessagingSettings, kind: AutoReplyKind, keyword: string): string | undefined {
  switch (kind) {
    case 'opt_out':
      return settings.opt_out_confirmation;
    case 'opt_in':
      return settings.opt_in_confirmation;
    case 'help':
      return settings.help_message;
    case 'keyword':
      return settings.keywords.find((entry) => entry.keyword === keyword)?.reply;
  }
}

/**
 * The version of the opt-out the sender of an inbound message is under as the message is recorded
 * (in the transaction that records it), or undefined when they are not opted out. A HELP answer goes
 * through that opt-out and no other: a STOP recorded after the HELP, even in the same millisecond,
 * writes the opt-out's row again and so makes a new version, which the answer's dispatch refuses.
 */
export async function optOutVersionOf(
  tx: Prisma.TransactionClient,
  inbound: { workspaceId: string; fromNumber: string },
): Promise<string | undefined> {
  const [optOut] = await queryRowsIn(tx, optOutInForce, [inbound.workspaceId, inbound.fromNumber]);
  return optOut?.version;
}

/**
 * The answer to an inbound keyword, a real outbound message from the number that received it
 * (origin auto_reply: costed, debited, listed, in the conversation). Its idempotency key is the
 * inbound message's with the answer's kind (`auto_reply:<kind>:<inbound id>`), so a repeated job
 * sends it at most once, and dispatch can tell an opt-out confirmation from the other answers; an
 * answer accepted under the key of versions before the kind was in it (`auto_reply:<inbound id>`)
 * is that answer too. An opt-out confirmation is exempt from the opt-out (rule 2), and so is a HELP
 * answer to a recipient who asked while opted out (`optOutVersion`, that opt-out's version when the
 * HELP was recorded: optOutVersionOf); every auto-reply is exempt from allowed hours. An opt-out
 * recorded after the message an answer answers stops the answer at dispatch, unless it is the
 * confirmation of that opt-out (dispatch.sql).
 * A refusal (no balance, say) is logged: the keyword's own effect (the opt-out) stands without it.
 */
export async function sendAutoReply(
  services: Services,
  reply: { inboundMessageId: string; kind: AutoReplyKind; optOutVersion?: string | undefined },
): Promise<void> {
  const inbound = await services.prisma.inboundMessage.findUnique({ where: { id: reply.inboundMessageId } });
  if (!inbound) return;
  // Answered already, by a version that keyed an answer by the inbound message alone.
  const keyedBefore = { workspaceId: inbound.workspaceId, idempotencyKey: `auto_reply:${inbound.id}` };
  if (await services.prisma.message.findUnique({ where: { workspaceId_idempotencyKey: keyedBefore }, select: { id: true } })) {
    return;
  }
  const settings = await readMessagingSettings(services, inbound.workspaceId);
  const body = replyText(settings, reply.kind, keywordOf(inbound.body));
  // A custom keyword removed since the message came: nothing to answer.
  if (body === undefined) return;
  const optOutVersion = reply.kind === 'help' ? reply.optOutVersion : undefined;
  try {
    await sendMessage(
      services,
      { workspaceId: inbound.workspaceId },
      { phoneNumber: inbound.fromNumber, body, from: inbound.toNumber, idempotencyKey: `auto_reply:${reply.kind}:${inbound.id}` },
      {
        source: 'auto_reply',
        settings,
        exemptFromSuppression: reply.kind === 'opt_out' || optOutVersion !== undefined,
        exemptOptOutVersion: optOutVersion,
      },
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    services.log.warn({ inboundMessageId: inbound.id, workspaceId: inbound.workspaceId, code: error.code }, 'auto-reply refused');
  }
}

/** Sends the auto-reply to an inbound keyword; written by the reconciliation of the inbound message. */
export const autoReplyJob = defineJob({
  queue: 'auto_reply',
  payload: z.object({
    inboundMessageId: z.string().min(1),
    kind: z.enum(autoReplyKinds),
    optOutVersion: z.string().min(1).optional(),
  }),
  async run(services, payload) {
    await sendAutoReply(services, payload);
  },
});
