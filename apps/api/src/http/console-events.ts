import type { NextFunction, Request, Response } from 'express';
import { AppError } from '@textline/contract';
import { requireConsoleSession } from '../auth/console-session.ts';
import type { LiveChange } from '../live/changes.ts';
import type { Services } from '../ports.ts';
import { contextFromRequest } from '../trpc/context.ts';

export const CONSOLE_EVENTS_PATH = '/console-events';

/** A console tab holds one stream; a few tabs per session are normal, dozens are a leak or abuse. */
export const STREAMS_PER_SESSION = 6;
// Proxies and load balancers close a response idle for about a minute; a comment line keeps it busy.
const HEARTBEAT_MS = 20_000;
// How long a browser waits before reconnecting a dropped stream.
const RECONNECT_MS = 3_000;

/** The open streams of this process, so a shutdown can end them instead of waiting for them. */
export type ConsoleStreams = { endAll(): void };

/**
 * GET /console-events: server-sent events of the signed-in console session's workspace, and of no
 * other. Each `change` event says what changed (a message's id and status, a conversation's id);
 * the page refetches what it shows. `ready` follows the subscription, so nothing published after it
 * is missed. The stream ends when the session expires; the browser then reconnects and is refused.
 */
export function consoleEvents(services: Services): {
  route: (req: Request, res: Response, next: NextFunction) => void;
  streams: ConsoleStreams;
} {
  const perSession = new Map<string, number>();
  const open = new Set<Response>();

  async function stream(req: Request, res: Response): Promise<void> {
    const session = await requireConsoleSession(contextFromRequest(services, req, 'trpc'), 'query');
    const count = perSession.get(session.sessionId) ?? 0;
    if (count >= STREAMS_PER_SESSION) throw new AppError('live_stream_limit_reached');
    perSession.set(session.sessionId, count + 1);

    // Written by the close handler, which may run while the subscription is still being made.
    const state: { closed: boolean; unsubscribe?: () => void } = { closed: false };
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    // setTimeout takes at most 2^31 - 1 ms; the browser reconnects after that and is checked again.
    const expiry = setTimeout(
      () => res.end(),
      Math.min(2 ** 31 - 1, Math.max(0, session.expiresAt.getTime() - services.clock.now())),
    );
    res.on('close', () => {
      state.closed = true;
      clearInterval(heartbeat);
      clearTimeout(expiry);
      open.delete(res);
      state.unsubscribe?.();
      const left = (perSession.get(session.sessionId) ?? 1) - 1;
      if (left > 0) perSession.set(session.sessionId, left);
      else perSession.delete(session.sessionId);
    });

    const send = (change: LiveChange) => {
      if (change.resource !== 'elicitation') res.write(`event: change\ndata: ${JSON.stringify(change)}\n\n`);
    };
    const stop = await services.live.subscribe(session.workspaceId, send);
    if (state.closed) {
      stop();
      return;
    }
    state.unsubscribe = stop;
    open.add(res);
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-store',
      // nginx would otherwise buffer the stream.
      'X-Accel-Buffering': 'no',
    });
    res.write(`retry: ${RECONNECT_MS}\nevent: ready\ndata: {}\n\n`);
  }

  return {
    route: (req, res, next) => void stream(req, res).catch(next),
    streams: {
      endAll() {
        for (const res of open) res.end();
      },
    },
  };
}
