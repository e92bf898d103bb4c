import { AppError, type TNumber } from '@textline/contract';
import { enqueue, inJobTransaction } from '../../jobs/enqueue.ts';
import { newId } from '../../lib/crypto.ts';
import type { TollFreeSubmission } from '../../ports.ts';
import { recordCustomerEvent } from '../customer-webhooks/events.ts';
import { atProvider, toNumber } from '../numbers.ts';
import { healthJudgement } from '../sender-health.ts';
import { brandNotFound, type RegistrationDeps } from './brands.ts';
import { registrationCheckJob } from './decisions.ts';
import { brandSubmissionOf } from './records.ts';
import { numberNotInWorkspace } from './use-cases.ts';

/**
 * Submits a connected toll-free number for verification, with the brand behind it, and records the
 * verification pending; the number's registration follows it. A number is submitted again only when
 * it is unregistered or was rejected.
 */
export async function submitTollFreeVerification(
  deps: RegistrationDeps,
  workspaceId: string,
  input: Omit<TollFreeSubmission, 'numberProviderId' | 'brand'> & { numberId: string; brandId: string },
): Promise<TNumber> {
  const { numberId, brandId, ...fields } = input;
  const [number, brand] = await Promise.all([
    deps.prisma.phoneNumber.findFirst({ where: { id: numberId, workspaceId } }),
    deps.prisma.brand.findFirst({ where: { id: brandId, workspaceId } }),
  ]);
  if (!number) throw numberNotInWorkspace();
  if (!brand) throw brandNotFound();
  if (number.type !== 'toll_free') {
    throw new AppError('invalid_state', {
      message: 'A local number is registered under a use case: POST /api/v1/use-cases/{id}/numbers (assign_number_to_use_case).',
      extra: { current_status: 'local' },
    });
  }
  if (number.status !== 'connected') {
    throw new AppError('invalid_state', {
      message: 'Only a connected number can be verified.',
      extra: { current_status: number.status },
    });
  }
  if (number.registrationStatus === 'pending' || number.registrationStatus === 'approved') {
    throw new AppError('invalid_state', {
      message: `The number's registration is ${number.registrationStatus} already.`,
      extra: { current_status: number.registrationStatus },
    });
  }
  const submitted = await atProvider(
    deps.messagingProvider.registration.submit({
      kind: 'toll_free',
      verification: { ...fields, numberProviderId: number.providerNumberId ?? '', brand: brandSubmissionOf(brand) },
    }),
  );
  const now = deps.clock.now();
  const at = new Date(now);
  const row = await inJobTransaction(deps, async (tx) => {
    const verification = await tx.tollFreeVerification.create({
      data: {
        id: newId('tfv'),
        workspaceId,
        phoneNumberId: number.id,
        brandId,
        ...fields,
        providerId: submitted.providerId,
        createdAt: at,
      },
    });
    const { count } = await tx.phoneNumber.updateMany({
      where: { id: number.id, registrationStatus: number.registrationStatus },
      data: { registrationStatus: 'pending', registrationReasons: [] },
    });
    if (count === 0) {
      throw new AppError('invalid_state', {
        message: "The number's registration changed meanwhile; read it again (list_numbers).",
        extra: { current_status: 'changed' },
      });
    }
    const updated = await tx.phoneNumber.findUniqueOrThrow({ where: { id: number.id } });
    await recordCustomerEvent(tx, {
      workspaceId,
      type: 'number.registration_updated',
      data: { number: toNumber(updated, healthJudgement(deps, at)) },
      at,
    });
    await enqueue(
      tx,
      registrationCheckJob,
      { kind: 'toll_free', id: verification.id },
      { runAt: new Date(now + submitted.checkAfterMs) },
    );
    return updated;
  });
  return toNumber(row, healthJudgement(deps));
}
