import { AppError, type TNumber, type TUseCase } from '@textline/contract';
import { queryRowsIn } from '@textline/db';
import { enqueue, inJobTransaction } from '../../jobs/enqueue.ts';
import { newId } from '../../lib/crypto.ts';
import { newestFirst } from '../../lib/pagination.ts';
import type { Services, UseCaseSubmission } from '../../ports.ts';
import { recordCustomerEvent } from '../customer-webhooks/events.ts';
import { atProvider, toNumber } from '../numbers.ts';
import { healthJudgement } from '../sender-health.ts';
import { brandNotFound, givenFields, registrationNotRejected, type RegistrationDeps } from './brands.ts';
import { registrationCheckJob } from './decisions.ts';
import { toUseCase, useCaseSubmissionOf } from './records.ts';
import { lockUseCase } from './registration.sql.ts';

function useCaseNotFound(): AppError {
  return new AppError('not_found', { message: 'No use case with this id exists in this workspace.' });
}

export function numberNotInWorkspace(): AppError {
  return new AppError('not_found', { message: 'No phone number with this id exists in this workspace.' });
}

/**
 * Submits a use case of a verified brand to the carrier and records it pending, with the job that
 * asks for the decision. The carriers review a use case only under a verified brand.
 */
export async function createUseCase(
  deps: RegistrationDeps,
  workspaceId: string,
  input: Omit<UseCaseSubmission, 'brandProviderId'> & { brandId: string },
): Promise<TUseCase> {
  const { brandId, ...fields } = input;
  const brand = await deps.prisma.brand.findFirst({ where: { id: brandId, workspaceId } });
  if (!brand) throw brandNotFound();
  if (brand.status !== 'verified' || !brand.providerId) {
    throw new AppError('invalid_state', {
      message:
        brand.status === 'pending'
          ? 'The brand is still pending: register use cases once it is verified (brand.updated, get_brand).'
          : 'The brand was rejected: correct it with PATCH /api/v1/brands/{id} (update_brand), then register use ' +
            'cases once it is verified.',
      extra: { current_status: brand.status },
    });
  }
  const submitted = await atProvider(
    deps.messagingProvider.registration.submit({
      kind: 'use_case',
      useCase: { ...fields, brandProviderId: brand.providerId },
      brandEntityType: brand.entityType,
    }),
  );
  const now = deps.clock.now();
  const row = await inJobTransaction(deps, async (tx) => {
    const created = await tx.useCase.create({
      data: {
        id: newId('ucs'),
        workspaceId,
        brandId,
        ...fields,
        providerId: submitted.providerId,
        createdAt: new Date(now),
        updatedAt: new Date(now),
      },
    });
    await enqueue(
      tx,
      registrationCheckJob,
      { kind: 'use_case', id: created.id },
      { runAt: new Date(now + submitted.checkAfterMs) },
    );
    return created;
  });
  return toUseCase(row);
}

export async function listUseCases(
  deps: Pick<Services, 'prisma'>,
  workspaceId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<{ use_cases: TUseCase[]; next_cursor: string | null }> {
  const page = newestFirst('use_cases', workspaceId, query);
  const rows = await deps.prisma.useCase.findMany({
    where: { workspaceId, ...page.where },
    orderBy: page.orderBy,
    take: page.take,
  });
  const { rows: pageRows, nextCursor } = page.page(rows);
  return { use_cases: pageRows.map(toUseCase), next_cursor: nextCursor };
}

export async function getUseCase(deps: Pick<Services, 'prisma'>, workspaceId: string, id: string): Promise<TUseCase> {
  const row = await deps.prisma.useCase.findFirst({ where: { id, workspaceId } });
  if (!row) throw useCaseNotFound();
  return toUseCase(row);
}

/**
 * Corrects a rejected use case with the fields given and submits it to the carrier again: it is
 * pending again, without reasons, with a use_case.updated event and the job that asks for the new
 * decision. Its numbers stay assigned and follow it back to pending, each with its event. Only a
 * rejected use case moves (a concurrent correction or decision answers 409).
 */
export async function updateUseCase(
  deps: RegistrationDeps,
  workspaceId: string,
  id: string,
  changes: Partial<Omit<UseCaseSubmission, 'brandProviderId'>>,
): Promise<TUseCase> {
  const row = await deps.prisma.useCase.findFirst({ where: { id, workspaceId } });
  if (!row) throw useCaseNotFound();
  if (row.status !== 'rejected') throw registrationNotRejected(row.status);
  const brand = await deps.prisma.brand.findUniqueOrThrow({ where: { id: row.brandId } });
  const useCase: UseCaseSubmission = { ...useCaseSubmissionOf(row, brand.providerId ?? ''), ...givenFields(changes) };
  const submitted = await atProvider(
    deps.messagingProvider.registration.resubmit(
      { kind: 'use_case', useCase, brandEntityType: brand.entityType },
      row.providerId ?? '',
    ),
  );
  const { brandProviderId: _brandProviderId, ...fields } = useCase;
  const now = deps.clock.now();
  const at = new Date(now);
  const updated = await inJobTransaction(deps, async (tx) => {
    const { count } = await tx.useCase.updateMany({
      where: { id, workspaceId, status: 'rejected' },
      data: { ...fields, status: 'pending', rejectionReasons: [], providerId: submitted.providerId, updatedAt: at },
    });
    const current = await tx.useCase.findUniqueOrThrow({ where: { id } });
    if (count === 0) throw registrationNotRejected(current.status);
    await recordCustomerEvent(tx, { workspaceId, type: 'use_case.updated', data: { use_case: toUseCase(current) }, at });
    const numbers = await tx.phoneNumber.findMany({ where: { useCaseId: id, registrationStatus: 'rejected' } });
    for (const number of numbers) {
      const pending = await tx.phoneNumber.update({
        where: { id: number.id },
        data: { registrationStatus: 'pending', registrationReasons: [] },
      });
      await recordCustomerEvent(tx, {
        workspaceId,
        type: 'number.registration_updated',
        data: { number: toNumber(pending, healthJudgement(deps, at)) },
        at,
      });
    }
    await enqueue(tx, registrationCheckJob, { kind: 'use_case', id }, { runAt: new Date(now + submitted.checkAfterMs) });
    return current;
  });
  return toUseCase(updated);
}

/** The carrier's side of a number: only a number bought from the deployment's carrier has one. */
function carrierNumberId(
  deps: Pick<Services, 'messagingProvider'>,
  number: { provider: string; providerNumberId: string | null },
) {
  return number.provider === deps.messagingProvider.label ? number.providerNumberId : null;
}

/**
 * Puts a connected local number's traffic under the use case, moving it from its previous one. The
 * carrier is told first (a failure changes nothing here); then, with the use case's row locked so
 * its decision cannot slip between, the number takes the use case's status.
 */
export async function assignNumber(
  deps: RegistrationDeps,
  workspaceId: string,
  input: { useCaseId: string; numberId: string },
): Promise<TNumber> {
  const [useCase, number] = await Promise.all([
    deps.prisma.useCase.findFirst({ where: { id: input.useCaseId, workspaceId } }),
    deps.prisma.phoneNumber.findFirst({ where: { id: input.numberId, workspaceId } }),
  ]);
  if (!useCase) throw useCaseNotFound();
  if (!number) throw numberNotInWorkspace();
  if (number.type === 'toll_free') {
    throw new AppError('invalid_state', {
      message:
        'A toll-free number is registered by its own verification: POST /api/v1/numbers/{id}/toll-free-verification ' +
        '(submit_toll_free_verification).',
      extra: { current_status: 'toll_free' },
    });
  }
  if (number.status !== 'connected') {
    throw new AppError('invalid_state', {
      message: 'Only a connected number can be assigned.',
      extra: { current_status: number.status },
    });
  }
  if (useCase.status === 'rejected') {
    throw new AppError('invalid_state', {
      message: 'The use case was rejected: register a corrected one (create_use_case) and assign the number to it.',
      extra: { current_status: useCase.status },
    });
  }
  if (number.useCaseId === useCase.id) return toNumber(number, healthJudgement(deps));
  const providerNumberId = carrierNumberId(deps, number);
  if (providerNumberId) {
    const previous = number.useCaseId ? await deps.prisma.useCase.findUnique({ where: { id: number.useCaseId } }) : null;
    if (previous?.providerId && !previous.sandbox) {
      await atProvider(deps.messagingProvider.registration.unassignNumber(previous.providerId, providerNumberId));
    }
    if (useCase.providerId)
      await atProvider(deps.messagingProvider.registration.assignNumber(useCase.providerId, providerNumberId));
  }
  const at = new Date(deps.clock.now());
  const row = await inJobTransaction(deps, async (tx) => {
    const [locked] = await queryRowsIn(tx, lockUseCase, [useCase.id, workspaceId]);
    if (!locked) throw useCaseNotFound();
    const updated = await tx.phoneNumber.update({
      where: { id: number.id },
      data: {
        useCaseId: useCase.id,
        registrationStatus: locked.status,
        registrationReasons: locked.rejection_reasons as object[],
      },
    });
    await recordCustomerEvent(tx, {
      workspaceId,
      type: 'number.registration_updated',
      data: { number: toNumber(updated, healthJudgement(deps, at)) },
      at,
    });
    return updated;
  });
  return toNumber(row, healthJudgement(deps));
}

/** Takes the number out of the use case: it is unregistered after. */
export async function unassignNumber(
  deps: RegistrationDeps,
  workspaceId: string,
  input: { useCaseId: string; numberId: string },
): Promise<TNumber> {
  const [useCase, number] = await Promise.all([
    deps.prisma.useCase.findFirst({ where: { id: input.useCaseId, workspaceId } }),
    deps.prisma.phoneNumber.findFirst({ where: { id: input.numberId, workspaceId } }),
  ]);
  if (!useCase) throw useCaseNotFound();
  if (!number || number.useCaseId !== useCase.id) {
    throw new AppError('not_found', { message: 'No phone number with this id is assigned to this use case.' });
  }
  const providerNumberId = carrierNumberId(deps, number);
  if (providerNumberId && useCase.providerId && !useCase.sandbox) {
    await atProvider(deps.messagingProvider.registration.unassignNumber(useCase.providerId, providerNumberId));
  }
  const at = new Date(deps.clock.now());
  const row = await inJobTransaction(deps, async (tx) => {
    const updated = await tx.phoneNumber.update({
      where: { id: number.id },
      data: { useCaseId: null, registrationStatus: 'unregistered', registrationReasons: [] },
    });
    await recordCustomerEvent(tx, {
      workspaceId,
      type: 'number.registration_updated',
      data: { number: toNumber(updated, healthJudgement(deps, at)) },
      at,
    });
    return updated;
  });
  return toNumber(row, healthJudgement(deps));
}
