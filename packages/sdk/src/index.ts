export { Textline } from './client.ts';
export type { TextlineOptions } from './client.ts';
export { isTextlineError, TextlineApiError, TextlineResponseError } from './errors.ts';
export type { TextlineError, TextlineErrorBody, TextlineErrorBodyOf, TextlineErrorCode } from './errors.ts';
export type { RetryOptions } from './retry.ts';
export { verifyWebhook, WebhookVerificationError } from './webhooks.ts';
export type { IncomingHeaders, WebhookEvent, WebhookEventOf, WebhookEventType } from './webhooks.ts';
export type { components, operations, paths, webhooks } from './generated/openapi.ts';
