import { AppError, type TMessageAccepted } from '@textline/contract';
import type { JobRunner } from '../../jobs/runner.ts';
import { utcDay } from '../../lib/clock.ts';
import { newId } from '../../lib/crypto.ts';
import { toE164 } from '../../lib/phone.ts';
import type { Services } from '../../services.ts';
import { countSegments } from './segments.ts';

export type MessageSource = 'api' | 'mcp' | 'onboarding_test' | 'campaign';

export type SendRequest = {
  /** International format; normalised to E.164 here. */
  phoneNumber: string;
  /** Already checked against ZMessageBody by the transport. */
  body: string;
  idempotencyKey?: string | undefined;
  metadata?: Record<string, unknown> | undefined;
};

export type SendResult = { message: TMessageAccepted; replayed: boolean };

// Without `jobs` the dispatch job still runs, only at the runner's next sweep instead of at once.
type SendDeps = Pick<Services, 'sql' | 'clock' | 'config'> & { jobs?: Pick<JobRunner, 'wake'> | undefined };

/** The first check that failed, in the documented order, or `accept` (see the accept_message migration). */
type Outcome =
  | 'replay'
  | 'idempotency_conflict'
  | 'workspace_suppressed'
  | 'branded_number_missing'
  | 'insufficient_balance'
  | 'spend_limit_exceeded'
  | 'accept';

type AcceptRow = { outcome: Outcome; message_id: string | null; message_status: string | null };

function invalidPhoneNumber(): AppError {
  return new AppError('validation_failed', {
    message: 'phone_number must be a valid phone number in international E.164 format.',
    extra: { issues: [{ path: 'phone_number', message: 'must be a valid international number with a leading +, e.g. +14155550100' }] },
  });
}

/**
 * Accepts one SMS for a workspace: validates the recipient, then applies idempotency, workspace
 * suppression, sender availability, balance and the daily spend cap, in that order, each with its
 * catalogue error. Accepting debits the ledger and enqueues the dispatch job in the same transaction.
 * Shared by the API, MCP, the onboarding test SMS and campaigns; the per-token rate limit is the
 * transport's (enforceSendRateLimit), since not every caller has a token.
 */
export async function sendMessage(
  deps: SendDeps,
  sender: { workspaceId: string; tokenId?: string | undefined },
  request: SendRequest,
  options: { source: MessageSource },
): Promise<SendResult> {
  const phoneNumber = toE164(request.phoneNumber);
  if (!phoneNumber) throw invalidPhoneNumber();
  const { segments } = countSegments(request.body);
  const costCents = segments * deps.config.pricePerSegmentCents;
  const now = new Date(deps.clock.now());
  const jobId = newId('job');
  // One call does every check and write in one transaction: the database function accept_message,
  // created by the migration of that name, called straight on the driver (see SqlClient).
  const [row] = await deps.sql.query<AcceptRow>('SELECT * FROM accept_message($1, $2, $3, $4, $5::int, $6::int, $7, $8::jsonb, $9, $10::timestamptz, $11, $12::int, $13, $14, $15)', [
    sender.workspaceId,
    sender.tokenId ?? null,
    phoneNumber,
    request.body,
    segments,
    costCents,
    request.idempotencyKey ?? null,
    request.metadata === undefined ? null : JSON.stringify(request.metadata),
    options.source,
    now,
    utcDay(now.getTime()),
    deps.config.spendCapCentsDaily,
    newId('msg'),
    newId('led'),
    jobId,
  ]);
  if (!row) throw new Error('accept_message returned no row');
  switch (row.outcome) {
    case 'accept':
      deps.jobs?.wake('dispatch', jobId);
      return { message: { id: row.message_id!, status: row.message_status! }, replayed: false };
    case 'replay':
      return { message: { id: row.message_id!, status: row.message_status! }, replayed: true };
    default:
      throw new AppError(row.outcome);
  }
}
