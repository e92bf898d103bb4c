import { createServer, type Server } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import { AppError, operations } from '@textline/contract';
import { appRouter } from './trpc/router.ts';
import { contextFromRequest } from './trpc/context.ts';
import { restRouter } from './http/rest.ts';
import { requestLogging } from './http/request-log.ts';
import { sendError } from './http/send-error.ts';
import { errorHeaders, toAppError } from './http/errors.ts';
import { keepIdleConnectionsOpen } from './http/keep-alive.ts';
import { bornWithExpressPrototypes } from './http/express-prototypes.ts';
import {
  refuseBatchedCredentialChecks,
  rejectUnstorableInput,
  rejectUnstorableQuery,
  requestError,
} from './http/request-guards.ts';
import { series } from './http/series.ts';
import { docsRouter } from './openapi/serve.ts';
import { mcpRouter } from './mcp/routes.ts';
import { oauthBodyErrors, oauthRouter } from './oauth/routes.ts';
import { consoleRouter } from './http/console-static.ts';
import { CONSOLE_EVENTS_PATH, consoleEvents } from './http/console-events.ts';
import { DRAINING } from './lib/shutdown.ts';
import { inboundWebhookRouter } from './provider-callbacks/routes.ts';
import { WEBHOOKS_MOUNT } from './provider-callbacks/sources.ts';
import { sandboxPayCheckoutRouter } from './providers/sandboxpay-checkout.ts';
import type { Services } from './ports.ts';
import { metricsRoute } from './metrics/route.ts';

/** Names the route of requests a mounted router answers (see requestLogging's metrics). */
function labelRoute(template: string) {
  return (req: Request, _res: Response, next: NextFunction) => {
    req.routeTemplate = template;
    next();
  };
}

/** A message batch holds up to 1,000 sends: its route alone reads bodies up to this size. */
const BATCH_BODY_LIMIT_BYTES = 2 * 1024 * 1024;
const JSON_TYPES = ['application/json', 'application/*+json'];

function createApp(services: Services, events: ReturnType<typeof consoleEvents>): express.Express {
  const app = express();
  app.disable('x-powered-by');
  // API responses are not cached or revalidated; hashing every body for an ETag is wasted work.
  app.disable('etag');
  if (services.config.trustProxy) app.set('trust proxy', services.config.trustProxy);

  // The busiest routes pass as few router layers as the mount of the webhooks allows (see series).
  app.use(series(requestLogging(services.log, services.metrics), helmet({ contentSecurityPolicy: false })));
  // Before the JSON parser: provider webhooks parse their own bodies (see the router). Mounted at its
  // prefix so that other requests never enter it: a router a request leaves unanswered hands it on
  // only in the next turn of the event loop.
  app.use(WEBHOOKS_MOUNT, labelRoute(WEBHOOKS_MOUNT), inboundWebhookRouter(services));
  // The batch's body is parsed here first; the parser below then leaves it as it is.
  const batchPath = operations['messages.batch'].path;
  if (batchPath) {
    app.post(
      batchPath,
      express.json({ limit: Math.max(services.config.bodyLimitBytes, BATCH_BODY_LIMIT_BYTES), type: JSON_TYPES }),
    );
  }
  app.use(
    series(
      express.json({ limit: services.config.bodyLimitBytes, type: JSON_TYPES }),
      rejectUnstorableInput,
      // First after the parsers: the busiest routes, with paths no other router serves.
      restRouter(services),
      mcpRouter(services),
      rejectUnstorableQuery,
    ),
  );

  if (services.metrics && services.config.metricsToken)
    app.get('/metrics', metricsRoute(services.metrics, services.config.metricsToken));
  app.use(docsRouter());
  app.use(sandboxPayCheckoutRouter(services));
  app.use(consoleRouter({ httpMedia: services.config.allowPrivateWebhookUrls }));
  app.get(CONSOLE_EVENTS_PATH, labelRoute(CONSOLE_EVENTS_PATH), events.route);
  // tRPC would read a text/plain body as JSON too; requiring application/json forces a CORS
  // preflight on any cross-site POST, which this origin never grants.
  app.post('/trpc/{*procedure}', (req: Request, _res: Response, next: NextFunction) => {
    next(req.is('application/json') ? undefined : new AppError('unsupported_media_type'));
  });
  app.use('/trpc', labelRoute('/trpc'), refuseBatchedCredentialChecks);
  app.use(
    '/trpc',
    createExpressMiddleware({
      router: appRouter,
      createContext: ({ req }) => contextFromRequest(services, req, 'trpc'),
      // Procedures set headers (e.g. the console's Set-Cookie) on ctx.response, errors on AppError (Retry-After), as over REST.
      responseMeta: ({ ctx, errors }) => ({ headers: { ...ctx?.response.headers, ...errorHeaders(errors) } }),
      // Logged as REST logs them (sendError): only what the catalogue has no code for.
      onError: ({ error, req }) => {
        if (toAppError(error).code === 'internal_error') req.log.error({ err: error }, 'trpc error');
      },
    }),
  );
  app.use(oauthRouter(services));

  app.use((req: Request, res: Response) => {
    sendError(req, res, new AppError('not_found', { message: `No route for ${req.method} ${req.path}.` }));
  });
  app.use('/oauth', oauthBodyErrors);
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    sendError(req, res, requestError(error) ?? error);
  });
  return app;
}

/** The app's HTTP server, as main.ts, the tests and the bench serve it. */
export function createApiServer(services: Services): Server {
  const events = consoleEvents(services);
  const app = createApp(services, events);
  const server = createServer(bornWithExpressPrototypes(app), app);
  // A shutdown waits for responses in flight; an event stream would never end by itself.
  server.on(DRAINING, () => events.streams.endAll());
  return keepIdleConnectionsOpen(server);
}
