import { operations } from '@textline/contract';
import { getBalance } from '../domain/billing/balance.ts';
import { listLedgerEntries } from '../domain/billing/ledger-entries.ts';
import { getUsage } from '../domain/billing/usage.ts';
import { bearer } from './handler.ts';

export const balanceHandlers = {
  get: bearer(operations['balance.get'], ({ ctx }) => getBalance(ctx.services, ctx.auth.workspaceId)),
};

export const ledgerHandlers = {
  list: bearer(operations['ledger.list'], ({ ctx, input }) => listLedgerEntries(ctx.services, ctx.auth.workspaceId, input)),
};

export const usageHandlers = {
  get: bearer(operations['usage.get'], ({ ctx, input }) => getUsage(ctx.services, ctx.auth.workspaceId, input)),
};
