import type { TNumberRegistrationStatus } from '@textline/contract';
import { z } from 'zod';
import { JobDeferred, defineJob } from '../../jobs/define.ts';
import { inJobTransaction, type JobTransaction } from '../../jobs/enqueue.ts';
import type { RegistrationDecision, RegistrationSubmission, Services } from '../../ports.ts';
import { recordCustomerEvent } from '../customer-webhooks/events.ts';
import { toNumber } from '../numbers.ts';
import { type HealthJudgement, healthJudgement } from '../sender-health.ts';
import { brandSubmissionOf, type RegistrationKind, toBrand, toUseCase, useCaseSubmissionOf, withFix } from './records.ts';

type DecisionDeps = Pick<Services, 'prisma' | 'clock' | 'config' | 'jobs' | 'live' | 'messagingProvider'>;

/** A submission waiting for the carrier's decision, with the id the carrier gave it. */
type Pending = { submission: RegistrationSubmission; providerId: string };

/** The submission of a pending registration as the carrier got it; undefined once it is decided (or gone). */
async function pendingSubmission(
  deps: Pick<Services, 'prisma'>,
  kind: RegistrationKind,
  id: string,
): Promise<Pending | undefined> {
  switch (kind) {
    case 'brand': {
      const brand = await deps.prisma.brand.findUnique({ where: { id } });
      if (brand?.status !== 'pending' || !brand.providerId) return undefined;
      return { submission: { kind, brand: brandSubmissionOf(brand) }, providerId: brand.providerId };
    }
    case 'use_case': {
      const useCase = await deps.prisma.useCase.findUnique({ where: { id } });
      if (useCase?.status !== 'pending' || !useCase.providerId) return undefined;
      const brand = await deps.prisma.brand.findUniqueOrThrow({ where: { id: useCase.brandId } });
      return {
        submission: {
          kind,
          useCase: useCaseSubmissionOf(useCase, brand.providerId ?? ''),
          brandEntityType: brand.entityType,
        },
        providerId: useCase.providerId,
      };
    }
    case 'toll_free': {
      const verification = await deps.prisma.tollFreeVerification.findUnique({ where: { id } });
      if (verification?.status !== 'pending' || !verification.providerId) return undefined;
      const [brand, number] = await Promise.all([
        deps.prisma.brand.findUniqueOrThrow({ where: { id: verification.brandId } }),
        deps.prisma.phoneNumber.findUniqueOrThrow({ where: { id: verification.phoneNumberId } }),
      ]);
      return {
        submission: {
          kind,
          verification: {
            numberProviderId: number.providerNumberId ?? '',
            brand: brandSubmissionOf(brand),
            useCase: verification.useCase,
            description: verification.description,
            sampleMessages: verification.sampleMessages,
            messageFlow: verification.messageFlow,
            monthlyVolume: verification.monthlyVolume,
          },
        },
        providerId: verification.providerId,
      };
    }
  }
}

type Decided = Exclude<RegistrationDecision, { status: 'pending' }>;

/** Moves the pending registrations of these numbers to the decision, each with its event. */
async function decideNumbers(
  tx: JobTransaction,
  judgement: HealthJudgement,
  where: { useCaseId: string } | { id: string },
  status: TNumberRegistrationStatus,
  reasons: unknown[],
  at: Date,
) {
  const numbers = await tx.phoneNumber.findMany({ where: { ...where, registrationStatus: 'pending' } });
  for (const number of numbers) {
    const updated = await tx.phoneNumber.update({
      where: { id: number.id },
      data: { registrationStatus: status, registrationReasons: reasons as object[] },
    });
    await recordCustomerEvent(tx, {
      workspaceId: updated.workspaceId,
      type: 'number.registration_updated',
      data: { number: toNumber(updated, judgement) },
      at,
    });
  }
}

/**
 * Records the carrier's decision on a pending registration, with its event, in one transaction:
 * only a registration still pending moves (a repeated job changes nothing). A use case's numbers and
 * a toll-free verification's number follow it.
 */
async function applyDecision(deps: DecisionDeps, kind: RegistrationKind, id: string, decision: Decided): Promise<void> {
  const at = new Date(deps.clock.now());
  const reasons = decision.status === 'rejected' ? decision.reasons.map((reason) => withFix(kind, reason)) : [];
  await inJobTransaction(deps, async (tx) => {
    switch (kind) {
      case 'brand': {
        const status = decision.status === 'approved' ? 'verified' : 'rejected';
        const { count } = await tx.brand.updateMany({
          where: { id, status: 'pending' },
          data: { status, rejectionReasons: reasons, updatedAt: at },
        });
        if (count === 0) return;
        const brand = await tx.brand.findUniqueOrThrow({ where: { id } });
        await recordCustomerEvent(tx, {
          workspaceId: brand.workspaceId,
          type: 'brand.updated',
          data: { brand: toBrand(brand) },
          at,
        });
        return;
      }
      case 'use_case': {
        const throughput = decision.status === 'approved' ? decision.throughput : undefined;
        const { count } = await tx.useCase.updateMany({
          where: { id, status: 'pending' },
          data: {
            status: decision.status,
            rejectionReasons: reasons,
            messagesPerMinute: throughput?.messagesPerMinute ?? null,
            dailyCap: throughput?.dailyCap ?? null,
            updatedAt: at,
          },
        });
        if (count === 0) return;
        const useCase = await tx.useCase.findUniqueOrThrow({ where: { id } });
        await recordCustomerEvent(tx, {
          workspaceId: useCase.workspaceId,
          type: 'use_case.updated',
          data: { use_case: toUseCase(useCase) },
          at,
        });
        await decideNumbers(tx, healthJudgement(deps, at), { useCaseId: id }, decision.status, reasons, at);
        return;
      }
      case 'toll_free': {
        const { count } = await tx.tollFreeVerification.updateMany({
          where: { id, status: 'pending' },
          data: { status: decision.status },
        });
        if (count === 0) return;
        const verification = await tx.tollFreeVerification.findUniqueOrThrow({ where: { id } });
        await decideNumbers(tx, healthJudgement(deps, at), { id: verification.phoneNumberId }, decision.status, reasons, at);
        return;
      }
    }
  });
}

/**
 * Asks the carrier for the decision on one registration, from when the carrier said to ask; while
 * it is pending the job is put back for the carrier's poll interval, without counting an attempt.
 */
export const registrationCheckJob = defineJob({
  queue: 'registration_check',
  payload: z.object({ kind: z.enum(['brand', 'use_case', 'toll_free']), id: z.string() }),
  async run(services, { kind, id }) {
    const pending = await pendingSubmission(services, kind, id);
    if (!pending) return;
    const registration = services.messagingProvider.registration;
    const decision = await registration.decision(pending.submission, pending.providerId);
    if (decision.status === 'pending') throw new JobDeferred(registration.pollIntervalMs);
    await applyDecision(services, kind, id, decision);
  },
});
