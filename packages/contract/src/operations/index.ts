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
import { getBalance, getUsage, listLedgerEntries } from './billing.ts';
import { addContacts, createContactList, listContactLists } from './contact-lists.ts';
import { getConversation, listConversations } from './conversations.ts';
import { billingSummary, currentSession, listApiTokens, resetPassword, revokeApiToken, signIn, signOut } from './console.ts';
import { apiHealth, health, mcpHealth } from './health.ts';
import { listOAuthClients, revokeOAuthClient } from './mcp.ts';
import { cancelMessage, createMessage, getMessage, getMessageTimeline, listMessages, previewMessage } from './messages.ts';
import { createNumber, listNumbers, releaseNumber, searchAvailableNumbers, updateNumber } from './numbers.ts';
import {
  createFundingInvoice,
  getFundingInvoice,
  getOnboardingStatus,
  provisionDedicatedNumber,
  sendTestSms,
  submitBrandedRequest,
} from './onboarding.ts';
import { payInvoice, receiveMessage, reportMessage } from './sandbox.ts';
import { createSnippet, listSnippets, updateSnippet } from './snippets.ts';
import { createToken, listTokens, revokeToken } from './tokens.ts';
import { checkSuppression, createSuppression, deleteSuppression, listSuppressions } from './suppressions.ts';

import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookDelivery,
  getWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  recoverWebhookEndpoint,
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
  'tokens.create': createToken,
  'tokens.list': listTokens,
  'tokens.revoke': revokeToken,
  'messages.create': createMessage,
  'messages.get': getMessage,
  'messages.cancel': cancelMessage,
  'messages.preview': previewMessage,
  'messages.list': listMessages,
  'messages.timeline': getMessageTimeline,
  'onboarding.status': getOnboardingStatus,
  'onboarding.testSms': sendTestSms,
  'onboarding.createFundingInvoice': createFundingInvoice,
  'onboarding.getFundingInvoice': getFundingInvoice,
  'onboarding.submitBrandedRequest': submitBrandedRequest,
  'onboarding.provisionDedicatedNumber': provisionDedicatedNumber,
  'numbers.list': listNumbers,
  'numbers.create': createNumber,
  'numbers.searchAvailable': searchAvailableNumbers,
  'numbers.update': updateNumber,
  'numbers.release': releaseNumber,
  'console.signIn': signIn,
  'console.session': currentSession,
  'console.signOut': signOut,
  'console.resetPassword': resetPassword,
  'apiTokens.list': listApiTokens,
  'apiTokens.revoke': revokeApiToken,
  'billing.summary': billingSummary,
  'webhookEndpoints.list': listWebhookEndpoints,
  'webhookEndpoints.create': createWebhookEndpoint,
  'webhookEndpoints.get': getWebhookEndpoint,
  'webhookEndpoints.update': updateWebhookEndpoint,
  'webhookEndpoints.delete': deleteWebhookEndpoint,
  'webhookEndpoints.secret': revealWebhookSecret,
  'webhookEndpoints.rotateSecret': rotateWebhookSecret,
  'webhookEndpoints.sendTest': sendTestWebhook,
  'webhookEndpoints.recover': recoverWebhookEndpoint,
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
  'conversations.list': listConversations,
  'conversations.get': getConversation,
  'suppressions.list': listSuppressions,
  'suppressions.check': checkSuppression,
  'suppressions.create': createSuppression,
  'suppressions.delete': deleteSuppression,
  'balance.get': getBalance,
  'ledger.list': listLedgerEntries,
  'usage.get': getUsage,
  'sandbox.payInvoice': payInvoice,
  'sandbox.receiveMessage': receiveMessage,
  'sandbox.report': reportMessage,
} as const;

export type OperationName = keyof typeof operations;
