import {
  AppError,
  type TAvailableNumber,
  type TNumber,
  type TNumberCreated,
  type TNumberRegistrationStatus,
  type TNumberStatus,
  type TNumberType,
  type TRegistrationReason,
  webhookNotConfiguredWarning,
} from '@textline/contract';
import { type PhoneNumber, queryRowsIn } from '@textline/db';
import { newId } from '../lib/crypto.ts';
import { maskPhoneNumber } from '../lib/logger.ts';
import { type NumberSearch, type NumberType, ProviderRejection } from '../ports.ts';
import type { Services } from '../ports.ts';
import { sandboxPreApproval } from './registration/sandbox-pre-approval.ts';
import { type HealthJudgement, healthJudgement, numberHealth } from './sender-health.ts';
import { insufficientBalance, postLedgerEntry } from './ledger.ts';
import { lockWorkspaceBalance } from './ledger.sql.ts';

type NumberDeps = Pick<Services, 'prisma' | 'config' | 'log' | 'messagingProvider' | 'clock'>;

/**
 * The columns hold only what this module and the registration module write: the contract's values.
 * Its health is judged at a moment (healthJudgement).
 */
export function toNumber(row: PhoneNumber, judgement: HealthJudgement): TNumber {
  const registrationStatus = row.registrationStatus as TNumberRegistrationStatus;
  return {
    id: row.id,
    number: row.number,
    friendly_name: row.friendlyName,
    status: row.status as TNumberStatus,
    compliance_status: registrationStatus === 'approved' ? 'approved' : 'pending',
    type: row.type as TNumberType,
    registration: {
      status: registrationStatus,
      use_case_id: row.useCaseId,
      reasons: row.registrationReasons as TRegistrationReason[],
    },
    dedicated: row.dedicated,
    throughput_per_second: row.throughputPerSecond,
    health: numberHealth(row, judgement),
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A provider call whose failure (no answer, an outage, refused credentials) is the catalogue's
 * provider_unavailable: the caller can only retry, and the message never repeats the provider's text.
 */
export async function atProvider<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ProviderRejection) throw new AppError('provider_unavailable', { message: error.message });
    throw error;
  }
}

function numberNotFound(): AppError {
  return new AppError('not_found', { message: 'No phone number with this id exists in this workspace.' });
}

export async function listNumbers(deps: Pick<Services, 'prisma' | 'clock' | 'config'>, workspaceId: string): Promise<TNumber[]> {
  const rows = await deps.prisma.phoneNumber.findMany({ where: { workspaceId }, orderBy: { createdAt: 'asc' } });
  const judgement = healthJudgement(deps);
  return rows.map((row) => toNumber(row, judgement));
}

export async function getNumber(
  deps: Pick<Services, 'prisma' | 'clock' | 'config'>,
  workspaceId: string,
  id: string,
): Promise<TNumber> {
  const row = await deps.prisma.phoneNumber.findFirst({ where: { id, workspaceId } });
  if (!row) throw numberNotFound();
  return toNumber(row, healthJudgement(deps));
}

/** Takes the price from the balance, refusing when it would go negative (row lock: no overdraft race). */
async function chargeNumberPrice(deps: NumberDeps, workspaceId: string, numberId: string, priceCents: number) {
  await deps.prisma.$transaction(async (tx) => {
    const [workspace] = await queryRowsIn(tx, lockWorkspaceBalance, [workspaceId]);
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

/** What the provider sells now, as search_available_numbers shows it. */
export async function searchAvailableNumbers(
  deps: Pick<Services, 'messagingProvider'>,
  search: NumberSearch,
): Promise<TAvailableNumber[]> {
  return atProvider(deps.messagingProvider.searchNumbers(search));
}

/**
 * Records a bought number. The provider sold it, so no other row holds it as a live number; a
 * released row may still hold it (a number given back is for sale again) and gives way: the number
 * is one row, its current holder's.
 */
async function recordPurchase(deps: NumberDeps, data: Parameters<NumberDeps['prisma']['phoneNumber']['create']>[0]['data']) {
  return deps.prisma.$transaction(async (tx) => {
    await tx.phoneNumber.deleteMany({ where: { number: data.number, status: 'released' } });
    return tx.phoneNumber.create({ data });
  });
}

/**
 * Buys a number of the type through the messaging provider (exactly `number`, or any, preferring
 * the area code) and connects it. A real carrier's number starts unregistered; the sandbox's comes
 * approved under the workspace's sandbox use case (a toll-free one as verified), unless
 * `unregistered` asks for one to try the refusal with. The price is charged before the provider call
 * and refunded when no number comes back, so a purchase is never free and never charged twice.
 */
export async function buyNumber(
  deps: NumberDeps,
  workspaceId: string,
  options: {
    areaCode?: string | undefined;
    number?: string | undefined;
    type?: NumberType;
    unregistered?: boolean;
    friendlyName?: string | undefined;
    dedicated?: boolean;
  },
): Promise<TNumberCreated> {
  const type = options.type ?? 'local';
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
    const purchased = await atProvider(provider.buyNumber({ areaCode: options.areaCode, number: options.number, type }));
    const typeName = type === 'toll_free' ? 'toll-free' : 'local';
    if (!purchased) {
      throw new AppError('number_unavailable', {
        message: options.number
          ? `${options.number} is not for sale (any more) as a ${typeName} number; search again for the numbers on offer now.`
          : options.areaCode
            ? `No ${typeName} number is available in area code ${options.areaCode}.`
            : `The provider has no ${typeName} number available right now.`,
      });
    }
    webhookConfigured = purchased.webhookConfigured;
    row = await recordPurchase(deps, {
      id: numberId,
      workspaceId,
      number: purchased.number,
      friendlyName: options.friendlyName ?? purchased.number,
      provider: provider.label,
      providerNumberId: purchased.providerNumberId,
      dedicated: options.dedicated ?? false,
      type: purchased.type,
      ...(provider.live || options.unregistered ? {} : await sandboxPreApproval(deps, workspaceId, purchased.type)),
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
    number: toNumber(row, healthJudgement(deps)),
    webhook_configured: webhookConfigured,
    ...(webhookConfigured ? {} : { warning: webhookNotConfiguredWarning }),
  };
}

export async function updateNumber(
  deps: Pick<Services, 'prisma' | 'clock' | 'config'>,
  workspaceId: string,
  input: { id: string; friendlyName: string },
): Promise<TNumber> {
  const { count } = await deps.prisma.phoneNumber.updateMany({
    where: { id: input.id, workspaceId },
    data: { friendlyName: input.friendlyName },
  });
  if (count === 0) throw numberNotFound();
  return toNumber(await deps.prisma.phoneNumber.findUniqueOrThrow({ where: { id: input.id } }), healthJudgement(deps));
}

/**
 * Gives a number back to the provider, for good. It leaves sender selection first (`releasing`:
 * accept_message_batch and dispatch only take `connected` numbers), so no send picks it while the
 * provider is asked; messages accepted earlier are moved to another number when they are dispatched
 * (failOverInPool within their sender pool, else reselectSender), and sticky recipients move on their
 * next send. If the provider fails, the
 * number is connected again and the caller retries; a release that was done at the provider but not
 * recorded here (a lost answer, a crash) is finished by that retry, the provider's release being
 * idempotent. A number bought from another provider than the deployment's current one has no
 * provider to give it back to and is only marked. Nothing is refunded.
 */
export async function releaseNumber(deps: NumberDeps, workspaceId: string, numberId: string): Promise<TNumber> {
  const row = await deps.prisma.phoneNumber.findFirst({ where: { id: numberId, workspaceId } });
  if (!row) throw numberNotFound();
  if (row.status === 'released') return toNumber(row, healthJudgement(deps));
  await deps.prisma.phoneNumber.updateMany({ where: { id: numberId, status: 'connected' }, data: { status: 'releasing' } });
  const provider = deps.messagingProvider;
  if (row.providerNumberId && row.provider === provider.label) {
    try {
      await atProvider(provider.releaseNumber(row.providerNumberId));
    } catch (error) {
      await deps.prisma.phoneNumber.updateMany({ where: { id: numberId, status: 'releasing' }, data: { status: 'connected' } });
      throw error;
    }
  }
  const released = await deps.prisma.phoneNumber.update({ where: { id: numberId }, data: { status: 'released' } });
  deps.log.info({ numberId, number: maskPhoneNumber(released.number) }, 'number released');
  return toNumber(released, healthJudgement(deps));
}
