import { operations } from '@textline/contract';
import { payFundingInvoice, receiveMessage, reportMessage } from '../providers/sandbox/actions.ts';
import { scriptedRecipients } from '../providers/sandbox/magic-recipients.ts';
import { bearer } from './handler.ts';

/** Sandbox-only operations (Operation.sandboxOnly): served with the sandbox carrier and sandboxpay alone. */
export const sandboxHandlers = {
  payInvoice: bearer(operations['sandbox.payInvoice'], ({ ctx, input }) =>
    payFundingInvoice(ctx.services, ctx.auth.workspaceId, input.id),
  ),
  receiveMessage: bearer(operations['sandbox.receiveMessage'], ({ ctx, input }) =>
    receiveMessage(ctx.services, ctx.auth.workspaceId, input),
  ),
  report: bearer(operations['sandbox.report'], ({ ctx, input }) => reportMessage(ctx.services, ctx.auth.workspaceId, input)),
  recipients: bearer(operations['sandbox.recipients'], () => ({ recipients: scriptedRecipients() })),
};
