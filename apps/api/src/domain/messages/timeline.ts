import {
  AppError,
  type DispatchOutcome,
  type JobStatus,
  type ProviderEventStatus,
  type TApprovalResolver,
  type TApprovalStatus,
  type TMessageTimelineEvent,
  type TSenderSkipReason,
  type TWebhookDelivery,
} from '@textline/contract';
import type {
  Approval,
  InboundMessage,
  Message,
  MessageSenderSkip,
  Prisma,
  ProviderEvent,
  WorkspaceSuppression,
} from '@textline/db';
import { INBOUND_MESSAGE_EVENT_TYPE } from '../reconciliation/payloads.ts';
import type { Services } from '../../ports.ts';
import { retryHintOf } from '../customer-webhooks/events.ts';
import { dispatchJobIdOf } from './dispatch-job-id.ts';
import { inboundIdPrefix } from './items.ts';

type TimelineDeps = Pick<Services, 'prisma' | 'inboundWebhooks'>;
/** A timeline step before its time is written out: each type with its own typed detail. */
type Step = TMessageTimelineEvent extends infer TEvent
  ? TEvent extends { at: string }
    ? Omit<TEvent, 'at'> & { at: Date }
    : never
  : never;

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;
const stringOrNull = (value: Prisma.JsonValue | undefined) => (typeof value === 'string' ? value : null);

function notFound(): AppError {
  return new AppError('not_found', { message: 'No message with this id exists in this workspace.' });
}

/** When the carrier says a report's event happened (its payload's occurred_at), else when it arrived. */
function occurredAtOf(event: ProviderEvent): string {
  const payload = event.payload;
  const stated = typeof payload === 'object' && payload !== null && !Array.isArray(payload) ? payload.occurred_at : undefined;
  const at = typeof stated === 'string' ? new Date(stated) : undefined;
  return (at && !Number.isNaN(at.getTime()) ? at : event.receivedAt).toISOString();
}

/**
 * The carrier's reports about the message, in the order they arrived. A report of a type that
 * arrived before (a carrier repeating itself under a new event id) is marked duplicate: the message
 * had already moved on, so it changed nothing. A repeat under the same event id is not stored at all
 * (ingestion answers it 200 duplicate), so it never shows here.
 */
function providerEventSteps(events: ProviderEvent[]): Step[] {
  const seen = new Set<string>();
  return events.map((event): Step => {
    const duplicate = seen.has(event.eventType);
    seen.add(event.eventType);
    return {
      at: event.receivedAt,
      type: 'provider_event',
      detail: {
        provider_event_id: event.id,
        provider: event.provider,
        event_type: event.eventType,
        external_id: event.externalId,
        // The columns hold only these values (see schema.prisma); Prisma types them as strings.
        status: event.status as ProviderEventStatus,
        status_reason: event.statusReason,
        processed_at: iso(event.processedAt),
        duplicate,
        occurred_at: occurredAtOf(event),
        superseded: event.superseded,
        sequence: event.sequence,
      },
    };
  });
}

/**
 * The opt-out this message caused, if the workspace's suppression of its number says so: a STOP
 * reply names the inbound message, a carrier's refusal or opt-out report names the message (ours or
 * the carrier's id). The suppression keeps the metadata of what last put it in force, so a later
 * opt-out of the same number replaces this one's step.
 */
function optOutStep(suppression: WorkspaceSuppression | null, causedBy: (metadata: Record<string, unknown>) => boolean): Step[] {
  const metadata = suppression?.providerMetadata;
  if (!suppression || typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return [];
  if (!causedBy(metadata)) return [];
  return [
    {
      // While in force, updated_at is when this message put it in force; once lifted, it is the lift.
      at: suppression.active ? suppression.updatedAt : suppression.createdAt,
      type: 'opt_out',
      detail: {
        suppression_id: suppression.id,
        phone_number: suppression.phoneNumber,
        source: suppression.source,
        reason: suppression.reason,
        active: suppression.active,
        lifted_at: suppression.active ? null : iso(suppression.updatedAt),
      },
    },
  ];
}

async function webhookDeliverySteps(deps: TimelineDeps, workspaceId: string, messageId: string): Promise<Step[]> {
  const deliveries = await deps.prisma.webhookDelivery.findMany({
    where: { workspaceId, messageId },
    include: { attempts: { orderBy: { number: 'asc' } } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return deliveries.map((delivery): Step => ({
    at: delivery.createdAt,
    type: 'webhook_delivery',
    detail: {
      delivery_id: delivery.id,
      endpoint_id: delivery.endpointId,
      event_id: delivery.eventId,
      event_type: delivery.eventType,
      status: delivery.status as TWebhookDelivery['status'],
      attempt_count: delivery.attemptCount,
      next_retry_at: iso(delivery.nextRetryAt),
      attempts: delivery.attempts.map((attempt) => ({
        number: attempt.number,
        at: attempt.createdAt.toISOString(),
        trigger: attempt.trigger,
        response_code: attempt.responseCode,
        latency_ms: attempt.latencyMs,
        error: attempt.error,
      })),
    },
  }));
}

/** The approval a held send waited for: requested with the send, then resolved, and by whom. */
function approvalSteps(approval: Approval | null): Step[] {
  if (!approval) return [];
  const steps: Step[] = [
    {
      at: approval.createdAt,
      type: 'approval_requested',
      detail: { approval_id: approval.id, expires_at: approval.expiresAt.toISOString(), token_id: approval.tokenId },
    },
  ];
  if (approval.resolvedAt && approval.status !== 'pending') {
    steps.push({
      at: approval.resolvedAt,
      type: 'approval_resolved',
      detail: {
        approval_id: approval.id,
        // The columns hold only these values (schema.prisma).
        status: approval.status as Exclude<TApprovalStatus, 'pending'>,
        resolved_by: approval.resolvedBy as TApprovalResolver,
      },
    });
  }
  return steps;
}

/** Each number failover moved the message off before dispatch (reselect-sender.ts), and where to. */
function senderSkipSteps(skips: MessageSenderSkip[]): Step[] {
  return skips.map((skip): Step => ({
    at: skip.createdAt,
    type: 'sender_skipped',
    // The column holds only these values (failOverInPool writes them).
    detail: { number: skip.number, reason: skip.reason as TSenderSkipReason, moved_to: skip.movedTo },
  }));
}

/**
 * The first click on each tracked link of the message that was clicked, with the link's count: only
 * a message with clicks (link_clicks) costs the two reads, each through the message's index.
 */
async function linkClickSteps(deps: TimelineDeps, message: Message): Promise<Step[]> {
  if (message.linkClicks === 0) return [];
  const [links, firstClicks] = await Promise.all([
    deps.prisma.messageLink.findMany({ where: { messageId: message.id, clicks: { gt: 0 } } }),
    deps.prisma.linkClick.groupBy({ by: ['code'], where: { messageId: message.id }, _min: { clickedAt: true } }),
  ]);
  const firstClickOf = new Map(firstClicks.map((click) => [click.code, click._min.clickedAt]));
  return links.flatMap((link): Step[] => {
    const at = firstClickOf.get(link.code);
    return at ? [{ at, type: 'link_clicked', detail: { url: link.url, clicks: link.clicks } }] : [];
  });
}

/** What became of the hand-over to the carrier, from the message and its dispatch job. */
function dispatchOutcome(message: Message, job: { status: string } | null): DispatchOutcome {
  if (message.dispatchedAt) {
    if (message.providerMessageId) return 'accepted_by_carrier';
    return message.status === 'failed' ? 'refused_by_carrier' : 'sending';
  }
  if (message.status === 'failed') return 'failed_before_carrier';
  return job?.status === 'dead' ? 'gave_up' : 'waiting';
}

async function outboundTimeline(deps: TimelineDeps, message: Message): Promise<Step[]> {
  const { prisma } = deps;
  const [token, ledger, job, providerEvents, suppression, deliveries, approval, skips, linkClicks] = await Promise.all([
    message.tokenId
      ? prisma.accessToken.findUnique({ where: { id: message.tokenId }, select: { name: true, origin: true } })
      : null,
    // The references the send and the refund post under (accept_message_batch, refundMessage).
    prisma.ledgerEntry.findMany({ where: { reference: { in: [`send_debit:${message.id}`, `refund:${message.id}`] } } }),
    prisma.job.findUnique({ where: { id: dispatchJobIdOf(message.id) } }),
    prisma.providerEvent.findMany({ where: { messageId: message.id }, orderBy: [{ receivedAt: 'asc' }, { id: 'asc' }] }),
    prisma.workspaceSuppression.findUnique({
      where: { workspaceId_phoneNumber: { workspaceId: message.workspaceId, phoneNumber: message.phoneNumber } },
    }),
    webhookDeliverySteps(deps, message.workspaceId, message.id),
    prisma.approval.findUnique({ where: { messageId: message.id } }),
    prisma.messageSenderSkip.findMany({ where: { messageId: message.id }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] }),
    linkClickSteps(deps, message),
  ]);
  const debit = ledger.find((entry) => entry.kind === 'send_debit');
  const refund = ledger.find((entry) => entry.kind === 'send_refund');
  const metadata = (message.metadata ?? {}) as Prisma.JsonObject;
  const campaign = message.source === 'campaign';

  const steps: Step[] = [
    {
      at: message.createdAt,
      type: 'accepted',
      detail: {
        source: message.source,
        token_id: message.tokenId,
        token_name: token?.name ?? null,
        token_origin: token?.origin ?? null,
        campaign_id: campaign ? stringOrNull(metadata.campaign_id) : null,
        campaign_stage_id: campaign ? stringOrNull(metadata.stage_id) : null,
        // Accepted from the first number failover skipped, if any: the message names only its latest.
        sender_number: skips[0]?.number ?? message.senderNumber,
        segments: message.segments,
        cost_cents: message.costCents,
        debited_cents: debit ? -debit.amountCents : 0,
        ledger_entry_id: debit?.id ?? null,
        send_at: iso(message.sendAt),
      },
    },
  ];
  steps.push(...approvalSteps(approval));
  steps.push(...senderSkipSteps(skips));
  // A scheduled send canceled before it was due never reached dispatch: its job finds it canceled later.
  const neverDispatched = message.status === 'canceled' && !message.dispatchedAt;
  if ((job || message.dispatchedAt) && !neverDispatched) {
    steps.push({
      at: message.dispatchedAt ?? (job?.status === 'pending' ? job.runAt : (job?.updatedAt ?? message.updatedAt)),
      type: 'dispatch',
      detail: {
        outcome: dispatchOutcome(message, job),
        attempts: job?.attempts ?? null,
        job_status: (job?.status ?? null) as JobStatus | null,
        last_error: job?.lastError ?? null,
        next_attempt_at: job?.status === 'pending' ? job.runAt.toISOString() : null,
        provider_message_id: message.providerMessageId,
      },
    });
  }
  steps.push(...providerEventSteps(providerEvents));
  if (message.sentAt) steps.push({ at: message.sentAt, type: 'sent', detail: {} });
  if (message.deliveredAt) steps.push({ at: message.deliveredAt, type: 'delivered', detail: {} });
  if (message.failedAt) {
    const retry = message.errorCode ? (retryHintOf(message.errorCode).retry ?? null) : null;
    steps.push({ at: message.failedAt, type: 'failed', detail: { error_code: message.errorCode, retry } });
  }
  if (message.status === 'canceled') steps.push({ at: message.updatedAt, type: 'canceled', detail: {} });
  if (refund) {
    steps.push({
      // Posted in the transaction that failed or canceled the message; the ledger row itself is
      // stamped by the database's clock.
      at: message.failedAt ?? (message.status === 'canceled' ? message.updatedAt : refund.createdAt),
      type: 'refund',
      detail: { ledger_entry_id: refund.id, amount_cents: refund.amountCents, reason: refund.reason },
    });
  }
  const ids = new Set([message.id, message.providerMessageId].filter(Boolean));
  steps.push(...optOutStep(suppression, (metadata) => ids.has(metadata.message_id as string)));
  steps.push(...linkClicks);
  steps.push(...deliveries);
  return steps;
}

async function inboundTimeline(deps: TimelineDeps, inbound: InboundMessage): Promise<Step[]> {
  const { prisma } = deps;
  const [providerEvents, suppression, deliveries] = await Promise.all([
    inbound.providerMessageId
      ? prisma.providerEvent.findMany({
          where: {
            provider: deps.inboundWebhooks.messaging.provider,
            eventType: INBOUND_MESSAGE_EVENT_TYPE,
            externalId: inbound.providerMessageId,
          },
        })
      : [],
    prisma.workspaceSuppression.findUnique({
      where: { workspaceId_phoneNumber: { workspaceId: inbound.workspaceId, phoneNumber: inbound.fromNumber } },
    }),
    webhookDeliverySteps(deps, inbound.workspaceId, inbound.id),
  ]);
  return [
    ...providerEventSteps(providerEvents),
    {
      at: inbound.createdAt,
      type: 'received',
      detail: {
        phone_number: inbound.fromNumber,
        sender_number: inbound.toNumber,
        conversation_id: inbound.conversationId,
        provider_message_id: inbound.providerMessageId,
      },
    },
    ...optOutStep(suppression, (metadata) => metadata.inbound_message_id === inbound.id),
    ...deliveries,
  ];
}

/**
 * Every step of one message of the workspace, oldest first; steps at the same instant keep the
 * order they happen in (accepted, dispatch, the carrier's reports, the outcome, refund, opt-out,
 * link clicks, webhooks). Read from the records each step leaves: the message, its ledger entries,
 * its dispatch job, the provider events reconciliation linked to it, the suppression of its number,
 * its tracked links' clicks and the webhook deliveries about it; each is found through an index. Another workspace's id is not found.
 */
export async function messageTimeline(
  deps: TimelineDeps,
  workspaceId: string,
  id: string,
): Promise<{ message_id: string; events: TMessageTimelineEvent[] }> {
  let steps: Step[];
  if (id.startsWith(inboundIdPrefix)) {
    const inbound = await deps.prisma.inboundMessage.findFirst({ where: { id, workspaceId } });
    if (!inbound) throw notFound();
    steps = await inboundTimeline(deps, inbound);
  } else {
    const message = await deps.prisma.message.findFirst({ where: { id, workspaceId } });
    if (!message) throw notFound();
    steps = await outboundTimeline(deps, message);
  }
  // Array.prototype.sort is stable: ties keep the order above.
  steps.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { message_id: id, events: steps.map((step) => ({ ...step, at: step.at.toISOString() })) };
}
