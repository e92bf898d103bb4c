import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZId } from '../ids.ts';
import { ZNextCursor, ZPageQuery } from '../pagination.ts';
import { ZPhoneNumber, ZTimestamp, ZTrimmedText } from '../schemas.ts';
import { ZNumber, ZRegistrationReason } from './numbers.ts';

/** The kinds of organisation a brand can be, as the 10DLC registry (TCR) names them. */
export const brandEntityTypes = ['private_company', 'public_company', 'non_profit', 'government', 'sole_proprietor'] as const;

/** The industry of a brand: the 10DLC registry's verticals. */
export const brandVerticals = [
  'agriculture',
  'communication',
  'construction',
  'education',
  'energy',
  'entertainment',
  'financial',
  'gambling',
  'government',
  'healthcare',
  'hospitality',
  'human_resources',
  'insurance',
  'legal',
  'manufacturing',
  'ngo',
  'political',
  'postal',
  'professional',
  'real_estate',
  'retail',
  'technology',
  'transportation',
] as const;

/** What a use case's messages are for: the 10DLC registry's standard campaign use cases. */
export const useCaseKinds = [
  'two_factor_auth',
  'account_notifications',
  'customer_care',
  'delivery_notifications',
  'fraud_alerts',
  'higher_education',
  'low_volume_mixed',
  'marketing',
  'mixed',
  'polling_voting',
  'public_service_announcement',
  'security_alerts',
] as const;
export type TUseCaseKind = (typeof useCaseKinds)[number];

export const brandStatuses = ['pending', 'verified', 'rejected'] as const;
export const useCaseStatuses = ['pending', 'approved', 'rejected'] as const;

const ZRejectionReasons = z
  .array(ZRegistrationReason)
  .describe('Why the carriers rejected it, each naming the field to correct; empty unless rejected');
const ZSandboxFlag = z
  .boolean()
  .describe('true for the one the sandbox carrier registers itself for the numbers it sells pre-approved');

export const ZBrand = z.object({
  id: ZId('brand'),
  legal_name: z.string(),
  country: z.string().describe('ISO 3166-1 alpha-2 country of registration'),
  tax_id: z.string().describe('The tax number (EIN in the US)'),
  entity_type: z.enum(brandEntityTypes),
  vertical: z.enum(brandVerticals),
  website: z.string(),
  support_email: z.string(),
  support_phone: z.string(),
  status: z
    .enum(brandStatuses)
    .describe('pending while the carriers check it (brand.updated reports the decision), then verified or rejected'),
  rejection_reasons: ZRejectionReasons,
  sandbox: ZSandboxFlag,
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type TBrand = z.infer<typeof ZBrand>;

export const ZUseCaseThroughput = z
  .object({
    messages_per_minute: z.number().int().describe('How many messages a minute the carriers take from its numbers'),
    daily_cap: z
      .number()
      .int()
      .nullable()
      .describe('How many messages a day the carriers take, where they set a limit; null when none'),
  })
  .describe('What the carriers granted, once approved; null before');

export const ZUseCase = z.object({
  id: ZId('useCase'),
  brand_id: ZId('brand'),
  use_case: z.enum(useCaseKinds),
  description: z.string(),
  sample_messages: z.array(z.string()),
  message_flow: z.string().describe('How recipients consent to the messages'),
  help_message: z.string(),
  opt_out_message: z.string(),
  has_links: z.boolean(),
  has_phone_numbers: z.boolean(),
  status: z
    .enum(useCaseStatuses)
    .describe('pending while the carriers review it (use_case.updated reports the decision), then approved or rejected'),
  rejection_reasons: ZRejectionReasons,
  throughput: ZUseCaseThroughput.nullable(),
  sandbox: ZSandboxFlag,
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type TUseCase = z.infer<typeof ZUseCase>;

const ZBrandId = z.string().min(1).max(64).describe('Brand id (brd_...), from create_brand or list_brands');
const ZUseCaseId = z.string().min(1).max(64).describe('Use case id (ucs_...), from create_use_case or list_use_cases');
const ZNumberId = z.string().min(1).max(64).describe('Number id (pn_...), from list_numbers / GET /api/v1/numbers');
const ZSampleMessages = z
  .array(ZTrimmedText(20, 1024))
  .min(2)
  .max(5)
  .describe('2-5 messages as recipients will get them, 20-1,024 characters each');
const ZMessageFlow = ZTrimmedText(40, 2048).describe(
  'How recipients consent: where and how they opt in and what they are told (40-2,048 characters)',
);

/** What a brand is registered with, and corrected with (PATCH /api/v1/brands/{id}). */
const brandFields = {
  legal_name: ZTrimmedText(2, 255).describe('The legal name, exactly as the tax records have it'),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code, e.g. US')
    .describe('ISO 3166-1 alpha-2 country of registration, e.g. US'),
  tax_id: ZTrimmedText(2, 64).describe('The tax number (EIN in the US, e.g. 12-3456789)'),
  entity_type: z.enum(brandEntityTypes).describe('The kind of organisation; sole_proprietor has lower throughput'),
  vertical: z.enum(brandVerticals).describe('The industry, from the 10DLC list'),
  website: z
    .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
    .max(255)
    .describe('The public website, e.g. https://example.com'),
  support_email: z.email().max(255).describe('Where recipients and the carriers reach support'),
  support_phone: ZPhoneNumber.describe('Support phone number with a leading +, e.g. +14155550100'),
};

/** What a use case is registered with, besides its brand, and corrected with (PATCH /api/v1/use-cases/{id}). */
const useCaseFields = {
  use_case: z.enum(useCaseKinds).describe('What the messages are for, from the 10DLC list'),
  description: ZTrimmedText(40, 4096).describe('What is sent, to whom and why (40-4,096 characters)'),
  sample_messages: ZSampleMessages,
  message_flow: ZMessageFlow,
  help_message: ZTrimmedText(20, 320).describe('The answer to HELP: who sends and how to reach support'),
  opt_out_message: ZTrimmedText(20, 320).describe('The answer to STOP: that no more messages will be sent'),
  has_links: z.boolean().describe('Whether messages contain links'),
  has_phone_numbers: z.boolean().describe('Whether messages contain phone numbers'),
};

const sandboxDecision =
  'The sandbox carrier decides within a few seconds (at most SANDBOX_DELAY_MS x 10); a submission whose name or ' +
  'description contains REJECT is rejected with reasons naming the field.';

export const createBrand = defineOperation({
  name: 'brands.create',
  method: 'POST',
  path: '/api/v1/brands',
  auth: { kind: 'bearer', scope: 'compliance:write' },
  summary: 'Register a brand',
  description:
    'Submits the business behind the traffic to the carriers (the 10DLC brand). It starts pending; brand.updated ' +
    'reports the decision (verified, or rejected with rejection_reasons). A verified brand can register use ' +
    `cases (POST /api/v1/use-cases). A rejected one can be corrected and submitted again (PATCH /api/v1/brands/{id}). ${sandboxDecision} ` +
    '503 provider_unavailable when the carrier did not answer (nothing is recorded; retry).',
  tags: ['compliance'],
  input: z.strictObject(brandFields),
  output: z.object({ brand: ZBrand }),
  successStatus: 201,
  errors: ['validation_failed', 'provider_unavailable'],
  bodyRequired: true,
  mcp: {
    name: 'create_brand',
    title: 'Register a brand',
    description:
      'Register the business that sends (10DLC brand) with the carriers: legal_name, country, tax_id, entity_type, ' +
      'vertical, website, support_email, support_phone. Starts pending; get_brand shows the decision. Next, ' +
      'create_use_case once it is verified.',
    readOnly: false,
    destructive: false,
    openWorld: true,
  },
});

export const listBrands = defineOperation({
  name: 'brands.list',
  method: 'GET',
  path: '/api/v1/brands',
  auth: { kind: 'bearer', scope: 'compliance:read' },
  summary: 'List brands',
  description: 'The brands of the workspace with their status and rejection reasons, newest first.',
  tags: ['compliance'],
  input: z.strictObject({ ...ZPageQuery }),
  output: z.object({ brands: z.array(ZBrand), next_cursor: ZNextCursor }),
  successStatus: 200,
  errors: ['validation_failed'],
  bodyRequired: false,
  mcp: {
    name: 'list_brands',
    title: 'List brands',
    description: 'List registered brands (newest first) with status pending, verified or rejected and the reasons.',
    readOnly: true,
    destructive: false,
  },
});

export const getBrand = defineOperation({
  name: 'brands.get',
  method: 'GET',
  path: '/api/v1/brands/{id}',
  auth: { kind: 'bearer', scope: 'compliance:read' },
  summary: 'Get a brand',
  description: 'One brand with its status and rejection reasons. 404 not_found for an id not in this workspace.',
  tags: ['compliance'],
  input: z.strictObject({ id: ZBrandId }),
  output: z.object({ brand: ZBrand }),
  successStatus: 200,
  errors: ['not_found'],
  bodyRequired: false,
  mcp: {
    name: 'get_brand',
    title: 'Get a brand',
    description: "Read a brand's registration status (pending, verified, rejected) and, if rejected, what to fix.",
    readOnly: true,
    destructive: false,
  },
});

const resubmission =
  'The corrected fields replace the rejected ones, the status goes back to pending and rejection_reasons are ' +
  'cleared, and the carrier decides again (';

export const updateBrand = defineOperation({
  name: 'brands.update',
  method: 'PATCH',
  path: '/api/v1/brands/{id}',
  auth: { kind: 'bearer', scope: 'compliance:write' },
  summary: 'Correct and resubmit a rejected brand',
  description:
    'Changes the fields given of a rejected brand and submits it to the carriers again. ' +
    resubmission +
    'brand.updated reports the change to pending and the new decision). Only a rejected brand can be corrected: ' +
    `409 registration_not_rejected otherwise. 404 not_found for an id not in this workspace. ${sandboxDecision} ` +
    '503 provider_unavailable when the carrier did not answer (nothing changes; retry).',
  tags: ['compliance'],
  input: z.strictObject(brandFields).partial().extend({ id: ZBrandId }),
  output: z.object({ brand: ZBrand }),
  successStatus: 200,
  errors: ['validation_failed', 'not_found', 'registration_not_rejected', 'provider_unavailable'],
  bodyRequired: true,
  mcp: {
    name: 'update_brand',
    title: 'Correct and resubmit a rejected brand',
    description:
      'Correct a rejected brand (the fields its rejection_reasons name, e.g. legal_name or tax_id) and submit it ' +
      'again: it goes back to pending and get_brand shows the new decision. Only a rejected brand can be corrected.',
    readOnly: false,
    destructive: false,
    openWorld: true,
  },
});

export const createUseCase = defineOperation({
  name: 'useCases.create',
  method: 'POST',
  path: '/api/v1/use-cases',
  auth: { kind: 'bearer', scope: 'compliance:write' },
  summary: 'Register a use case',
  description:
    "Submits what a verified brand's local numbers will send (the 10DLC campaign; unrelated to drip campaigns). " +
    'It starts pending; use_case.updated reports the decision (approved with its throughput, or rejected with ' +
    'rejection_reasons). Assign local numbers with POST /api/v1/use-cases/{id}/numbers. 404 not_found for a ' +
    `brand not in this workspace; 422 invalid_state while the brand is not verified. ${sandboxDecision} ` +
    '503 provider_unavailable when the carrier did not answer (nothing is recorded; retry).',
  tags: ['compliance'],
  input: z.strictObject({ brand_id: ZBrandId, ...useCaseFields }),
  output: z.object({ use_case: ZUseCase }),
  successStatus: 201,
  errors: ['validation_failed', 'not_found', 'invalid_state', 'provider_unavailable'],
  bodyRequired: true,
  mcp: {
    name: 'create_use_case',
    title: 'Register a use case',
    description:
      "Register what a verified brand's local numbers send (10DLC campaign): use_case, description, 2-5 " +
      'sample_messages, message_flow (how recipients opt in), help_message, opt_out_message, has_links, ' +
      'has_phone_numbers. Starts pending; get_use_case shows the decision. Then assign_number_to_use_case.',
    readOnly: false,
    destructive: false,
    openWorld: true,
  },
});

export const listUseCases = defineOperation({
  name: 'useCases.list',
  method: 'GET',
  path: '/api/v1/use-cases',
  auth: { kind: 'bearer', scope: 'compliance:read' },
  summary: 'List use cases',
  description: 'The use cases of the workspace with their status, reasons and throughput, newest first.',
  tags: ['compliance'],
  input: z.strictObject({ ...ZPageQuery }),
  output: z.object({ use_cases: z.array(ZUseCase), next_cursor: ZNextCursor }),
  successStatus: 200,
  errors: ['validation_failed'],
  bodyRequired: false,
  mcp: {
    name: 'list_use_cases',
    title: 'List use cases',
    description: 'List registered use cases (newest first) with status, rejection reasons and approved throughput.',
    readOnly: true,
    destructive: false,
  },
});

export const getUseCase = defineOperation({
  name: 'useCases.get',
  method: 'GET',
  path: '/api/v1/use-cases/{id}',
  auth: { kind: 'bearer', scope: 'compliance:read' },
  summary: 'Get a use case',
  description: 'One use case with its status, reasons and throughput. 404 not_found for an id not in this workspace.',
  tags: ['compliance'],
  input: z.strictObject({ id: ZUseCaseId }),
  output: z.object({ use_case: ZUseCase }),
  successStatus: 200,
  errors: ['not_found'],
  bodyRequired: false,
  mcp: {
    name: 'get_use_case',
    title: 'Get a use case',
    description: "Read a use case's status (pending, approved, rejected), its reasons and, once approved, its throughput.",
    readOnly: true,
    destructive: false,
  },
});

export const updateUseCase = defineOperation({
  name: 'useCases.update',
  method: 'PATCH',
  path: '/api/v1/use-cases/{id}',
  auth: { kind: 'bearer', scope: 'compliance:write' },
  summary: 'Correct and resubmit a rejected use case',
  description:
    'Changes the fields given of a rejected use case and submits it to the carriers again. ' +
    resubmission +
    'use_case.updated reports the change to pending and the new decision). Its numbers stay assigned and follow it: ' +
    'their registration goes back to pending (number.registration_updated) and then to the decision. Only a ' +
    'rejected use case can be corrected: 409 registration_not_rejected otherwise. 404 not_found for an id not in ' +
    `this workspace. ${sandboxDecision} 503 provider_unavailable when the carrier did not answer (nothing changes; retry).`,
  tags: ['compliance'],
  input: z.strictObject(useCaseFields).partial().extend({ id: ZUseCaseId }),
  output: z.object({ use_case: ZUseCase }),
  successStatus: 200,
  errors: ['validation_failed', 'not_found', 'registration_not_rejected', 'provider_unavailable'],
  bodyRequired: true,
  mcp: {
    name: 'update_use_case',
    title: 'Correct and resubmit a rejected use case',
    description:
      'Correct a rejected use case (the fields its rejection_reasons name, e.g. description or sample_messages) and ' +
      'submit it again: it and its numbers go back to pending and get_use_case shows the new decision. Only a ' +
      'rejected use case can be corrected.',
    readOnly: false,
    destructive: false,
    openWorld: true,
  },
});

export const assignNumberToUseCase = defineOperation({
  name: 'useCases.assignNumber',
  method: 'POST',
  path: '/api/v1/use-cases/{id}/numbers',
  auth: { kind: 'bearer', scope: 'compliance:write' },
  summary: 'Assign a number to a use case',
  description:
    "Registers a connected local number's traffic under the use case (moving it from another one if it had one). " +
    "The number's registration follows the use case: pending while it is, approved once it is (at once for an " +
    'approved one), rejected with its reasons. number.registration_updated reports each change. 404 not_found ' +
    'for a use case or number not in this workspace; 422 invalid_state for a toll-free number (verify it with ' +
    'POST /api/v1/numbers/{id}/toll-free-verification), a released number or a rejected use case; 503 ' +
    'provider_unavailable when the carrier did not answer (nothing changed; retry).',
  tags: ['compliance'],
  input: z.strictObject({ id: ZUseCaseId, number_id: ZNumberId }),
  output: z.object({ number: ZNumber }),
  successStatus: 200,
  errors: ['validation_failed', 'not_found', 'invalid_state', 'provider_unavailable'],
  bodyRequired: true,
  mcp: {
    name: 'assign_number_to_use_case',
    title: 'Assign a number to a use case',
    description:
      "Register a local number's traffic under a use case (number_id from list_numbers). The number's registration " +
      'becomes approved when the use case is; toll-free numbers use submit_toll_free_verification instead.',
    readOnly: false,
    destructive: false,
    openWorld: true,
  },
});

export const unassignNumberFromUseCase = defineOperation({
  name: 'useCases.unassignNumber',
  method: 'DELETE',
  path: '/api/v1/use-cases/{id}/numbers/{number_id}',
  auth: { kind: 'bearer', scope: 'compliance:write' },
  summary: 'Unassign a number from a use case',
  description:
    'Takes the number out of the use case: its registration becomes unregistered, so with a real carrier its sends ' +
    'to US numbers are refused (sender_not_registered) until it is assigned again. 404 not_found for a use case ' +
    'or number not in this workspace, or a number not assigned to this use case; 503 provider_unavailable when ' +
    'the carrier did not answer (nothing changed; retry).',
  tags: ['compliance'],
  input: z.strictObject({ id: ZUseCaseId, number_id: ZNumberId }),
  output: z.object({ number: ZNumber }),
  successStatus: 200,
  errors: ['not_found', 'provider_unavailable'],
  bodyRequired: false,
  mcp: {
    name: 'unassign_number_from_use_case',
    title: 'Unassign a number from a use case',
    description:
      'Take a number out of its use case; it is unregistered after, and a real carrier refuses its US traffic until ' +
      'it is assigned again.',
    readOnly: false,
    destructive: true,
    openWorld: true,
  },
});

export const submitTollFreeVerification = defineOperation({
  name: 'tollFreeVerifications.create',
  method: 'POST',
  path: '/api/v1/numbers/{id}/toll-free-verification',
  auth: { kind: 'bearer', scope: 'compliance:write' },
  summary: 'Verify a toll-free number',
  description:
    "Submits a toll-free number for verification with the brand behind it and what it will send. The number's " +
    'registration becomes pending, then approved or rejected with reasons (number.registration_updated). A ' +
    'rejected or unregistered number may be submitted again. 404 not_found for a number or brand not in this ' +
    'workspace; 422 invalid_state for a local number (assign it to a use case instead), a released one, or one ' +
    `pending or approved already. ${sandboxDecision} 503 provider_unavailable when the carrier did not answer.`,
  tags: ['compliance'],
  input: z.strictObject({
    id: ZNumberId,
    brand_id: ZBrandId,
    use_case: z.enum(useCaseKinds).describe('What the messages are for'),
    description: ZTrimmedText(40, 4096).describe('What is sent, to whom and why (40-4,096 characters)'),
    sample_messages: ZSampleMessages,
    message_flow: ZMessageFlow,
    monthly_volume: z.number().int().min(1).max(100_000_000).describe('Messages expected a month'),
  }),
  output: z.object({ number: ZNumber }),
  successStatus: 200,
  errors: ['validation_failed', 'not_found', 'invalid_state', 'provider_unavailable'],
  bodyRequired: true,
  mcp: {
    name: 'submit_toll_free_verification',
    title: 'Verify a toll-free number',
    description:
      'Submit a toll-free number (id from list_numbers, type toll_free) for carrier verification with brand_id, ' +
      'use_case, description, 2-5 sample_messages, message_flow and monthly_volume. list_numbers shows its ' +
      'registration move from pending to approved or rejected.',
    readOnly: false,
    destructive: false,
    openWorld: true,
  },
});
