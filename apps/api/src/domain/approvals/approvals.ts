import {
  AppError,
  type TApproval,
  type TApprovalResolver,
  type TApprovalRule,
  type TApprovalStatus,
  type TMessageApproval,
  type TMessageStatus,
} from '@textline/contract';
import type { Approval, Message } from '@textline/db';
import { z } from 'zod';
import { approvalRuleOf, type AuthContext } from '../../auth/authenticator.ts';
import { defineJob, JobDeferred } from '../../jobs/define.ts';
import { inJobTransaction, insertJob, type JobTransaction, wakeAfterCommit } from '../../jobs/enqueue.ts';
import { newId } from '../../lib/crypto.ts';
import { newestFirst } from '../../lib/pagination.ts';
import type { Services } from '../../ports.ts';
import { allowedHoursExemptUseCases, nextAllowedTime } from '../compliance/allowed-hours.ts';
import { readMessagingSettings } from '../compliance/messaging-settings.ts';
import { recordCustomerEvent } from '../customer-webhooks/events.ts';
import { dispatchJob } from '../messages/dispatch.ts';
import { dispatchJobIdOf } from '../messages/dispatch-job-id.ts';
import { refundMessage } from '../messages/outcomes.ts';

type ApprovalDeps = Pick<Services, 'prisma' | 'clock' | 'config' | 'jobs' | 'live'>;

/**
 * Campaign steps go out without a person's approval, so a token whose sends wait for one may neither
 * enroll numbers in a campaign nor activate one: either would send past its rule.
 */
export function refuseCampaignSendsUnderApproval(auth: Pick<AuthContext, 'approval'>, action: 'enroll' | 'activate'): void {
  if (auth.approval === null) return;
  throw new AppError('forbidden', {
    message:
      `This token's sends wait for a person's approval (its approval rule), and campaign steps are sent without one, ` +
      `so it may not ${action === 'enroll' ? 'enroll numbers in' : 'activate'} a campaign. Ask the workspace's owner to do it, ` +
      'or send each message with send_message (POST /api/v1/messages), which waits for approval.',
  });
}

/** The console page of one approval; absolute when the server knows the URL it is reached at. */
export function approvalUrlOf(config: Pick<Services['config'], 'publicBaseUrl'>, id: string): string {
  return `${config.publicBaseUrl?.replace(/\/+$/, '') ?? ''}/console/approvals/${id}`;
}

const requestedJobIdOf = (approvalId: string) => `job_approval_requested_${approvalId}`;
const expiryJobIdOf = (approvalId: string) => `job_approval_expire_${approvalId}`;

/**
 * What accept_message_batch needs to apply a token's approval rule (rule 10) and, when it holds the
 * send, to write its approval and the approval's two jobs: the rule, the approval's id and expiry.
 */
export function approvalParametersOf(
  deps: Pick<Services, 'config'>,
  rule: TApprovalRule,
  now: Date,
): {
  approval_required_for: TApprovalRule['required_for'];
  approval_threshold_cents: number | undefined;
  approval_id: string;
  approval_expires_at: Date;
  approval_requested_job_id: string;
  approval_expiry_job_id: string;
} {
  const id = newId('apr');
  return {
    approval_required_for: rule.required_for,
    approval_threshold_cents: rule.required_for === 'over_cents' ? rule.threshold_cents : undefined,
    approval_id: id,
    approval_expires_at: new Date(now.getTime() + deps.config.approvalTtlSeconds * 1000),
    approval_requested_job_id: requestedJobIdOf(id),
    approval_expiry_job_id: expiryJobIdOf(id),
  };
}

/** The approval as a message carries it. */
export function messageApprovalOf(
  config: Pick<Services['config'], 'publicBaseUrl'>,
  approval: { id: string; status: string; expiresAt: Date },
): TMessageApproval {
  return {
    id: approval.id,
    // The column holds only these values (schema.prisma).
    status: approval.status as TApprovalStatus,
    expires_at: approval.expiresAt.toISOString(),
    approval_url: approvalUrlOf(config, approval.id),
  };
}

/** The approval a held send waits for, as its send answers it: read for a replay of one. */
export async function approvalOfMessage(
  deps: Pick<Services, 'prisma' | 'config'>,
  messageId: string,
): Promise<TMessageApproval | undefined> {
  const approval = await deps.prisma.approval.findUnique({ where: { messageId } });
  return approval ? messageApprovalOf(deps.config, approval) : undefined;
}

type RequestingToken = {
  id: string;
  name: string | null;
  approvalRequiredFor: string | null;
  approvalThresholdCents: number | null;
};

function approvalView(
  config: Pick<Services['config'], 'publicBaseUrl'>,
  approval: Approval,
  message: Message,
  token: RequestingToken | undefined,
): TApproval {
  return {
    ...messageApprovalOf(config, approval),
    message: {
      id: message.id,
      status: message.status as TMessageStatus,
      phone_number: message.phoneNumber,
      body: message.body,
      segments: message.segments,
      cost_cents: message.costCents,
    },
    requested_by: {
      token_id: approval.tokenId,
      name: token?.name ?? null,
      approval: token
        ? approvalRuleOf({
            approval_required_for: token.approvalRequiredFor,
            approval_threshold_cents: token.approvalThresholdCents,
          })
        : null,
    },
    created_at: approval.createdAt.toISOString(),
    resolved_at: approval.resolvedAt?.toISOString() ?? null,
    resolved_by: (approval.resolvedBy as TApprovalResolver | null) ?? null,
  };
}

const tokenColumns = { id: true, name: true, approvalRequiredFor: true, approvalThresholdCents: true } as const;

/** Approvals with their messages and requesting tokens, in the order given. */
async function approvalViews(
  deps: Pick<Services, 'config'>,
  db: Pick<JobTransaction, 'message' | 'accessToken'>,
  approvals: Approval[],
): Promise<TApproval[]> {
  const [messages, tokens] = await Promise.all([
    db.message.findMany({ where: { id: { in: approvals.map((approval) => approval.messageId) } } }),
    db.accessToken.findMany({ where: { id: { in: approvals.map((approval) => approval.tokenId) } }, select: tokenColumns }),
  ]);
  const messageById = new Map(messages.map((message) => [message.id, message]));
  const tokenById = new Map(tokens.map((token) => [token.id, token]));
  return approvals.map((approval) => {
    // Written with its message, and deleted only with its workspace, as the message is.
    const message = messageById.get(approval.messageId);
    if (!message) throw new Error(`approval ${approval.id} has no message`);
    return approvalView(deps.config, approval, message, tokenById.get(approval.tokenId));
  });
}

async function approvalViewOf(
  deps: Pick<Services, 'config'>,
  db: Pick<JobTransaction, 'message' | 'accessToken'>,
  approval: Approval,
): Promise<TApproval> {
  const [view] = await approvalViews(deps, db, [approval]);
  if (!view) throw new Error(`approval ${approval.id} has no view`);
  return view;
}

/** GET /api/v1/approvals and list_approvals: the workspace's approvals, newest first, optionally of one status. */
export async function listApprovals(
  deps: Pick<Services, 'prisma' | 'config'>,
  workspaceId: string,
  query: { status?: TApprovalStatus | undefined; limit: number; cursor?: string | undefined },
): Promise<{ approvals: TApproval[]; next_cursor: string | null }> {
  const page = newestFirst('approvals', workspaceId, query);
  const rows = await deps.prisma.approval.findMany({
    where: { workspaceId, ...(query.status ? { status: query.status } : {}), ...page.where },
    orderBy: page.orderBy,
    take: page.take,
  });
  const { rows: approvals, nextCursor } = page.page(rows);
  return { approvals: await approvalViews(deps, deps.prisma, approvals), next_cursor: nextCursor };
}

/** Who may approve or reject: the console, or a token under no approval rule outside the requesting token's tree. */
type Approver = Pick<AuthContext, 'origin' | 'tokenId' | 'approval' | 'ancestors'>;

function resolverOf(approver: Pick<AuthContext, 'origin' | 'tokenId'>, name: string | null): TApprovalResolver {
  return approver.origin === 'console'
    ? { kind: 'console', token_id: null, name: 'Console' }
    : { kind: 'token', token_id: approver.tokenId, name };
}

/**
 * Why `approver` may not resolve an approval requested by `requesterId`, or undefined when it may.
 * A token under an approval rule approves nothing (every token its holder creates carries the rule,
 * so this also shuts out the requester's descendants), and the requester and the tokens created from
 * it never approve its sends.
 */
function refusalOf(approver: Approver, requesterId: string): string | undefined {
  if (approver.origin === 'console') return undefined;
  if (approver.approval !== null) return 'A token whose own sends need approval cannot approve or reject sends.';
  if (approver.tokenId === requesterId || approver.ancestors.some((ancestor) => ancestor.tokenId === requesterId)) {
    return 'The token that made the send, and the tokens created from it, cannot approve or reject it.';
  }
  return undefined;
}

/** The resolver `actor` is, with its token's name. */
async function resolverFor(
  deps: Pick<Services, 'prisma'>,
  actor: Pick<AuthContext, 'origin' | 'tokenId'>,
): Promise<TApprovalResolver> {
  const name =
    actor.origin === 'console'
      ? null
      : ((await deps.prisma.accessToken.findUnique({ where: { id: actor.tokenId }, select: { name: true } }))?.name ?? null);
  return resolverOf(actor, name);
}

type Decision = 'approved' | 'rejected' | 'expired' | 'canceled';

/**
 * When an approval can still take `decision`: a person's approval or rejection only before its
 * expiry, the expiry only after it; a cancel at any time, since it ends the send as the expiry would.
 */
function takesDecisionAt(decision: Decision, at: Date): { expiresAt?: { gt: Date } | { lte: Date } } {
  if (decision === 'canceled') return {};
  return { expiresAt: decision === 'expired' ? { lte: at } : { gt: at } };
}

/** The sequence of the next customer event about a message (messageEventData's). */
async function nextSequence(tx: JobTransaction, messageId: string): Promise<number> {
  const { eventSequence } = await tx.message.update({
    where: { id: messageId },
    data: { eventSequence: { increment: 1 } },
    select: { eventSequence: true },
  });
  return eventSequence;
}

/**
 * When an approved send may go out under the workspace's allowed hours, if not now: a person may
 * approve at night what an agent asked for by day, and the send is then held for the recipient's
 * next allowed minute as a send held at acceptance is (whatever the mode: it was accepted already).
 * Undefined when it may go now, or its sender's registered use is exempt.
 */
async function allowedHoursHold(
  deps: Pick<Services, 'config'>,
  tx: JobTransaction,
  held: Message,
  at: Date,
): Promise<Date | undefined> {
  const settings = await readMessagingSettings({ config: deps.config, prisma: tx }, held.workspaceId);
  const nextAllowedAt = nextAllowedTime(at.getTime(), settings.quiet_hours, held.phoneNumber);
  if (nextAllowedAt === undefined) return undefined;
  const sender = held.senderNumberId
    ? await tx.phoneNumber.findUnique({ where: { id: held.senderNumberId }, select: { useCaseId: true } })
    : null;
  const useCase = sender?.useCaseId
    ? await tx.useCase.findUnique({ where: { id: sender.useCaseId }, select: { useCase: true } })
    : null;
  return useCase && allowedHoursExemptUseCases.includes(useCase.useCase) ? undefined : new Date(nextAllowedAt);
}

/** A message held until `heldUntil`: expected then, its validity counted from then, as a send held at acceptance. */
function heldFor(held: Message, heldUntil: Date) {
  const validityMs = held.expiresAt && held.expiresAt.getTime() - (held.sendAt ?? held.createdAt).getTime();
  return {
    sendAt: heldUntil,
    estimatedSendAt: heldUntil,
    ...(validityMs && { expiresAt: new Date(heldUntil.getTime() + validityMs) }),
  };
}

/**
 * Moves a pending approval to `decision` with its message, in one transaction: approved, the
 * message is queued (or scheduled until its send_at) and its dispatch job written; rejected,
 * expired or canceled, it is canceled and refunded. The approval's change is conditional on
 * `pending` (and on its expiry, takesDecisionAt), so an approval, an expiry and a cancel that meet
 * cannot both take it: the second changes nothing and finds it resolved. Returns
 * the approval as it then is, and its view as this call left it (undefined when it changed nothing).
 */
async function resolve(
  deps: ApprovalDeps,
  where: { id: string; workspaceId?: string } | { messageId: string; workspaceId: string },
  decision: Decision,
  resolver: TApprovalResolver,
): Promise<{ approval: Approval; resolved?: TApproval } | undefined> {
  return inJobTransaction(deps, async (tx) => {
    const at = new Date(deps.clock.now());
    const [approval] = await tx.approval.updateManyAndReturn({
      where: { ...where, status: 'pending', ...takesDecisionAt(decision, at) },
      data: { status: decision, resolvedAt: at, resolvedBy: resolver, updatedAt: at },
    });
    if (!approval) {
      const current = await tx.approval.findFirst({ where });
      return current ? { approval: current } : undefined;
    }
    const held = await tx.message.findUniqueOrThrow({ where: { id: approval.messageId } });
    let message: Message | undefined;
    if (decision === 'approved') {
      // Its own send_at still ahead, else the next allowed minute when allowed hours hold it now.
      const scheduledAt = held.sendAt && held.sendAt > at ? held.sendAt : await allowedHoursHold(deps, tx, held, at);
      const status = scheduledAt ? 'scheduled' : 'queued';
      [message] = await tx.message.updateManyAndReturn({
        where: { id: held.id, status: 'pending_approval' },
        data: { status, updatedAt: at, ...(scheduledAt && scheduledAt !== held.sendAt && heldFor(held, scheduledAt)) },
      });
      if (message) {
        const runAt = scheduledAt ?? at;
        await insertJob(tx, dispatchJob, {
          id: dispatchJobIdOf(held.id),
          payload: { messageId: held.id },
          runAt,
          enqueuedAt: at,
        });
        if (status === 'queued') wakeAfterCommit(tx, dispatchJob, [dispatchJobIdOf(held.id)]);
      }
    } else {
      [message] = await tx.message.updateManyAndReturn({
        where: { id: held.id, status: 'pending_approval' },
        data: { status: 'canceled', updatedAt: at },
      });
      if (message) await refundMessage(tx, message, at, `approval ${decision}`);
    }
    const view = await approvalViewOf(deps, tx, approval);
    await recordCustomerEvent(tx, {
      workspaceId: approval.workspaceId,
      type: 'message.approval_resolved',
      data: { sequence: await nextSequence(tx, approval.messageId), occurred_at: at.toISOString(), approval: view },
      at,
    });
    return { approval, resolved: view };
  });
}

/**
 * POST /api/v1/approvals/{id}/approve|reject, approve_message and reject_message, and the console's
 * buttons: resolves a pending approval of the workspace (see resolve). Another workspace's id is not
 * found; an approver refusalOf names is 403; an approval no longer pending is 422 with its status.
 */
export async function decideApproval(
  deps: ApprovalDeps,
  approver: Approver & Pick<AuthContext, 'workspaceId'>,
  id: string,
  decision: 'approved' | 'rejected',
): Promise<TApproval> {
  const approval = await deps.prisma.approval.findFirst({ where: { id, workspaceId: approver.workspaceId } });
  if (!approval) throw new AppError('not_found', { message: 'No approval with this id exists in this workspace.' });
  const refusal = refusalOf(approver, approval.tokenId);
  if (refusal) throw new AppError('forbidden', { message: refusal });
  const outcome = await resolve(deps, { id, workspaceId: approver.workspaceId }, decision, await resolverFor(deps, approver));
  if (!outcome) throw new AppError('not_found', { message: 'No approval with this id exists in this workspace.' });
  if (!outcome.resolved) {
    // Past its expiry but not yet swept: it is as good as expired, and the sweep will say so.
    const status = outcome.approval.status === 'pending' ? 'expired' : (outcome.approval.status as TApprovalStatus);
    throw new AppError('approval_not_pending', {
      message: `This approval is ${status}; only a pending one can be approved or rejected.`,
      extra: { current_status: status },
    });
  }
  const view = outcome.resolved;
  deps.live.publish(approver.workspaceId, { resource: 'message', id: view.message.id, status: view.message.status });
  return view;
}

/**
 * cancel_message of a send held for approval: its approval is resolved as canceled by whoever
 * canceled it (the requesting token may: a cancel sends nothing), and the message canceled and
 * refunded (see resolve). Answers whether this call took it; false when an approval, a rejection,
 * an expiry or another cancel took it first, or the message has no approval of the workspace.
 */
export async function cancelHeldMessage(
  deps: ApprovalDeps,
  canceler: Pick<AuthContext, 'origin' | 'tokenId' | 'workspaceId'>,
  messageId: string,
): Promise<boolean> {
  const outcome = await resolve(
    deps,
    { messageId, workspaceId: canceler.workspaceId },
    'canceled',
    await resolverFor(deps, canceler),
  );
  return outcome?.resolved !== undefined;
}

/** Records message.approval_requested once, however often its job runs. */
async function recordApprovalRequested(deps: ApprovalDeps, approvalId: string): Promise<void> {
  await inJobTransaction(deps, async (tx) => {
    const claimed = await tx.approval.updateManyAndReturn({
      where: { id: approvalId, requestedEventId: null },
      data: { requestedEventId: 'recording' },
    });
    const [approval] = claimed;
    if (!approval) return;
    // As it was requested: a person may have resolved it already, which its own event reports.
    const view = await approvalViewOf(deps, tx, approval);
    const eventId = await recordCustomerEvent(tx, {
      workspaceId: approval.workspaceId,
      type: 'message.approval_requested',
      data: {
        sequence: await nextSequence(tx, approval.messageId),
        occurred_at: approval.createdAt.toISOString(),
        approval: {
          ...view,
          status: 'pending',
          message: { ...view.message, status: 'pending_approval' },
          resolved_at: null,
          resolved_by: null,
        },
      },
      at: approval.createdAt,
    });
    await tx.approval.update({ where: { id: approvalId }, data: { requestedEventId: eventId } });
  });
}

const expiry: TApprovalResolver = { kind: 'expiry', token_id: null, name: null };

/**
 * The jobs accept_message_batch writes with a held send: `requested` records
 * message.approval_requested at once; `expire`, due at the approval's expiry, cancels and refunds
 * the message unless a person resolved it first (then it changes nothing).
 */
export const approvalJob = defineJob({
  queue: 'approval',
  payload: z.object({ approvalId: z.string().min(1), step: z.enum(['requested', 'expire']) }),
  async run(services, { approvalId, step }) {
    if (step === 'requested') await recordApprovalRequested(services, approvalId);
    else {
      const outcome = await resolve(services, { id: approvalId }, 'expired', expiry);
      // A tools/call waiting on the approval (an MCP elicitation) learns of the expiry at once.
      if (outcome?.resolved) {
        const { message } = outcome.resolved;
        services.live.publish(outcome.approval.workspaceId, { resource: 'message', id: message.id, status: message.status });
      }
      // Come due by another process's clock, before this one's: try again at the expiry.
      if (outcome?.approval.status === 'pending') {
        throw new JobDeferred(Math.max(1_000, outcome.approval.expiresAt.getTime() - services.clock.now()));
      }
    }
  },
});
