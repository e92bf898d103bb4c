import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { lazyChild } from '../lib/lazy-child-logger.ts';
import type { Logger } from '../lib/logger.ts';
import type { Metrics } from '../metrics/metrics.ts';

declare module 'node:http' {
  interface IncomingMessage {
    /** The request id: the caller's X-Request-Id when well-formed, else a fresh UUID. */
    id: string;
    /** The process logger bound to this request's id. */
    log: Logger;
    /** The route's template (`/api/v1/messages/{id}`), set by the router that answers; the metrics' route label. */
    routeTemplate?: string;
  }
}

const requestIdPattern = /^[\w.-]{1,64}$/;

/**
 * Gives each request an id (echoed as X-Request-Id) and a logger bound to it, and logs one line per
 * completed request: method, path and status only, since query strings and headers may carry
 * credentials or phone numbers. Health probes are not logged; they would drown everything else.
 * (pino-http did this at a higher cost: it serialised every request, headers included,
 * even when the level discarded the line.)
 */
export function requestLogging(logger: Logger, metrics?: Metrics) {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (metrics) observeDuration(metrics, req, res);
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
          path: withoutPhoneNumbers(req.originalUrl.split('?')[0] ?? ''),
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

/**
 * A run of digits and what people write between a phone number's digits (+ ( ) . - and spaces), raw
 * or percent-encoded; any escape but an encoded slash counts, so `%2B1%20415%20555%207701` is one
 * run. Runs with fewer than `phoneDigits` digits (a version, a short id) are kept.
 */
const separator = String.raw`(?:[+().\s-]|%(?!2[fF])[0-9A-Fa-f]{2})`;
// At most three separators before the first digit (`%2B%28`): an unbounded prefix would rescan long
// runs of escapes from every position.
const digitRun = new RegExp(`${separator}{0,3}\\d(?:\\d|${separator})*`, 'g');
const escape = /%[0-9A-Fa-f]{2}/g;
const phoneDigits = 7;

/** The path as logged: every phone-like run in it (the suppressions routes take a number) becomes `{phone_number}`. */
function withoutPhoneNumbers(path: string): string {
  return path.replace(digitRun, (run) =>
    run.replace(escape, '').replace(/\D/g, '').length >= phoneDigits ? '{phone_number}' : run,
  );
}

/** A route label with no id in it: the answering router's template, express's route pattern, else a fixed word. */
function routeLabel(req: Request, res: Response): string {
  if (req.routeTemplate) return req.routeTemplate;
  const pattern: unknown = (req.route as { path?: unknown } | undefined)?.path;
  if (typeof pattern === 'string') return pattern;
  return res.statusCode === 404 ? 'unmatched' : 'other';
}

function observeDuration(metrics: Metrics, req: Request, res: Response): void {
  const startedAt = performance.now();
  res.once('finish', () => {
    metrics.httpRequestDuration.observe(
      { route: routeLabel(req, res), method: req.method, status: res.statusCode },
      (performance.now() - startedAt) / 1000,
    );
  });
}
