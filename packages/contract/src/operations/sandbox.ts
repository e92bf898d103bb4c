import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZE164, ZPhoneNumber } from '../schemas.ts';
import { ZConversation } from './conversations.ts';
import { ZMessageBody, ZMessageItem } from './messages.ts';
import { ZFundingInvoice } from './onboarding.ts';
import { ZSuppression } from './suppressions.ts';

/**
 * Sandbox-only operations: what the sandbox carrier and sandboxpay would otherwise do on
 * their own, on the agent's request. Each one sends the signed provider webhook the provider would send
 * and waits for its reconciliation, so the answer already shows the effect; none of them exists with a
 * live provider.
 */

const sandboxTags = ['sandbox'] as const;

export const sandboxReportOutcomes = ['fail', 'opt_out'] as const;

export const payInvoice = defineOperation({
  name: 'sandbox.payInvoice',
  method: 'POST',
  path: '/api/v1/sandbox/funding-invoices/{id}/pay',
  auth: { kind: 'bearer', scope: 'onboarding:write' },
  summary: 'Pay a funding invoice (sandbox)',
  description:
    'Settles an open funding invoice of the workspace as a sandboxpay wallet would: the signed funding.completed event ' +
    "of its hosted checkout's pay action, reconciled before the answer, so the invoice is paid and the balance credited. " +
    'Paying a paid invoice again changes nothing; an expired or failed one answers 422 invalid_state.',
  tags: sandboxTags,
  input: z.strictObject({ id: z.string().min(1).max(100).describe('Invoice id from create_funding_invoice') }),
  output: z.object({
    invoice: ZFundingInvoice,
    balance_cents: z.number().int().describe('The prepaid balance after the payment'),
  }),
  successStatus: 200,
  errors: ['onchain_invoice_not_found', 'invalid_state'],
  bodyRequired: false,
  sandboxOnly: true,
  mcp: {
    name: 'sandbox_pay_invoice',
    title: 'Pay a funding invoice (sandbox)',
    description:
      'Sandbox only: pay an open funding invoice from create_funding_invoice, as the sandbox wallet would. ' +
      'Answers the invoice, now paid, and the credited balance: send_message works right after.',
    readOnly: false,
    destructive: false,
  },
});

export const receiveMessage = defineOperation({
  name: 'sandbox.receiveMessage',
  method: 'POST',
  path: '/api/v1/sandbox/inbound-messages',
  auth: { kind: 'bearer', scope: 'messages:write' },
  summary: 'Receive a reply (sandbox)',
  description:
    "A text from `from` to one of the workspace's connected numbers (`to`; by default the number `from` was last " +
    'sent from, else the oldest connected one), posted by the sandbox carrier to the inbound webhook and reconciled ' +
    'before the answer: it is stored in its conversation and reported as message.received. STOP-family keywords ' +
    'opt `from` out workspace-wide, START lifts that. 422 naming `to` when it is not a connected number of the ' +
    'workspace; 422 branded_number_missing when the workspace has none.',
  tags: sandboxTags,
  input: z
    .strictObject({
      from: ZPhoneNumber.describe('The phone number the text comes from, E.164, e.g. +14155550100'),
      to: ZPhoneNumber.optional().describe(
        "The workspace's number it is sent to, E.164; default: the one `from` was last sent from, else the oldest connected",
      ),
      body: ZMessageBody.optional().describe(
        'The text; STOP (or UNSUBSCRIBE, CANCEL, END, QUIT...) alone opts `from` out, START back in. Optional with media_urls.',
      ),
      media_urls: z
        .array(z.url())
        .min(1)
        .max(10)
        .optional()
        .describe('Makes it an inbound MMS: the URLs of its media, as a carrier would give them; kept on the message'),
    })
    .refine((input) => input.body !== undefined || input.media_urls !== undefined, {
      message: 'give body, media_urls or both',
      path: ['body'],
    })
    .meta({ anyOf: [{ required: ['body'] }, { required: ['media_urls'] }] }),
  output: z.object({
    message: ZMessageItem.describe('The inbound message (direction inbound) as get_message shows it'),
    conversation: ZConversation.describe('Its conversation, with whether `from` is now suppressed'),
  }),
  successStatus: 201,
  errors: ['validation_failed', 'branded_number_missing'],
  bodyRequired: true,
  sandboxOnly: true,
  mcp: {
    name: 'sandbox_receive_message',
    title: 'Receive a reply (sandbox)',
    description:
      "Sandbox only: make a phone number text one of the workspace's numbers, as through the carrier. The reply lands " +
      'in its conversation; a STOP reply opts the number out (sends to it are then refused), START opts it back in.',
    readOnly: false,
    destructive: false,
  },
});

export const reportMessage = defineOperation({
  name: 'sandbox.report',
  operationId: 'reportSandboxMessage',
  method: 'POST',
  path: '/api/v1/sandbox/messages/{id}/report',
  auth: { kind: 'bearer', scope: 'messages:write' },
  summary: 'Report a message failed or its recipient opted out (sandbox)',
  description:
    'The sandbox carrier reports on a message of the workspace through the signed provider event route, reconciled ' +
    'before the answer. outcome fail: message.failed with error_code (default carrier_failure); the message fails ' +
    'and is refunded, while it is queued, sending or sent (otherwise 422 invalid_state with current_status). outcome ' +
    'opt_out: recipient.opted_out; the recipient is suppressed workspace-wide (not for a scheduled or canceled ' +
    "message, which no carrier saw). An inbound message id or another workspace's id answers 404.",
  tags: sandboxTags,
  input: z
    .strictObject({
      id: z.string().min(1).max(64).describe('Id of a message you sent (send_message)'),
      outcome: z
        .enum(sandboxReportOutcomes)
        .describe('fail: the carrier reports the message failed; opt_out: the recipient opts out at the carrier'),
      error_code: z
        .string()
        .regex(/^[a-z0-9_]{1,64}$/, 'must be 1-64 lower-case letters, digits or underscores')
        .optional()
        .describe("With outcome fail: the message's error_code, e.g. unreachable (default carrier_failure)"),
    })
    .refine((input) => input.outcome === 'fail' || input.error_code === undefined, {
      path: ['error_code'],
      message: 'is only for outcome fail',
    })
    .meta({ dependentSchemas: { error_code: { properties: { outcome: { const: 'fail' } } } } }),
  output: z.object({
    message: ZMessageItem.describe('The message after the report, as get_message shows it'),
    suppression: ZSuppression.nullable().describe("The recipient's workspace suppression; null when never suppressed"),
  }),
  successStatus: 200,
  errors: ['not_found', 'invalid_state'],
  bodyRequired: true,
  sandboxOnly: true,
  mcp: {
    name: 'sandbox_report',
    title: 'Fail a message or opt its recipient out (sandbox)',
    description:
      'Sandbox only: the carrier reports a message you sent as failed (outcome fail, with error_code; refunded) or ' +
      'its recipient as opted out (outcome opt_out; further sends to them are refused). Try your failure handling.',
    readOnly: false,
    destructive: true,
  },
});

export const listRecipients = defineOperation({
  name: 'sandbox.recipients',
  operationId: 'listSandboxRecipients',
  method: 'GET',
  path: '/api/v1/sandbox/recipients',
  auth: { kind: 'bearer', scope: 'messages:read' },
  summary: 'List the scripted recipients (sandbox)',
  description:
    'The reserved numbers whose sends the sandbox carrier scripts: a reply with a fixed text or a one-time code, ' +
    'STOP, HELP, a landline, carrier filtering, late, out-of-order or missing delivery reports. Each script runs ' +
    "through the signed provider webhook routes, as a real carrier's reports do. Any other number is sent, then " +
    'delivered.',
  tags: sandboxTags,
  input: z.strictObject({}),
  output: z.object({
    recipients: z.array(
      z.object({
        phone_number: ZE164.describe('Send to this number (E.164)'),
        behaviour: z.string().describe('What the sandbox carrier does with a message sent to it'),
      }),
    ),
  }),
  successStatus: 200,
  errors: [],
  bodyRequired: false,
  sandboxOnly: true,
  mcp: {
    name: 'sandbox_recipients',
    title: 'List the scripted recipients (sandbox)',
    description:
      'Sandbox only: numbers to send_message to when testing what real phones do: reply (then wait_for_reply), send ' +
      'a one-time code, STOP or HELP, be a landline, get filtered by the carrier, report late, out of order or never.',
    readOnly: true,
    destructive: false,
  },
});
