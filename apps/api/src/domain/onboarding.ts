import type { NextAction, TFundingInvoice, TMessageAccepted, TMessageStatus, TOnboardingStatus } from '@textline/contract';
import { queryRows } from '@textline/db';
import type { Services } from '../ports.ts';
import { type MessageSource, type Sender, sendMessage } from './messages/send.ts';
import { findBrandedRequest, missingBrandedFields } from './branded-request.ts';
import { latestFundingInvoice, toFundingInvoice } from './funding.ts';
import { latestTestSms } from './onboarding.sql.ts';

// Also named in onboarding.sql (latestTestSms).
const testSmsSource: MessageSource = 'onboarding_test';

export const testSmsBody = 'Textline test message: your number is connected and sending works.';

type NextActionBody = TOnboardingStatus['next_action'];
type BrandedStatus = TOnboardingStatus['branded_request']['status'];

const fundingInvoicesPath = '/api/v1/onboarding/funding-invoices';

const fixedActions = {
  submit_branded_request: {
    hint: 'Complete the branded request: submit the fields listed in branded_request.missing_fields.',
    method: 'POST',
    path: '/api/v1/onboarding/branded-request',
    mcp_tool: 'submit_branded_request',
  },
  provision_dedicated_number: {
    hint: 'The branded request is complete: provision the dedicated number.',
    method: 'POST',
    path: '/api/v1/onboarding/dedicated-number',
    mcp_tool: 'provision_dedicated_number',
  },
  buy_number: {
    hint: 'Buy a sender number (optionally with an area_code); for a branded dedicated number submit a branded request instead.',
    method: 'POST',
    path: '/api/v1/numbers',
    mcp_tool: 'buy_number',
  },
  send_test_sms: {
    hint: 'Send the test SMS to a phone you can check, to confirm that sending works.',
    method: 'POST',
    path: '/api/v1/onboarding/test-sms',
    mcp_tool: 'send_test_sms',
  },
  ready: {
    hint: 'The workspace can send: send messages with POST /api/v1/messages.',
    method: 'POST',
    path: '/api/v1/messages',
    mcp_tool: 'send_message',
  },
} as const satisfies Record<
  Exclude<NextAction, 'create_funding_invoice' | 'pay_funding_invoice'>,
  Omit<NextActionBody, 'action'>
>;

function fixedAction(action: keyof typeof fixedActions): NextActionBody {
  return { action, ...fixedActions[action] };
}

/**
 * The decision order of next_action (first match wins):
 * 1. balance at or below zero: pay the open invoice if there is one, else create one;
 * 2. no connected number: complete an incomplete branded request, provision a complete one, else buy a number;
 * 3. no test SMS yet, or the last one failed: send the test SMS;
 * 4. ready.
 */
function decideNextAction(state: {
  balanceCents: number;
  minimumCents: number;
  invoice: TFundingInvoice | null;
  connectedNumbers: number;
  brandedStatus: BrandedStatus;
  testStatus: TOnboardingStatus['test_sms']['status'];
}): NextActionBody {
  const { invoice } = state;
  if (state.balanceCents <= 0 && invoice?.status === 'open') {
    return {
      action: 'pay_funding_invoice',
      hint:
        `Pay ${invoice.amount_cents} cents in ${invoice.currency} on ${invoice.network} to ${invoice.pay_to} ` +
        `(or at ${invoice.hosted_url}), then read the invoice until its status is paid.`,
      method: 'GET',
      path: `${fundingInvoicesPath}/${invoice.id}`,
      mcp_tool: 'get_funding_invoice',
    };
  }
  if (state.balanceCents <= 0) {
    return {
      action: 'create_funding_invoice',
      hint: `Fund the prepaid balance: create a funding invoice of at least ${state.minimumCents} cents and pay it.`,
      method: 'POST',
      path: fundingInvoicesPath,
      mcp_tool: 'create_funding_invoice',
    };
  }
  if (state.connectedNumbers === 0) {
    if (state.brandedStatus === 'incomplete') return fixedAction('submit_branded_request');
    if (state.brandedStatus === 'submitted') return fixedAction('provision_dedicated_number');
    return fixedAction('buy_number');
  }
  if (state.testStatus === 'not_sent' || state.testStatus === 'failed') return fixedAction('send_test_sms');
  return fixedAction('ready');
}

export async function getOnboardingStatus(
  deps: Pick<Services, 'prisma' | 'sql' | 'clock' | 'config'>,
  workspaceId: string,
): Promise<TOnboardingStatus> {
  const now = deps.clock.now();
  const [workspace, invoiceRow, connectedNumbers, dedicatedNumber, branded, testMessage] = await Promise.all([
    deps.prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { balanceCents: true } }),
    latestFundingInvoice(deps.prisma, workspaceId),
    deps.prisma.phoneNumber.count({ where: { workspaceId, status: 'connected' } }),
    deps.prisma.phoneNumber.findFirst({ where: { workspaceId, dedicated: true }, select: { number: true } }),
    findBrandedRequest(deps, workspaceId),
    queryRows(deps.sql, latestTestSms, [workspaceId]).then(([row]) => row),
  ]);
  const invoice = invoiceRow ? toFundingInvoice(invoiceRow, now) : null;
  const brandedStatus = branded ? (branded.status as BrandedStatus) : 'not_submitted';
  // The status column holds the contract's message statuses.
  const testStatus = (testMessage?.status as TMessageStatus | undefined) ?? 'not_sent';
  const minimumCents = deps.config.fundingMinimumCents;
  return {
    balance_cents: workspace.balanceCents,
    funding: { funded: workspace.balanceCents > 0, minimum_cents: minimumCents, latest_invoice: invoice },
    numbers: { connected: connectedNumbers, dedicated_number: dedicatedNumber?.number ?? null },
    branded_request: { status: brandedStatus, missing_fields: branded ? missingBrandedFields(branded) : [] },
    test_sms: {
      status: testStatus,
      message_id: testMessage?.id ?? null,
      sent_at: testMessage?.created_at.toISOString() ?? null,
    },
    next_action: decideNextAction({
      balanceCents: workspace.balanceCents,
      minimumCents,
      invoice,
      connectedNumbers,
      brandedStatus,
      testStatus,
    }),
  };
}

/** POST /onboarding/test-sms: the fixed text through the normal send pipeline (sendMessage, which applies the send rules). */
export async function sendTestSms(
  deps: Parameters<typeof sendMessage>[0],
  sender: Sender,
  phoneNumber: string,
): Promise<TMessageAccepted> {
  const result = await sendMessage(deps, sender, { phoneNumber, body: testSmsBody }, { source: testSmsSource });
  return result.message;
}
