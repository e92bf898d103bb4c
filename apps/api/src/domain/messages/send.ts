import {
  AppError,
  messageValidity,
  sendAtWindow,
  sendRefusalOf,
  type TApprovalRule,
  type TMessageAccepted,
  type TMessageCreateRequest,
  type TMessagingSettings,
  type TSendRefusalOutcome,
  ZMessageCreateRequest,
} from '@textline/contract';
import type { AuthContext } from '../../auth/authenticator.ts';
import type { JobRunner } from '../../ports.ts';
import { utcDay } from '../../lib/clock.ts';
import { newId } from '../../lib/crypto.ts';
import { sameStateAreaCodes } from '../../lib/nanp-states.ts';
import { toE164 } from '../../lib/phone.ts';
import { registrationRequired } from '../registration/registration-required.ts';
import { sendPolicies } from '../compliance/send-policies.ts';
import { insufficientBalance } from '../ledger.ts';
import type { Services } from '../../ports.ts';
import { approvalJob, approvalOfMessage, approvalParametersOf, messageApprovalOf } from '../approvals/approvals.ts';
import { dispatchDueNow, dispatchJob } from './dispatch.ts';
import { dispatchJobIdOf } from './dispatch-job-id.ts';
import { acceptDryRun, type AcceptParameters, type AcceptRow } from './accept-queue.ts';
import { countSegments } from './segments.ts';
import { applySmartEncoding } from './smart-encoding.ts';
import { sendBodyOf, type SendContent } from './template-body.ts';
import { shortenLinks, type TrackedLink } from './links.ts';

export type MessageSource = 'api' | 'mcp' | 'console' | 'onboarding_test' | 'campaign' | 'auto_reply';

/**
 * How a send is made: its source, the workspace's messaging settings when the caller read them
 * already (a campaign batch reads them once), whether it answers a STOP or HELP (rule 2's exemption),
 * and for a HELP answer to a recipient who asked while opted out, that opt-out's version (dispatch
 * lets the answer through that opt-out only).
 */
export type SendOptions = {
  source: MessageSource;
  settings?: TMessagingSettings | undefined;
  exemptFromSuppression?: boolean;
  exemptOptOutVersion?: string | undefined;
};

export type SendRequest = SendContent & {
  /** International format; normalised to E.164 here. */
  phoneNumber: string;
  idempotencyKey?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
  /** ISO 8601 with offset (checked by ZSendAt); schedules the send, within sendAtWindow of now. */
  sendAt?: string | undefined;
  /** The sender the caller names: one of the workspace's connected numbers, in international format. */
  from?: string | undefined;
  /** The sender pool to choose the sender from (spl_); never with `from`. */
  senderPoolId?: string | undefined;
  /** How long the message may wait for the carrier, from acceptance or sendAt (default messageValidity.maxSeconds). */
  validitySeconds?: number | undefined;
  /** Replace typographic characters that force UCS-2 with their GSM-7 equivalents (smart-encoding.ts). */
  smartEncoding?: boolean | undefined;
  /** Replace the body's URLs with tracked short links (links.ts). */
  shortenLinks?: boolean | undefined;
  /** Makes the send an MMS: the media, each fetched and checked at acceptance (media.ts). */
  mediaUrls?: string[] | undefined;
};

/**
 * Who sends: the workspace, and the token for a send a token made (a campaign step's is the token
 * that enrolled the number; the console's is its session).
 * `tokenSpendCapped`: the token has a daily spend cap of its own (tokenSender); `approval`: the
 * token's approval rule, which may hold the send for a person.
 */
export type Sender = {
  workspaceId: string;
  tokenId?: string | undefined;
  tokenSpendCapped?: boolean | undefined;
  approval?: TApprovalRule | null | undefined;
};

/** The sender of a send made with a bearer token: capped tokens are checked against their cap too. */
export function tokenSender(auth: Pick<AuthContext, 'workspaceId' | 'tokenId' | 'spendCapCentsDaily' | 'approval'>): Sender {
  return {
    workspaceId: auth.workspaceId,
    tokenId: auth.tokenId,
    tokenSpendCapped: auth.spendCapCentsDaily !== null,
    approval: auth.approval,
  };
}

export type SendResult = { message: TMessageAccepted; replayed: boolean };

/**
 * What building a send's parameters reads: the settings, templates, the link codes' HMAC and base
 * URL, the media fetcher, and a line-type lookup when landlines are refused.
 */
export type ParameterDeps = Pick<
  Services,
  'clock' | 'config' | 'prisma' | 'hashIp' | 'selfUrl' | 'mediaFetcher' | 'messagingSettings'
> & {
  messagingProvider: Pick<Services['messagingProvider'], 'label' | 'lookupNumber'>;
};

// Without `jobs` the dispatch job still runs, only at the runner's next sweep instead of at once.
export type SendDeps = ParameterDeps &
  Pick<Services, 'acceptQueue'> & {
    jobs?: Pick<JobRunner, 'wake'> | undefined;
    live?: Pick<Services['live'], 'publish'> | undefined;
  };

function invalidPhoneNumber(field: 'phone_number' | 'from'): AppError {
  return new AppError('validation_failed', {
    message: `${field} must be a valid phone number in international E.164 format.`,
    extra: {
      issues: [{ path: field, message: 'must be a valid international number with a leading +, e.g. +14155550100' }],
    },
  });
}

/** The instant a send is scheduled for, or a 422 naming send_at when it is outside the window. */
function scheduledTime(deps: Pick<Services, 'clock'>, sendAt: string): Date {
  const at = new Date(sendAt);
  const ahead = at.getTime() - deps.clock.now();
  if (ahead >= sendAtWindow.minMs && ahead <= sendAtWindow.maxMs) return at;
  const actually =
    ahead < 0 ? 'in the past' : ahead < sendAtWindow.minMs ? 'less than a minute ahead' : 'more than 35 days ahead';
  throw new AppError('validation_failed', {
    message: `send_at must be ${sendAtWindow.text}; it is ${actually}.`,
    extra: { issues: [{ path: 'send_at', message: `must be ${sendAtWindow.text}; it is ${actually}` }] },
  });
}

/**
 * What a send is and costs (the fourth step of shaping it): an SMS is priced per segment of its body;
 * an MMS (a send with media) is one message at its own price, with no segments.
 */
function kindAndCostOf(
  deps: Pick<Services, 'config'>,
  body: string,
  mediaUrls: readonly string[] | undefined,
): { kind: 'sms' | 'mms'; segments: number; costCents: number } {
  if (mediaUrls !== undefined) return { kind: 'mms', segments: 0, costCents: deps.config.pricePerMmsCents };
  const { segments } = countSegments(body);
  return { kind: 'sms', segments, costCents: segments * deps.config.pricePerSegmentCents };
}

/** A send's request as the send and its preview take it, from the request schema's fields. */
export function sendRequestOf(input: TMessageCreateRequest): SendRequest {
  return {
    phoneNumber: input.phone_number,
    body: input.body,
    templateId: input.template_id,
    variables: input.variables,
    idempotencyKey: input.idempotency_key,
    metadata: input.metadata,
    sendAt: input.send_at,
    from: input.from,
    senderPoolId: input.sender_pool_id,
    validitySeconds: input.validity_seconds,
    smartEncoding: input.smart_encoding,
    shortenLinks: input.shorten_links,
    mediaUrls: input.media_urls,
  };
}

/**
 * Whether a send request, before it is validated, repeats one already accepted under its
 * idempotency_key: whether accept_message_batch's dry run answers it `replay` (same key, recipient,
 * body, cost, send_at and sender, as the send itself would find). Such a request creates nothing,
 * so an empty send bucket does not refuse it (enforceSendRateLimit), as Stripe does. Only a request
 * with a key that the request schema takes costs a dry run (one round trip; no lock, no write).
 */
export async function repeatsAcceptedSend(
  deps: ParameterDeps & Pick<Services, 'sql'>,
  workspaceId: string,
  rawRequest: unknown,
): Promise<boolean> {
  if (typeof rawRequest !== 'object' || rawRequest === null || !('idempotency_key' in rawRequest)) return false;
  const request = ZMessageCreateRequest.safeParse(rawRequest);
  if (!request.success) return false;
  let parameters: AcceptParameters;
  try {
    // The replay match does not depend on the token or the transport: the workspace's send is enough.
    parameters = await acceptParametersOf(deps, { workspaceId }, sendRequestOf(request.data), { source: 'api' });
  } catch (error) {
    // A request the send refuses before its rules (send_at outside its window, say) repeats nothing.
    if (error instanceof AppError) return false;
    throw error;
  }
  return (await acceptDryRun(deps.sql, parameters)).outcome === 'replay';
}

/** The message an accepted or replayed send names (accept_message_batch sets both fields for those outcomes). */
function acceptedMessage(row: AcceptRow): TMessageAccepted {
  if (row.message_id === null || row.message_status === null)
    throw new Error(`accept_message_batch answered ${row.outcome} without its message`);
  return { id: row.message_id, status: row.message_status, estimated_send_at: row.estimated_send_at?.toISOString() ?? null };
}

/**
 * Accepts one SMS for a workspace: validates the recipient, then hands the send to the database
 * function accept_message_batch, the one place the send rules (their checks, in their order) are
 * written: packages/db/sql/accept_message_batch.sql; sendOutcomes names each outcome's catalogue
 * error. Accepting debits
 * the ledger and enqueues the dispatch job in the same transaction. Every send goes through here:
 * the API, MCP, the onboarding test SMS and campaigns; the per-token rate limit is the transport's
 * (enforceSendRateLimit), since not every caller has a token.
 *
 * With `sendAt` the send is scheduled: accepted (checked and debited) now, its message `scheduled`
 * and its dispatch job due at that time, when dispatchJob re-checks the workspace suppression.
 */
export async function sendMessage(
  deps: SendDeps,
  sender: Sender,
  request: SendRequest,
  options: SendOptions,
): Promise<SendResult> {
  return acceptSend(deps, sender, await acceptParametersOf(deps, sender, request, options));
}

/**
 * Decides a send whose parameters are built (acceptParametersOf): its message, accepted or replayed,
 * or the catalogue error of its refusal.
 */
export async function acceptSend(deps: SendDeps, sender: Sender, parameters: AcceptParameters): Promise<SendResult> {
  // One call does every check and write in one transaction: the database function
  // accept_message_batch (packages/db/sql), which concurrent sends share (see AcceptQueue).
  const row = await deps.acceptQueue.accept(parameters);
  switch (row.outcome) {
    case 'accept': {
      // accept_message_batch wrote the dispatch job and committed: wake it, unless it is due later.
      if (!parameters.send_at && dispatchDueNow(row.estimated_send_at, parameters.now))
        deps.jobs?.wake(dispatchJob.queue, parameters.job_id);
      const message = withHold(acceptedMessage(row), await heldUntil(deps, parameters, row));
      deps.live?.publish(sender.workspaceId, { resource: 'message', id: message.id, status: message.status });
      return { message, replayed: false };
    }
    case 'pending_approval': {
      // Held for a person (rule 10): no dispatch job; the approval's event job is due now.
      const { approval_id: id, approval_expires_at: expiresAt, approval_requested_job_id: jobId } = parameters;
      if (!id || !expiresAt || !jobId) throw new Error('accept_message_batch held a send without an approval rule');
      deps.jobs?.wake(approvalJob.queue, jobId);
      const message = acceptedMessage(row);
      deps.live?.publish(sender.workspaceId, { resource: 'message', id: message.id, status: message.status });
      return {
        message: { ...message, approval: messageApprovalOf(deps.config, { id, status: 'pending', expiresAt }) },
        replayed: false,
      };
    }
    case 'replay': {
      const message = withHold(acceptedMessage(row), await heldUntil(deps, parameters, row));
      if (message.status !== 'pending_approval') return { message, replayed: true };
      return { message: { ...message, approval: await approvalOfMessage(deps, message.id) }, replayed: true };
    }
    case 'insufficient_balance': {
      // The refusal path only: the balance is read again to tell the caller how far short it is.
      const workspace = await deps.prisma.workspace.findUnique({
        where: { id: sender.workspaceId },
        select: { balanceCents: true },
      });
      throw sendRefusal(row.outcome, parameters, workspace?.balanceCents ?? 0);
    }
    default:
      throw sendRefusal(row.outcome, parameters);
  }
}

function withHold(message: TMessageAccepted, heldUntil: string | null): TMessageAccepted {
  return heldUntil === null ? message : { ...message, held_until: heldUntil };
}

/**
 * When allowed hours hold an accepted send: its message is scheduled for next_allowed_at, which only
 * rule 6 sets (a send with its own send_at is held when its message's time is no longer that one).
 */
async function heldUntil(deps: Pick<Services, 'prisma'>, parameters: AcceptParameters, row: AcceptRow): Promise<string | null> {
  const nextAllowedAt = parameters.next_allowed_at;
  if (parameters.allowed_hours_mode !== 'hold' || !nextAllowedAt || row.message_status !== 'scheduled') return null;
  if (parameters.send_at && row.message_id) {
    const message = await deps.prisma.message.findUnique({ where: { id: row.message_id }, select: { sendAt: true } });
    if (message?.sendAt?.getTime() !== nextAllowedAt.getTime()) return null;
  }
  return nextAllowedAt.toISOString();
}

/**
 * A send's parameters and the refusals of its TypeScript steps (the destination, the line type), in
 * the send path's order: a send stops at the first (acceptParametersOf), a preview lists them all.
 */
export async function shapeSend(
  deps: ParameterDeps,
  sender: Sender,
  request: SendRequest,
  options: SendOptions,
): Promise<{ parameters: AcceptParameters; refusals: AppError[] }> {
  const parameters = await shapedRequest(deps, sender, request, options);
  const settings = options.settings ?? (await deps.messagingSettings.get(sender.workspaceId));
  const policies = await sendPolicies(deps, settings, {
    phoneNumber: parameters.phone_number,
    at: (parameters.send_at ?? parameters.now).getTime(),
    autoReply: options.source === 'auto_reply',
  });
  return { parameters: { ...parameters, ...policies.parameters }, refusals: policies.refusals };
}

/**
 * The body a send stores and sends: `body` (the request's, or its template rendered), with smart
 * encoding's replacements when the request asks for them. A body of nothing but characters smart
 * encoding removes is refused as a blank one is.
 */
export function sentBodyOf(body: string, smartEncoding: boolean | undefined): string {
  if (!smartEncoding) return body;
  const encoded = applySmartEncoding(body).body;
  if (encoded.trim().length > 0) return encoded;
  throw new AppError('validation_failed', {
    message: 'body is blank once smart_encoding removed its zero-width characters.',
    extra: { issues: [{ path: 'body', message: 'must not be blank once smart_encoding is applied' }] },
  });
}

/**
 * What accept_message_batch decides a send on, once the request passed the checks made before it
 * (recipient, from and send_at well-formed, else 422 naming the field; the destination and the line
 * type, else their refusal). A send and its preview (preview.ts, through shapeSend) build it here alike.
 */
export async function acceptParametersOf(
  deps: ParameterDeps,
  sender: Sender,
  request: SendRequest,
  options: SendOptions,
): Promise<AcceptParameters> {
  const { parameters, refusals } = await shapeSend(deps, sender, request, options);
  const [refusal] = refusals;
  if (refusal) throw refusal;
  return parameters;
}

/**
 * The request's own parameters, shaped in the send path's order: its recipient, sender and time
 * checked, the body (a template rendered, its links shortened, smart encoding applied), then its
 * kind, segments and cost, its media fetched and checked, and the ids it will write.
 */
async function shapedRequest(
  deps: ParameterDeps,
  sender: Sender,
  request: SendRequest,
  options: SendOptions,
): Promise<AcceptParameters> {
  const phoneNumber = toE164(request.phoneNumber);
  if (!phoneNumber) throw invalidPhoneNumber('phone_number');
  let from: string | undefined;
  if (request.from !== undefined) {
    from = toE164(request.from);
    if (!from) throw invalidPhoneNumber('from');
  }
  if (from !== undefined && request.senderPoolId !== undefined) {
    throw new AppError('validation_failed', {
      message: 'Name a sender (from) or a sender pool (sender_pool_id), not both.',
      extra: { issues: [{ path: 'sender_pool_id', message: 'must not be given with from' }] },
    });
  }
  const sendAt = request.sendAt === undefined ? undefined : scheduledTime(deps, request.sendAt);
  const stateAreaCodes = sameStateAreaCodes(phoneNumber);
  let body = await sendBodyOf(deps, sender.workspaceId, request);
  let links: TrackedLink[] | undefined;
  if (request.shortenLinks) ({ body, links } = shortenLinks(deps, { ...request, workspaceId: sender.workspaceId }, body));
  body = sentBodyOf(body, request.smartEncoding);
  const { kind, segments, costCents } = kindAndCostOf(deps, body, request.mediaUrls);
  if (request.mediaUrls !== undefined) await deps.mediaFetcher.check(sender.workspaceId, request.mediaUrls);
  const now = new Date(deps.clock.now());
  const messageId = newId('msg');
  const validityMs = (request.validitySeconds ?? messageValidity.maxSeconds) * 1000;
  return {
    workspace_id: sender.workspaceId,
    token_id: sender.tokenId ?? null,
    phone_number: phoneNumber,
    body,
    segments,
    cost_cents: costCents,
    idempotency_key: request.idempotencyKey ?? null,
    metadata: request.metadata,
    send_at: sendAt,
    expires_at: new Date((sendAt ?? now).getTime() + validityMs),
    from_number: from,
    sender_pool_id: request.senderPoolId,
    state_area_codes: stateAreaCodes.length > 0 ? stateAreaCodes : undefined,
    paced: deps.config.senderPacing ? true : undefined,
    token_capped: sender.tokenSpendCapped ? true : undefined,
    ...(sender.approval ? approvalParametersOf(deps, sender.approval, now) : {}),
    registration_required: registrationRequired(deps.config, phoneNumber) ? true : undefined,
    source: options.source,
    exempt_from_suppression: options.exemptFromSuppression ? true : undefined,
    exempt_opt_out_version: options.exemptOptOutVersion,
    now,
    spend_day: utcDay(now.getTime()),
    default_spend_cap_cents: deps.config.spendCapCentsDaily,
    message_id: messageId,
    ledger_entry_id: newId('led'),
    job_id: dispatchJobIdOf(messageId),
    ...(kind === 'mms' && { kind, media_urls: request.mediaUrls }),
    ...(links !== undefined && links.length > 0 && { links }),
  };
}

/**
 * The catalogue error of a send accept_message_batch refused with `outcome` (sendOutcomes names
 * each outcome's), as the send answers it and its preview reports it. `balanceCents` (the balance
 * the check saw) says how far short an insufficient_balance is.
 */
export function sendRefusal(
  outcome: TSendRefusalOutcome,
  parameters: Pick<AcceptParameters, 'cost_cents' | 'from_number' | 'next_allowed_at'>,
  balanceCents = 0,
): AppError {
  if (outcome === 'insufficient_balance') return insufficientBalance({ balanceCents, requiredCents: parameters.cost_cents });
  if (outcome === 'outside_allowed_hours') {
    const nextAllowedAt = parameters.next_allowed_at?.toISOString() ?? null;
    return new AppError(outcome, {
      message: `This send falls outside the recipient's allowed hours; the next allowed time is ${nextAllowedAt}.`,
      extra: { next_allowed_at: nextAllowedAt },
    });
  }
  if (outcome === 'sender_number_not_found') {
    return new AppError(outcome, { message: `${parameters.from_number ?? 'from'} is not a connected number of this workspace.` });
  }
  const { code, message } = sendRefusalOf(outcome);
  return new AppError(code, message === undefined ? {} : { message });
}
