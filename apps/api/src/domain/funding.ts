import { AppError, type TFundingInvoice } from '@textline/contract';
import { type FundingInvoice, type PrismaClient, queryRowsIn } from '@textline/db';
import { newId } from '../lib/crypto.ts';
import { lockWorkspaceBalance } from './ledger.sql.ts';
import type { Services } from '../ports.ts';

type FundingDeps = Pick<Services, 'prisma' | 'clock' | 'config' | 'fundingProvider'>;

/** An open invoice past its expiry reads as expired; payment events may still settle it later. */
export function toFundingInvoice(row: FundingInvoice, now: number): TFundingInvoice {
  const status = row.status === 'open' && row.expiresAt.getTime() <= now ? 'expired' : row.status;
  return {
    id: row.id,
    status: status as TFundingInvoice['status'],
    amount_cents: row.amountCents,
    currency: row.currency,
    network: row.network,
    pay_to: row.payTo,
    session_id: row.sessionId,
    hosted_url: row.hostedUrl,
    expires_at: row.expiresAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * POST /onboarding/funding-invoices: returns the workspace's open, unexpired invoice for the same
 * amount, or opens a new provider session. The workspace row lock makes concurrent calls agree on
 * one invoice; the sandbox session is created in-process, a remote provider would keep the lock
 * for one round trip.
 */
export async function createFundingInvoice(
  deps: FundingDeps,
  workspaceId: string,
  amountCents: number,
): Promise<TFundingInvoice> {
  const minimumCents = deps.config.fundingMinimumCents;
  if (amountCents < minimumCents) throw new AppError('amount_below_minimum', { extra: { minimum_cents: minimumCents } });
  const now = deps.clock.now();
  const invoice = await deps.prisma.$transaction(async (tx) => {
    await queryRowsIn(tx, lockWorkspaceBalance, [workspaceId]);
    const reusable = await tx.fundingInvoice.findFirst({
      where: { workspaceId, status: 'open', amountCents, expiresAt: { gt: new Date(now) } },
      orderBy: { createdAt: 'desc' },
    });
    if (reusable) return reusable;
    const id = newId('inv');
    const session = await deps.fundingProvider.createSession({ invoiceId: id, amountCents });
    return tx.fundingInvoice.create({
      data: {
        id,
        workspaceId,
        amountCents,
        currency: session.currency,
        network: session.network,
        payTo: session.payTo,
        sessionId: session.sessionId,
        hostedUrl: session.hostedUrl,
        expiresAt: session.expiresAt,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      },
    });
  });
  return toFundingInvoice(invoice, now);
}

export async function getFundingInvoice(
  deps: Pick<Services, 'prisma' | 'clock'>,
  workspaceId: string,
  invoiceId: string,
): Promise<TFundingInvoice> {
  const invoice = await deps.prisma.fundingInvoice.findFirst({ where: { id: invoiceId, workspaceId } });
  if (!invoice) throw new AppError('onchain_invoice_not_found');
  return toFundingInvoice(invoice, deps.clock.now());
}

export async function latestFundingInvoice(prisma: PrismaClient, workspaceId: string): Promise<FundingInvoice | null> {
  return prisma.fundingInvoice.findFirst({ where: { workspaceId }, orderBy: { createdAt: 'desc' } });
}

export async function hasPaidFundingInvoice(prisma: PrismaClient, workspaceId: string): Promise<boolean> {
  return (await prisma.fundingInvoice.count({ where: { workspaceId, status: 'paid' } })) > 0;
}
