import type { Request, Response } from 'express';
import type { AppError } from '@textline/contract';
import { toAppError } from './errors.ts';
import { writeJson } from './json-response.ts';

/** The single place an error becomes an HTTP response. Unknown errors are logged and hidden. */
export function sendError(req: Request, res: Response, error: unknown, headers: Record<string, string> = {}): void {
  const appError: AppError = toAppError(error);
  if (appError.code === 'internal_error') {
    req.log.error({ err: error }, 'unhandled error');
    const body = appError.toBody() as { error: Record<string, unknown> };
    body.error.request_id = req.id;
    writeJson(res, appError.status, body, headers);
    return;
  }
  // Which of the two is down, and how: the 503's body says neither.
  if (appError.code === 'service_unavailable') req.log.warn({ err: error }, 'database or redis unreachable');
  writeJson(res, appError.status, appError.toBody(), { ...headers, ...appError.headers });
}
