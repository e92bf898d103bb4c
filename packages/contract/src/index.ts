export { AppError, errorCatalogue, errorCodes, renderError } from './errors.ts';
export type { ErrorBody, ErrorCode, ErrorDefinition, ErrorShape, FieldIssue } from './errors.ts';
export { accountCreationScopes, developerScopes, isScope, ZScope } from './scopes.ts';
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
export {
  customerEventTypes,
  webhookDeliveryStatuses,
  ZCustomerEventType,
  ZEventEnvelope,
  ZWebhookAttempt,
  ZWebhookDelivery,
  ZWebhookDeliveryDetail,
  ZWebhookEndpoint,
} from './webhooks.ts';
export type {
  CustomerEventType,
  TEventEnvelope,
  TWebhookAttempt,
  TWebhookDelivery,
  TWebhookDeliveryDetail,
  TWebhookEndpoint,
} from './webhooks.ts';
export { ZConsoleSession } from './operations/console.ts';
export { operations } from './operations/index.ts';
export type { OperationName } from './operations/index.ts';
