import { operations } from '@textline/contract';
import { createApiKeyToken } from '../domain/accounts.ts';
import { provisionDedicatedNumber, submitBrandedRequest } from '../domain/branded-request.ts';
import { createFundingInvoice, getFundingInvoice } from '../domain/funding.ts';
import { tokenSender } from '../domain/messages/send.ts';
import { getOnboardingStatus, sendTestSms } from '../domain/onboarding.ts';
import { bearer } from './handler.ts';

export const onboardingHandlers = {
  createApiKey: bearer(operations['onboarding.createApiKey'], async ({ ctx, input }) => ({
    token: await createApiKeyToken(ctx.services, ctx.auth, input.name),
  })),
  status: bearer(operations['onboarding.status'], ({ ctx }) => getOnboardingStatus(ctx.services, ctx.auth.workspaceId)),
  testSms: bearer(operations['onboarding.testSms'], async ({ ctx, input }) => ({
    message: await sendTestSms(ctx.services, tokenSender(ctx.auth), input.phone_number),
  })),
  createFundingInvoice: bearer(operations['onboarding.createFundingInvoice'], async ({ ctx, input }) => ({
    invoice: await createFundingInvoice(ctx.services, ctx.auth.workspaceId, input.amount_cents),
  })),
  getFundingInvoice: bearer(operations['onboarding.getFundingInvoice'], async ({ ctx, input }) => ({
    invoice: await getFundingInvoice(ctx.services, ctx.auth.workspaceId, input.id),
  })),
  submitBrandedRequest: bearer(operations['onboarding.submitBrandedRequest'], async ({ ctx, input }) => ({
    branded_request: await submitBrandedRequest(ctx.services, ctx.auth.workspaceId, input),
  })),
  provisionDedicatedNumber: bearer(operations['onboarding.provisionDedicatedNumber'], ({ ctx }) =>
    provisionDedicatedNumber(ctx.services, ctx.auth.workspaceId),
  ),
};
