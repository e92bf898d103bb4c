import { operations } from '@textline/contract';
import {
  addStage,
  createCampaign,
  getCampaign,
  listCampaigns,
  transitionCampaign,
  updateCampaign,
} from '../domain/campaigns/campaigns.ts';
import { refuseCampaignSendsUnderApproval } from '../domain/approvals/approvals.ts';
import { enroll, enrollingToken, listEnrollments } from '../domain/campaigns/enrollments.ts';
import { createSuppression, deleteSuppression, listSuppressions } from '../domain/campaigns/suppressions.ts';
import { bearer } from './handler.ts';

export const campaignsHandlers = {
  list: bearer(operations['campaigns.list'], ({ ctx, input }) => listCampaigns(ctx.services, ctx.auth.workspaceId, input)),
  create: bearer(operations['campaigns.create'], async ({ ctx, input }) => ({
    campaign: await createCampaign(ctx.services, ctx.auth.workspaceId, input),
  })),
  get: bearer(operations['campaigns.get'], async ({ ctx, input }) => ({
    campaign: await getCampaign(ctx.services, ctx.auth.workspaceId, input.id),
  })),
  update: bearer(operations['campaigns.update'], async ({ ctx, input }) => ({
    campaign: await updateCampaign(ctx.services, ctx.auth.workspaceId, input),
  })),
  activate: bearer(operations['campaigns.activate'], async ({ ctx, input }) => {
    refuseCampaignSendsUnderApproval(ctx.auth, 'activate');
    return { campaign: await transitionCampaign(ctx.services, ctx.auth.workspaceId, input.id, 'activate') };
  }),
  pause: bearer(operations['campaigns.pause'], async ({ ctx, input }) => ({
    campaign: await transitionCampaign(ctx.services, ctx.auth.workspaceId, input.id, 'pause'),
  })),
  archive: bearer(operations['campaigns.archive'], async ({ ctx, input }) => ({
    campaign: await transitionCampaign(ctx.services, ctx.auth.workspaceId, input.id, 'archive'),
  })),
  addStage: bearer(operations['campaigns.addStage'], ({ ctx, input }) => addStage(ctx.services, ctx.auth.workspaceId, input)),
  enroll: bearer(operations['campaigns.enroll'], ({ ctx, input }) => {
    refuseCampaignSendsUnderApproval(ctx.auth, 'enroll');
    return enroll(ctx.services, ctx.auth.workspaceId, input.id, input, enrollingToken(ctx.auth));
  }),
  listEnrollments: bearer(operations['campaigns.listEnrollments'], ({ ctx, input }) =>
    listEnrollments(ctx.services, ctx.auth.workspaceId, input),
  ),
  listSuppressions: bearer(operations['campaigns.listSuppressions'], ({ ctx, input }) =>
    listSuppressions(ctx.services, ctx.auth.workspaceId, input),
  ),
  createSuppression: bearer(operations['campaigns.createSuppression'], async ({ ctx, input }) => {
    const { suppression, created } = await createSuppression(ctx.services, ctx.auth.workspaceId, input);
    if (!created) ctx.response.status = 200;
    return { suppression };
  }),
  deleteSuppression: bearer(operations['campaigns.deleteSuppression'], async ({ ctx, input }) => ({
    suppression: await deleteSuppression(ctx.services, ctx.auth.workspaceId, input),
    deleted: true as const,
  })),
};
