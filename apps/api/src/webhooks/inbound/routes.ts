import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { AppError } from '@textline/contract';
import { requestError } from '../../http/request-guards.ts';
import { writeJson } from '../../http/json-response.ts';
import { sendError } from '../../http/send-error.ts';
import type { Services } from '../../services.ts';
import { acceptanceStatus, ingestProviderWebhook } from './ingest.ts';
import { inboundWebhookSources, WEBHOOKS_MOUNT } from './sources.ts';

/**
 * POST /webhooks/<messaging>/events, /webhooks/<messaging>/incoming and /webhooks/<funding>/events
 * (SPEC section 6), with paths below WEBHOOKS_MOUNT, where the app mounts this router. Mounted
 * before the app's JSON parser: these routes parse any content type, and a body that is not JSON
 * cannot carry a valid signature, so it is a 401 rather than a 400.
 */
export function inboundWebhookRouter(services: Services): Router {
  const router = Router();
  const parseAnyJson = express.json({ limit: services.config.bodyLimitBytes, type: () => true });
  const sources = inboundWebhookSources(services.inboundWebhooks);
  // A carrier with callbacks of its own format (Twilio) serves its messaging routes itself.
  const carrierRouter = services.messagingProvider.inboundRouter?.(services);
  if (carrierRouter) router.use(carrierRouter);
  const signedJsonSources = carrierRouter ? [sources.fundingEvents] : Object.values(sources);
  for (const source of signedJsonSources) {
    router.post(source.path.slice(WEBHOOKS_MOUNT.length), parseAnyJson, async (req: Request, res: Response) => {
      const record = await ingestProviderWebhook(services, source, { headers: req.headers, payload: req.body });
      writeJson(res, acceptanceStatus(record), record);
    });
  }
  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    // A body that does not read as JSON (malformed, or compressed and not inflating) cannot carry a valid signature.
    const requestProblem = requestError(error);
    sendError(req, res, requestProblem?.code === 'invalid_json' ? new AppError('invalid_signature') : (requestProblem ?? error));
  });
  return router;
}
