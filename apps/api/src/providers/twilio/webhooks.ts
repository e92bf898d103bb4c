import express, { type Request, type Response, Router } from 'express';
import twilio from 'twilio';
import { AppError } from '@textline/contract';
import { writeJson } from '../../http/json-response.ts';
import type { Services } from '../../ports.ts';
import { acceptanceStatus, acceptVerifiedWebhook } from '../../provider-callbacks/ingest.ts';
import { inboundWebhookSources, pathBelowMount, webhookPath } from '../../provider-callbacks/sources.ts';
import { deliveryErrorCodeOf } from './errors.ts';

/**
 * Twilio's callbacks (https://www.twilio.com/docs/usage/webhooks/webhooks-security): form-encoded
 * POSTs signed with X-Twilio-Signature, an HMAC-SHA1 keyed with the auth token over the URL Twilio
 * was given followed by the sorted form parameters. Verified, they are translated into our provider
 * payloads (provider-callbacks/payloads.ts) and enter the same store-first, deduplicated ingestion as the sandbox's.
 */

type FormParams = Record<string, string | string[] | undefined>;

// Twilio's callbacks carry a few dozen parameters; more is not Twilio.
const MAX_FORM_PARAMETERS = 100;
// Twilio reads the answer to an inbound message as TwiML: an empty <Response/> sends no reply.
const EMPTY_TWIML = new twilio.twiml.MessagingResponse().toString();

/** Where Twilio calls us back, under PUBLIC_BASE_URL (the URLs it signs). */
export function twilioWebhookUrls(publicBaseUrl: string, label: string) {
  const events = `${publicBaseUrl}${webhookPath(label, 'events')}`;
  return {
    /** Per message: our id rides along, so a callback that overtakes dispatch still finds its message. */
    statusCallback: (messageId: string) => `${events}?message_id=${encodeURIComponent(messageId)}`,
    incoming: `${publicBaseUrl}${webhookPath(label, 'incoming')}`,
  };
}

function param(params: FormParams, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/**
 * A status callback as a messaging event. Each status transition is one event (external id
 * `<MessageSid>:<status>`), so Twilio repeating a callback is a duplicate. undelivered counts as
 * failed; statuses before sent (queued, sending, ...) are stored as message.<status> and ignored.
 */
function statusEventOf(params: FormParams, messageId: string | undefined) {
  const sid = param(params, 'MessageSid');
  const status = param(params, 'MessageStatus')?.toLowerCase();
  if (!sid || !status) return {};
  const twilioErrorCode = param(params, 'ErrorCode');
  const errorCode = deliveryErrorCodeOf(twilioErrorCode);
  return {
    type: status === 'undelivered' ? 'message.failed' : `message.${status}`,
    id: `${sid}:${status}`,
    message_id: sid,
    metadata: {
      ...(messageId ? { client_reference: messageId } : {}),
      ...(errorCode ? { error_code: errorCode } : {}),
      ...(twilioErrorCode ? { twilio_error_code: twilioErrorCode } : {}),
      twilio_status: status,
    },
  };
}

/**
 * An inbound message (MessageSid, From, To, Body; an MMS's NumMedia and MediaUrl0, MediaUrl1...) with
 * Twilio's opt-out verdict, if it made one.
 */
function inboundMessageOf(params: FormParams) {
  const optOutType = param(params, 'OptOutType')?.toUpperCase();
  const mediaCount = Math.min(Number(param(params, 'NumMedia') ?? 0) || 0, 10);
  const mediaUrls = Array.from({ length: mediaCount }, (_url, index) => param(params, `MediaUrl${index}`)).filter(
    (url) => url !== undefined,
  );
  return {
    id: param(params, 'MessageSid'),
    from: param(params, 'From'),
    to: param(params, 'To'),
    body: param(params, 'Body') ?? '',
    ...(mediaUrls.length > 0 ? { media_urls: mediaUrls } : {}),
    ...(optOutType ? { opt_out_type: optOutType } : {}),
  };
}

/**
 * POST /webhooks/twilio/events (status callbacks) and /webhooks/twilio/incoming (inbound messages):
 * the messaging sources' routes, with paths below WEBHOOKS_MOUNT, where the app mounts this router.
 * The signed URL is PUBLIC_BASE_URL plus the request's path and query, as Twilio called it: behind
 * a TLS-terminating proxy the URL this server sees (http, an internal host) is not the one signed.
 * Twilio signatures carry no timestamp; a replayed callback is a duplicate of a stored event.
 */
export function twilioInboundRouter(services: Services, settings: { authToken: string; publicBaseUrl: string }): Router {
  const router = Router();
  const { messagingEvents, messagingIncoming } = inboundWebhookSources(services.inboundWebhooks);
  const parseForm = express.urlencoded({
    extended: false,
    limit: services.config.bodyLimitBytes,
    parameterLimit: MAX_FORM_PARAMETERS,
    type: () => true,
  });
  const signedUrlOf = (req: Request) => `${settings.publicBaseUrl}${req.originalUrl}`;

  function verifiedParams(req: Request): FormParams {
    const params = (req.body ?? {}) as FormParams;
    const signature = req.header('x-twilio-signature');
    if (!signature || !twilio.validateRequest(settings.authToken, signature, signedUrlOf(req), params)) {
      throw new AppError('invalid_signature');
    }
    return params;
  }

  router.post(pathBelowMount(messagingEvents), parseForm, async (req: Request, res: Response) => {
    const params = verifiedParams(req);
    const messageId = typeof req.query.message_id === 'string' ? req.query.message_id : undefined;
    const record = await acceptVerifiedWebhook(services, messagingEvents, statusEventOf(params, messageId));
    writeJson(res, acceptanceStatus(record), record);
  });

  router.post(pathBelowMount(messagingIncoming), parseForm, async (req: Request, res: Response) => {
    const params = verifiedParams(req);
    await acceptVerifiedWebhook(services, messagingIncoming, inboundMessageOf(params));
    res.status(200).type('text/xml').send(EMPTY_TWIML);
  });
  return router;
}
