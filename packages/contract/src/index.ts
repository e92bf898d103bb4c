export { AppError, errorCatalogue, errorCodes, renderError } from './errors.ts';
export type { ErrorBody, ErrorCode, ErrorDefinition, ErrorShape, FieldIssue } from './errors.ts';
export { accountCreationScopes, developerScopes, grantsScope, isScope, scopeDescriptions, ZScope } from './scopes.ts';
export type { Scope } from './scopes.ts';
export { defineConsoleOperation, defineOperation } from './operation.ts';
export type { HttpMethod, McpToolSpec, Operation, OperationAuth } from './operation.ts';
export {
  ZAccountCreated,
  ZAccountCredentials,
  ZHealth,
  ZPassword,
  ZPhoneNumber,
  ZTimestamp,
  ZToken,
  ZUsername,
} from './schemas.ts';
export type { TAccountCreated, THealth, TToken } from './schemas.ts';
export {
  idempotentReplayHeader,
  messageBodyMaxLength,
  metadataMaxBytes,
  ZMessage,
  ZMessageAccepted,
  ZMessageBody,
  ZMessageCreateRequest,
  ZMessageMetadata,
} from './operations/messages.ts';
export type { TMessage, TMessageAccepted, TMessageCreateRequest } from './operations/messages.ts';
export { webhookNotConfiguredWarning, ZNumber, ZNumberCreated } from './operations/numbers.ts';
export type { TNumber, TNumberCreated } from './operations/numbers.ts';
export {
  brandedRequestFields,
  nextActions,
  ZBrandedRequest,
  ZBrandedRequestInput,
  ZFundingInvoice,
  ZOnboardingStatus,
} from './operations/onboarding.ts';
export type {
  NextAction,
  TBrandedRequest,
  TBrandedRequestInput,
  TFundingInvoice,
  TOnboardingStatus,
} from './operations/onboarding.ts';
export { customerEventTypes } from './event-types.ts';
export type { CustomerEventType } from './event-types.ts';
export {
  webhookDeliveryStatuses,
  ZCustomerEventType,
  ZEventEnvelope,
  ZWebhookAttempt,
  ZWebhookDelivery,
  ZWebhookDeliveryDetail,
  ZWebhookEndpoint,
} from './webhooks.ts';
export type { TEventEnvelope, TWebhookAttempt, TWebhookDelivery, TWebhookDeliveryDetail, TWebhookEndpoint } from './webhooks.ts';
export { ZConsoleSession } from './operations/console.ts';
export { ZOAuthClientAuthorization } from './operations/mcp.ts';
export type { TOAuthClientAuthorization } from './operations/mcp.ts';
export {
  campaignStatuses,
  maxEnrollmentBatch,
  maxStagesPerCampaign,
  templateSyntax,
  ZCampaign,
  ZCampaignSettings,
  ZCampaignStage,
  ZCampaignSuppression,
  ZEnrollmentResult,
} from './operations/campaigns.ts';
export type {
  TCampaign,
  TCampaignSettings,
  TCampaignSettingsInput,
  TCampaignStage,
  TCampaignStatus,
  TCampaignSuppression,
  TEnrollmentResult,
} from './operations/campaigns.ts';
export { ZSnippet } from './operations/snippets.ts';
export type { TSnippet } from './operations/snippets.ts';
export { maxContactsPerRequest, ZContactInput, ZContactList, ZContactsAdded } from './operations/contact-lists.ts';
export type { TContactInput, TContactList, TContactsAdded } from './operations/contact-lists.ts';
export { ZNextCursor, ZPageQuery } from './pagination.ts';
export { operations } from './operations/index.ts';
export type { OperationName } from './operations/index.ts';
