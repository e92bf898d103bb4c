import {
  AppError,
  type CustomerEventType,
  type TWebhookEndpoint,
  type TWebhookEndpointCreator,
  type TWebhookEndpointHealth,
  type TWebhookEndpointHour,
  type WebhookEndpointOrdering,
} from '@textline/contract';
import { executeIn, type Prisma, queryRowsIn, type RowOf, type WebhookEndpoint } from '@textline/db';
import type { AuthContext } from '../../auth/authenticator.ts';
import { newId } from '../../lib/crypto.ts';
import { newestFirst } from '../../lib/pagination.ts';
import type { Services } from '../../ports.ts';
import * as sql from './endpoints.sql.ts';
import { endpointHealth, hourlyAttempts } from './health.ts';
import { isNonPublicHost, nonPublicReason, unusableHost } from './public-destination.ts';
import { newSigningSecret } from './signing.ts';

/** How long the previous secret keeps signing after a rotation. */
const ROTATION_OVERLAP_MS = 24 * 3_600_000;

type Deps = Pick<Services, 'prisma' | 'clock' | 'config' | 'webhookLookup'>;

function invalidUrl(message: string): AppError {
  return new AppError('validation_failed', { message, extra: { issues: [{ path: 'url', message }] } });
}

/**
 * The refusal of an http or private URL. Outside production it names the setting that allows them, for
 * a receiver on the developer's own machine or network.
 */
function privateUrlRefused(deps: Deps, reason: string): AppError {
  if (deps.config.env === 'production') return invalidUrl(reason);
  return invalidUrl(
    `${reason}; to deliver to http or private addresses in local development, start the server with ` +
      'ALLOW_PRIVATE_WEBHOOK_URLS=1',
  );
}

/**
 * Early, friendly refusal of URLs that cannot work: not https, a private address, or a host that
 * does not resolve (to public addresses only). Every connection is checked again (sender.ts), which
 * is what stops a name that resolves to a private address later (DNS rebinding).
 */
async function checkEndpointUrl(deps: Deps, raw: string): Promise<string> {
  const allowPrivate = deps.config.allowPrivateWebhookUrls;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidUrl('must be an absolute URL such as https://example.com/webhooks');
  }
  if (url.protocol === 'http:' && !allowPrivate) throw privateUrlRefused(deps, 'must use https');
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalidUrl('must use https');
  if (!allowPrivate && isNonPublicHost(url.hostname)) throw privateUrlRefused(deps, nonPublicReason);
  const unusable = await unusableHost(url.hostname, { lookup: deps.webhookLookup, allowPrivate });
  if (unusable) throw unusable.nonPublic ? privateUrlRefused(deps, unusable.reason) : invalidUrl(unusable.reason);
  return url.toString();
}

/** Health of an endpoint that has no attempt on record. */
const noHealth = (endpoint: WebhookEndpoint): TWebhookEndpointHealth => ({
  attempts_24h: 0,
  success_rate_24h: null,
  latency_p50_ms_24h: null,
  latency_p99_ms_24h: null,
  consecutive_failures: 0,
  failing_since: endpoint.failingSince?.toISOString() ?? null,
  last_success_at: null,
});

/** The endpoints as the API shows them, each with its health. */
async function endpointViews(
  deps: Pick<Services, 'prisma' | 'clock'>,
  endpoints: WebhookEndpoint[],
): Promise<TWebhookEndpoint[]> {
  const health = await endpointHealth(deps, endpoints);
  return endpoints.map((endpoint) => endpointView(endpoint, health.get(endpoint.id) ?? noHealth(endpoint)));
}

async function withHealth(deps: Pick<Services, 'prisma' | 'clock'>, endpoint: WebhookEndpoint): Promise<TWebhookEndpoint> {
  const health = await endpointHealth(deps, [endpoint]);
  return endpointView(endpoint, health.get(endpoint.id) ?? noHealth(endpoint));
}

function endpointView(endpoint: WebhookEndpoint, health: TWebhookEndpointHealth): TWebhookEndpoint {
  return {
    id: endpoint.id,
    url: endpoint.url,
    description: endpoint.description,
    event_types: endpoint.eventTypes as CustomerEventType[],
    enabled: endpoint.enabled,
    disabled_reason: endpoint.disabledReason,
    max_per_second: endpoint.maxPerSecond,
    // The column holds only these values (schema.prisma).
    ordering: endpoint.ordering as WebhookEndpointOrdering,
    // Written by createEndpoint from a TWebhookEndpointCreator.
    created_by: endpoint.createdBy as TWebhookEndpointCreator | null,
    health,
    created_at: endpoint.createdAt.toISOString(),
    updated_at: endpoint.updatedAt.toISOString(),
  };
}

export async function findEndpoint(deps: Pick<Services, 'prisma'>, workspaceId: string, id: string): Promise<WebhookEndpoint> {
  const endpoint = await deps.prisma.webhookEndpoint.findFirst({ where: { id, workspaceId } });
  if (!endpoint) throw new AppError('not_found', { message: 'No webhook endpoint with this id exists in your workspace.' });
  return endpoint;
}

/** Newest first, keyset-paginated on (created_at, id). */
export async function listEndpoints(
  deps: Deps,
  workspaceId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<{ endpoints: TWebhookEndpoint[]; next_cursor: string | null }> {
  const page = newestFirst('webhook_endpoints', workspaceId, query);
  const rows = await deps.prisma.webhookEndpoint.findMany({
    where: { workspaceId, ...page.where },
    orderBy: page.orderBy,
    take: page.take,
  });
  const { rows: pageRows, nextCursor } = page.page(rows);
  return { endpoints: await endpointViews(deps, pageRows), next_cursor: nextCursor };
}

export async function getEndpoint(deps: Deps, workspaceId: string, id: string): Promise<TWebhookEndpoint> {
  return withHealth(deps, await findEndpoint(deps, workspaceId, id));
}

/** The endpoint's attempts and successes per hour over the last 24 hours (the console's chart). */
export async function endpointStats(
  deps: Deps,
  workspaceId: string,
  id: string,
): Promise<{ endpoint_id: string; hours: TWebhookEndpointHour[] }> {
  const endpoint = await findEndpoint(deps, workspaceId, id);
  return { endpoint_id: endpoint.id, hours: await hourlyAttempts(deps, endpoint.id) };
}

/** Who creates an endpoint: the caller's credential as authentication resolved it (a token, or the console). */
export type EndpointCreator = Pick<AuthContext, 'workspaceId' | 'tokenId' | 'origin'>;

const consoleCreator: TWebhookEndpointCreator = {
  kind: 'console',
  name: 'Console',
  token_id: null,
  token_origin: null,
  oauth_client_id: null,
  disabled_when_revoked: false,
};

/** The calling token's row (OAuth tokens are named after their client), its origin as access_tokens holds it. */
type CreatorTokenRow = Omit<RowOf<typeof sql.lockLiveToken>, 'origin'> & {
  origin: NonNullable<TWebhookEndpointCreator['token_origin']>;
};

/**
 * The calling token's row, read under a share lock that its revocation's UPDATE waits for: either
 * the revocation sees what this transaction writes (and disables the endpoint) or it came first, and
 * then the token writes nothing, even while another process's token cache still accepts it. Null for
 * the console.
 */
async function lockLiveToken(tx: Prisma.TransactionClient, caller: EndpointCreator): Promise<CreatorTokenRow | null> {
  if (caller.origin === 'console') return null;
  const [token] = (await queryRowsIn(tx, sql.lockLiveToken, [caller.tokenId, caller.workspaceId])) as CreatorTokenRow[];
  if (!token || token.revoked_at !== null) throw new AppError('unauthorized');
  return token;
}

/** The creator as the endpoint records it. */
async function creatorOf(tx: Prisma.TransactionClient, creator: EndpointCreator): Promise<TWebhookEndpointCreator> {
  const token = await lockLiveToken(tx, creator);
  if (!token) return consoleCreator;
  return {
    kind: token.oauth_client_id === null ? 'token' : 'oauth_client',
    name: token.name,
    token_id: token.id,
    token_origin: token.origin,
    oauth_client_id: token.oauth_client_id,
    disabled_when_revoked: token.disabled_when_revoked,
  };
}

export async function createEndpoint(
  deps: Deps,
  creator: EndpointCreator,
  input: {
    url: string;
    description?: string | undefined;
    event_types?: CustomerEventType[] | undefined;
    enabled?: boolean | undefined;
    max_per_second?: number | undefined;
    ordering?: WebhookEndpointOrdering | undefined;
  },
): Promise<TWebhookEndpoint> {
  const now = new Date(deps.clock.now());
  const url = await checkEndpointUrl(deps, input.url);
  const endpoint = await deps.prisma.$transaction(async (tx) => {
    const createdBy = await creatorOf(tx, creator);
    return tx.webhookEndpoint.create({
      data: {
        id: newId('whe'),
        workspaceId: creator.workspaceId,
        url,
        description: input.description ?? '',
        eventTypes: [...new Set(input.event_types ?? [])],
        enabled: input.enabled ?? true,
        maxPerSecond: input.max_per_second ?? null,
        ordering: input.ordering ?? 'none',
        secret: newSigningSecret(),
        createdByTokenId: createdBy.token_id,
        createdBy,
        createdAt: now,
        updatedAt: now,
      },
    });
  });
  return endpointView(endpoint, noHealth(endpoint));
}

/**
 * Called in the transaction that revokes these tokens, after their rows are updated: disables the
 * enabled endpoints that any of them created, when revocation takes such endpoints with it
 * (delegated and OAuth tokens), saying which revocation did it. Events already queued for them are
 * not sent (the worker skips a disabled endpoint).
 */
export async function disableEndpointsOfRevokedTokens(
  tx: Prisma.TransactionClient,
  tokens: readonly { id: string }[],
  at: Date,
): Promise<number> {
  if (tokens.length === 0) return 0;
  const tokenIds = tokens.map((token) => token.id);
  return executeIn(tx, sql.disableEndpointsOfRevokedTokens, [at, at.toISOString(), tokenIds]);
}

export async function updateEndpoint(
  deps: Deps,
  caller: EndpointCreator,
  input: {
    id: string;
    url?: string | undefined;
    description?: string | undefined;
    event_types?: CustomerEventType[] | undefined;
    enabled?: boolean | undefined;
    max_per_second?: number | null | undefined;
    ordering?: WebhookEndpointOrdering | undefined;
  },
): Promise<TWebhookEndpoint> {
  const existing = await findEndpoint(deps, caller.workspaceId, input.id);
  const reenabled = input.enabled === true && !existing.enabled;
  const url = input.url === undefined ? undefined : await checkEndpointUrl(deps, input.url);
  const endpoint = await deps.prisma.$transaction(async (tx) => {
    // A revoked token turns nothing back on and points nothing elsewhere (lockLiveToken).
    await lockLiveToken(tx, caller);
    return tx.webhookEndpoint.update({
      where: { id: existing.id },
      data: {
        ...(url !== undefined && { url }),
        ...(input.description !== undefined && { description: input.description }),
        ...(input.event_types !== undefined && { eventTypes: [...new Set(input.event_types)] }),
        ...(input.enabled !== undefined && { enabled: input.enabled, disabledReason: null }),
        ...(input.max_per_second !== undefined && { maxPerSecond: input.max_per_second }),
        ...(input.ordering !== undefined && { ordering: input.ordering }),
        // A re-enabled endpoint starts a fresh failure window.
        ...(reenabled && { failingSince: null }),
        updatedAt: new Date(deps.clock.now()),
      },
    });
  });
  return withHealth(deps, endpoint);
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
