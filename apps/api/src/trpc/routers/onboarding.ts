import { operations } from '@textline/contract';
import { createApiKeyToken } from '../../domain/accounts.ts';
import { router, scopedOperation } from '../procedures.ts';

export const onboardingRouter = router({
  createApiKey: scopedOperation(operations['onboarding.createApiKey']).mutation(async ({ ctx, input }) => ({
    token: await createApiKeyToken(ctx.services, ctx.auth.workspaceId, input.name),
  })),
});
