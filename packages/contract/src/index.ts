export { AppError, errorCatalogue, errorCodes, mcpFixOf, renderError } from './errors.ts';
export type { ErrorBody, ErrorCode, ErrorDefinition, ErrorShape, FieldIssue } from './errors.ts';
export { accountCreationScopes, developerScopes, grantsScope, isScope, scopeDescriptions, ZScope } from './scopes.ts';
export type { Scope } from './scopes.ts';
export { defineConsoleOperation, defineOperation, operationIdOf } from './operation.ts';
export { mcpToolsets, operationTags, toolsetOfTag } from './tags.ts';
export type { McpToolset, OperationTag } from './tags.ts';
export type { HttpMethod, McpToolSpec, Operation, OperationAuth } from './operation.ts';
export {
  e164Pattern,
  phoneNumberInputPattern,
  ZAccountCreated,
  ZAccountCredentials,
  ZE164,
  ZHealth,
  ZPassword,
  ZPhoneNumber,
  ZTimestamp,
  ZToken,
  ZUsername,
} from './schemas.ts';
export { idPattern, idPrefixes, ZId } from './ids.ts';
export type { IdKind } from './ids.ts';
export type { TAccountCreated, THealth, TToken } from './schemas.ts';
export {
  idempotentReplayHeader,
  messageBodyMaxLength,
  metadataMaxBytes,
  sendAtWindow,
  messageValidity,
  messageDirections,
  messageTimelineEventTypes,
  senderSkipReasons,
  previewVerdicts,
  sendShapingRefusalCodes,
  ZMessage,
  ZMessageAccepted,
  ZMessageItem,
  ZMessageTimelineEvent,
  ZMessageBody,
  mediaTotalMaxBytes,
  maxMediaUrls,
  ZMessageBatchRequest,
  ZMessageCreateRequest,
  ZMessageMetadata,
  ZMessageApproval,
  ZApprovalResolver,
} from './operations/messages.ts';
export { ZApproval } from './operations/approvals.ts';
export type { TApproval } from './operations/approvals.ts';
export type {
  DispatchOutcome,
  JobStatus,
  ProviderEventStatus,
  TSenderSkipReason,
  TMessage,
  TMessageAccepted,
  TMessageBatchRequest,
  TMessageBatchResult,
  TMessageCreateRequest,
  TMessageDirection,
  TMessageItem,
  TMessagePreview,
  TMessageTimelineEvent,
  TMessageApproval,
  TApprovalResolver,
} from './operations/messages.ts';
export { isSendRefusal, isTokenSpendCapRefusal, sendOutcomes, sendRefusalCodes, sendRefusalOf } from './send-outcomes.ts';
export type { TSendOutcome, TSendRefusalCode, TSendRefusalOutcome } from './send-outcomes.ts';
export {
  brandEntityTypes,
  brandStatuses,
  brandVerticals,
  useCaseKinds,
  useCaseStatuses,
  ZBrand,
  ZUseCase,
} from './operations/sender-registration.ts';
export type { TBrand, TUseCase, TUseCaseKind } from './operations/sender-registration.ts';
export {
  numberComplianceStatuses,
  numberRegistrationStatuses,
  numberStatuses,
  numberTypes,
  webhookNotConfiguredWarning,
  ZAvailableNumber,
  ZNumber,
  ZNumberCreated,
  ZNumberRegistration,
  ZRegistrationReason,
} from './operations/numbers.ts';
export type {
  TAvailableNumber,
  TNumber,
  TNumberCreated,
  TNumberHealth,
  TNumberRegistration,
  TNumberRegistrationStatus,
  TNumberStatus,
  TNumberType,
  TRegistrationReason,
} from './operations/numbers.ts';
export { senderPoolMaxNumbers, ZSenderPool } from './operations/sender-pools.ts';
export type { TSenderPool } from './operations/sender-pools.ts';
export { ZQueue } from './operations/queue.ts';
export type { TQueue } from './operations/queue.ts';
export {
  brandedRequestFields,
  defaultFundingMinimumCents,
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
  customerEventCatalogue,
  customerEventDataSchemas,
  customerEventDescriptions,
  customerEventEnvelope,
  customerEventExample,
  customerEventExamples,
  customerEventJsonSchema,
  webhookDeliveryStatuses,
  webhookEndpointCreatorKinds,
  webhookEndpointOrderings,
  ZCustomerEvent,
  ZCustomerEventType,
  ZEventEnvelope,
  ZWebhookAttempt,
  ZWebhookDelivery,
  ZWebhookDeliveryDetail,
  ZWebhookEndpoint,
  ZWebhookEndpointCreator,
  ZWebhookEndpointHealth,
  ZWebhookEndpointHour,
} from './webhooks.ts';
export type {
  TCustomerEvent,
  TCustomerEventCatalogueEntry,
  TCustomerEventData,
  TEventEnvelope,
  TWebhookAttempt,
  TWebhookDelivery,
  TWebhookDeliveryDetail,
  TWebhookEndpoint,
  TWebhookEndpointCreator,
  TWebhookEndpointHealth,
  TWebhookEndpointHour,
  WebhookEndpointOrdering,
} from './webhooks.ts';
export { webhookRecoveryWindowDays } from './operations/webhooks.ts';
export { ZConsoleSession } from './operations/console.ts';
export { ZOAuthClientAuthorization } from './operations/mcp.ts';
export type { TOAuthClientAuthorization } from './operations/mcp.ts';
export {
  campaignStatuses,
  enrollmentSkipReasons,
  enrollmentStatuses,
  enrollmentStopReasons,
  maxEnrollmentBatch,
  maxStagesPerCampaign,
  templateSyntax,
  ZCampaign,
  ZCampaignSettings,
  ZCampaignStage,
  ZCampaignEnrollment,
  ZCampaignSuppression,
  ZEnrollmentResult,
} from './operations/campaigns.ts';
export type {
  TCampaign,
  TCampaignFanOutEstimate,
  TCampaignSettings,
  TCampaignSettingsInput,
  TCampaignStage,
  TCampaignStatus,
  TCampaignEnrollment,
  TCampaignSuppression,
  TEnrollmentResult,
  TEnrollmentSkipReason,
  TEnrollmentStatus,
  TEnrollmentStopReason,
} from './operations/campaigns.ts';
export { conversationPreviewLength, repliesPerAnswer, replyWait, ZConversation } from './operations/conversations.ts';
export type { TConversation } from './operations/conversations.ts';
export { removableSuppressionSource, ZSuppression } from './operations/suppressions.ts';
export type { TSuppression } from './operations/suppressions.ts';
export { approvalStatuses, messageStatuses, suppressionSources } from './statuses.ts';
export type { TApprovalStatus, TMessageStatus, TSuppressionSource } from './statuses.ts';
export {
  balanceCurrency,
  ledgerEntryKinds,
  usageGranularities,
  usageMaxDays,
  ZBalance,
  ZLedgerEntry,
  ZUsagePeriod,
} from './operations/billing.ts';
export type { TBalance, TLedgerEntry, TLedgerEntryKind, TUsagePeriod } from './operations/billing.ts';
export { ZSnippet } from './operations/snippets.ts';
export { templateVariablePattern, ZTemplate, ZTemplateVariables } from './operations/templates.ts';
export {
  approvalRequirements,
  sendRateTiers,
  tokenOrigins,
  tokenStatuses,
  ZApprovalRule,
  ZCreatedToken,
  ZSendRateTier,
  ZTokenSummary,
} from './operations/tokens.ts';
export type {
  ApprovalRequirement,
  SendRateTier,
  TApprovalRule,
  TCreatedToken,
  TokenOrigin,
  TTokenSummary,
} from './operations/tokens.ts';
export type { TSnippet } from './operations/snippets.ts';
export type { TTemplate } from './operations/templates.ts';
export { maxContactsPerRequest, ZContactInput, ZContactList, ZContactsAdded } from './operations/contact-lists.ts';
export type { TContactInput, TContactList, TContactsAdded } from './operations/contact-lists.ts';
export {
  allowedHoursModes,
  consentSources,
  helpKeywords,
  lineTypes,
  optInKeywords,
  optOutKeywords,
  reservedKeywords,
  ZConsent,
  ZLookup,
  ZMessagingSettings,
} from './operations/messaging-settings.ts';
export type {
  TAllowedHours,
  TAllowedHoursMode,
  TConsent,
  TConsentInput,
  TLineType,
  TLookup,
  TMessagingSettings,
  TMessagingSettingsPatch,
} from './operations/messaging-settings.ts';
export { ZNextCursor, ZPageQuery } from './pagination.ts';
export { redactedText, retentionDaysRange, ZWorkspaceSettings } from './operations/workspace.ts';
export type { TWorkspaceSettings } from './operations/workspace.ts';
export { operations } from './operations/index.ts';
export type { OperationName } from './operations/index.ts';
