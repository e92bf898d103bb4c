import type { z } from 'zod';
import { operations } from '@textline/contract';
import { createBrand, getBrand, listBrands, updateBrand } from '../domain/registration/brands.ts';
import { submitTollFreeVerification } from '../domain/registration/toll-free.ts';
import {
  assignNumber,
  createUseCase,
  getUseCase,
  listUseCases,
  unassignNumber,
  updateUseCase,
} from '../domain/registration/use-cases.ts';
import { bearer } from './handler.ts';

type BrandInput = z.infer<(typeof operations)['brands.create']['input']>;
type UseCaseInput = Omit<z.infer<(typeof operations)['useCases.create']['input']>, 'brand_id'>;

/** A brand's fields in the carrier submission's names: all of a registration's, those a correction gives. */
function brandFieldsOf<T extends Partial<BrandInput>>(
  input: T,
): {
  legalName: T['legal_name'];
  country: T['country'];
  taxId: T['tax_id'];
  entityType: T['entity_type'];
  vertical: T['vertical'];
  website: T['website'];
  supportEmail: T['support_email'];
  supportPhone: T['support_phone'];
} {
  return {
    legalName: input.legal_name,
    country: input.country,
    taxId: input.tax_id,
    entityType: input.entity_type,
    vertical: input.vertical,
    website: input.website,
    supportEmail: input.support_email,
    supportPhone: input.support_phone,
  };
}

/** A use case's fields in the carrier submission's names, as brandFieldsOf. */
function useCaseFieldsOf<T extends Partial<UseCaseInput>>(
  input: T,
): {
  useCase: T['use_case'];
  description: T['description'];
  sampleMessages: T['sample_messages'];
  messageFlow: T['message_flow'];
  helpMessage: T['help_message'];
  optOutMessage: T['opt_out_message'];
  hasLinks: T['has_links'];
  hasPhoneNumbers: T['has_phone_numbers'];
} {
  return {
    useCase: input.use_case,
    description: input.description,
    sampleMessages: input.sample_messages,
    messageFlow: input.message_flow,
    helpMessage: input.help_message,
    optOutMessage: input.opt_out_message,
    hasLinks: input.has_links,
    hasPhoneNumbers: input.has_phone_numbers,
  };
}

export const brandsHandlers = {
  create: bearer(operations['brands.create'], async ({ ctx, input }) => ({
    brand: await createBrand(ctx.services, ctx.auth.workspaceId, brandFieldsOf(input)),
  })),
  update: bearer(operations['brands.update'], async ({ ctx, input }) => ({
    brand: await updateBrand(ctx.services, ctx.auth.workspaceId, input.id, brandFieldsOf(input)),
  })),
  list: bearer(operations['brands.list'], ({ ctx, input }) => listBrands(ctx.services, ctx.auth.workspaceId, input)),
  get: bearer(operations['brands.get'], async ({ ctx, input }) => ({
    brand: await getBrand(ctx.services, ctx.auth.workspaceId, input.id),
  })),
};

export const useCasesHandlers = {
  create: bearer(operations['useCases.create'], async ({ ctx, input }) => ({
    use_case: await createUseCase(ctx.services, ctx.auth.workspaceId, { brandId: input.brand_id, ...useCaseFieldsOf(input) }),
  })),
  update: bearer(operations['useCases.update'], async ({ ctx, input }) => ({
    use_case: await updateUseCase(ctx.services, ctx.auth.workspaceId, input.id, useCaseFieldsOf(input)),
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
