import { operations } from '@textline/contract';
import { buyNumber, listNumbers } from '../../domain/numbers.ts';
import { router, scopedOperation } from '../procedures.ts';

export const numbersRouter = router({
  list: scopedOperation(operations['numbers.list']).query(async ({ ctx }) => ({
    numbers: await listNumbers(ctx.services, ctx.auth.workspaceId),
  })),
  create: scopedOperation(operations['numbers.create']).mutation(({ ctx, input }) =>
    buyNumber(ctx.services, ctx.auth.workspaceId, { areaCode: input.area_code, friendlyName: input.friendly_name }),
  ),
});
