import { operations } from '@textline/contract';
import { decideApproval, listApprovals } from '../domain/approvals/approvals.ts';
import { bearer } from './handler.ts';

export const approvalsHandlers = {
  list: bearer(operations['approvals.list'], ({ ctx, input }) => listApprovals(ctx.services, ctx.auth.workspaceId, input)),
  approve: bearer(operations['approvals.approve'], async ({ ctx, input }) => ({
    approval: await decideApproval(ctx.services, ctx.auth, input.id, 'approved'),
  })),
  reject: bearer(operations['approvals.reject'], async ({ ctx, input }) => ({
    approval: await decideApproval(ctx.services, ctx.auth, input.id, 'rejected'),
  })),
};
