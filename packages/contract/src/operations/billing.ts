import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZNextCursor, ZPageQuery } from '../pagination.ts';
import { ZId } from '../ids.ts';
import { ZTimestamp } from '../schemas.ts';

/** Every kind of ledger entry the service writes: the ledger list's kind filter takes exactly these. */
export const ledgerEntryKinds = [
  'send_debit',
  'send_refund',
  'funding_credit',
  'number_purchase',
  'number_purchase_refund',
  'operator_credit',
  'operator_debit',
] as const;
export type TLedgerEntryKind = (typeof ledgerEntryKinds)[number];

/** The longest range GET /api/v1/usage reports at once, in days (a leap year). */
export const usageMaxDays = 366;
export const usageGranularities = ['day', 'month'] as const;

/** Balances are in cents of US dollars; funding invoices are paid in a dollar stablecoin. */
export const balanceCurrency = 'USD';

export const ZBalance = z.object({
  balance_cents: z.number().int().describe('Prepaid balance in cents: what sends, numbers and refunds left of the funding'),
  spend_today_cents: z
    .number()
    .int()
    .describe('Cost of the sends accepted today (UTC day), less the refunds of those of them that failed or were canceled'),
  spend_cap_cents: z.number().int().describe('Daily cap on spend_today_cents; a send that would pass it is refused'),
  spend_remaining_today_cents: z
    .number()
    .int()
    .describe('What can still be spent today under the cap (never negative); the balance limits sends too'),
  currency: z.literal(balanceCurrency).describe('Currency of every amount: USD'),
});
export type TBalance = z.infer<typeof ZBalance>;

export const ZLedgerEntry = z.object({
  id: ZId('ledgerEntry'),
  kind: z
    .enum(ledgerEntryKinds)
    .describe(
      'send_debit (a send accepted), send_refund (a send that failed or was canceled, paid back), funding_credit (a ' +
        'funding invoice paid), number_purchase, number_purchase_refund, operator_credit, operator_debit',
    ),
  amount_cents: z.number().int().describe('Positive for a credit, negative for a debit'),
  balance_after_cents: z.number().int().describe('The balance right after this entry'),
  reference: z.string().describe('Unique reference: posting the same reference twice changes nothing'),
  message_id: ZId('message').nullable().describe('The message a send_debit or send_refund is for; null otherwise'),
  invoice_id: ZId('fundingInvoice').nullable().describe('The funding invoice a funding_credit paid; null otherwise'),
  created_at: ZTimestamp,
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

export const ZUsagePeriod = z.object({
  period_start: z.iso.date().describe('First day of the period (YYYY-MM-DD, UTC): the day, or the first day of the month'),
  sent: z
    .number()
    .int()
    .describe('Messages accepted for sending in the period, whatever became of them, less those canceled before they went out'),
  delivered: z.number().int().describe('Of the messages accepted in the period, those the carrier reported delivered'),
  failed: z.number().int().describe('Of the messages accepted in the period, those that failed (each refunded)'),
  inbound: z.number().int().describe('Messages received in the period (replies, STOP)'),
  segments: z.number().int().describe('SMS segments of the messages counted in sent'),
  cost_cents: z.number().int().describe('Debited for the sends accepted in the period (send_debit entries)'),
  refunds_cents: z
    .number()
    .int()
    .describe('Paid back in the period for sends that failed or were canceled (send_refund entries), whenever accepted'),
});
export type TUsagePeriod = z.infer<typeof ZUsagePeriod>;

const ZCreatedBound = z.iso.datetime({ offset: true });
const ZUsageDate = z.iso.date().describe('A UTC calendar day, YYYY-MM-DD');

const readScope = { kind: 'bearer', scope: 'billing:read' } as const;
const billingTags = ['billing'] as const;

export const getBalance = defineOperation({
  name: 'balance.get',
  method: 'GET',
  path: '/api/v1/balance',
  auth: readScope,
  summary: 'Get the balance and the spend of the day',
  description:
    'The prepaid balance, what was spent today (UTC day) and the daily spend cap with what remains of it. A send ' +
    'needs its cost in the balance (else 402 insufficient_balance) and within the remaining spend (else ' +
    'spend_limit_exceeded).',
  tags: billingTags,
  input: z.strictObject({}),
  output: ZBalance,
  successStatus: 200,
  errors: [],
  bodyRequired: false,
  mcp: {
    name: 'get_balance',
    title: 'Get the balance',
    description:
      'Check how much can be sent: the prepaid balance in cents, the spend of today (UTC day), the daily spend cap and ' +
      'what remains of it today. A send needs its cost (preview_message tells it) within both the balance and the ' +
      'remaining spend; when the balance is short, fund it with create_funding_invoice.',
    readOnly: true,
    destructive: false,
  },
});

export const listLedgerEntries = defineOperation({
  name: 'ledger.list',
  operationId: 'listLedgerEntries',
  method: 'GET',
  path: '/api/v1/ledger',
  auth: readScope,
  summary: 'List ledger entries',
  description:
    'Every credit and debit of the prepaid balance, newest first, each with the balance it left. Filter by kind, ' +
    'created_after (inclusive) and created_before (exclusive); pass next_cursor back as cursor.',
  tags: billingTags,
  input: z.strictObject({
    kind: z.enum(ledgerEntryKinds).optional().describe('Only entries of this kind'),
    created_after: ZCreatedBound.optional().describe('Only entries created at or after this time (ISO 8601 with offset)'),
    created_before: ZCreatedBound.optional().describe('Only entries created before this time (ISO 8601 with offset)'),
    ...ZPageQuery,
  }),
  output: z.object({ entries: z.array(ZLedgerEntry), next_cursor: ZNextCursor }),
  successStatus: 200,
  errors: ['validation_failed'],
  bodyRequired: false,
  mcp: {
    name: 'list_ledger_entries',
    title: 'List ledger entries',
    description:
      'List the credits and debits of the prepaid balance, newest first, each with balance_after_cents: funding ' +
      'credits (with invoice_id), send debits and refunds (with message_id), number purchases and operator ' +
      'adjustments. Filter with kind, created_after and created_before (ISO 8601); page with cursor = next_cursor.',
    readOnly: true,
    destructive: false,
  },
});

export const getUsage = defineOperation({
  name: 'usage.get',
  method: 'GET',
  path: '/api/v1/usage',
  auth: readScope,
  summary: 'Get usage by day or month',
  description:
    `Messages and spend per day or per month from \`from\` to \`to\` (both included, UTC, at most ${usageMaxDays} ` +
    'days), oldest first, one period for each day or month that had activity. A message counts in the period it ' +
    'was accepted or received in, with its status now; refunds count in the period they were paid back in. With ' +
    'granularity month, the first and last months count only the days from `from` to `to`.',
  tags: billingTags,
  input: z.strictObject({
    from: ZUsageDate.describe('First day of the report (YYYY-MM-DD, UTC), included'),
    to: ZUsageDate.describe(`Last day of the report (YYYY-MM-DD, UTC), included; from..to holds at most ${usageMaxDays} days`),
    granularity: z.enum(usageGranularities).default('day').describe('day (the default) or month'),
  }),
  output: z.object({ periods: z.array(ZUsagePeriod) }),
  successStatus: 200,
  errors: ['validation_failed'],
  bodyRequired: false,
  mcp: {
    name: 'get_usage',
    title: 'Get usage',
    description:
      'Report messages sent, delivered, failed and received, segments, cost and refunds per day or per month ' +
      `between from and to (YYYY-MM-DD, UTC, both included, at most ${usageMaxDays} days apart), oldest first; ` +
      'periods without activity are left out. Use it to answer what was sent and spent over a time.',
    readOnly: true,
    destructive: false,
  },
});
