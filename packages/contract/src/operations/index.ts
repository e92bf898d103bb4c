import { createAccount, createAccountForMcp, createApiKey, migrateLegacyKey } from './accounts.ts';
import {
  activateCampaign,
  addCampaignStage,
  archiveCampaign,
  createCampaign,
  createCampaignSuppression,
  deleteCampaignSuppression,
  enrollInCampaign,
  getCampaign,
  listCampaigns,
  listCampaignSuppressions,
  pauseCampaign,
  updateCampaign,
} from './campaigns.ts';
import { addContacts, createContactList, listContactLists } from './contact-lists.ts';
import { billingSummary, currentSession, listApiTokens, resetPassword, revokeApiToken, signIn, signOut } from './console.ts';
import { apiHealth, health, mcpHealth } from './health.ts';
import { listOAuthClients, revokeOAuthClient } from './mcp.ts';
import { createMessage, getMessage } from './messages.ts';
import { createNumber, listNumbers } from './numbers.ts';
import {
  createFundingInvoice,
  getFundingInvoice,
  getOnboardingStatus,
  provisionDedicatedNumber,
  sendTestSms,
  submitBrandedRequest,
} from './onboarding.ts';
import { createSnippet, listSnippets, updateSnippet } from './snippets.ts';

import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookDelivery,
  listWebhookDeliveries,
  listWebhookEndpoints,
  replayWebhookDelivery,
  revealWebhookSecret,
  rotateWebhookSecret,
  sendTestWebhook,
  updateWebhookEndpoint,
} from './webhooks.ts';

/** Every operation of the service, keyed by its procedure path. */
export const operations = {
  'health.root': health,
  'health.api': apiHealth,
  'health.mcp': mcpHealth,
  'accounts.create': createAccount,
  'accounts.createForMcp': createAccountForMcp,
  'auth.migrateLegacyKey': migrateLegacyKey,
  'onboarding.createApiKey': createApiKey,
  'messages.create': createMessage,
  'messages.get': getMessage,
  'onboarding.status': getOnboardingStatus,
  'onboarding.testSms': sendTestSms,
  'onboarding.createFundingInvoice': createFundingInvoice,
  'onboarding.getFundingInvoice': getFundingInvoice,
  'onboarding.submitBrandedRequest': submitBrandedRequest,
  'onboarding.provisionDedicatedNumber': provisionDedicatedNumber,
  'numbers.list': listNumbers,
  'numbers.create': createNumber,
  'console.signIn': signIn,
  'console.session': currentSession,
  'console.signOut': signOut,
  'console.resetPassword': resetPassword,
  'apiTokens.list': listApiTokens,
  'apiTokens.revoke': revokeApiToken,
  'billing.summary': billingSummary,
  'webhookEndpoints.list': listWebhookEndpoints,
  'webhookEndpoints.create': createWebhookEndpoint,
  'webhookEndpoints.update': updateWebhookEndpoint,
  'webhookEndpoints.delete': deleteWebhookEndpoint,
  'webhookEndpoints.secret': revealWebhookSecret,
  'webhookEndpoints.rotateSecret': rotateWebhookSecret,
  'webhookEndpoints.sendTest': sendTestWebhook,
  'webhookDeliveries.list': listWebhookDeliveries,
  'webhookDeliveries.get': getWebhookDelivery,
  'webhookDeliveries.replay': replayWebhookDelivery,
  'mcp.listOAuthClients': listOAuthClients,
  'mcp.revokeOAuthClient': revokeOAuthClient,
  'campaigns.list': listCampaigns,
  'campaigns.create': createCampaign,
  'campaigns.get': getCampaign,
  'campaigns.update': updateCampaign,
  'campaigns.activate': activateCampaign,
  'campaigns.pause': pauseCampaign,
  'campaigns.archive': archiveCampaign,
  'campaigns.addStage': addCampaignStage,
  'campaigns.enroll': enrollInCampaign,
  'campaigns.listSuppressions': listCampaignSuppressions,
  'campaigns.createSuppression': createCampaignSuppression,
  'campaigns.deleteSuppression': deleteCampaignSuppression,
  'snippets.list': listSnippets,
  'snippets.create': createSnippet,
  'snippets.update': updateSnippet,
  'contactLists.list': listContactLists,
  'contactLists.create': createContactList,
  'contactLists.addContacts': addContacts,
} as const;

export type OperationName = keyof typeof operations;
