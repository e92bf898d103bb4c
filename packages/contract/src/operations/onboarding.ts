import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZId } from '../ids.ts';
import { httpUrlPattern, ZE164, ZPhoneNumber, ZTimestamp, ZTrimmedText } from '../schemas.ts';
import { messageStatuses } from '../statuses.ts';
import { ZMessageAccepted } from './messages.ts';
import { ZNumberCreated } from './numbers.ts';

export const fundingInvoiceStatuses = ['open', 'paid', 'expired', 'failed'] as const;

export const ZFundingInvoice = z.object({
  id: ZId('fundingInvoice'),
  status: z.enum(fundingInvoiceStatuses).describe('open until paid or past expires_at'),
  amount_cents: z.number().int(),
  currency: z.string().describe('Stablecoin to pay in, e.g. USDC'),
  network: z.string().describe('Chain to pay on, e.g. base'),
  pay_to: z.string().describe('Address to send exactly the amount to'),
  session_id: z.string().describe("The funding provider's session id; funding events name it"),
  hosted_url: z.string().describe('Payment page of the funding provider'),
  expires_at: ZTimestamp,
  paid_at: ZTimestamp.nullable(),
  created_at: ZTimestamp,
});
export type TFundingInvoice = z.infer<typeof ZFundingInvoice>;

// Case-insensitive by its classes rather than a flag, which a JSON Schema pattern cannot carry.
const optOutWording = /\b([Ss][Tt][Oo][Pp]|[Uu][Nn][Ss][Uu][Bb][Ss][Cc][Rr][Ii][Bb][Ee]|[Oo][Pp][Tt][ -]?[Oo][Uu][Tt])\b/;

/**
 * The smallest funding invoice unless the operator sets FUNDING_MINIMUM_CENTS: openapi.json and the tool
 * schemas state it as amount_cents' minimum, and amount_below_minimum answers the deployment's own.
 */
export const defaultFundingMinimumCents = 500;

export const ZBrandedRequestInput = z.strictObject({
  legal_name: ZTrimmedText(2, 200).optional().describe('Registered legal name of the business'),
  website: z
    .url({ protocol: /^https?$/, hostname: z.regexes.domain })
    .max(300)
    .meta({ pattern: httpUrlPattern })
    .optional()
    .describe('Public http(s) website of the business'),
  use_case: ZTrimmedText(20, 1000).optional().describe('What the messages are for and who receives them'),
  sample_messages: z
    .array(z.string().trim().min(1).max(320).regex(optOutWording, 'must include opt-out wording, e.g. "Reply STOP to opt out"'))
    .min(1)
    .max(5)
    .optional()
    .describe('1-5 example messages, each with opt-out wording such as "Reply STOP to opt out"'),
  contact: z
    .strictObject({
      name: ZTrimmedText(1, 200),
      email: z.email(),
      phone_number: ZPhoneNumber.optional(),
    })
    .optional()
    .describe('Who the carrier may contact about the registration'),
});
export type TBrandedRequestInput = z.infer<typeof ZBrandedRequestInput>;

export const brandedRequestFields = ['legal_name', 'website', 'use_case', 'sample_messages', 'contact'] as const;

export const brandedRequestStatuses = ['incomplete', 'submitted', 'provisioning', 'provisioned'] as const;

export const ZBrandedRequest = z.object({
  status: z
    .enum(brandedRequestStatuses)
    .describe('incomplete until every field is given; submitted when a dedicated number can be provisioned'),
  missing_fields: z.array(z.enum(brandedRequestFields)),
  legal_name: z.string().nullable(),
  website: z.string().nullable(),
  use_case: z.string().nullable(),
  sample_messages: z.array(z.string()),
  contact: z.object({ name: z.string(), email: z.string(), phone_number: ZE164.nullable() }).nullable(),
  dedicated_number: ZE164.nullable(),
  updated_at: ZTimestamp,
});
export type TBrandedRequest = z.infer<typeof ZBrandedRequest>;

/**
 * What an agent should do next, decided in this order: fund the balance (create, then pay an
 * invoice), get a sender (a complete branded request leads to the dedicated number, an incomplete
 * one to completing it, otherwise buy a number), send the test SMS, then ready.
 */
export const nextActions = [
  'create_funding_invoice',
  'pay_funding_invoice',
  'submit_branded_request',
  'provision_dedicated_number',
  'buy_number',
  'send_test_sms',
  'ready',
] as const;
export type NextAction = (typeof nextActions)[number];

export const ZOnboardingStatus = z.object({
  balance_cents: z.number().int(),
  funding: z.object({
    funded: z.boolean().describe('Whether the prepaid balance is above zero'),
    minimum_cents: z.number().int().describe('Smallest amount a funding invoice accepts'),
    latest_invoice: ZFundingInvoice.nullable(),
  }),
  numbers: z.object({
    connected: z.number().int().describe('Connected sender numbers'),
    dedicated_number: ZE164.nullable(),
  }),
  branded_request: z.object({
    status: z.enum(['not_submitted', ...brandedRequestStatuses]),
    missing_fields: z.array(z.enum(brandedRequestFields)),
  }),
  test_sms: z.object({
    status: z
      .enum(['not_sent', ...messageStatuses])
      .describe('not_sent, or the status of the latest test message (queued, sent, delivered, failed)'),
    message_id: ZId('message').nullable(),
    sent_at: ZTimestamp.nullable(),
  }),
  next_action: z.object({
    action: z.enum(nextActions),
    hint: z.string().describe('What to do, in a sentence'),
    method: z.enum(['GET', 'POST']),
    path: z.string().describe('The REST route that performs the action'),
    mcp_tool: z.string().describe('The MCP tool that performs the action'),
  }),
});
export type TOnboardingStatus = z.infer<typeof ZOnboardingStatus>;

export const getOnboardingStatus = defineOperation({
  name: 'onboarding.status',
  operationId: 'getOnboardingStatus',
  method: 'GET',
  path: '/api/v1/onboarding',
  auth: { kind: 'bearer', scope: 'onboarding:read' },
  summary: 'Onboarding status and next action',
  description:
    'Balance, funding, numbers, branded-request and test-SMS state, and next_action: the one step to take next ' +
    '(with its route and MCP tool) on the way to a workspace that can send.',
  tags: ['onboarding'],
  input: z.object({}),
  output: ZOnboardingStatus,
  successStatus: 200,
  errors: [],
  bodyRequired: false,
  mcp: {
    name: 'get_onboarding_status',
    title: 'Onboarding status',
    description:
      'Where the workspace stands on the way to sending: balance, funding invoice, numbers, branded request, ' +
      'test SMS, and next_action naming the tool to call next. Call this first when unsure what to do.',
    readOnly: true,
    destructive: false,
  },
});

export const sendTestSms = defineOperation({
  name: 'onboarding.testSms',
  operationId: 'sendTestSms',
  method: 'POST',
  path: '/api/v1/onboarding/test-sms',
  auth: { kind: 'bearer', scope: 'onboarding:write' },
  summary: 'Send a test SMS',
  description:
    'Sends a fixed test text to phone_number through the normal send pipeline (balance, spend cap, suppressions ' +
    'and the per-token send rate limit apply). 202 with the queued message.',
  tags: ['onboarding'],
  input: z.strictObject({ phone_number: ZPhoneNumber }),
  output: z.object({ message: ZMessageAccepted }),
  successStatus: 202,
  errors: ['validation_failed', 'insufficient_balance', 'spend_limit_exceeded', 'workspace_suppressed', 'branded_number_missing'],
  // The same per-token bucket as POST /api/v1/messages: a test SMS is a send.
  rateLimit: 'message_send',
  bodyRequired: true,
  mcp: {
    name: 'send_test_sms',
    title: 'Send a test SMS',
    description:
      'Send a fixed test text to a phone number (E.164, e.g. +14155550100) to check that sending works. ' +
      'Costs like a normal message; needs a funded balance and a connected number.',
    readOnly: false,
    destructive: false,
    openWorld: true,
  },
});

export const createFundingInvoice = defineOperation({
  name: 'onboarding.createFundingInvoice',
  operationId: 'createFundingInvoice',
  method: 'POST',
  path: '/api/v1/onboarding/funding-invoices',
  auth: { kind: 'bearer', scope: 'onboarding:write' },
  summary: 'Create a stablecoin funding invoice',
  description:
    'Creates an invoice to top up the prepaid balance, or returns the open, unexpired invoice for the same amount. ' +
    'Pay amount_cents in currency on network to pay_to (or via hosted_url); the balance is credited once the ' +
    'provider reports the payment and the invoice turns paid. 422 amount_below_minimum carries minimum_cents.',
  tags: ['onboarding'],
  input: z.strictObject({
    amount_cents: z
      .number()
      .int()
      .max(10_000_000)
      // Not a zod minimum: a smaller amount is amount_below_minimum, which reports the deployment's minimum.
      .meta({ minimum: defaultFundingMinimumCents })
      .describe(
        `Amount to add to the balance in US cents, at least the funding minimum: ${defaultFundingMinimumCents} unless ` +
          'the operator set another (FUNDING_MINIMUM_CENTS); a smaller amount is 422 amount_below_minimum with ' +
          'minimum_cents',
      ),
  }),
  output: z.object({ invoice: ZFundingInvoice }),
  successStatus: 201,
  errors: ['validation_failed', 'amount_below_minimum'],
  bodyRequired: true,
  mcp: {
    name: 'create_funding_invoice',
    title: 'Create a funding invoice',
    description:
      'Create (or reuse the open) stablecoin invoice that adds amount_cents to the prepaid balance. ' +
      'Returns pay_to, network, currency and hosted_url; poll get_funding_invoice until status is paid.',
    readOnly: false,
    destructive: false,
  },
});

export const getFundingInvoice = defineOperation({
  name: 'onboarding.getFundingInvoice',
  operationId: 'getFundingInvoice',
  method: 'GET',
  path: '/api/v1/onboarding/funding-invoices/{id}',
  auth: { kind: 'bearer', scope: 'onboarding:read' },
  summary: 'Get a funding invoice',
  description: 'One funding invoice of the workspace; 404 onchain_invoice_not_found for any other id.',
  tags: ['onboarding'],
  input: z.object({ id: z.string().min(1).max(100).describe('Invoice id from create_funding_invoice') }),
  output: z.object({ invoice: ZFundingInvoice }),
  successStatus: 200,
  errors: ['onchain_invoice_not_found'],
  bodyRequired: false,
  mcp: {
    name: 'get_funding_invoice',
    title: 'Get a funding invoice',
    description: 'Read a funding invoice by id to see whether it is open, paid or expired.',
    readOnly: true,
    destructive: false,
  },
});

export const submitBrandedRequest = defineOperation({
  name: 'onboarding.submitBrandedRequest',
  operationId: 'submitBrandedRequest',
  method: 'POST',
  path: '/api/v1/onboarding/branded-request',
  auth: { kind: 'bearer', scope: 'onboarding:write' },
  summary: 'Submit business details for a dedicated number',
  description:
    'Stores the business details a dedicated number needs: legal_name, website, use_case, sample_messages ' +
    '(each with opt-out wording) and contact. Fields may arrive over several calls: each submission replaces the ' +
    'fields it names and keeps the rest. The answer lists missing_fields until the request is complete.',
  tags: ['onboarding'],
  input: ZBrandedRequestInput,
  output: z.object({ branded_request: ZBrandedRequest }),
  successStatus: 200,
  errors: ['validation_failed'],
  bodyRequired: true,
  mcp: {
    name: 'submit_branded_request',
    title: 'Submit dedicated-number details',
    description:
      'Submit or update business details for a dedicated number: legal_name, website, use_case, ' +
      'sample_messages (each must include opt-out wording like "Reply STOP to opt out") and contact {name, email}. ' +
      'Omitted fields keep their earlier value; the result lists missing_fields.',
    readOnly: false,
    destructive: false,
  },
});

export const provisionDedicatedNumber = defineOperation({
  name: 'onboarding.provisionDedicatedNumber',
  operationId: 'provisionDedicatedNumber',
  method: 'POST',
  path: '/api/v1/onboarding/dedicated-number',
  auth: { kind: 'bearer', scope: 'onboarding:write' },
  summary: 'Provision the dedicated number',
  description:
    'Buys and connects the dedicated number once the branded request is complete and a funding invoice is paid. ' +
    '403 forbidden without a branded request; 422 validation_failed while it is incomplete; 422 ' +
    'dedicated_number_already_provisioned the second time; 402 insufficient_balance until funding is paid.',
  tags: ['onboarding'],
  input: z.strictObject({}),
  output: ZNumberCreated,
  successStatus: 201,
  errors: [
    'forbidden',
    'validation_failed',
    'dedicated_number_already_provisioned',
    'insufficient_balance',
    'number_unavailable',
  ],
  bodyRequired: false,
  mcp: {
    name: 'provision_dedicated_number',
    title: 'Provision the dedicated number',
    description:
      'Provision the workspace dedicated number after submit_branded_request is complete and a funding invoice ' +
      'is paid. Takes no arguments; succeeds once per workspace.',
    readOnly: false,
    destructive: false,
    openWorld: true,
  },
});
