import { AppError, type TMessageBatchRequest, type TMessageBatchResult } from '@textline/contract';
import type { AuthContext } from '../../auth/authenticator.ts';
import type { LimitReport } from '../../limits/keyed-limiter.ts';
import { refundSend, takeSends } from '../../limits/send-rate-limiter.ts';
import type { Services } from '../../ports.ts';
import { acceptDryRun, type AcceptParameters } from './accept-queue.ts';
import {
  acceptParametersOf,
  acceptSend,
  type MessageSource,
  type SendDeps,
  sendRequestOf,
  type SendResult,
  tokenSender,
} from './send.ts';

type BatchCaller = Pick<
  AuthContext,
  'workspaceId' | 'tokenId' | 'spendCapCentsDaily' | 'approval' | 'planTier' | 'sendRateTier' | 'ancestors'
>;

/** Whether an item repeats a send already accepted under its idempotency key (the dry run answers replay). */
async function repeatsAccepted(deps: Pick<Services, 'sql'>, parameters: AcceptParameters): Promise<boolean> {
  return parameters.idempotency_key !== null && (await acceptDryRun(deps.sql, parameters)).outcome === 'replay';
}

function failed(index: number, error: unknown): TMessageBatchResult {
  if (!(error instanceof AppError)) throw error;
  return { index, status: error.status, error: error.toDetail() };
}

function answered(index: number, result: SendResult): TMessageBatchResult {
  return { index, status: result.replayed ? 200 : 202, message: result.message };
}

/**
 * Sends each item of a batch as if it were sent alone, in order, and answers each one's status.
 * Each item is shaped by the send's own code (acceptParametersOf); the items shaped take one send
 * each from the token's rate limit buckets, in one take for all of them (the items the buckets no
 * longer hold are each their own 429, the last ones, so that the batch keeps its order), and are
 * decided through the accept queue, which writes the items of the workspace in batches of its own:
 * one transaction per hundred sends instead of one each. An item that creates nothing (a replay, a
 * refusal) gives its send back, as a single send does.
 */
export async function sendMessageBatch(
  deps: SendDeps & Pick<Services, 'rateLimiter' | 'sql'>,
  caller: BatchCaller,
  request: TMessageBatchRequest,
  options: { source: MessageSource; report?: LimitReport | undefined },
): Promise<{ results: TMessageBatchResult[] }> {
  const sender = tokenSender(caller);
  const results: TMessageBatchResult[] = [];
  const shaped: { index: number; parameters: AcceptParameters }[] = [];
  for (const [index, item] of request.messages.entries()) {
    try {
      const parameters = await acceptParametersOf(
        deps,
        sender,
        {
          ...sendRequestOf(item),
          from: request.from,
          senderPoolId: request.sender_pool_id,
          validitySeconds: request.validity_seconds,
          smartEncoding: request.smart_encoding,
          shortenLinks: request.shorten_links,
        },
        options,
      );
      shaped.push({ index, parameters });
    } catch (error) {
      results.push(failed(index, error));
    }
  }
  const { taken, refusal } = await takeSends(deps.rateLimiter, caller, shaped.length, options.report);
  const accepting: Promise<TMessageBatchResult>[] = [];
  for (const [position, { index, parameters }] of shaped.entries()) {
    const tokenTaken = position < taken;
    // As for a single send, a replay of an accepted send needs no token: it creates nothing.
    if (!tokenTaken && !(await repeatsAccepted(deps, parameters))) {
      results.push(failed(index, refusal));
      continue;
    }
    accepting.push(
      acceptSend(deps, sender, parameters).then(
        async (result) => {
          if (tokenTaken && result.replayed) await refundSend(deps.rateLimiter, caller);
          return answered(index, result);
        },
        async (error: unknown) => {
          if (tokenTaken) await refundSend(deps.rateLimiter, caller);
          return failed(index, error);
        },
      ),
    );
  }
  results.push(...(await Promise.all(accepting)));
  return { results: results.sort((a, b) => a.index - b.index) };
}
