/** The customer webhook event types. Free of zod so the console can bundle it. */
export const customerEventTypes = [
  'message.sent',
  'message.delivered',
  'message.failed',
  'message.received',
  'message.approval_requested',
  'message.approval_resolved',
  'message.link_clicked',
  'conversation.created',
  'conversation.updated',
  'opt_out.created',
  'brand.updated',
  'use_case.updated',
  'number.registration_updated',
] as const;
export type CustomerEventType = (typeof customerEventTypes)[number];

/** A webhook delivery's status: `pending` until the first attempt, then the outcome of the latest one. */
export const webhookDeliveryStatuses = ['pending', 'succeeded', 'failed'] as const;
