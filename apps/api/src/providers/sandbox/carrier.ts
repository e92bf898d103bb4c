import { type PrismaClient, queryRows, type SqlClient } from '@textline/db';
import { newId, randomBase62, sha256Hex } from '../../lib/crypto.ts';
import type { Clock } from '../../lib/clock.ts';
import { type JobRunner, type MessagingProvider, type OutboundSms, ProviderRejection } from '../../ports.ts';
import { type CarrierCallback, sandboxCallbackJob } from './callbacks.ts';
import { acceptSandboxMessage } from './carrier.sql.ts';
import { type CarrierStep, type RecipientScript, scriptFor } from './magic-recipients.ts';
import { buySandboxNumber, releaseSandboxNumber, searchSandboxNumbers } from './number-inventory.ts';
import { sandboxRegistration } from './registration.ts';
import { sandboxLookup } from './lookup.ts';

/** The sandbox carrier's provider label (MESSAGING_PROVIDER=sandbox). */
export const sandboxCarrierLabel = 'sandbox';

type SandboxDeps = { prisma: PrismaClient; sql: SqlClient; clock: Clock; delayMs: number; jobs: Pick<JobRunner, 'wake'> };

/** A message the carrier accepted, as its reports name it. */
export type CarrierMessage = Pick<OutboundSms, 'messageId' | 'from' | 'to'> & { providerMessageId: string };

/**
 * The carrier's report of one step about a message it accepted, as the webhook payload it signs and
 * posts: a status or opt-out event to /events (event id `eventId`), a reply to /incoming.
 */
export function carrierReport(step: CarrierStep, message: CarrierMessage, eventId: string): CarrierCallback {
  const reference = { client_reference: message.messageId };
  switch (step.kind) {
    case 'status':
      return {
        route: 'events',
        body: {
          type: step.type,
          id: eventId,
          message_id: message.providerMessageId,
          metadata: { ...reference, ...(step.errorCode ? { error_code: step.errorCode } : {}) },
        },
      };
    case 'opt_out':
      return {
        route: 'events',
        body: {
          type: 'recipient.opted_out',
          id: eventId,
          message_id: message.providerMessageId,
          phone_number: message.to,
          metadata: { ...reference, keyword: 'STOP' },
        },
      };
    case 'reply':
      return carrierInbound({ id: eventId, from: message.to, to: message.from, body: step.body });
    case 'code_reply':
      return carrierInbound({ id: eventId, from: message.to, to: message.from, body: oneTimeCode(message.providerMessageId) });
  }
}

/** Six digits of `seed`'s hash: the code a scripted recipient replies, the same for every report of one message. */
function oneTimeCode(seed: string): string {
  return String(Number.parseInt(sha256Hex(seed).slice(0, 8), 16) % 1_000_000).padStart(6, '0');
}

/** A text from `from` to our number `to`, as the carrier posts it to /incoming. */
export function carrierInbound(text: {
  id: string;
  from: string;
  to: string;
  body: string;
  media_urls?: string[] | undefined;
}): CarrierCallback {
  return { route: 'incoming', body: { ...text } };
}

/** What the carrier will report about one accepted message, as signed webhook payloads. */
function callbacksFor(script: RecipientScript, sms: OutboundSms, providerMessageId: string): CarrierCallback[] {
  const message = { ...sms, providerMessageId };
  return script.steps.map((step, index) =>
    carrierReport(
      step,
      message,
      step.kind === 'reply' || step.kind === 'code_reply'
        ? `sbxin_${providerMessageId}`
        : `sbxevt_${providerMessageId}_${index + 1}`,
    ),
  );
}

/** One job of the carrier's reports: those due at the same time, in order. */
type ReportJob = { id: string; callbacks: CarrierCallback[]; runAt: Date };

/** The reports, each due `delayMs` after the one before, as one job per distinct due time. */
function reportJobs(callbacks: CarrierCallback[], now: number, delayMs: number): ReportJob[] {
  const jobs: ReportJob[] = [];
  callbacks.forEach((callback, index) => {
    const runAt = now + (index + 1) * delayMs;
    const last = jobs.at(-1);
    if (last?.runAt.getTime() === runAt) last.callbacks.push(callback);
    else jobs.push({ id: newId('job'), callbacks: [callback], runAt: new Date(runAt) });
  });
  return jobs;
}

/**
 * The default messaging provider: an in-process carrier that keeps its
 * state in its own tables and reports back through the real signed-webhook ingestion path. Its
 * callbacks are durable jobs, SANDBOX_DELAY_MS apart (one job for the reports due at one time), so
 * they survive restarts and, like a real carrier's, may arrive out of order when one is retried.
 */
export function createSandboxMessagingProvider(deps: SandboxDeps): MessagingProvider {
  return {
    label: sandboxCarrierLabel,
    live: false,

    /**
     * Idempotent on our message id, as a carrier with idempotency keys is: a repeated request is
     * counted and answered with the first request's provider id, and nothing is transmitted again.
     */
    async send(sms) {
      const script = scriptFor(sms.to);
      if (script.rejectAtSend === 'invalid_recipient')
        throw new ProviderRejection('invalid_recipient', 'The sandbox carrier refuses this recipient.', false);
      if (script.rejectAtSend === 'sender_not_ready')
        throw new ProviderRejection('sender_not_ready', 'The sandbox carrier refuses to send from this number.', false);
      const now = deps.clock.now();
      const delayMs = script.delayMs ?? deps.delayMs;
      // Used when this is the first request for the message; a repeat gets the stored one back.
      const newProviderMessageId = `SBX${randomBase62(24)}`;
      const reports = reportJobs(callbacksFor(script, sms, newProviderMessageId), now, delayMs);
      // One statement: the message, and its reports' jobs when this is the first request for it.
      const [accepted] = await queryRows(deps.sql, acceptSandboxMessage, [
        sms.messageId,
        newProviderMessageId,
        sms.from,
        sms.to,
        new Date(now),
        sandboxCallbackJob.queue,
        reports.map((report) => report.id),
        reports.map((report) => JSON.stringify({ callbacks: report.callbacks })),
        reports.map((report) => report.runAt.toISOString()),
      ]);
      if (!accepted) throw new Error('sandbox carrier did not record the message');
      const due = reports.filter((report) => report.runAt.getTime() <= now).map((report) => report.id);
      if (accepted.first_request && due.length) deps.jobs.wake(sandboxCallbackJob.queue, ...due);
      return { providerMessageId: accepted.provider_message_id };
    },

    searchNumbers: (search) => searchSandboxNumbers(deps.prisma, search),

    buyNumber: (options) => buySandboxNumber(deps.prisma, { ...options, soldAt: new Date(deps.clock.now()) }),

    releaseNumber: (providerNumberId) => releaseSandboxNumber(deps.prisma, providerNumberId),

    registration: sandboxRegistration(deps.delayMs),
    lookupNumber: async (phoneNumber) => sandboxLookup(phoneNumber),
  };
}
