import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZId } from '../ids.ts';
import { ZE164, ZTimestamp, ZTrimmedText } from '../schemas.ts';

export const webhookNotConfiguredWarning = 'provider_inbound_webhook_configuration_api_not_documented';

/** A number's life: bought connected; releasing while the provider takes it back; released for good. */
export const numberStatuses = ['connected', 'releasing', 'released'] as const;
export type TNumberStatus = (typeof numberStatuses)[number];

/** pending until the carrier registration is approved. */
export const numberComplianceStatuses = ['pending', 'approved'] as const;

/** A local (10DLC) number is registered under a use case; a toll-free one by its own verification. */
export const numberTypes = ['local', 'toll_free'] as const;
export type TNumberType = (typeof numberTypes)[number];

/** Where a registration (a number's, a brand's, a use case's) stands with the carriers. */
export const numberRegistrationStatuses = ['unregistered', 'pending', 'approved', 'rejected'] as const;
export type TNumberRegistrationStatus = (typeof numberRegistrationStatuses)[number];

/** One reason the carriers gave for a rejection: what is wrong, with which field, and how to fix it. */
export const ZRegistrationReason = z.object({
  code: z.string().describe('A stable name for the reason, e.g. tax_id_mismatch'),
  field: z.string().nullable().describe('The field of the submission to correct, e.g. tax_id; null when none is named'),
  message: z.string(),
  fix: z.string().describe('What to do, naming the route and the MCP tool'),
});
export type TRegistrationReason = z.infer<typeof ZRegistrationReason>;

export const ZNumberRegistration = z
  .object({
    status: z
      .enum(numberRegistrationStatuses)
      .describe(
        'approved when the carriers accept traffic from the number; pending while its use case or toll-free ' +
          'verification is decided; rejected with reasons; unregistered when it has neither',
      ),
    use_case_id: ZId('useCase')
      .nullable()
      .describe('The use case (ucs_...) a local number is assigned to; null for a toll-free or unassigned number'),
    reasons: z.array(ZRegistrationReason).describe('Why the registration was rejected; empty otherwise'),
  })
  .describe(
    'The carrier registration of the traffic from this number. With a real carrier a send to a US number from a ' +
      'number whose registration is not approved is refused (422 sender_not_registered).',
  );
export type TNumberRegistration = z.infer<typeof ZNumberRegistration>;

export const numberHealthStatuses = ['healthy', 'failing'] as const;

export const ZNumberHealth = z
  .object({
    status: z
      .enum(numberHealthStatuses)
      .describe(
        'failing after a run of SENDER_FAILURE_THRESHOLD of its own carrier errors within SENDER_FAILURE_WINDOW_SECONDS ' +
          '(sender_queue_full, sender_limit_reached, branded_number_missing): sender pools skip it and move its waiting ' +
          'messages to a healthy number until failing_until; healthy otherwise',
      ),
    recent_errors: z
      .number()
      .int()
      .describe(
        "Its own carrier errors in the current run (the one that made it failing, while it is); 0 when the run's window " +
          'has passed or a delivery from it ended the run',
      ),
    first_error_at: ZTimestamp.nullable().describe('When the current run of errors began; null when recent_errors is 0'),
    failing_until: ZTimestamp.nullable().describe('While failing, when it becomes a sender again; null when healthy'),
  })
  .describe("The number's health at the carrier, as sender selection and failover judge it (docs/sending.md#failover)");
export type TNumberHealth = z.infer<typeof ZNumberHealth>;

export const ZNumber = z.object({
  id: ZId('number'),
  number: ZE164.describe('The phone number in E.164 format'),
  friendly_name: z.string().describe('Your label for the number; the number itself unless you set one'),
  status: z
    .enum(numberStatuses)
    .describe(
      'connected when the number can send; releasing while the provider takes it back; released once given back ' +
        '(it never sends again)',
    ),
  compliance_status: z
    .enum(numberComplianceStatuses)
    .describe('approved once registration.status is approved, else pending (registration has the details)'),
  type: z.enum(numberTypes).describe('local (a 10DLC long code) or toll_free'),
  registration: ZNumberRegistration,
  dedicated: z.boolean().describe('true for the number provisioned through the branded (dedicated-number) request'),
  throughput_per_second: z
    .number()
    .describe(
      'Segments a second the carrier takes from this number, the pace its sends are handed over at: 1 for a local ' +
        "number, 3 for a toll-free one, its approved use case's messages_per_minute / 60 once registered, or the operator's setting",
    ),
  health: ZNumberHealth,
  created_at: ZTimestamp,
});
export type TNumber = z.infer<typeof ZNumber>;

export const ZNumberCreated = z.object({
  number: ZNumber,
  webhook_configured: z.boolean().describe("Whether the provider's inbound-message webhook now points at this service"),
  warning: z
    .literal(webhookNotConfiguredWarning)
    .optional()
    .describe('Present when the provider cannot configure inbound routing; configure it in the provider console'),
});
export type TNumberCreated = z.infer<typeof ZNumberCreated>;

const ZAreaCode = z.string().regex(/^[2-9]\d{2}$/, 'must be a three-digit area code, e.g. 415');
const ZFriendlyName = ZTrimmedText(1, 64);
const ZNumberId = z.string().min(1).max(64).describe('Number id (pn_...), from list_numbers / GET /api/v1/numbers');

export const ZAvailableNumber = z.object({
  number: ZE164.describe('The phone number in E.164 format; buy exactly this one with number on buy_number'),
  region: z
    .string()
    .nullable()
    .describe(
      'Where the number is, as the provider names it (a US state or Canadian province code, e.g. CA); null when it names none',
    ),
  capabilities: z.object({ sms: z.boolean(), mms: z.boolean(), voice: z.boolean() }).describe('What the number can do'),
  type: z.enum(numberTypes).describe('local or toll_free'),
});
export type TAvailableNumber = z.infer<typeof ZAvailableNumber>;

export const listNumbers = defineOperation({
  name: 'numbers.list',
  method: 'GET',
  path: '/api/v1/numbers',
  auth: { kind: 'bearer', scope: 'numbers:read' },
  summary: "List the workspace's phone numbers",
  description: 'Every number of the workspace with its status and compliance status, oldest first.',
  tags: ['numbers'],
  input: z.object({}),
  output: z.object({ numbers: z.array(ZNumber) }),
  successStatus: 200,
  errors: [],
  bodyRequired: false,
  mcp: {
    name: 'list_numbers',
    title: 'List phone numbers',
    description:
      "List the workspace's sender phone numbers with status and compliance_status. Messages are sent from " +
      'connected numbers; if the list is empty, buy one with buy_number.',
    readOnly: true,
    destructive: false,
  },
});

export const createNumber = defineOperation({
  name: 'numbers.create',
  method: 'POST',
  path: '/api/v1/numbers',
  auth: { kind: 'bearer', scope: 'numbers:write' },
  summary: 'Buy a phone number',
  description:
    'Buys a number through the messaging provider, exactly `number` (one GET /api/v1/numbers/available offered) ' +
    'or any number of `type` (local or toll_free), preferring area_code, and connects it to the workspace. A real ' +
    "carrier's numbers start unregistered: assign a local one to an approved use case (POST " +
    '/api/v1/use-cases/{id}/numbers) or verify a toll-free one (POST /api/v1/numbers/{id}/toll-free-verification) ' +
    'before sending to US numbers. The sandbox sells them pre-approved. Costs the ' +
    'configured number price from the prepaid balance (402 insufficient_balance when it is too small). A live ' +
    '(non-sandbox) purchase needs the operator guardrail ALLOW_LIVE_NUMBER_PURCHASE=1 (403 forbidden otherwise). ' +
    '422 number_unavailable when the provider has no matching number or `number` was sold meanwhile (nothing is ' +
    'charged); 503 provider_unavailable when the provider did not answer.',
  tags: ['numbers'],
  input: z
    .strictObject({
      area_code: ZAreaCode.optional().describe('Preferred three-digit area code for a local number'),
      number: z
        .string()
        .regex(/^\+[1-9]\d{7,14}$/, 'must be a phone number in E.164 format, e.g. +14155550100')
        .optional()
        .describe('Buy exactly this number, one that search_available_numbers (GET /api/v1/numbers/available) offered'),
      friendly_name: ZFriendlyName.optional().describe('Label; defaults to the number itself'),
      type: z
        .enum(numberTypes)
        .default('local')
        .describe('local (default) or toll_free; with `number`, the type that number is (search with the same type)'),
      registration: z
        .literal('unregistered')
        .optional()
        .describe(
          'The sandbox sells numbers pre-approved under its sandbox use case; "unregistered" buys one without, to ' +
            'try the sender_not_registered refusal. A real carrier sells every number unregistered.',
        ),
    })
    .refine((input) => !input.number || !input.area_code || input.number.startsWith(`+1${input.area_code}`), {
      message: 'does not match the area code of number; send one of them',
      path: ['area_code'],
    }),
  output: ZNumberCreated,
  successStatus: 201,
  errors: ['validation_failed', 'number_unavailable', 'forbidden', 'insufficient_balance', 'provider_unavailable'],
  bodyRequired: false,
  mcp: {
    name: 'buy_number',
    title: 'Buy a phone number',
    description:
      'Buy a sender phone number for the workspace: exactly `number` (one search_available_numbers offered), or ' +
      'any number, optionally in a given area_code. Needed before sending. May cost prepaid balance; on ' +
      'number_unavailable search again or retry with another or no area_code.',
    readOnly: false,
    destructive: false,
    openWorld: true,
  },
});

export const searchAvailableNumbers = defineOperation({
  name: 'numbers.searchAvailable',
  operationId: 'searchAvailableNumbers',
  method: 'GET',
  path: '/api/v1/numbers/available',
  auth: { kind: 'bearer', scope: 'numbers:read' },
  summary: 'Search the numbers the provider offers',
  description:
    'The numbers of `type` (local by default, or toll_free) the messaging provider has for sale right now, in ' +
    'area_code if given and containing the ' +
    'digits of `contains` if given, at most `limit`. Buys nothing and costs nothing; buy one with POST ' +
    '/api/v1/numbers and its `number`. Another buyer may take a number between the search and the purchase ' +
    '(422 number_unavailable then). An empty list means nothing matches. 503 provider_unavailable when the ' +
    'provider did not answer.',
  tags: ['numbers'],
  input: z.strictObject({
    // Described before optional(): a query parameter's description is read from the inner schema.
    area_code: ZAreaCode.describe('Three-digit area code the numbers are in').optional(),
    contains: z
      .string()
      .regex(/^\d{2,10}$/, 'must be 2 to 10 digits, e.g. 555 or 2024')
      .describe('Digits the number must contain, e.g. 2024')
      .optional(),
    limit: z.coerce.number().int().min(1).max(50).default(20).describe('How many numbers at most, 1-50 (default 20)'),
    type: z.enum(numberTypes).describe('local (default) or toll_free').default('local'),
  }),
  output: z.object({ available_numbers: z.array(ZAvailableNumber) }),
  successStatus: 200,
  errors: ['validation_failed', 'provider_unavailable'],
  bodyRequired: false,
  mcp: {
    name: 'search_available_numbers',
    title: 'Search numbers for sale',
    description:
      'List phone numbers the provider offers now (type local or toll_free), optionally in an area_code and ' +
      'containing some digits (contains). Free and without side effects. Pass one of the numbers as number to buy_number to buy exactly it.',
    readOnly: true,
    destructive: false,
    openWorld: true,
  },
});

export const getNumber = defineOperation({
  name: 'numbers.get',
  method: 'GET',
  path: '/api/v1/numbers/{id}',
  auth: { kind: 'bearer', scope: 'numbers:read' },
  summary: 'Get a phone number',
  description:
    'One number of the workspace: its status, type, registration, pace (throughput_per_second) and health. ' +
    '404 not_found for an id not in this workspace.',
  tags: ['numbers'],
  input: z.strictObject({ id: ZNumberId }),
  output: z.object({ number: ZNumber }),
  successStatus: 200,
  errors: ['not_found'],
  bodyRequired: false,
  mcp: {
    name: 'get_number',
    title: 'Get a phone number',
    description: "One phone number's registration, pace and health. Get ids from list_numbers.",
    readOnly: true,
    destructive: false,
  },
});

export const updateNumber = defineOperation({
  name: 'numbers.update',
  method: 'PATCH',
  path: '/api/v1/numbers/{id}',
  auth: { kind: 'bearer', scope: 'numbers:write' },
  summary: 'Rename a phone number',
  description: "Sets the number's friendly_name, your label for it. 404 not_found for an id not in this workspace.",
  tags: ['numbers'],
  input: z.strictObject({
    id: ZNumberId,
    friendly_name: ZFriendlyName.describe('New label, 1-64 characters'),
  }),
  output: z.object({ number: ZNumber }),
  successStatus: 200,
  errors: ['validation_failed', 'not_found'],
  bodyRequired: true,
  mcp: {
    name: 'update_number',
    title: 'Rename a phone number',
    description: "Set a phone number's friendly_name (a label, 1-64 characters). Get ids from list_numbers.",
    readOnly: false,
    destructive: false,
  },
});

export const releaseNumber = defineOperation({
  name: 'numbers.release',
  method: 'DELETE',
  path: '/api/v1/numbers/{id}',
  auth: { kind: 'bearer', scope: 'numbers:write' },
  summary: 'Release a phone number',
  description:
    'Gives the number back to the messaging provider and marks it released: it never sends again. Recipients who ' +
    'were texted from it get another connected number on their next send, and messages still waiting for dispatch ' +
    '(queued or scheduled) go out from another connected number. Releasing the last connected number is allowed; ' +
    'sends then fail with 422 branded_number_missing until you buy another. Nothing is refunded: the purchase ' +
    'price is spent. Releasing a number that is already released changes nothing and answers 200 with it again. ' +
    '404 not_found for an id not in this workspace; 503 provider_unavailable when the provider did not answer ' +
    '(the number stays connected; retry).',
  tags: ['numbers'],
  input: z.strictObject({ id: ZNumberId }),
  output: z.object({ number: ZNumber }),
  successStatus: 200,
  errors: ['not_found', 'provider_unavailable'],
  bodyRequired: false,
  mcp: {
    name: 'release_number',
    title: 'Release a phone number',
    description:
      'Give a phone number back to the provider for good: it stops sending at once and other connected numbers ' +
      'take over its recipients and pending messages. No refund. Releasing the last number makes sends fail with ' +
      'branded_number_missing until buy_number. Repeating it is harmless.',
    readOnly: false,
    destructive: true,
    openWorld: true,
  },
});
