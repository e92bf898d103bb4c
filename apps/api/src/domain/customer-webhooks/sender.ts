import { lookup as dnsLookup } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest, type ClientRequestArgs, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest, type RequestOptions as HttpsRequestOptions } from 'node:https';
import { isIP, Socket, type LookupFunction } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Duplex } from 'node:stream';
import { bareHost, isPublicAddress } from './public-destination.ts';

/** How much of a response body is kept for the console. */
const RESPONSE_BODY_LIMIT = 4096;

export type SendResult =
  { kind: 'response'; status: number; body: string; latencyMs: number } | { kind: 'error'; error: string; latencyMs: number };

export type WebhookSender = {
  post(url: string, headers: Record<string, string>, body: string): Promise<SendResult>;
  close(): void;
};

/** A connection refused because the address it was about to use is not public. */
export class NonPublicAddressError extends Error {
  constructor(address: string) {
    super(`${address} is not a public address`);
  }
}

/** `lookup`, failing instead of answering when any address found is not public. */
function publicOnlyLookup(lookup: LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, options, (error, found, family) => {
      const addresses = error ? [] : typeof found === 'string' ? [found] : found.map(({ address }) => address);
      const nonPublic = addresses.find((address) => !isPublicAddress(address));
      callback(nonPublic === undefined ? error : new NonPublicAddressError(nonPublic), found, family);
    });
  };
}

/**
 * The options of a new connection with its addresses checked: an address literal now (no lookup
 * happens for one), a hostname as it resolves. Checking what the connection actually uses, after
 * DNS, is what defeats DNS rebinding.
 */
function publicOnlyConnection<T extends ClientRequestArgs>(options: T): T | NonPublicAddressError {
  const host = bareHost(options.host ?? options.hostname ?? '');
  if (isIP(host) && !isPublicAddress(host)) return new NonPublicAddressError(host);
  return { ...options, lookup: publicOnlyLookup(options.lookup ?? dnsLookup) };
}

/** A socket that fails with `error` as the agent hands it to the request. */
function failedSocket(error: Error, callback: ((error: Error | null, stream: Duplex) => void) | undefined): Socket {
  const socket = new Socket();
  if (callback) callback(error, socket);
  else socket.destroy(error);
  return socket;
}

class PublicOnlyHttpsAgent extends HttpsAgent {
  override createConnection(options: HttpsRequestOptions, callback?: (error: Error | null, stream: Duplex) => void) {
    const checked = publicOnlyConnection(options);
    return checked instanceof Error ? failedSocket(checked, callback) : super.createConnection(checked, callback);
  }
}

class PublicOnlyHttpAgent extends HttpAgent {
  override createConnection(options: ClientRequestArgs, callback?: (error: Error | null, stream: Duplex) => void) {
    const checked = publicOnlyConnection(options);
    return checked instanceof Error ? failedSocket(checked, callback) : super.createConnection(checked, callback);
  }
}

function describeError(error: unknown, timeoutMs: number): string {
  if (!(error instanceof Error)) return `Connection failed: ${String(error)}`;
  if (error.message === 'timeout') return `No response within ${timeoutMs / 1000} s`;
  if (error instanceof NonPublicAddressError) {
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
 * The agents of requests to addresses a customer gave (webhook endpoints, MMS media): each checks
 * every address a connection is about to use, unless private destinations are allowed
 * (ALLOW_PRIVATE_WEBHOOK_URLS, development and tests).
 */
export function outboundAgents(options: { allowPrivate: boolean; keepAlive: boolean }): {
  httpsAgent: HttpsAgent;
  httpAgent: HttpAgent;
} {
  const agentOptions = { keepAlive: options.keepAlive, maxSockets: 64 };
  return {
    httpsAgent: options.allowPrivate ? new HttpsAgent(agentOptions) : new PublicOnlyHttpsAgent(agentOptions),
    httpAgent: options.allowPrivate ? new HttpAgent(agentOptions) : new PublicOnlyHttpAgent(agentOptions),
  };
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
  const { httpsAgent, httpAgent } = outboundAgents({ allowPrivate: options.allowPrivate, keepAlive: true });

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
              .catch((error: unknown) =>
                resolve({ kind: 'error', error: describeError(error, options.timeoutMs), latencyMs: elapsed() }),
              )
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
