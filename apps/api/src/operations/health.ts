import { operations, type THealth } from '@textline/contract';
import { open } from './handler.ts';
import type { RequestContext } from '../trpc/context.ts';
import { checkHealth } from '../domain/health.ts';

async function healthHandler({ ctx }: { ctx: RequestContext }): Promise<THealth> {
  const health = await checkHealth(ctx.services);
  if (health.status !== 'ok') ctx.response.status = 503;
  return health;
}

export const healthHandlers = {
  root: open(operations['health.root'], healthHandler),
  api: open(operations['health.api'], healthHandler),
  mcp: open(operations['health.mcp'], healthHandler),
};
