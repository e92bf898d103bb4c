import { operations } from '@textline/contract';
import { createApiKeyToken } from '../../domain/accounts.ts';
import { provisionDedicatedNumber, submitBrandedRequest } from '../../domain/branded-request.ts';
import { createFundingInvoice, getFundingInvoice } from '../../domain/funding.ts';
import { getOnboardingStatus, sendTestSms } from '../../domain/onboarding.ts';
import { router, scopedOperation } from '../procedures.ts';

export const onboardingRouter = router({
  createApiKey: scopedOperation(operations['onboarding.createApiKey']).mutation(async ({ ctx, input }) => ({
    token: await createApiKeyToken(ctx.services, ctx.auth, input.name),
  })),
  status: scopedOperation(operations['onboarding.status']).query(({ ctx }) =>
    getOnboardingStatus(ctx.services, ctx.auth.workspaceId),
  ),
  testSms: scopedOperation(operations['onboarding.testSms']).mutation(async ({ ctx, input }) => ({
    message: await sendTestSms(ctx.services, { workspaceId: ctx.auth.workspaceId, tokenId: ctx.auth.tokenId }, input.phone_number),
  })),
  createFundingInvoice: scopedOperation(operations['onboarding.createFundingInvoice']).mutation(async ({ ctx, input }) => ({
    invoice: await createFundingInvoice(ctx.services, ctx.auth.workspaceId, input.amount_cents),
  })),
  getFundingInvoice: scopedOperation(operations['onboarding.getFundingInvoice']).query(async ({ ctx, input }) => ({
    invoice: await getFundingInvoice(ctx.services, ctx.auth.workspaceId, input.id),
  })),
  submitBrandedRequest: scopedOperation(operations['onboarding.submitBrandedRequest']).mutation(async ({ ctx, input }) => ({
    branded_request: await submitBrandedRequest(ctx.services, ctx.auth.workspaceId, input),
  })),
  provisionDedicatedNumber: scopedOperation(operations['onboarding.provisionDedicatedNumber']).mutation(({ ctx }) =>
    provisionDedicatedNumber(ctx.services, ctx.auth.workspaceId),
  ),
});
