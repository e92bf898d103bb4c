import { AppError, type CustomerEventType, type TWebhookEndpoint } from '@textline/contract';
import type { WebhookEndpoint } from '@textline/db';
import { newId } from '../../lib/crypto.ts';
import type { Services } from '../../services.ts';
import { isNonPublicHost } from './public-destination.ts';
import { newSigningSecret } from './signing.ts';

/** How long the previous secret keeps signing after a rotation. */
const ROTATION_OVERLAP_MS = 24 * 3_600_000;

type Deps = Pick<Services, 'prisma' | 'clock' | 'config'>;

function invalidUrl(message: string): AppError {
  return new AppError('validation_failed', { message, extra: { issues: [{ path: 'url', message }] } });
}

/**
 * Early, friendly refusal of URLs that can never work. Hostnames are checked again on every
 * connection (sender.ts), which is what stops a name that resolves to a private address.
 */
function checkEndpointUrl(raw: string, allowPrivate: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidUrl('must be an absolute URL such as https://example.com/webhooks');
  }
  if (url.protocol !== 'https:' && !(allowPrivate && url.protocol === 'http:')) throw invalidUrl('must use https');
  if (!allowPrivate && isNonPublicHost(url.hostname)) {
    throw invalidUrl('must not point at a private, loopback or link-local address');
  }
  return url.toString();
}

function endpointView(endpoint: WebhookEndpoint): TWebhookEndpoint {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    event_types: endpoint.eventTypes as CustomerEventType[],
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabledReason,
    created_at: endpoint.createdAt.toISOString(),
    updated_at: endpoint.updatedAt.toISOString(),
  };
}

export async function findEndpoint(deps: Pick<Services, 'prisma'>, workspaceId: string, id: string): Promise<WebhookEndpoint> {
  const endpoint = await deps.prisma.webhookEndpoint.findFirst({ where: { id, workspaceId } });
  if (!endpoint) throw new AppError('not_found', { message: 'No webhook endpoint with this id exists in your workspace.' });
  return endpoint;
}

export async function listEndpoints(deps: Deps, workspaceId: string): Promise<TWebhookEndpoint[]> {
  const endpoints = await deps.prisma.webhookEndpoint.findMany({ where: { workspaceId }, orderBy: { createdAt: 'desc' } });
  return endpoints.map(endpointView);
}

export async function createEndpoint(
  deps: Deps,
  workspaceId: string,
  input: { url: string; description?: string | undefined; event_types?: CustomerEventType[] | undefined },
): Promise<TWebhookEndpoint> {
  const now = new Date(deps.clock.now());
  const endpoint = await deps.prisma.webhookEndpoint.create({
    data: {
      id: newId('whe'),
      workspaceId,
      url: checkEndpointUrl(input.url, deps.config.allowPrivateWebhookUrls),
      description: input.description ?? '',
      eventTypes: [...new Set(input.event_types ?? [])],
      secret: newSigningSecret(),
      createdAt: now,
      updatedAt: now,
    },
  });
  return endpointView(endpoint);
}

export async function updateEndpoint(
  deps: Deps,
  workspaceId: string,
  input: {
    id: string;
    url?: string | undefined;
    description?: string | undefined;
    event_types?: CustomerEventType[] | undefined;
    enabled?: boolean | undefined;
  },
): Promise<TWebhookEndpoint> {
  const existing = await findEndpoint(deps, workspaceId, input.id);
  const reenabled = input.enabled === true && !existing.enabled;
  const endpoint = await deps.prisma.webhookEndpoint.update({
    where: { id: existing.id },
    data: {
      ...(input.url !== undefined && { url: checkEndpointUrl(input.url, deps.config.allowPrivateWebhookUrls) }),
      ...(input.description !== undefined && { description: input.description }),
      ...(input.event_types !== undefined && { eventTypes: [...new Set(input.event_types)] }),
      ...(input.enabled !== undefined && { enabled: input.enabled, disabledReason: null }),
      // A re-enabled endpoint starts a fresh failure window.
      ...(reenabled && { failingSince: null }),
      updatedAt: new Date(deps.clock.now()),
    },
  });
  return endpointView(endpoint);
}

export async function deleteEndpoint(deps: Deps, workspaceId: string, id: string): Promise<{ id: string; deleted: true }> {
  const endpoint = await findEndpoint(deps, workspaceId, id);
  await deps.prisma.webhookEndpoint.delete({ where: { id: endpoint.id } });
  return { id: endpoint.id, deleted: true };
}

export async function revealSecret(deps: Deps, workspaceId: string, id: string): Promise<{ secret: string }> {
  return { secret: (await findEndpoint(deps, workspaceId, id)).secret };
}

export async function rotateSecret(
  deps: Deps,
  workspaceId: string,
  id: string,
): Promise<{ secret: string; previous_secret_expires_at: string }> {
  const endpoint = await findEndpoint(deps, workspaceId, id);
  const now = deps.clock.now();
  const previousSecretExpiresAt = new Date(now + ROTATION_OVERLAP_MS);
  const updated = await deps.prisma.webhookEndpoint.update({
    where: { id: endpoint.id },
    data: { secret: newSigningSecret(), previousSecret: endpoint.secret, previousSecretExpiresAt, updatedAt: new Date(now) },
  });
  return { secret: updated.secret, previous_secret_expires_at: previousSecretExpiresAt.toISOString() };
}

/** The secrets that sign a request now: the current one, plus the previous one during the overlap. */
export function signingSecrets(
  endpoint: Pick<WebhookEndpoint, 'secret' | 'previousSecret' | 'previousSecretExpiresAt'>,
  now: number,
): string[] {
  const { secret, previousSecret, previousSecretExpiresAt } = endpoint;
  const previousLive = previousSecret && previousSecretExpiresAt && previousSecretExpiresAt.getTime() > now;
  return previousLive ? [secret, previousSecret] : [secret];
}
