import { accountsRouter, authRouter } from './routers/accounts.ts';
import { onboardingRouter } from './routers/onboarding.ts';
import { healthRouter } from './routers/health.ts';
import { router } from './procedures.ts';

/** The root router; procedure paths equal the contract's operation names. */
export const appRouter = router({
  health: healthRouter,
  accounts: accountsRouter,
  auth: authRouter,
  onboarding: onboardingRouter,
});

export type AppRouter = typeof appRouter;
