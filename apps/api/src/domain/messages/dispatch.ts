import { z } from 'zod';
import type { Message } from '@textline/db';
import type { JobContext, JobHandler } from '../../jobs/runner.ts';
import { maskPhoneNumber } from '../../lib/logger.ts';
import { messageErrorCodeOf, ProviderRejection } from '../../providers/types.ts';
import type { Services } from '../../services.ts';
import { inEventTransaction } from '../customer-webhooks/events.ts';
import { applyMessageOutcome } from './outcomes.ts';
import { suppressRecipient } from '../reconciliation/suppressions.ts';

type DispatchDeps = Pick<Services, 'prisma' | 'clock' | 'jobs' | 'log' | 'messagingProvider'>;

const ZDispatchPayload = z.object({ messageId: z.string().min(1) });

async function failBeforeCarrier(deps: DispatchDeps, messageId: string, errorCode: string): Promise<void> {
  await inEventTransaction(deps, (tx) => applyMessageOutcome(tx, messageId, 'failed', { at: new Date(deps.clock.now()), errorCode }));
}

/**
 * Fails (and refunds) a message the carrier refused. A recipient the carrier reports as unsubscribed
 * is suppressed workspace-wide as well, so the next send is refused up front with workspace_suppressed.
 */
async function failRefused(deps: DispatchDeps, message: Message, rejection: ProviderRejection | undefined): Promise<void> {
  const at = new Date(deps.clock.now());
  await inEventTransaction(deps, async (tx) => {
    await applyMessageOutcome(tx, message.id, 'failed', { at, errorCode: rejection ? messageErrorCodeOf(rejection.code) : 'provider_error' });
    if (rejection?.code !== 'recipient_unsubscribed') return;
    await suppressRecipient(tx, {
      workspaceId: message.workspaceId,
      phoneNumber: message.phoneNumber,
      source: 'provider_event',
      provider: deps.messagingProvider.label,
      reason: 'recipient_unsubscribed',
      providerMetadata: { message_id: message.id, ...(rejection.providerCode ? { error_code: rejection.providerCode } : {}) },
      at,
    });
  });
}

/**
 * Hands one accepted message to the carrier, exactly once.
 *
 * 1. `queued` -> `sending` (dispatched_at) commits before the carrier is called. From then on a
 *    repeat of this job (a crash, an expired lease, a retry) cannot tell whether the carrier got the
 *    message, so it must not blindly send again.
 * 2. The carrier call is idempotent on our message id (the sandbox dedupes on it, as carriers with
 *    idempotency keys do; an adapter for one without must look the message up by our reference
 *    first). A repeat therefore gets the original provider message id back instead of a second SMS.
 * 3. The provider id is stored; the carrier's own message.sent / delivered / failed events move the
 *    status on from `sending`.
 *
 * A message no longer `queued` or `sending` was settled meanwhile and is left alone.
 */
export async function dispatchMessage(deps: DispatchDeps, messageId: string, job: Pick<JobContext, 'isLastAttempt'>): Promise<void> {
  const message = await deps.prisma.message.findUnique({ where: { id: messageId } });
  if (!message || (message.status !== 'queued' && message.status !== 'sending')) return;

  if (message.status === 'queued') {
    // The recipient may have opted out between acceptance and now.
    const suppressed = await deps.prisma.workspaceSuppression.count({
      where: { workspaceId: message.workspaceId, phoneNumber: message.phoneNumber, active: true },
    });
    if (suppressed > 0) return failBeforeCarrier(deps, messageId, 'workspace_suppressed');
    if (!message.senderNumber) return failBeforeCarrier(deps, messageId, 'branded_number_missing');
    const at = new Date(deps.clock.now());
    const claimed = await deps.prisma.message.updateMany({
      where: { id: messageId, status: 'queued' },
      data: { status: 'sending', dispatchedAt: at, updatedAt: at },
    });
    if (claimed.count === 0) return;
  }

  try {
    const { providerMessageId } = await deps.messagingProvider.send({
      messageId,
      from: message.senderNumber!,
      to: message.phoneNumber,
      body: message.body,
    });
    await deps.prisma.message.updateMany({ where: { id: messageId, providerMessageId: null }, data: { providerMessageId } });
  } catch (error) {
    const rejection = error instanceof ProviderRejection ? error : undefined;
    if (rejection?.retryable === false || job.isLastAttempt) {
      deps.log.warn({ messageId, to: maskPhoneNumber(message.phoneNumber), code: rejection?.code, providerCode: rejection?.providerCode }, 'carrier refused message');
      return failRefused(deps, message, rejection);
    }
    throw error;
  }
}

export const dispatchJobHandler: JobHandler = {
  async run(services, job) {
    await dispatchMessage(services, ZDispatchPayload.parse(job.payload).messageId, job);
  },
};
