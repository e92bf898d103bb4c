import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { lazyChild } from '../lib/lazy-child-logger.ts';
import type { Logger } from '../lib/logger.ts';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request id: the caller's X-Request-Id when well-formed, else a fresh UUID. */
    id: string;
    /** The process logger bound to this request's id. */
    log: Logger;
  }
}

const requestIdPattern = /^[\w.-]{1,64}$/;

/**
 * Gives each request an id (echoed as X-Request-Id) and a logger bound to it, and logs one line per
 * completed request: method, path and status only, since query strings and headers may carry
 * credentials or phone numbers. Health probes are not logged; they would drown everything else.
 * (pino-http did this at several times the cost: it serialised every request, headers included,
 * even when the level discarded the line.)
 */
export function requestLogging(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const incoming = req.headers['x-request-id'];
    const id = typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', id);
    req.id = id;
    req.log = lazyChild(logger, { request_id: id });
    if (logger.isLevelEnabled('info') && !req.url.endsWith('/health')) {
      const startedAt = performance.now();
      res.once('finish', () => {
        // On the process logger with the id as a field: the same line, without making a child logger for it.
        const line = {
          request_id: id,
          method: req.method,
          path: req.originalUrl.split('?')[0],
          status: res.statusCode,
          duration_ms: Math.round(performance.now() - startedAt),
        };
        if (res.statusCode >= 500) logger.error(line, 'request failed');
        else logger.info(line, 'request completed');
      });
    }
    next();
  };
}
