import type { Request } from 'express';
import { parse as parseCookies } from 'cookie';
import type { AuthContext } from '../auth/authenticator.ts';
import type { Logger } from '../lib/logger.ts';
import type { Services } from '../ports.ts';

export const consoleSessionCookie = 'textline_session';

export type Transport = 'rest' | 'trpc' | 'mcp';

/** What every procedure sees. Transports fill it; procedures never touch express objects. */
export type RequestContext = {
  services: Services;
  transport: Transport;
  requestId: string;
  ip: string;
  userAgent: string | undefined;
  authorization: string | undefined;
  log: Logger;
  /** The console's session cookie and CSRF header (see auth/console-session.ts). */
  consoleSession?: { cookie: string | undefined; csrfHeader: string | undefined; secureTransport: boolean } | undefined;
  /** Set by the MCP transport, which authenticates once per JSON-RPC request. */
  preauthenticated?: AuthContext | undefined;
  /** Aborts when the client goes away before its answer is written: a waiting operation stops waiting. */
  signal?: AbortSignal | undefined;
  /** Handlers may pick another declared success status (e.g. 200 for an idempotent replay). */
  response: { status?: number; headers: Record<string, string> };
};

/** A signal that aborts when the response closes before it was finished: the client went away. */
function clientGone(req: Request): AbortSignal | undefined {
  const { res } = req;
  if (!res) return undefined;
  const controller = new AbortController();
  // A client that left before this request got here (while its body was read) has closed it already.
  if (res.closed) controller.abort();
  else
    res.once('close', () => {
      if (!res.writableFinished) controller.abort();
    });
  return controller.signal;
}

export function contextFromRequest(
  services: Services,
  req: Request,
  transport: Transport,
  preauthenticated?: AuthContext,
): RequestContext {
  return {
    services,
    transport,
    requestId: req.id,
    ip: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    userAgent: req.headers['user-agent'],
    authorization: req.headers.authorization,
    // Only the console, a tRPC client, signs in with a session cookie; other transports never read it.
    consoleSession:
      transport === 'trpc'
        ? {
            cookie: parseCookies(req.headers.cookie ?? '')[consoleSessionCookie],
            csrfHeader: req.get('x-csrf-token'),
            secureTransport: req.secure,
          }
        : undefined,
    log: req.log,
    signal: clientGone(req),
    preauthenticated,
    response: { headers: {} },
  };
}
