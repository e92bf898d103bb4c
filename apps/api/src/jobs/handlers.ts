import type { Config } from '../config.ts';
import { approvalJob } from '../domain/approvals/approvals.ts';
import { campaignStepJob } from '../domain/campaigns/scheduler.ts';
import { autoReplyJob } from '../domain/compliance/keywords.ts';
import { dispatchJob } from '../domain/messages/dispatch.ts';
import { senderFailoverJob } from '../domain/messages/failing-sender.ts';
import { maintenanceJob } from '../domain/maintenance.ts';
import { webhookDeliveryJob } from '../domain/customer-webhooks/worker.ts';
import { webhookHealthJob } from '../domain/customer-webhooks/health.ts';
import { providerEventJob } from '../domain/reconciliation/provider-events.ts';
import { registrationCheckJob } from '../domain/registration/decisions.ts';
import { sandboxCallbackJob } from '../providers/sandbox/callbacks.ts';
import type { JobDefinition } from './define.ts';
import type { RecurringJob } from './recurring.ts';

/**
 * The one place a kind of job gets workers: the runner claims rows of these definitions' queues
 * only. A queue without a definition here is never claimed: its rows wait until one is listed.
 */
export const jobDefinitions: readonly JobDefinition[] = [
  dispatchJob,
  providerEventJob,
  sandboxCallbackJob,
  campaignStepJob,
  webhookDeliveryJob,
  webhookHealthJob,
  maintenanceJob,
  registrationCheckJob,
  approvalJob,
  autoReplyJob,
  senderFailoverJob,
];

/** Jobs that get a row every period, whether or not anything else enqueues one. */
export function recurringJobs(config: Config): RecurringJob[] {
  return [
    { job: maintenanceJob, everyMs: config.maintenanceIntervalMinutes * 60_000 },
    { job: webhookHealthJob, everyMs: 3_600_000 },
  ];
}
