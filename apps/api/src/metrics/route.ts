import { createServer, type Server } from 'node:http';
import express, { type Request, type Response } from 'express';
import { AppError } from '@textline/contract';
import { constantTimeEqual } from '../lib/crypto.ts';
import { sendError } from '../http/send-error.ts';
import type { Logger } from '../lib/logger.ts';
import type { Metrics } from './metrics.ts';

/**
 * GET /metrics: the Prometheus text format, to a scraper presenting METRICS_TOKEN as its bearer
 * token. The series name no customer, but queue depths and error rates are still the operator's.
 */
export function metricsRoute(metrics: Metrics, token: string) {
  const expected = `Bearer ${token}`;
  return async (req: Request, res: Response): Promise<void> => {
    req.routeTemplate = '/metrics';
    const presented = req.headers.authorization ?? '';
    if (!constantTimeEqual(presented, expected)) {
      sendError(
        req,
        res,
        new AppError('unauthorized', {
          message: 'GET /metrics requires METRICS_TOKEN as a bearer token (Authorization: Bearer <METRICS_TOKEN>).',
          headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' },
        }),
      );
      return;
    }
    res.setHeader('Content-Type', metrics.registry.contentType);
    res.end(await metrics.registry.metrics());
  };
}

/**
 * A worker process has no API server: with WORKER_METRICS_PORT it serves its own series (job
 * attempts, customer webhook deliveries) there, on loopback only, behind the same token.
 */
export function serveWorkerMetrics(metrics: Metrics, token: string, port: number, log: Logger): Server {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', metricsRoute(metrics, token));
  const server = createServer(app);
  server.listen(port, '127.0.0.1', () => log.info({ port }, 'worker metrics on 127.0.0.1'));
  return server;
}
