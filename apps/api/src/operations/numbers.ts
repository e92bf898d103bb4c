import { operations } from '@textline/contract';
import { buyNumber, getNumber, listNumbers, releaseNumber, searchAvailableNumbers, updateNumber } from '../domain/numbers.ts';
import { bearer } from './handler.ts';

export const numbersHandlers = {
  list: bearer(operations['numbers.list'], async ({ ctx }) => ({
    numbers: await listNumbers(ctx.services, ctx.auth.workspaceId),
  })),
  create: bearer(operations['numbers.create'], ({ ctx, input }) =>
    buyNumber(ctx.services, ctx.auth.workspaceId, {
      areaCode: input.area_code,
      number: input.number,
      type: input.type,
      unregistered: input.registration === 'unregistered',
      friendlyName: input.friendly_name,
    }),
  ),
  searchAvailable: bearer(operations['numbers.searchAvailable'], async ({ ctx, input }) => ({
    available_numbers: await searchAvailableNumbers(ctx.services, {
      areaCode: input.area_code,
      contains: input.contains,
      limit: input.limit,
      type: input.type,
    }),
  })),
  get: bearer(operations['numbers.get'], async ({ ctx, input }) => ({
    number: await getNumber(ctx.services, ctx.auth.workspaceId, input.id),
  })),
  update: bearer(operations['numbers.update'], async ({ ctx, input }) => ({
    number: await updateNumber(ctx.services, ctx.auth.workspaceId, { id: input.id, friendlyName: input.friendly_name }),
  })),
  release: bearer(operations['numbers.release'], async ({ ctx, input }) => ({
    number: await releaseNumber(ctx.services, ctx.auth.workspaceId, input.id),
  })),
};
