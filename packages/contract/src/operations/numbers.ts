import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZTimestamp } from '../schemas.ts';

export const webhookNotConfiguredWarning = 'provider_inbound_webhook_configuration_api_not_documented';

export const ZNumber = z.object({
  id: z.string(),
  number: z.string().describe('The phone number in E.164 format'),
  friendly_name: z.string(),
  status: z.string().describe('connected when the number can send'),
  compliance_status: z.string().describe('pending until the carrier registration is approved'),
  dedicated: z.boolean().describe('true for the number provisioned through the branded (dedicated-number) request'),
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
    'Buys a number through the messaging provider, preferring area_code, and connects it to the workspace with ' +
    'compliance pending. Costs the configured number price from the prepaid balance (402 insufficient_balance ' +
    'when it is too small). A live (non-sandbox) purchase needs the operator guardrail ALLOW_LIVE_NUMBER_PURCHASE=1 ' +
    '(403 forbidden otherwise). 422 number_unavailable when the provider has no matching number.',
  tags: ['numbers'],
  input: z.strictObject({
    area_code: z
      .string()
      .regex(/^[2-9]\d{2}$/, 'must be a three-digit area code, e.g. 415')
      .optional()
      .describe('Preferred three-digit area code for a local number'),
    friendly_name: z.string().trim().min(1).max(64).optional().describe('Label; defaults to the number itself'),
  }),
  output: ZNumberCreated,
  successStatus: 201,
  errors: ['validation_failed', 'number_unavailable', 'forbidden', 'insufficient_balance'],
  bodyRequired: false,
  mcp: {
    name: 'buy_number',
    title: 'Buy a phone number',
    description:
      'Buy a sender phone number for the workspace, optionally in a given area_code. Needed before sending. ' +
      'May cost prepaid balance; on number_unavailable retry with another or no area_code.',
    readOnly: false,
    destructive: false,
    openWorld: true,
  },
});
