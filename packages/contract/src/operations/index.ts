import { createAccount, createAccountForMcp, createApiKey, migrateLegacyKey } from './accounts.ts';
import { apiHealth, health, mcpHealth } from './health.ts';

/** Every operation of the service, keyed by its procedure path. */
export const operations = {
  'health.root': health,
  'health.api': apiHealth,
  'health.mcp': mcpHealth,
  'accounts.create': createAccount,
  'accounts.createForMcp': createAccountForMcp,
  'auth.migrateLegacyKey': migrateLegacyKey,
  'onboarding.createApiKey': createApiKey,
} as const;

export type OperationName = keyof typeof operations;
