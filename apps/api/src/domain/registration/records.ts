import type { TBrand, TRegistrationReason, TUseCase } from '@textline/contract';
import type { Brand, UseCase } from '@textline/db';
import type { BrandSubmission, CarrierRejectionReason, RegistrationSubmission, UseCaseSubmission } from '../../ports.ts';

/** What a registration is, for the fix of a rejection: where to submit it again. */
export type RegistrationKind = RegistrationSubmission['kind'];

const resubmit: Record<RegistrationKind, string> = {
  brand: 'submit the brand again with PATCH /api/v1/brands/{id} (update_brand)',
  use_case: 'submit the use case again with PATCH /api/v1/use-cases/{id} (update_use_case); its numbers follow it',
  toll_free: 'submit the number again with POST /api/v1/numbers/{id}/toll-free-verification (submit_toll_free_verification)',
};

/** A carrier's reason with the fix that names the field, the route and the MCP tool. */
export function withFix(kind: RegistrationKind, reason: CarrierRejectionReason): TRegistrationReason {
  const what = reason.field ? `Correct ${reason.field}` : 'Correct the submission';
  return { code: reason.code, field: reason.field, message: reason.message, fix: `${what}, then ${resubmit[kind]}.` };
}

/** The reasons column holds only what withFix wrote. */
function reasonsOf(value: unknown): TRegistrationReason[] {
  return value as TRegistrationReason[];
}

export function toBrand(row: Brand): TBrand {
  return {
    id: row.id,
    legal_name: row.legalName,
    country: row.country,
    tax_id: row.taxId,
    entity_type: row.entityType as TBrand['entity_type'],
    vertical: row.vertical as TBrand['vertical'],
    website: row.website,
    support_email: row.supportEmail,
    support_phone: row.supportPhone,
    status: row.status as TBrand['status'],
    rejection_reasons: reasonsOf(row.rejectionReasons),
    sandbox: row.sandbox,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toUseCase(row: UseCase): TUseCase {
  return {
    id: row.id,
    brand_id: row.brandId,
    use_case: row.useCase as TUseCase['use_case'],
    description: row.description,
    sample_messages: row.sampleMessages,
    message_flow: row.messageFlow,
    help_message: row.helpMessage,
    opt_out_message: row.optOutMessage,
    has_links: row.hasLinks,
    has_phone_numbers: row.hasPhoneNumbers,
    status: row.status as TUseCase['status'],
    rejection_reasons: reasonsOf(row.rejectionReasons),
    throughput:
      row.status === 'approved' && row.messagesPerMinute !== null
        ? { messages_per_minute: row.messagesPerMinute, daily_cap: row.dailyCap }
        : null,
    sandbox: row.sandbox,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function brandSubmissionOf(row: Brand): BrandSubmission {
  return {
    legalName: row.legalName,
    country: row.country,
    taxId: row.taxId,
    entityType: row.entityType,
    vertical: row.vertical,
    website: row.website,
    supportEmail: row.supportEmail,
    supportPhone: row.supportPhone,
  };
}

export function useCaseSubmissionOf(row: UseCase, brandProviderId: string): UseCaseSubmission {
  return {
    brandProviderId,
    useCase: row.useCase,
    description: row.description,
    sampleMessages: row.sampleMessages,
    messageFlow: row.messageFlow,
    helpMessage: row.helpMessage,
    optOutMessage: row.optOutMessage,
    hasLinks: row.hasLinks,
    hasPhoneNumbers: row.hasPhoneNumbers,
  };
}
