import { z } from 'zod';
import { defineJob } from '../../jobs/define.ts';
import type { Services } from '../../ports.ts';
import { type IngestDeps, ingestProviderWebhook } from '../../provider-callbacks/ingest.ts';
import { signWebhook } from '../../provider-callbacks/signature.ts';
import { inboundWebhookSources } from '../../provider-callbacks/sources.ts';

/** One report of the carrier: a signed POST of `body` to /webhooks/sandbox/<route>. */
const ZCarrierCallback = z.object({
  route: z.enum(['events', 'incoming']),
  body: z.record(z.string(), z.unknown()),
});
export type CarrierCallback = z.infer<typeof ZCarrierCallback>;

/** The reports due at one time, sent in order by one job (a row written before jobs carried several is one report). */
const ZCarrierCallbacks = z.union([z.object({ callbacks: z.array(ZCarrierCallback).min(1) }), ZCarrierCallback]);

const CALLBACK_TIMEOUT_MS = 10_000;

/** A carrier report as the carrier sends it: the route it goes to, and the payload with its two signature headers. */
export function signedCarrierCallback(services: Pick<Services, 'clock' | 'inboundWebhooks'>, callback: CarrierCallback) {
  const sources = inboundWebhookSources(services.inboundWebhooks);
  const source = callback.route === 'incoming' ? sources.messagingIncoming : sources.messagingEvents;
  return { source, payload: callback.body, headers: signWebhook(source.key, callback.body, services.clock.now()) };
}

/**
 * Sends one signed carrier callback to /webhooks/sandbox/<route> over HTTP, like a real carrier.
 * A process without an HTTP server of its own (`npm run worker` without PUBLIC_BASE_URL) hands it
 * to the same verify-and-store function instead. A failure is retried by the job, and a repeat is
 * harmless: ingestion deduplicates on the event id.
 */
async function deliverCarrierCallback(
  services: IngestDeps & Pick<Services, 'selfUrl'>,
  callback: CarrierCallback,
): Promise<void> {
  const { source, headers } = signedCarrierCallback(services, callback);
  const baseUrl = services.selfUrl.current;
  if (!baseUrl) {
    await ingestProviderWebhook(services, source, { headers, payload: callback.body });
    return;
  }
  const response = await fetch(`${baseUrl.replace(/\/+$/, '')}${source.path}`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(callback.body),
    signal: AbortSignal.timeout(CALLBACK_TIMEOUT_MS),
  });
  await response.body?.cancel();
  if (!response.ok) throw new Error(`webhook ingestion answered ${response.status}`);
}

/**
 * The carrier's reports due at one time, sent one after the other, when the carrier would send them
 * (written by the sandbox carrier's send). A failure retries them all: a repeat is a duplicate.
 */
export const sandboxCallbackJob = defineJob({
  queue: 'sandbox_callback',
  payload: ZCarrierCallbacks,
  async run(services, payload) {
    for (const callback of 'callbacks' in payload ? payload.callbacks : [payload])
      await deliverCarrierCallback(services, callback);
  },
});
