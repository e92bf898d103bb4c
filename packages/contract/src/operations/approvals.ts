import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZNextCursor, ZPageQuery } from '../pagination.ts';
import { ZId } from '../ids.ts';
import { ZE164, ZTimestamp } from '../schemas.ts';
import { approvalStatuses, messageStatuses } from '../statuses.ts';
import { ZApprovalResolver, ZMessageApproval } from './messages.ts';
import { ZApprovalRule } from './tokens.ts';

/** An approval as the list and the approve and reject answers show it: what waits, for whom, and its outcome. */
export const ZApproval = ZMessageApproval.extend({
  message: z.object({
    id: ZId('message'),
    status: z.enum(messageStatuses).describe('pending_approval while it waits; queued or scheduled once approved; canceled'),
    phone_number: ZE164.describe('The recipient'),
    body: z.string(),
    segments: z.number().int(),
    cost_cents: z.number().int().describe('Debited when the send was accepted; refunded when rejected, expired or canceled'),
  }),
  requested_by: z.object({
    token_id: ZId('token').describe('The token that made the send'),
    name: z.string().nullable().describe("The token's name"),
    approval: ZApprovalRule.nullable().describe('The rule that held the send'),
  }),
  created_at: ZTimestamp,
  resolved_at: ZTimestamp.nullable().describe('When it was approved, rejected, expired or canceled; null while pending'),
  resolved_by: ZApprovalResolver.nullable().describe('Who resolved it; null while pending'),
}).describe('A send held for approval');
export type TApproval = z.infer<typeof ZApproval>;

const approverRule =
  'Takes a messages:write token that is neither the token that made the send nor one created from it, and has no ' +
  'approval rule of its own (403 forbidden otherwise), or the signed-in console.';

const ZApprovalId = z.strictObject({ id: z.string().min(1).max(64).describe('Approval id (apr_...)') });

export const listApprovals = defineOperation({
  name: 'approvals.list',
  method: 'GET',
  path: '/api/v1/approvals',
  auth: { kind: 'bearer', scope: 'messages:read' },
  summary: 'List sends held for approval',
  description:
    "Sends held by their token's approval rule, newest first, each with its message (recipient, body, cost), the " +
    'requesting token, its expiry and, once resolved, who approved or rejected it. status=pending lists what waits ' +
    'for a decision. Pass next_cursor back as cursor.',
  tags: ['messages'],
  input: z.strictObject({
    status: z.enum(approvalStatuses).optional().describe('Only approvals with this status'),
    ...ZPageQuery,
  }),
  output: z.object({ approvals: z.array(ZApproval), next_cursor: ZNextCursor }),
  successStatus: 200,
  errors: ['validation_failed'],
  bodyRequired: false,
  mcp: {
    name: 'list_approvals',
    title: 'List sends held for approval',
    description:
      'List sends held for a person to approve (status=pending for those waiting), with recipient, body, cost, the ' +
      'requesting token and expiry. A token whose own sends need approval cannot approve: ask the person.',
    readOnly: true,
    destructive: false,
  },
});

export const approveApproval = defineOperation({
  name: 'approvals.approve',
  method: 'POST',
  path: '/api/v1/approvals/{id}/approve',
  auth: { kind: 'bearer', scope: 'messages:write' },
  summary: 'Approve a held send',
  description:
    `pending -> approved: the message is dispatched (queued, or scheduled until its send_at). ${approverRule} An ` +
    'approval no longer pending (approved, rejected, or expired and refunded) answers 422 approval_not_pending; when an ' +
    'approval and its expiry meet, exactly one of them wins.',
  tags: ['messages'],
  input: ZApprovalId,
  output: z.object({ approval: ZApproval }),
  successStatus: 200,
  errors: ['not_found', 'forbidden', 'approval_not_pending'],
  bodyRequired: false,
  mcp: {
    name: 'approve_message',
    title: 'Approve a held send',
    description:
      'Approve a send held for approval (id from list_approvals or the message approval.id): it is dispatched. Only a ' +
      "token outside the requesting token's tree and without an approval rule may approve; otherwise forbidden.",
    readOnly: false,
    destructive: false,
    openWorld: true,
  },
});

export const rejectApproval = defineOperation({
  name: 'approvals.reject',
  method: 'POST',
  path: '/api/v1/approvals/{id}/reject',
  auth: { kind: 'bearer', scope: 'messages:write' },
  summary: 'Reject a held send',
  description:
    `pending -> rejected: the message is canceled and its cost refunded. ${approverRule} An approval no longer ` +
    'pending answers 422 approval_not_pending.',
  tags: ['messages'],
  input: ZApprovalId,
  output: z.object({ approval: ZApproval }),
  successStatus: 200,
  errors: ['not_found', 'forbidden', 'approval_not_pending'],
  bodyRequired: false,
  mcp: {
    name: 'reject_message',
    title: 'Reject a held send',
    description: 'Reject a send held for approval: it is canceled and refunded. The same approvers as approve_message.',
    readOnly: false,
    destructive: true,
  },
});
