import { operations } from '@textline/contract';
import {
  addStage,
  createCampaign,
  getCampaign,
  listCampaigns,
  transitionCampaign,
  updateCampaign,
} from '../../domain/campaigns/campaigns.ts';
import { enroll } from '../../domain/campaigns/enrollments.ts';
import { createSuppression, deleteSuppression, listSuppressions } from '../../domain/campaigns/suppressions.ts';
import { router, scopedOperation } from '../procedures.ts';

export const campaignsRouter = router({
  list: scopedOperation(operations['campaigns.list']).query(({ ctx, input }) => listCampaigns(ctx.services, ctx.auth.workspaceId, input)),
  create: scopedOperation(operations['campaigns.create']).mutation(async ({ ctx, input }) => ({
    campaign: await createCampaign(ctx.services, ctx.auth.workspaceId, input),
  })),
  get: scopedOperation(operations['campaigns.get']).query(async ({ ctx, input }) => ({
    campaign: await getCampaign(ctx.services, ctx.auth.workspaceId, input.id),
  })),
  update: scopedOperation(operations['campaigns.update']).mutation(async ({ ctx, input }) => ({
    campaign: await updateCampaign(ctx.services, ctx.auth.workspaceId, input),
  })),
  activate: scopedOperation(operations['campaigns.activate']).mutation(async ({ ctx, input }) => ({
    campaign: await transitionCampaign(ctx.services, ctx.auth.workspaceId, input.id, 'activate'),
  })),
  pause: scopedOperation(operations['campaigns.pause']).mutation(async ({ ctx, input }) => ({
    campaign: await transitionCampaign(ctx.services, ctx.auth.workspaceId, input.id, 'pause'),
  })),
  archive: scopedOperation(operations['campaigns.archive']).mutation(async ({ ctx, input }) => ({
    campaign: await transitionCampaign(ctx.services, ctx.auth.workspaceId, input.id, 'archive'),
  })),
  addStage: scopedOperation(operations['campaigns.addStage']).mutation(({ ctx, input }) => addStage(ctx.services, ctx.auth.workspaceId, input)),
  enroll: scopedOperation(operations['campaigns.enroll']).mutation(({ ctx, input }) =>
    enroll(ctx.services, ctx.auth.workspaceId, input.id, input),
  ),
  listSuppressions: scopedOperation(operations['campaigns.listSuppressions']).query(({ ctx, input }) =>
    listSuppressions(ctx.services, ctx.auth.workspaceId, input),
  ),
  createSuppression: scopedOperation(operations['campaigns.createSuppression']).mutation(async ({ ctx, input }) => {
    const { suppression, created } = await createSuppression(ctx.services, ctx.auth.workspaceId, input);
    if (!created) ctx.response.status = 200;
    return { suppression };
  }),
  deleteSuppression: scopedOperation(operations['campaigns.deleteSuppression']).mutation(async ({ ctx, input }) => ({
    suppression: await deleteSuppression(ctx.services, ctx.auth.workspaceId, input),
    deleted: true as const,
  })),
});
