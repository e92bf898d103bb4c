import { AppError, type TMessageAccepted, ZMessageCreateRequest } from '@textline/contract';
import type { JobRunner } from '../../jobs/runner.ts';
import { utcDay } from '../../lib/clock.ts';
import { newId } from '../../lib/crypto.ts';
import { toE164 } from '../../lib/phone.ts';
import { insufficientBalance } from '../ledger.ts';
import type { Services } from '../../services.ts';
import { dispatchJob } from './dispatch.ts';
import type { AcceptRow } from './accept-queue.ts';
import { countSegments } from './segments.ts';

export type MessageSource = 'api' | 'mcp' | 'onboarding_test' | 'campaign';

type SendRequest = {
  /** International format; normalised to E.164 here. */
  phoneNumber: string;
  /** Already checked against ZMessageBody by the transport. */
  body: string;
  idempotencyKey?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
};

type SendResult = { message: TMessageAccepted; replayed: boolean };

// Without `jobs` the dispatch job still runs, only at the runner's next sweep instead of at once.
type SendDeps = Pick<Services, 'acceptQueue' | 'clock' | 'config' | 'prisma'> & { jobs?: Pick<JobRunner, 'wake'> | undefined };

function invalidPhoneNumber(): AppError {
  return new AppError('validation_failed', {
    message: 'phone_number must be a valid phone number in international E.164 format.',
    extra: {
      issues: [{ path: 'phone_number', message: 'must be a valid international number with a leading +, e.g. +14155550100' }],
    },
  });
}

function costCentsOf(deps: Pick<Services, 'config'>, body: string): { segments: number; costCents: number } {
  const { segments } = countSegments(body);
  return { segments, costCents: segments * deps.config.pricePerSegmentCents };
}

const ZIdempotencyKey = ZMessageCreateRequest.shape.idempotency_key.unwrap();

/**
 * Whether a send request, before it is validated, repeats one already accepted under its
 * idempotency_key: same workspace, key, recipient, body and cost. Such a request creates nothing
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
  const { idempotency_key: key, phone_number: phoneNumber, body } = rawRequest as Record<string, unknown>;
  if (key === undefined || typeof phoneNumber !== 'string' || typeof body !== 'string') return false;
  // A key the request schema refuses was never accepted: no look-up, the request pays as any other.
  const validKey = ZIdempotencyKey.safeParse(key);
  if (!validKey.success) return false;
  const [earlier] = await deps.sql.query<{ phone_number: string; body: string; cost_cents: number }>(
    'SELECT phone_number, body, cost_cents FROM messages WHERE workspace_id = $1 AND idempotency_key = $2',
    [workspaceId, validKey.data],
  );
  return (
    earlier !== undefined &&
    earlier.body === body &&
    earlier.phone_number === toE164(phoneNumber) &&
    earlier.cost_cents === costCentsOf(deps, body).costCents
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
 * function accept_message_batch, the one place the send rules (their checks, in their order, each
 * with its catalogue error) are written: see its migration, send_rules_one_place. Accepting debits
 * the ledger and enqueues the dispatch job in the same transaction. Every send goes through here:
 * the API, MCP, the onboarding test SMS and campaigns; the per-token rate limit is the transport's
 * (enforceSendRateLimit), since not every caller has a token.
 */
export async function sendMessage(
  deps: SendDeps,
  sender: { workspaceId: string; tokenId?: string | undefined },
  request: SendRequest,
  options: { source: MessageSource },
): Promise<SendResult> {
  const phoneNumber = toE164(request.phoneNumber);
  if (!phoneNumber) throw invalidPhoneNumber();
  const { segments, costCents } = costCentsOf(deps, request.body);
  const now = new Date(deps.clock.now());
  const jobId = newId('job');
  // One call does every check and write in one transaction: the database function
  // accept_message_batch (its latest migration), which concurrent sends share (see AcceptQueue).
  const row = await deps.acceptQueue.accept({
    workspace_id: sender.workspaceId,
    token_id: sender.tokenId ?? null,
    phone_number: phoneNumber,
    body: request.body,
    segments,
    cost_cents: costCents,
    idempotency_key: request.idempotencyKey ?? null,
    metadata: request.metadata,
    source: options.source,
    now,
    spend_day: utcDay(now.getTime()),
    default_spend_cap_cents: deps.config.spendCapCentsDaily,
    message_id: newId('msg'),
    ledger_entry_id: newId('led'),
    job_id: jobId,
  });
  switch (row.outcome) {
    case 'accept':
      // accept_message_batch wrote the dispatch job and committed: wake it.
      deps.jobs?.wake(dispatchJob.queue, jobId);
      return { message: acceptedMessage(row), replayed: false };
    case 'replay':
      return { message: acceptedMessage(row), replayed: true };
    case 'insufficient_balance': {
      // The refusal path only: the balance is read again to tell the caller how far short it is.
      const workspace = await deps.prisma.workspace.findUnique({
        where: { id: sender.workspaceId },
        select: { balanceCents: true },
      });
      throw insufficientBalance({ balanceCents: workspace?.balanceCents ?? 0, requiredCents: costCents });
    }
    default:
      throw new AppError(row.outcome);
  }
}
