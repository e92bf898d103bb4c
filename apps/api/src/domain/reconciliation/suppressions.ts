import type { Prisma } from '@textline/db';
import { newId } from '../../lib/crypto.ts';
import type { JobTransaction } from '../../jobs/enqueue.ts';
import { recordCustomerEvent } from '../customer-webhooks/events.ts';

type SuppressionSource = 'provider_event' | 'inbound_keyword';

/**
 * Creates or re-activates the workspace-wide suppression of a phone number (SPEC section 6). An
 * active one is updated in place with the newest source and provider metadata. opt_out.created is
 * recorded only when the number was not already suppressed, so repeats do not notify twice.
 */
export async function suppressRecipient(
  tx: JobTransaction,
  optOut: {
    workspaceId: string;
    phoneNumber: string;
    source: SuppressionSource;
    provider: string;
    reason: string;
    providerMetadata: Prisma.InputJsonObject;
    at: Date;
  },
): Promise<boolean> {
  const key = { workspaceId_phoneNumber: { workspaceId: optOut.workspaceId, phoneNumber: optOut.phoneNumber } };
  const details = {
    active: true,
    source: optOut.source,
    provider: optOut.provider,
    reason: optOut.reason,
    providerMetadata: optOut.providerMetadata,
    updatedAt: optOut.at,
  };
  const existing = await tx.workspaceSuppression.findUnique({ where: key, select: { active: true } });
  await tx.workspaceSuppression.upsert({
    where: key,
    create: {
      id: newId('sup'),
      workspaceId: optOut.workspaceId,
      phoneNumber: optOut.phoneNumber,
      createdAt: optOut.at,
      ...details,
    },
    update: details,
  });
  if (existing?.active) return false;
  await recordCustomerEvent(tx, {
    workspaceId: optOut.workspaceId,
    type: 'opt_out.created',
    data: {
      opt_out: {
        phone_number: optOut.phoneNumber,
        source: optOut.source,
        provider: optOut.provider,
        reason: optOut.reason,
        created_at: optOut.at.toISOString(),
      },
    },
    at: optOut.at,
  });
  return true;
}

/** A recipient's START / UNSTOP lifts the suppression their own keyword created, nothing else. */
export async function liftKeywordSuppression(
  tx: Prisma.TransactionClient,
  optIn: { workspaceId: string; phoneNumber: string; at: Date },
): Promise<void> {
  await tx.workspaceSuppression.updateMany({
    where: { workspaceId: optIn.workspaceId, phoneNumber: optIn.phoneNumber, active: true, source: 'inbound_keyword' },
    data: { active: false, updatedAt: optIn.at },
  });
}
