import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { AppError } from '@textline/contract';
import { requestError } from '../http/request-guards.ts';
import { writeJson } from '../http/json-response.ts';
import { routeKey } from '../http/rest.ts';
import { sendError } from '../http/send-error.ts';
import type { Services } from '../ports.ts';
import { acceptanceStatus, ingestProviderWebhook } from './ingest.ts';
import { inboundWebhookSources, pathBelowMount, type WebhookSource } from './sources.ts';

/** A failed webhook request's answer: a body that does not read as JSON cannot carry a valid signature. */
function refuse(req: Request, res: Response, error: unknown): void {
  const requestProblem = requestError(error);
  sendError(req, res, requestProblem?.code === 'invalid_json' ? new AppError('invalid_signature') : (requestProblem ?? error));
}

/**
 * POST /webhooks/<messaging>/events, /webhooks/<messaging>/incoming and /webhooks/<funding>/events
 * (docs/api-rules.md), with paths below WEBHOOKS_MOUNT, where the app mounts this handler. Mounted
 * before the app's JSON parser: these routes parse any content type, and a body that is not JSON
 * cannot carry a valid signature, so it is a 401 rather than a 400. One handler finds the source by
 * path, as express would route it, rather than a router with a route per source: express's routing
 * layers (a path match and closures per layer) would cost every ingested event work it does not need.
 */
export function inboundWebhookRouter(services: Services): RequestHandler {
  // Typed as the express middleware it is: body-parser's types ask for connect's request class instead.
  const parseAnyJson: RequestHandler = express.json({ limit: services.config.bodyLimitBytes, type: () => true });
  const sources = inboundWebhookSources(services.inboundWebhooks);
  // A carrier with callbacks of its own format (Twilio) serves its messaging routes itself.
  const carrierRouter = services.messagingProvider.inboundRouter?.(services);
  const signedJsonSources: WebhookSource[] = carrierRouter ? [sources.fundingEvents] : Object.values(sources);
  const sourceByRoute = new Map(signedJsonSources.map((source) => [routeKey('POST', pathBelowMount(source)), source]));

  const serveSignedJson = (req: Request, res: Response, next: NextFunction): void => {
    const source = sourceByRoute.get(routeKey(req.method, req.path));
    if (!source) {
      next();
      return;
    }
    parseAnyJson(req, res, (parseError?: unknown) => {
      if (parseError) {
        refuse(req, res, parseError);
        return;
      }
      ingestProviderWebhook(services, source, { headers: req.headers, payload: req.body })
        .then((record) => writeJson(res, acceptanceStatus(record), record))
        .catch((error: unknown) => refuse(req, res, error));
    });
  };
  if (!carrierRouter) return serveSignedJson;
  return (req, res, next) =>
    carrierRouter(req, res, (error?: unknown) => (error ? refuse(req, res, error) : serveSignedJson(req, res, next)));
}
