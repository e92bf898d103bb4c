import type { Operation } from '@textline/contract';
import { toAppError } from '../http/errors.ts';
import type { RequestContext } from '../trpc/context.ts';

/** Counts one call of a contract operation: outcome `ok`, or the catalogue code it failed with. */
export function countOperationCall(ctx: RequestContext, operation: Operation, error?: unknown): void {
  ctx.services.metrics?.operationCalls.inc({
    operation: operation.name,
    transport: ctx.transport,
    outcome: error === undefined ? 'ok' : toAppError(error).code,
  });
}
