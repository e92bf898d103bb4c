import { operations } from '@textline/contract';
import { createBrand, getBrand, listBrands } from '../domain/registration/brands.ts';
import { submitTollFreeVerification } from '../domain/registration/toll-free.ts';
import { assignNumber, createUseCase, getUseCase, listUseCases, unassignNumber } from '../domain/registration/use-cases.ts';
import { bearer } from './handler.ts';

export const brandsHandlers = {
  create: bearer(operations['brands.create'], async ({ ctx, input }) => ({
    brand: await createBrand(ctx.services, ctx.auth.workspaceId, {
      legalName: input.legal_name,
      country: input.country,
      taxId: input.tax_id,
      entityType: input.entity_type,
      vertical: input.vertical,
      website: input.website,
      supportEmail: input.support_email,
      supportPhone: input.support_phone,
    }),
  })),
  list: bearer(operations['brands.list'], ({ ctx, input }) => listBrands(ctx.services, ctx.auth.workspaceId, input)),
  get: bearer(operations['brands.get'], async ({ ctx, input }) => ({
    brand: await getBrand(ctx.services, ctx.auth.workspaceId, input.id),
  })),
};

export const useCasesHandlers = {
  create: bearer(operations['useCases.create'], async ({ ctx, input }) => ({
    use_case: await createUseCase(ctx.services, ctx.auth.workspaceId, {
      brandId: input.brand_id,
      useCase: input.use_case,
      description: input.description,
      sampleMessages: input.sample_messages,
      messageFlow: input.message_flow,
      helpMessage: input.help_message,
      optOutMessage: input.opt_out_message,
      hasLinks: input.has_links,
      hasPhoneNumbers: input.has_phone_numbers,
    }),
  })),
  list: bearer(operations['useCases.list'], ({ ctx, input }) => listUseCases(ctx.services, ctx.auth.workspaceId, input)),
  get: bearer(operations['useCases.get'], async ({ ctx, input }) => ({
    use_case: await getUseCase(ctx.services, ctx.auth.workspaceId, input.id),
  })),
  assignNumber: bearer(operations['useCases.assignNumber'], async ({ ctx, input }) => ({
    number: await assignNumber(ctx.services, ctx.auth.workspaceId, { useCaseId: input.id, numberId: input.number_id }),
  })),
  unassignNumber: bearer(operations['useCases.unassignNumber'], async ({ ctx, input }) => ({
    number: await unassignNumber(ctx.services, ctx.auth.workspaceId, { useCaseId: input.id, numberId: input.number_id }),
  })),
};

export const tollFreeVerificationsHandlers = {
  create: bearer(operations['tollFreeVerifications.create'], async ({ ctx, input }) => ({
    number: await submitTollFreeVerification(ctx.services, ctx.auth.workspaceId, {
      numberId: input.id,
      brandId: input.brand_id,
      useCase: input.use_case,
      description: input.description,
      sampleMessages: input.sample_messages,
      messageFlow: input.message_flow,
      monthlyVolume: input.monthly_volume,
    }),
  })),
};
