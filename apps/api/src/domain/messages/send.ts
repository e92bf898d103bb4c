import { AppError, sendAtWindow, type TMessageAccepted, ZMessageCreateRequest } from '@textline/contract';
import type { AuthContext } from '../../auth/authenticator.ts';
import type { JobRunner } from '../../ports.ts';
import { utcDay } from '../../lib/clock.ts';
import { newId } from '../../lib/crypto.ts';
import { toE164 } from '../../lib/phone.ts';
import { insufficientBalance } from '../ledger.ts';
import type { Services } from '../../ports.ts';
import { dispatchJob, dispatchJobIdOf } from './dispatch.ts';
import type { AcceptOutcome, AcceptParameters, AcceptRow } from './accept-queue.ts';
import { countSegments } from './segments.ts';

export type MessageSource = 'api' | 'mcp' | 'console' | 'onboarding_test' | 'campaign';

export type SendRequest = {
  /** International format; normalised to E.164 here. */
  phoneNumber: string;
  /** Already checked against ZMessageBody by the transport. */
  body: string;
  idempotencyKey?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
  /** ISO 8601 with offset (checked by ZSendAt); schedules the send, within sendAtWindow of now. */
  sendAt?: string | undefined;
  /** The sender the caller names: one of the workspace's connected numbers, in international format. */
  from?: string | undefined;
};

/**
 * Who sends: the workspace, and the token for a send a token made (a campaign step's is the token
 * that enrolled the number; the console's is its session).
 * `tokenSpendCapped`: the token has a daily spend cap of its own (tokenSender).
 */
export type Sender = { workspaceId: string; tokenId?: string | undefined; tokenSpendCapped?: boolean | undefined };

/** The sender of a send made with a bearer token: capped tokens are checked against their cap too. */
export function tokenSender(auth: Pick<AuthContext, 'workspaceId' | 'tokenId' | 'spendCapCentsDaily'>): Sender {
  return { workspaceId: auth.workspaceId, tokenId: auth.tokenId, tokenSpendCapped: auth.spendCapCentsDaily !== null };
}

type SendResult = { message: TMessageAccepted; replayed: boolean };

// Without `jobs` the dispatch job still runs, only at the runner's next sweep instead of at once.
type SendDeps = Pick<Services, 'acceptQueue' | 'clock' | 'config' | 'prisma'> & {
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

function costCentsOf(deps: Pick<Services, 'config'>, body: string): { segments: number; costCents: number } {
  const { segments } = countSegments(body);
  return { segments, costCents: segments * deps.config.pricePerSegmentCents };
}

const ZIdempotencyKey = ZMessageCreateRequest.shape.idempotency_key.unwrap();
const ZSendAt = ZMessageCreateRequest.shape.send_at.unwrap();

/** The instant a raw send_at names (null without one), or undefined when the request schema refuses it. */
function rawSendAt(value: unknown): number | null | undefined {
  if (value === undefined) return null;
  const parsed = ZSendAt.safeParse(value);
  return parsed.success ? Date.parse(parsed.data) : undefined;
}

/**
 * Whether a send request, before it is validated, repeats one already accepted under its
 * idempotency_key: same workspace, key, recipient, body, cost and send_at, and the sender it names
 * (`from`), if it names one. Such a request creates nothing
 * (accept_message_batch answers the original message, or 409 in the rare case that its selected
 * sender changed since), so an empty send bucket does not refuse it (enforceSendRateLimit), as
 * Stripe does. A request with a key costs an indexed look-up.
 */
export async function repeatsAcceptedSend(
  deps: Pick<Services, 'sql' | 'config'>,
  workspaceId: string,
  rawRequest: unknown,
): Promise<boolean> {
  if (typeof rawRequest !== 'object' || rawRequest === null) return false;
  const { idempotency_key: key, phone_number: phoneNumber, body, send_at: sendAt, from } = rawRequest as Record<string, unknown>;
  if (key === undefined || typeof phoneNumber !== 'string' || typeof body !== 'string') return false;
  if (from !== undefined && typeof from !== 'string') return false;
  const sendAtMs = rawSendAt(sendAt);
  if (sendAtMs === undefined) return false;
  // A key the request schema refuses was never accepted: no look-up, the request pays as any other.
  const validKey = ZIdempotencyKey.safeParse(key);
  if (!validKey.success) return false;
  const [earlier] = await deps.sql.query<{
    phone_number: string;
    body: string;
    cost_cents: number;
    send_at: Date | null;
    sender_number: string | null;
  }>(
    'SELECT phone_number, body, cost_cents, send_at, sender_number FROM messages WHERE workspace_id = $1 AND idempotency_key = $2',
    [workspaceId, validKey.data],
  );
  return (
    earlier !== undefined &&
    earlier.body === body &&
    earlier.phone_number === toE164(phoneNumber) &&
    earlier.cost_cents === costCentsOf(deps, body).costCents &&
    (earlier.send_at?.getTime() ?? null) === sendAtMs &&
    (from === undefined || earlier.sender_number === toE164(from))
  );
}

/** The message an accepted or replayed send names (accept_message_batch sets both fields for those outcomes). */
function acceptedMessage(row: AcceptRow): TMessageAccepted {
  if (row.message_id === null || row.message_status === null)
    throw new Error(`accept_message_batch answered ${row.outcome} without its message`);
  return { id: row.message_id, status: row.message_status };
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
  options: { source: MessageSource },
): Promise<SendResult> {
  const parameters = acceptParametersOf(deps, sender, request, options);
  // One call does every check and write in one transaction: the database function
  // accept_message_batch (packages/db/sql), which concurrent sends share (see AcceptQueue).
  const row = await deps.acceptQueue.accept(parameters);
  switch (row.outcome) {
    case 'accept': {
      // accept_message_batch wrote the dispatch job and committed: wake it, unless it is due later.
      if (!parameters.send_at) deps.jobs?.wake(dispatchJob.queue, parameters.job_id);
      const message = acceptedMessage(row);
      deps.live?.publish(sender.workspaceId, { resource: 'message', id: message.id, status: message.status });
      return { message, replayed: false };
    }
    case 'replay':
      return { message: acceptedMessage(row), replayed: true };
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

/**
 * What accept_message_batch decides a send on, once the request passed the checks made before it
 * (recipient, from and send_at well-formed, else 422 naming the field). A send and its preview
 * (preview.ts) build it here alike.
 */
export function acceptParametersOf(
  deps: Pick<Services, 'clock' | 'config'>,
  sender: Sender,
  request: SendRequest,
  options: { source: MessageSource },
): AcceptParameters {
  const phoneNumber = toE164(request.phoneNumber);
  if (!phoneNumber) throw invalidPhoneNumber('phone_number');
  let from: string | undefined;
  if (request.from !== undefined) {
    from = toE164(request.from);
    if (!from) throw invalidPhoneNumber('from');
  }
  const sendAt = request.sendAt === undefined ? undefined : scheduledTime(deps, request.sendAt);
  const { segments, costCents } = costCentsOf(deps, request.body);
  const now = new Date(deps.clock.now());
  const messageId = newId('msg');
  return {
    workspace_id: sender.workspaceId,
    token_id: sender.tokenId ?? null,
    phone_number: phoneNumber,
    body: request.body,
    segments,
    cost_cents: costCents,
    idempotency_key: request.idempotencyKey ?? null,
    metadata: request.metadata,
    send_at: sendAt,
    from_number: from,
    token_capped: sender.tokenSpendCapped ? true : undefined,
    source: options.source,
    now,
    spend_day: utcDay(now.getTime()),
    default_spend_cap_cents: deps.config.spendCapCentsDaily,
    message_id: messageId,
    ledger_entry_id: newId('led'),
    job_id: dispatchJobIdOf(messageId),
  };
}

/**
 * The catalogue error of a send accept_message_batch refused with `outcome`, as the send answers
 * it and its preview reports it. `balanceCents` (the balance the check saw) says how far short an
 * insufficient_balance is.
 */
export function sendRefusal(
  outcome: Exclude<AcceptOutcome, 'accept' | 'replay'>,
  parameters: Pick<AcceptParameters, 'cost_cents' | 'from_number'>,
  balanceCents = 0,
): AppError {
  switch (outcome) {
    case 'insufficient_balance':
      return insufficientBalance({ balanceCents, requiredCents: parameters.cost_cents });
    case 'token_spend_limit_exceeded':
      return new AppError('spend_limit_exceeded', {
        message: "This send would exceed this token's own daily spend cap (its spend_cap_cents_daily; list_tokens shows it).",
      });
    case 'parent_token_spend_limit_exceeded':
      return new AppError('spend_limit_exceeded', {
        message:
          'This send would exceed the daily spend cap of a token this token was created from (its parent_token_id chain; ' +
          'list_tokens shows each cap and what was spent against it today).',
      });
    case 'sender_number_not_found':
      return new AppError(outcome, {
        message: `${parameters.from_number ?? 'from'} is not a connected number of this workspace.`,
      });
    default:
      return new AppError(outcome);
  }
}
