import { AppError, type TNumber, type TNumberCreated, webhookNotConfiguredWarning } from '@textline/contract';
import type { PhoneNumber } from '@textline/db';
import { newId } from '../lib/crypto.ts';
import { maskPhoneNumber } from '../lib/logger.ts';
import type { Services } from '../services.ts';
import { insufficientBalance, postLedgerEntry } from './ledger.ts';

type NumberDeps = Pick<Services, 'prisma' | 'config' | 'log' | 'messagingProvider'>;

function toNumber(row: PhoneNumber): TNumber {
  return {
    id: row.id,
    number: row.number,
    friendly_name: row.friendlyName,
    status: row.status,
    compliance_status: row.complianceStatus,
    dedicated: row.dedicated,
    created_at: row.createdAt.toISOString(),
  };
}

export async function listNumbers(deps: Pick<Services, 'prisma'>, workspaceId: string): Promise<TNumber[]> {
  const rows = await deps.prisma.phoneNumber.findMany({ where: { workspaceId }, orderBy: { createdAt: 'asc' } });
  return rows.map(toNumber);
}

/** Takes the price from the balance, refusing when it would go negative (row lock: no overdraft race). */
async function chargeNumberPrice(deps: NumberDeps, workspaceId: string, numberId: string, priceCents: number) {
  await deps.prisma.$transaction(async (tx) => {
    const [workspace] = await tx.$queryRaw<{ balance_cents: number }[]>`
      SELECT balance_cents FROM workspaces WHERE id = ${workspaceId} FOR UPDATE`;
    if (!workspace || workspace.balance_cents < priceCents) {
      throw insufficientBalance({
        balanceCents: workspace?.balance_cents ?? 0,
        requiredCents: priceCents,
        message: `A number costs ${priceCents} cents; the balance is too small.`,
      });
    }
    await postLedgerEntry(tx, {
      workspaceId,
      amountCents: -priceCents,
      kind: 'number_purchase',
      reference: `number_purchase:${numberId}`,
      reason: 'phone number purchase',
    });
  });
}

/**
 * Buys a number through the messaging provider and connects it with compliance pending. The price
 * is charged before the provider call and refunded when no number comes back, so a purchase is
 * never free and never charged twice.
 */
export async function buyNumber(
  deps: NumberDeps,
  workspaceId: string,
  options: { areaCode?: string | undefined; friendlyName?: string | undefined; dedicated?: boolean },
): Promise<TNumberCreated> {
  const provider = deps.messagingProvider;
  if (provider.live && !deps.config.allowLiveNumberPurchase) {
    throw new AppError('forbidden', {
      message:
        `Buying numbers from the live provider "${provider.label}" is disabled on this deployment. ` +
        'The operator must set ALLOW_LIVE_NUMBER_PURCHASE=1 to allow real purchases.',
    });
  }
  const numberId = newId('pn');
  const priceCents = deps.config.numberPriceCents;
  if (priceCents > 0) await chargeNumberPrice(deps, workspaceId, numberId, priceCents);
  let row: PhoneNumber;
  let webhookConfigured: boolean;
  try {
    const purchased = await provider.buyNumber({ areaCode: options.areaCode });
    if (!purchased) {
      throw new AppError('number_unavailable', {
        message: options.areaCode
          ? `No number is available in area code ${options.areaCode}.`
          : 'The provider has no number available right now.',
      });
    }
    webhookConfigured = purchased.webhookConfigured;
    row = await deps.prisma.phoneNumber.create({
      data: {
        id: numberId,
        workspaceId,
        number: purchased.number,
        friendlyName: options.friendlyName ?? purchased.number,
        provider: provider.label,
        providerNumberId: purchased.providerNumberId,
        dedicated: options.dedicated ?? false,
      },
    });
  } catch (error) {
    if (priceCents > 0) {
      await postLedgerEntry(deps.prisma, {
        workspaceId,
        amountCents: priceCents,
        kind: 'number_purchase_refund',
        reference: `number_purchase_refund:${numberId}`,
        reason: 'phone number purchase failed',
      });
    }
    throw error;
  }
  deps.log.info({ numberId, number: maskPhoneNumber(row.number), dedicated: row.dedicated }, 'number bought');
  return {
    number: toNumber(row),
    webhook_configured: webhookConfigured,
    ...(webhookConfigured ? {} : { warning: webhookNotConfiguredWarning }),
  };
}
