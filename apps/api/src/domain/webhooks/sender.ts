import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';

/** How much of a response body is kept for the console. */
export const RESPONSE_BODY_LIMIT = 4096;

export type SendResult =
  | { kind: 'response'; status: number; body: string; latencyMs: number }
  | { kind: 'error'; error: string; latencyMs: number };

export type WebhookSender = {
  post(url: string, headers: Record<string, string>, body: string): Promise<SendResult>;
  close(): void;
};

function describeError(error: Error, timeoutMs: number): string {
  if (error.message === 'timeout') return `No response within ${timeoutMs / 1000} s`;
  // request-filtering-agent refuses at connect time, after DNS resolution (defeats DNS rebinding).
  if (/is not allowed/.test(error.message)) {
    return 'Blocked: the endpoint resolves to a private, loopback, link-local or otherwise non-public address';
  }
  const code = (error as NodeJS.ErrnoException).code;
  return code ? `Connection failed (${code})` : `Connection failed: ${error.message}`;
}

/** Reads at most RESPONSE_BODY_LIMIT characters, then stops downloading. */
function readLimited(response: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      text += chunk;
      if (text.length >= RESPONSE_BODY_LIMIT) {
        response.destroy();
        resolve(text.slice(0, RESPONSE_BODY_LIMIT));
      }
    });
    response.on('end', () => resolve(text));
    // Destroyed mid-body (time-out): keep what arrived.
    response.on('close', () => resolve(text));
    response.on('error', reject);
  });
}

/**
 * Outbound POSTs to customer endpoints. The agents check every resolved address when the connection
 * is made, so a hostname that resolves (or re-resolves) to a private address is refused. Plain http
 * and private addresses are allowed only with ALLOW_PRIVATE_WEBHOOK_URLS (development and tests).
 * Redirects are not followed: a 3xx is a failed attempt.
 */
export function createWebhookSender(options: {
  allowPrivate: boolean;
  timeoutMs: number;
  /** DNS resolution; tests substitute one to make a name resolve to a private address. */
  lookup?: LookupFunction | undefined;
}): WebhookSender {
  const agentOptions = { allowPrivateIPAddress: options.allowPrivate, keepAlive: true, maxSockets: 64 };
  const httpsAgent = new RequestFilteringHttpsAgent(agentOptions);
  const httpAgent = new RequestFilteringHttpAgent(agentOptions);

  return {
    post(url, headers, body) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      return new Promise<SendResult>((resolve) => {
        let target: URL;
        try {
          target = new URL(url);
        } catch {
          resolve({ kind: 'error', error: 'The endpoint URL is not valid', latencyMs: 0 });
          return;
        }
        const secure = target.protocol === 'https:';
        if (!secure && !(options.allowPrivate && target.protocol === 'http:')) {
          resolve({ kind: 'error', error: 'Blocked: only https endpoints are allowed', latencyMs: 0 });
          return;
        }
        const send = secure ? httpsRequest : httpRequest;
        const request = send(
          target,
          {
            method: 'POST',
            agent: secure ? httpsAgent : httpAgent,
            ...(options.lookup && { lookup: options.lookup }),
            headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
          },
          (response) => {
            readLimited(response)
              .then((text) => resolve({ kind: 'response', status: response.statusCode ?? 0, body: text, latencyMs: elapsed() }))
              .catch((error: Error) => resolve({ kind: 'error', error: describeError(error, options.timeoutMs), latencyMs: elapsed() }))
              .finally(() => clearTimeout(timer));
          },
        );
        const timer = setTimeout(() => request.destroy(new Error('timeout')), options.timeoutMs);
        request.on('error', (error) => {
          clearTimeout(timer);
          resolve({ kind: 'error', error: describeError(error, options.timeoutMs), latencyMs: elapsed() });
        });
        request.end(body);
      });
    },
    close() {
      httpsAgent.destroy();
      httpAgent.destroy();
    },
  };
}
