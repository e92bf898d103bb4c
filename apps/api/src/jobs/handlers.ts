import type { Config } from '../config.ts';
import { campaignStepJobHandler } from '../domain/campaigns/scheduler.ts';
import { dispatchJobHandler } from '../domain/messages/dispatch.ts';
import { maintenanceJobHandler } from '../domain/maintenance.ts';
import { webhookDeliveryJobHandler } from '../domain/customer-webhooks/worker.ts';
import { providerEventJobHandler } from '../domain/reconciliation/provider-events.ts';
import { sandboxCallbackJobHandler } from '../providers/sandbox/callbacks.ts';
import type { RecurringJob } from './recurring.ts';
import type { JobHandlers } from './runner.ts';

/**
 * The one place a queue gets its worker. A queue without an entry is never claimed: its rows wait
 * until a handler is registered here.
 */
export const jobHandlers: JobHandlers = {
  dispatch: dispatchJobHandler,
  provider_event: providerEventJobHandler,
  sandbox_callback: sandboxCallbackJobHandler,
  campaign_step: campaignStepJobHandler,
  webhook_delivery: webhookDeliveryJobHandler,
  maintenance: maintenanceJobHandler,
};

/** Queues that get a job every period, whether or not anything else enqueues one. */
export function recurringJobs(config: Config): RecurringJob[] {
  return [{ queue: 'maintenance', everyMs: config.maintenanceIntervalMinutes * 60_000 }];
}
