import type { TApprovalRule, TMessageStatus, TSendOutcome } from '@textline/contract';
import { queryRows, type SqlClient } from '@textline/db';
import { createKeyedBatcher } from '../../lib/keyed-batcher.ts';
import { acceptBatch, dryRun } from './accept-queue.sql.ts';

/**
 * The first send rule that failed, or `accept`: sendOutcomes (@textline/contract) lists them in the
 * order of the rules, which packages/db/sql/accept_message_batch.sql applies.
 */
export type AcceptOutcome = TSendOutcome;

export type AcceptRow = {
  outcome: AcceptOutcome;
  message_id: string | null;
  message_status: TMessageStatus | null;
  /** When the message named is expected to reach the carrier (a dry run answers it in `preview`). */
  estimated_send_at?: Date | null;
};

/** What a dry run reports beside its outcome (accept_message_batch's `preview` column). */
export type DryRunState = {
  sender_number: string | null;
  /** When the message would reach the carrier (its sender's next free slot when paced). */
  estimated_send_at: string;
  balance_cents: number;
  spend_remaining_today_cents: number;
  /** The outcome of every rule that fails, in the rules' order (none for a replay). */
  blockers: TSendOutcome[];
};

/**
 * What the workspace's policies (domain/compliance/send-policies.ts) add to a send's parameters for
 * accept_message_batch's rules 5 and 6.
 */
export type PolicyParameters = {
  /** Rule 5: the pumping guard's threshold; absent while the guard is off. */
  pumping_guard_max?: number | undefined;
  /** Rule 6: the next allowed minute, when the send's time is outside the recipient's allowed hours. */
  next_allowed_at?: Date | undefined;
  allowed_hours_mode?: 'hold' | 'refuse' | undefined;
};

/** One send's parameters, as accept_message_batch reads them by name. */
export type AcceptParameters = PolicyParameters & {
  workspace_id: string;
  token_id: string | null;
  phone_number: string;
  body: string;
  segments: number;
  cost_cents: number;
  idempotency_key: string | null;
  metadata: Record<string, unknown> | undefined;
  /** The sender the caller named (E.164); absent, not null, when it names none, so its JSON is as before. */
  from_number?: string | undefined;
  /** The sender pool the caller named (spl_); never with from_number. */
  sender_pool_id?: string | undefined;
  /** The area codes of the recipient's state or province (nanp-states.ts), for a pool's area_code_match. */
  state_area_codes?: string[] | undefined;
  /** Pace the send at its sender's throughput (config.senderPacing); absent when off. */
  paced?: true | undefined;
  /** A scheduled send's time; absent (not null) for a send now, so its JSON is as before. */
  send_at?: Date | undefined;
  /** When the message fails with error_code expired unless handed to the carrier by then; absent: never. */
  expires_at?: Date | undefined;
  /**
   * The token has a daily spend cap of its own (it or a token it was created from: see
   * capped_token_chain); absent, not false, otherwise, so an uncapped send's JSON and work are as before.
   */
  token_capped?: true | undefined;
  /**
   * The token's approval rule and the approval a held send gets (approvalParametersOf); absent for a
   * token without a rule, so its send's JSON and work are as before.
   */
  approval_required_for?: TApprovalRule['required_for'] | undefined;
  approval_threshold_cents?: number | undefined;
  approval_id?: string | undefined;
  approval_expires_at?: Date | undefined;
  approval_requested_job_id?: string | undefined;
  approval_expiry_job_id?: string | undefined;
  /**
   * The carrier refuses this recipient's traffic from unregistered senders (a real carrier, a US
   * number): the sender's registration must be approved. Absent otherwise, so the JSON is as before.
   */
  registration_required?: true | undefined;
  /** `mms` with the send's media (absent, not `sms`, for an SMS, so its JSON is as before). */
  kind?: 'mms' | undefined;
  media_urls?: string[] | undefined;
  /** The tracked links of the body (shorten_links), written with the message; absent when none. */
  links?: { code: string; url: string }[] | undefined;
  source: string;
  /** An opt-out confirmation or a HELP answer: the recipient's opt-out does not hold it (rule 2). */
  exempt_from_suppression?: true | undefined;
  /** A HELP answer's: the version of the opt-out it answers through (kept on its message for dispatch). */
  exempt_opt_out_version?: string | undefined;
  now: Date;
  spend_day: string;
  default_spend_cap_cents: number;
  message_id: string;
  ledger_entry_id: string;
  job_id: string;
};

export type AcceptQueue = { accept(parameters: AcceptParameters): Promise<AcceptRow> };

/**
 * Decides one send as accept_message_batch would now, through the same function and checks, but
 * writes nothing and locks nothing (its dry run). Not batched: it never waits for sends in flight.
 */
export async function acceptDryRun(sql: SqlClient, parameters: AcceptParameters): Promise<AcceptRow & { preview: DryRunState }> {
  const [row] = (await queryRows(sql, dryRun, [JSON.stringify([{ ...parameters, dry_run: true }])])) as (AcceptRow & {
    preview: DryRunState;
  })[];
  if (!row) throw new Error('accept_message_batch returned no row');
  return row;
}

// Bounds one transaction's work and the statement's size (a body is at most a few KB).
const MAX_BATCH = 100;

/**
 * Runs accept_message_batch with at most one call in flight per workspace in this process
 * (KeyedBatcher). Sends of one workspace take turns on its row in the database anyway; here the
 * sends that arrive while a call is in flight go together as one call, so one round trip, lock,
 * commit and write of the workspace row serve many sends, and the pool's other connections stay
 * free instead of queueing on the same row. A lone send is a batch of one.
 */
export function createAcceptQueue(sql: SqlClient): AcceptQueue {
  async function acceptAll(batch: AcceptParameters[]): Promise<(AcceptRow | undefined)[]> {
    // The function's outcome and status columns are text; their values are the contract's.
    const rows = (await queryRows(sql, acceptBatch, [JSON.stringify(batch)])) as (AcceptRow & { item: number })[];
    const rowsByItem = new Map(rows.map((row) => [row.item, row]));
    return batch.map((_parameters, index) => rowsByItem.get(index));
  }
  const batcher = createKeyedBatcher<AcceptParameters, AcceptRow>({
    maxBatch: MAX_BATCH,
    async runAlone(send) {
      const [row] = await acceptAll([send]);
      if (!row) throw new Error('accept_message_batch returned no row');
      return row;
    },
    runBatch: acceptAll,
  });
  return { accept: (parameters) => batcher.run(parameters.workspace_id, parameters) };
}
