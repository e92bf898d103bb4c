/** Every kind of asynchronous work. The `jobs` row is the source of truth (outbox); queues only wake workers. */
export const queueNames = [
  'dispatch',
  'provider_event',
  'webhook_delivery',
  'webhook_health',
  'campaign_step',
  'sandbox_callback',
  'maintenance',
  'registration_check',
  'approval',
  'auto_reply',
  'sender_failover',
] as const;
export type QueueName = (typeof queueNames)[number];
