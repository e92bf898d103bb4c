import {
  AppError,
  brandedRequestFields,
  type TBrandedRequest,
  type TBrandedRequestInput,
  type TNumberCreated,
} from '@textline/contract';
import type { Prisma } from '@textline/db';
import { newId } from '../lib/crypto.ts';
import type { Services } from '../ports.ts';
import { hasPaidFundingInvoice } from './funding.ts';
import { buyNumber } from './numbers.ts';

type BrandedRequestRow = Prisma.BrandedRequestGetPayload<object>;
type MissingField = (typeof brandedRequestFields)[number];

export function missingBrandedFields(row: BrandedRequestRow): MissingField[] {
  const present: Record<MissingField, boolean> = {
    legal_name: row.legalName !== null,
    website: row.website !== null,
    use_case: row.useCase !== null,
    sample_messages: row.sampleMessages.length > 0,
    contact: row.contactName !== null && row.contactEmail !== null,
  };
  return brandedRequestFields.filter((field) => !present[field]);
}

function toBrandedRequest(row: BrandedRequestRow, dedicatedNumber: string | null): TBrandedRequest {
  return {
    status: row.status as TBrandedRequest['status'],
    missing_fields: missingBrandedFields(row),
    legal_name: row.legalName,
    website: row.website,
    use_case: row.useCase,
    sample_messages: row.sampleMessages,
    contact:
      row.contactName !== null && row.contactEmail !== null
        ? { name: row.contactName, email: row.contactEmail, phone_number: row.contactPhone }
        : null,
    dedicated_number: dedicatedNumber,
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Only the fields the caller sent: a resubmission replaces those and keeps the rest. */
function submittedColumns(input: TBrandedRequestInput) {
  return {
    ...(input.legal_name !== undefined && { legalName: input.legal_name }),
    ...(input.website !== undefined && { website: input.website }),
    ...(input.use_case !== undefined && { useCase: input.use_case }),
    ...(input.sample_messages !== undefined && { sampleMessages: input.sample_messages }),
    ...(input.contact !== undefined && {
      contactName: input.contact.name,
      contactEmail: input.contact.email,
      contactPhone: input.contact.phone_number ?? null,
    }),
  };
}

async function dedicatedNumberOf(deps: Pick<Services, 'prisma'>, row: BrandedRequestRow): Promise<string | null> {
  if (!row.phoneNumberId) return null;
  const number = await deps.prisma.phoneNumber.findUnique({ where: { id: row.phoneNumberId }, select: { number: true } });
  return number?.number ?? null;
}

/**
 * POST /onboarding/branded-request. The upsert locks the row, so concurrent partial submissions
 * each see the other's fields before the completeness status is set.
 */
export async function submitBrandedRequest(
  deps: Pick<Services, 'prisma' | 'clock'>,
  workspaceId: string,
  input: TBrandedRequestInput,
): Promise<TBrandedRequest> {
  const now = new Date(deps.clock.now());
  const columns = { ...submittedColumns(input), updatedAt: now };
  const row = await deps.prisma.$transaction(async (tx) => {
    const merged = await tx.brandedRequest.upsert({
      where: { workspaceId },
      create: { id: newId('brq'), workspaceId, ...columns, createdAt: now },
      update: columns,
    });
    if (merged.status === 'provisioning' || merged.status === 'provisioned') return merged;
    const status = missingBrandedFields(merged).length === 0 ? 'submitted' : 'incomplete';
    return status === merged.status ? merged : tx.brandedRequest.update({ where: { workspaceId }, data: { status } });
  });
  return toBrandedRequest(row, await dedicatedNumberOf(deps, row));
}

export async function findBrandedRequest(deps: Pick<Services, 'prisma'>, workspaceId: string) {
  return deps.prisma.brandedRequest.findUnique({ where: { workspaceId } });
}

/**
 * POST /onboarding/dedicated-number. Refusals in the order an agent can fix them: no request (403),
 * already provisioned (422), incomplete request (422), funding missing (402). "Funding missing"
 * means no paid funding invoice: the dedicated path is sold against a paid top-up, and the
 * catalogue's insufficient_balance tells the agent exactly that (retry once an invoice is paid).
 */
export async function provisionDedicatedNumber(
  deps: Pick<Services, 'prisma' | 'clock' | 'config' | 'log' | 'messagingProvider'>,
  workspaceId: string,
): Promise<TNumberCreated> {
  const request = await findBrandedRequest(deps, workspaceId);
  if (!request) {
    throw new AppError('forbidden', {
      message:
        'A dedicated number needs business details first: submit them with POST /api/v1/onboarding/branded-request ' +
        '(MCP tool submit_branded_request), then call this again.',
    });
  }
  if (request.status === 'provisioning' || request.status === 'provisioned') {
    throw new AppError('dedicated_number_already_provisioned');
  }
  const missing = missingBrandedFields(request);
  if (missing.length > 0) {
    throw new AppError('validation_failed', {
      message: 'The branded request is incomplete: submit the missing fields with POST /api/v1/onboarding/branded-request.',
      extra: { issues: missing.map((field) => ({ path: `branded_request.${field}`, message: 'is required' })) },
    });
  }
  if (!(await hasPaidFundingInvoice(deps.prisma, workspaceId))) {
    throw new AppError('insufficient_balance', {
      message:
        'A dedicated number needs a paid funding invoice: create one with POST /api/v1/onboarding/funding-invoices and pay it.',
    });
  }
  // Claim the request so that concurrent calls provision one number; the loser sees it as taken.
  const claimed = await deps.prisma.brandedRequest.updateMany({
    where: { workspaceId, status: 'submitted' },
    data: { status: 'provisioning' },
  });
  if (claimed.count !== 1) throw new AppError('dedicated_number_already_provisioned');
  let created: TNumberCreated;
  try {
    created = await buyNumber(deps, workspaceId, {
      dedicated: true,
      friendlyName: `${request.legalName ?? 'Dedicated'} (dedicated)`.slice(0, 64),
    });
  } catch (error) {
    await deps.prisma.brandedRequest.update({ where: { workspaceId }, data: { status: 'submitted' } });
    throw error;
  }
  await deps.prisma.brandedRequest.update({
    where: { workspaceId },
    data: { status: 'provisioned', phoneNumberId: created.number.id, updatedAt: new Date(deps.clock.now()) },
  });
  return created;
}
