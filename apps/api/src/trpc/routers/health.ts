import { operations, type THealth } from '@textline/contract';
import { publicOperation, router } from '../procedures.ts';
import type { RequestContext } from '../context.ts';
import { checkHealth } from '../../domain/health.ts';

async function healthHandler({ ctx }: { ctx: RequestContext }): Promise<THealth> {
  const health = await checkHealth(ctx.services);
  if (health.status !== 'ok') ctx.response.status = 503;
  return health;
}

export const healthRouter = router({
  root: publicOperation(operations['health.root']).query(healthHandler),
  api: publicOperation(operations['health.api']).query(healthHandler),
  mcp: publicOperation(operations['health.mcp']).query(healthHandler),
});
