import { AppError, type TConversation, type TFundingInvoice, type TMessageItem, type TSuppression } from '@textline/contract';
import { queryRowsIn } from '@textline/db';
import { randomBase62 } from '../../lib/crypto.ts';
import { requireE164 } from '../../lib/phone.ts';
import { ingestProviderWebhook } from '../../provider-callbacks/ingest.ts';
import { runsSandbox } from '../sandbox-mode.ts';
import * as sql from './actions.sql.ts';
import { signedCarrierCallback, type CarrierCallback } from './callbacks.ts';
import { carrierInbound, carrierReport } from './carrier.ts';
import type { CarrierStep } from './magic-recipients.ts';
import { paySandboxInvoice } from '../sandboxpay-checkout.ts';
import type { Services } from '../../ports.ts';
import { findConversation } from '../../domain/conversations/conversations.ts';
import { toFundingInvoice } from '../../domain/funding.ts';
import { getMessage } from '../../domain/messages/get.ts';
import { reconcileProviderEvent } from '../../domain/reconciliation/provider-events.ts';
import { toSuppression } from '../../domain/suppressions/suppressions.ts';

/**
 * What the sandbox tools do (sandbox-only operations drive the real signed ingestion
 * paths): each builds the webhook its sandbox provider would send, signs it with that provider's key,
 * hands it to the same verify-and-store ingestion as the webhook route, and then reconciles the stored
 * event at once rather than when its job runs (the job then finds it settled), so the answer shows
 * the effect.
 */

type SandboxDeps = Pick<
  Services,
  | 'prisma'
  | 'sql'
  | 'clock'
  | 'jobs'
  | 'log'
  | 'metrics'
  | 'inboundWebhooks'
  | 'providerEventStore'
  | 'messagingProvider'
  | 'fundingProvider'
  | 'config'
>;

/**
 * The routes of these operations exist only with the sandbox providers; this check keeps a signed
 * payment that no wallet made from ever reaching a live deployment's ledger by any other way in.
 */
function requireSandbox(deps: SandboxDeps): void {
  if (!runsSandbox(deps)) throw new AppError('not_found');
}

/** Reconciles the stored event now; the job that ingestion queued then finds it settled. */
async function settle(deps: SandboxDeps, acceptance: { id: string }): Promise<void> {
  await reconcileProviderEvent(deps, acceptance.id);
}

/** One report of the sandbox carrier, signed as its callbacks are, ingested and settled. */
async function deliverCarrierReport(deps: SandboxDeps, callback: CarrierCallback): Promise<void> {
  const { source, payload, headers } = signedCarrierCallback(deps, callback);
  await settle(deps, await ingestProviderWebhook(deps, source, { headers, payload }));
}

/** POST /sandbox/funding-invoices/{id}/pay: the checkout's pay action, settled before the answer. */
export async function payFundingInvoice(
  deps: SandboxDeps,
  workspaceId: string,
  invoiceId: string,
): Promise<{ invoice: TFundingInvoice; balance_cents: number }> {
  requireSandbox(deps);
  const row = await deps.prisma.fundingInvoice.findFirst({ where: { id: invoiceId, workspaceId } });
  if (!row) throw new AppError('onchain_invoice_not_found');
  const { status } = toFundingInvoice(row, deps.clock.now());
  if (status === 'expired' || status === 'failed') {
    throw new AppError('invalid_state', {
      message: `Only an open invoice can be paid; this one is ${status}. Create a new one (create_funding_invoice).`,
      extra: { current_status: status },
    });
  }
  // A paid invoice is answered as it is: its payment was reported once already.
  if (status === 'open') await settle(deps, await paySandboxInvoice(deps, row));
  const [paid, workspace] = await Promise.all([
    deps.prisma.fundingInvoice.findUniqueOrThrow({ where: { id: row.id } }),
    deps.prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { balanceCents: true } }),
  ]);
  return { invoice: toFundingInvoice(paid, deps.clock.now()), balance_cents: workspace.balanceCents };
}

/**
 * The workspace's connected number a text from `from` goes to: the one `from` was last sent from
 * (the sticky sender), else the oldest connected one.
 */
async function receivingNumber(deps: SandboxDeps, workspaceId: string, from: string): Promise<string> {
  const [row] = await queryRowsIn(deps.prisma, sql.receivingNumber, [from, workspaceId]);
  if (!row) {
    throw new AppError('branded_number_missing', {
      message: 'The workspace has no connected number for the text to go to.',
    });
  }
  return row.number;
}

async function requireConnectedNumber(deps: SandboxDeps, workspaceId: string, to: string): Promise<string> {
  const owned = await deps.prisma.phoneNumber.count({ where: { workspaceId, number: to, status: 'connected' } });
  if (owned === 0) {
    throw new AppError('validation_failed', {
      message: "to must be one of the workspace's connected numbers.",
      extra: { issues: [{ path: 'to', message: 'is not a connected number of this workspace (list_numbers lists them)' }] },
    });
  }
  return to;
}

/** POST /sandbox/inbound-messages: a text to one of the workspace's numbers, as the carrier posts it to /incoming. */
export async function receiveMessage(
  deps: SandboxDeps,
  workspaceId: string,
  input: { from: string; to?: string | undefined; body?: string | undefined; media_urls?: string[] | undefined },
): Promise<{ message: TMessageItem; conversation: TConversation }> {
  requireSandbox(deps);
  const from = requireE164(input.from, 'from');
  const to =
    input.to === undefined
      ? await receivingNumber(deps, workspaceId, from)
      : await requireConnectedNumber(deps, workspaceId, requireE164(input.to, 'to'));
  const id = `sbxin_${randomBase62(24)}`;
  await deliverCarrierReport(
    deps,
    carrierInbound({ id, from, to, body: input.body ?? '', ...(input.media_urls && { media_urls: input.media_urls }) }),
  );
  // By the two numbers, newest first: the (workspace_id, from_number, created_at, id) index finds it
  // among this sender's texts; provider_message_id alone has no index and would scan every reply.
  const inbound = await deps.prisma.inboundMessage.findFirst({
    where: { workspaceId, fromNumber: from, toNumber: to, providerMessageId: id },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    select: { id: true, conversationId: true },
  });
  if (!inbound) throw new Error('the sandbox text was ingested but reconciliation stored no inbound message');
  const [message, conversation] = await Promise.all([
    getMessage(deps, workspaceId, inbound.id),
    findConversation(deps, workspaceId, inbound.conversationId),
  ]);
  return { message, conversation };
}

/** The statuses a report may be about: fail while the carrier may still fail it; opt_out once the carrier saw it. */
const reportableFrom = {
  fail: ['queued', 'sending', 'sent'],
  opt_out: ['queued', 'sending', 'sent', 'delivered', 'failed'],
} as const satisfies Record<'fail' | 'opt_out', readonly string[]>;

/** POST /sandbox/messages/{id}/report: the carrier reports the message failed, or its recipient opted out. */
export async function reportMessage(
  deps: SandboxDeps,
  workspaceId: string,
  input: { id: string; outcome: 'fail' | 'opt_out'; error_code?: string | undefined },
): Promise<{ message: TMessageItem; suppression: TSuppression | null }> {
  requireSandbox(deps);
  const message = await deps.prisma.message.findFirst({ where: { id: input.id, workspaceId } });
  if (!message) throw new AppError('not_found', { message: 'No message with this id exists in this workspace.' });
  const allowed: readonly string[] = reportableFrom[input.outcome];
  if (!allowed.includes(message.status)) {
    throw new AppError('invalid_state', {
      message:
        input.outcome === 'fail'
          ? `Only a queued, sending or sent message can fail; this one is ${message.status}.`
          : `The carrier never saw a ${message.status} message, so its recipient cannot opt out through it.`,
      extra: { current_status: message.status },
    });
  }
  const step: CarrierStep =
    input.outcome === 'fail'
      ? { kind: 'status', type: 'message.failed', errorCode: input.error_code ?? 'carrier_failure' }
      : { kind: 'opt_out' };
  // Before dispatch the carrier has no id of its own for the message; its reports then name ours.
  const providerMessageId = message.providerMessageId ?? message.id;
  const report = carrierReport(
    step,
    { messageId: message.id, from: message.senderNumber ?? '', to: message.phoneNumber, providerMessageId },
    `sbxevt_${providerMessageId}_report_${randomBase62(12)}`,
  );
  await deliverCarrierReport(deps, report);
  const [item, suppression] = await Promise.all([
    getMessage(deps, workspaceId, message.id),
    deps.prisma.workspaceSuppression.findUnique({
      where: { workspaceId_phoneNumber: { workspaceId, phoneNumber: message.phoneNumber } },
    }),
  ]);
  return { message: item, suppression: suppression ? toSuppression(suppression) : null };
}
