import { operationHandlers } from '../operations/index.ts';
import { proceduresFor, router } from './procedures.ts';

/** The root router, built from the handler list; procedure paths equal the contract's operation names. */
export const appRouter = router(proceduresFor(operationHandlers));

export type AppRouter = typeof appRouter;
