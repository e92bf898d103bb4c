import type { Agent as HttpAgent, IncomingMessage } from 'node:http';
import { request as httpRequest } from 'node:http';
import type { Agent as HttpsAgent } from 'node:https';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { AppError, mediaTotalMaxBytes } from '@textline/contract';
import type { Clock } from '../../lib/clock.ts';
import { NonPublicAddressError, outboundAgents } from '../customer-webhooks/sender.ts';

/** The content types an MMS may carry: images, short video, audio, vCards and PDFs. */
const acceptedTypes = /^(image\/(jpeg|png|gif)|video\/mp4|audio\/[a-z0-9.+-]+|text\/(x-)?vcard|application\/pdf)$/;

export type MediaFetcher = {
  /**
   * Fetches each media URL of a send once and refuses the send (422 media_refused naming the URL and
   * the reason) unless every one answers 200 with an accepted content type, all of them within
   * mediaTotalMaxBytes, each within the time limit. Nothing fetched is kept: the carrier fetches the
   * media itself when the message goes out.
   */
  check(workspaceId: string, urls: readonly string[]): Promise<void>;
  close(): void;
};

function refused(url: string, reason: string): AppError {
  return new AppError('media_refused', { message: `The media URL ${url} was refused: ${reason}.`, extra: { url, reason } });
}

/** Per workspace, in this process: fetches in flight (with those waiting for a turn), and bytes this minute. */
type WorkspaceBudget = { active: number; waiting: (() => void)[]; minute: number; bytes: number };

/**
 * The media fetcher of MMS sends (the fifth step of shaping a send). Connections go through the
 * customer webhooks' agents (sender.ts): public addresses only, checked at connect, unless
 * ALLOW_PRIVATE_WEBHOOK_URLS admits http and private addresses for development and tests. A redirect
 * is never followed. Each workspace has at most `concurrency` fetches in flight in a process and
 * `bytesPerMinute` to fetch per minute, so that one caller cannot make the service download without limit.
 */
export function createMediaFetcher(options: {
  allowPrivate: boolean;
  timeoutMs: number;
  concurrency: number;
  bytesPerMinute: number;
  clock: Clock;
  /** DNS resolution; tests substitute one to make a name resolve to a private address. */
  lookup?: LookupFunction | undefined;
}): MediaFetcher {
  const { httpsAgent, httpAgent } = outboundAgents({ allowPrivate: options.allowPrivate, keepAlive: false });
  const budgets = new Map<string, WorkspaceBudget>();

  function budgetOf(workspaceId: string): WorkspaceBudget {
    const minute = Math.floor(options.clock.now() / 60_000);
    let budget = budgets.get(workspaceId);
    if (!budget) {
      budget = { active: 0, waiting: [], minute, bytes: 0 };
      budgets.set(workspaceId, budget);
    }
    if (budget.minute !== minute) Object.assign(budget, { minute, bytes: 0 });
    return budget;
  }

  async function turn(workspaceId: string): Promise<() => void> {
    const budget = budgetOf(workspaceId);
    if (budget.active >= options.concurrency) await new Promise<void>((resolve) => budget.waiting.push(resolve));
    budget.active += 1;
    return () => {
      budget.active -= 1;
      budget.waiting.shift()?.();
      if (budget.active === 0 && budget.waiting.length === 0 && budget.bytes === 0) budgets.delete(workspaceId);
    };
  }

  /** Fetches one URL, counting its bytes against `allowance`; answers its size or throws its refusal. */
  function fetchOne(url: string, allowance: number, countBytes: (bytes: number) => boolean): Promise<number> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return Promise.reject(refused(url, 'it is not a URL'));
    }
    const secure = target.protocol === 'https:';
    if (!secure && !(options.allowPrivate && target.protocol === 'http:')) {
      return Promise.reject(refused(url, 'only https media URLs are accepted'));
    }
    const send = secure ? httpsRequest : httpRequest;
    const agent: HttpAgent | HttpsAgent = secure ? httpsAgent : httpAgent;
    return new Promise<number>((resolve, reject) => {
      const request = send(target, { method: 'GET', agent, ...(options.lookup && { lookup: options.lookup }) }, (response) => {
        const problem = responseProblem(response, allowance);
        if (problem) {
          response.destroy();
          reject(refused(url, problem));
          return;
        }
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > allowance)
            request.destroy(refused(url, `the media weigh more than ${mediaTotalMaxBytes / 1_048_576} MB in all`));
          else if (!countBytes(chunk.length))
            request.destroy(refused(url, 'this workspace fetched its media allowance for this minute; retry in a minute'));
        });
        response.on('end', () => resolve(size));
        response.on('error', (error) => reject(error instanceof AppError ? error : refused(url, describe(error))));
      });
      const timer = setTimeout(
        () => request.destroy(refused(url, `no complete answer within ${options.timeoutMs / 1000} s`)),
        options.timeoutMs,
      );
      request.on('close', () => clearTimeout(timer));
      request.on('error', (error) => reject(error instanceof AppError ? error : refused(url, describe(error))));
      request.end();
    });
  }

  return {
    async check(workspaceId, urls) {
      let remaining = mediaTotalMaxBytes;
      for (const url of urls) {
        const release = await turn(workspaceId);
        try {
          const budget = budgetOf(workspaceId);
          if (budget.bytes >= options.bytesPerMinute) {
            throw refused(url, 'this workspace fetched its media allowance for this minute; retry in a minute');
          }
          const countBytes = (bytes: number) => {
            budget.bytes += bytes;
            return budget.bytes <= options.bytesPerMinute;
          };
          remaining -= await fetchOne(url, remaining, countBytes);
        } finally {
          release();
        }
      }
    },
    close() {
      httpsAgent.destroy();
      httpAgent.destroy();
    },
  };
}

/** Why a response cannot be used before its body is read, or undefined when it can. */
function responseProblem(response: IncomingMessage, allowance: number): string | undefined {
  const status = response.statusCode ?? 0;
  if (status >= 300 && status < 400) return `it redirects (${status}), and redirects are not followed`;
  if (status !== 200) return `it answered ${status}`;
  const type = (response.headers['content-type'] ?? '').replace(/;.*$/s, '').trim().toLowerCase();
  if (!acceptedTypes.test(type)) {
    return `its content type ${type || '(none)'} is not accepted; send jpeg, png or gif images, mp4 video, audio, vCard or PDF`;
  }
  const length = Number(response.headers['content-length'] ?? 0);
  if (length > allowance) return `the media weigh more than ${mediaTotalMaxBytes / 1_048_576} MB in all`;
  return undefined;
}

function describe(error: Error): string {
  if (error instanceof NonPublicAddressError)
    return 'it resolves to a private, loopback, link-local or otherwise non-public address';
  const code = (error as NodeJS.ErrnoException).code;
  return code ? `the connection failed (${code})` : `the connection failed (${error.message})`;
}
