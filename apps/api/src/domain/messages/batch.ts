import { AppError, type TMessageBatchRequest, type TMessageBatchResult } from '@textline/contract';
import type { AuthContext } from '../../auth/authenticator.ts';
import type { LimitReport } from '../../limits/keyed-limiter.ts';
import { enforceSendRateLimit, refundSend } from '../../limits/send-rate-limiter.ts';
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
 * Each item is shaped by the send's own code (acceptParametersOf), takes one send from the token's
 * rate limit buckets (an item the buckets no longer hold is its own 429, and so is every item after
 * it, so that the batch keeps its order), and is decided through the accept queue, which writes the
 * items of the workspace in batches of its own: one transaction per hundred sends instead of one
 * each. An item that creates nothing (a replay, a refusal) gives its send back, as a single send does.
 */
export async function sendMessageBatch(
  deps: SendDeps & Pick<Services, 'rateLimiter' | 'sql'>,
  caller: BatchCaller,
  request: TMessageBatchRequest,
  options: { source: MessageSource; report?: LimitReport | undefined },
): Promise<{ results: TMessageBatchResult[] }> {
  const sender = tokenSender(caller);
  const results: TMessageBatchResult[] = [];
  const accepting: Promise<TMessageBatchResult>[] = [];
  let rateLimited: AppError | undefined;
  for (const [index, item] of request.messages.entries()) {
    let parameters: AcceptParameters;
    try {
      parameters = await acceptParametersOf(
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
    } catch (error) {
      results.push(failed(index, error));
      continue;
    }
    let tokenTaken = false;
    if (rateLimited === undefined) {
      try {
        await enforceSendRateLimit(deps.rateLimiter, caller, undefined, options.report);
        tokenTaken = true;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        rateLimited = error;
      }
    }
    // As for a single send, a replay of an accepted send needs no token: it creates nothing.
    if (!tokenTaken && !(await repeatsAccepted(deps, parameters))) {
      results.push(failed(index, rateLimited));
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
