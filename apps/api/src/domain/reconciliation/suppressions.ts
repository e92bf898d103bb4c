import type { TSuppressionSource } from '@textline/contract';
import type { Prisma } from '@textline/db';
import { newId } from '../../lib/crypto.ts';
import type { JobTransaction } from '../../jobs/enqueue.ts';
import { recordCustomerEvent } from '../customer-webhooks/events.ts';

/** The opt-outs the recipient asked for: a START from them lifts these and nothing else. */
const recipientSources = ['provider_event', 'inbound_keyword'] as const satisfies readonly TSuppressionSource[];
type SuppressionSource = (typeof recipientSources)[number];

/**
 * opt_out.created for a suppression that has just come into force, whoever made it: the customer's
 * webhooks hear of a manual suppression exactly as of a recipient's.
 */
export async function recordOptOutCreated(
  tx: JobTransaction,
  optOut: {
    workspaceId: string;
    phoneNumber: string;
    source: TSuppressionSource;
    provider: string | null;
    reason: string | null;
    at: Date;
  },
): Promise<void> {
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
}

/**
 * Creates or re-activates the workspace-wide suppression of a phone number. An
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
  await recordOptOutCreated(tx, optOut);
  return true;
}

/**
 * A recipient's START / UNSTOP lifts the opt-out they made themselves, by keyword or at their carrier
 * (which lifts its own block on the same START), and nothing else: not a suppression the workspace or
 * the operator added.
 */
export async function liftKeywordSuppression(
  tx: Prisma.TransactionClient,
  optIn: { workspaceId: string; phoneNumber: string; at: Date },
): Promise<boolean> {
  const { count } = await tx.workspaceSuppression.updateMany({
    where: {
      workspaceId: optIn.workspaceId,
      phoneNumber: optIn.phoneNumber,
      active: true,
      source: { in: [...recipientSources] },
    },
    data: { active: false, updatedAt: optIn.at },
  });
  return count > 0;
}
