import type { Config } from '../config.ts';
import { type EventIdentity, payloadIdentity } from '../domain/reconciliation/payloads.ts';
import type { InboundWebhookSettings } from '../ports.ts';
import type { SigningKey } from './signature.ts';

/** Where every provider webhook route is mounted: the app enters their router only below it. */
export const WEBHOOKS_MOUNT = '/webhooks';

/** Where a provider's webhooks of one kind arrive. */
export const webhookPath = (provider: string, kind: 'events' | 'incoming'): string => `${WEBHOOKS_MOUNT}/${provider}/${kind}`;

/** One inbound route: where it is mounted, whose key signs it, and how its payload names an event. */
export type WebhookSource = {
  provider: string;
  path: string;
  key: SigningKey;
  identify(payload: unknown): EventIdentity | undefined;
};

/** A source's path as a router mounted at WEBHOOKS_MOUNT sees it. */
export const pathBelowMount = (source: Pick<WebhookSource, 'path'>): string => source.path.slice(WEBHOOKS_MOUNT.length);

/**
 * The messaging provider's header names are configured (default x-sandbox-*); the
 * funding provider's are x-<label>-timestamp / x-<label>-signature.
 */
export function inboundWebhookSettings(
  config: Pick<
    Config,
    'messagingProvider' | 'messagingTimestampHeader' | 'messagingSignatureHeader' | 'fundingProvider' | 'webhookToleranceSeconds'
  >,
  secrets: { messaging: string; funding: string },
): InboundWebhookSettings {
  return {
    messaging: {
      provider: config.messagingProvider,
      timestampHeader: config.messagingTimestampHeader,
      signatureHeader: config.messagingSignatureHeader,
      secret: secrets.messaging,
    },
    funding: {
      provider: config.fundingProvider,
      timestampHeader: `x-${config.fundingProvider}-timestamp`,
      signatureHeader: `x-${config.fundingProvider}-signature`,
      secret: secrets.funding,
    },
    toleranceSeconds: config.webhookToleranceSeconds,
  };
}

export function inboundWebhookSources(settings: InboundWebhookSettings) {
  const { messaging, funding } = settings;
  return {
    messagingEvents: {
      provider: messaging.provider,
      path: webhookPath(messaging.provider, 'events'),
      key: messaging,
      identify: payloadIdentity.messagingEvent,
    },
    messagingIncoming: {
      provider: messaging.provider,
      path: webhookPath(messaging.provider, 'incoming'),
      key: messaging,
      identify: payloadIdentity.inboundMessage,
    },
    fundingEvents: {
      provider: funding.provider,
      path: webhookPath(funding.provider, 'events'),
      key: funding,
      identify: payloadIdentity.fundingEvent,
    },
  } satisfies Record<string, WebhookSource>;
}
