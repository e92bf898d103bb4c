import { accountsRouter, authRouter } from './routers/accounts.ts';
import { onboardingRouter } from './routers/onboarding.ts';
import { healthRouter } from './routers/health.ts';
import { numbersRouter } from './routers/numbers.ts';
import { messagesRouter } from './routers/messages.ts';
import { mcpRouter } from './routers/mcp.ts';
import { apiTokensRouter, billingRouter, consoleRouter } from './routers/console.ts';
import { webhookDeliveriesRouter, webhookEndpointsRouter } from './routers/webhooks.ts';
import { campaignsRouter } from './routers/campaigns.ts';
import { contactListsRouter } from './routers/contact-lists.ts';
import { snippetsRouter } from './routers/snippets.ts';
import { router } from './procedures.ts';

/** The root router; procedure paths equal the contract's operation names. */
export const appRouter = router({
  health: healthRouter,
  accounts: accountsRouter,
  auth: authRouter,
  onboarding: onboardingRouter,
  numbers: numbersRouter,
  messages: messagesRouter,
  mcp: mcpRouter,
  console: consoleRouter,
  apiTokens: apiTokensRouter,
  billing: billingRouter,
  webhookEndpoints: webhookEndpointsRouter,
  webhookDeliveries: webhookDeliveriesRouter,
  campaigns: campaignsRouter,
  snippets: snippetsRouter,
  contactLists: contactListsRouter,
});

export type AppRouter = typeof appRouter;
