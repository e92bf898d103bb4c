import { operations } from '@textline/contract';
import { buyNumber, listNumbers } from '../domain/numbers.ts';
import { bearer } from './handler.ts';

export const numbersHandlers = {
  list: bearer(operations['numbers.list'], async ({ ctx }) => ({
    numbers: await listNumbers(ctx.services, ctx.auth.workspaceId),
  })),
  create: bearer(operations['numbers.create'], ({ ctx, input }) =>
    buyNumber(ctx.services, ctx.auth.workspaceId, { areaCode: input.area_code, friendlyName: input.friendly_name }),
  ),
};
