import { createAccount, createAccountForMcp, createApiKey, migrateLegacyKey } from './accounts.ts';
import { apiHealth, health, mcpHealth } from './health.ts';
import { createNumber, listNumbers } from './numbers.ts';
import {
  createFundingInvoice,
  getFundingInvoice,
  getOnboardingStatus,
  provisionDedicatedNumber,
  sendTestSms,
  submitBrandedRequest,
} from './onboarding.ts';

/** Every operation of the service, keyed by its procedure path. */
export const operations = {
  'health.root': health,
  'health.api': apiHealth,
  'health.mcp': mcpHealth,
  'accounts.create': createAccount,
  'accounts.createForMcp': createAccountForMcp,
  'auth.migrateLegacyKey': migrateLegacyKey,
  'onboarding.createApiKey': createApiKey,
  'onboarding.status': getOnboardingStatus,
  'onboarding.testSms': sendTestSms,
  'onboarding.createFundingInvoice': createFundingInvoice,
  'onboarding.getFundingInvoice': getFundingInvoice,
  'onboarding.submitBrandedRequest': submitBrandedRequest,
  'onboarding.provisionDedicatedNumber': provisionDedicatedNumber,
  'numbers.list': listNumbers,
  'numbers.create': createNumber,
} as const;

export type OperationName = keyof typeof operations;
