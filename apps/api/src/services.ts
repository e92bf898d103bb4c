import { lookup as dnsLookup } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { createDb } from '@textline/db';
import type { Config } from './config.ts';
import type { Services } from './ports.ts';
import { createAuthenticator } from './auth/authenticator.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { createMessagingSettingsCache } from './domain/compliance/messaging-settings.ts';
import { hmacHex } from './lib/crypto.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { resolveSecrets, resolveSharedSecrets } from './lib/secrets.ts';
import { createAcceptQueue } from './domain/messages/accept-queue.ts';
import { createLinkClicks } from './domain/messages/link-clicks.ts';
import { createMediaFetcher } from './domain/messages/media.ts';
import { createWebhookSender } from './domain/customer-webhooks/sender.ts';
import { memoryKeyedLimiter, redisKeyedLimiter } from './limits/keyed-limiter.ts';
import { memorySenderPace, redisSenderPace } from './limits/sender-pace.ts';
import { createSandboxPayProvider } from './providers/sandboxpay.ts';
import { createSandboxMessagingProvider } from './providers/sandbox/carrier.ts';
import { jobDefinitions, recurringJobs } from './jobs/handlers.ts';
import { withRecurringJobs } from './jobs/recurring.ts';
import { createJobRunner } from './jobs/runner.ts';
import { createProviderEventStore } from './provider-callbacks/event-store.ts';
import { inboundWebhookSettings } from './provider-callbacks/sources.ts';
import { memoryLiveChanges, redisLiveChanges } from './live/changes.ts';
import { collectProcessMetrics, createMetrics } from './metrics/metrics.ts';

/** How soon a tracked link's click is counted on its link and message (link-clicks.ts). */
const LINK_CLICK_ROLL_UP_MS = 1_000;

type ServiceOverrides = { clock?: Clock; log?: Logger; webhookLookup?: LookupFunction };

export async function createServices(config: Config, overrides: ServiceOverrides = {}): Promise<Services> {
  const clock = overrides.clock ?? systemClock;
  const log = overrides.log ?? createLogger(config.logLevel);
  const secretNames = ['IP_HASH_SECRET', 'MESSAGING_WEBHOOK_SECRET', 'FUNDING_WEBHOOK_SECRET'] as const;
  const providedSecrets = {
    IP_HASH_SECRET: config.ipHashSecret,
    MESSAGING_WEBHOOK_SECRET: config.messagingWebhookSecret,
    FUNDING_WEBHOOK_SECRET: config.fundingWebhookSecret,
  };
  const production = config.env === 'production';
  // Secrets the environment leaves unset are generated into DATA_DIR (embedded), or into the shared
  // database (scaled), where every process finds the same ones.
  const embeddedSecrets = config.databaseUrl
    ? undefined
    : resolveSecrets(secretNames, providedSecrets, { dataDir: config.dataDir, production });
  // PGlite gets its own folder inside DATA_DIR, apart from the generated secrets.
  const pgliteDir = config.dataDir.startsWith('memory://') ? config.dataDir : join(config.dataDir, 'pg');
  const db = await createDb({
    databaseUrl: config.databaseUrl,
    directUrl: config.databaseDirectUrl,
    dataDir: pgliteDir,
    poolSize: config.databasePoolSize,
    namedStatements: config.databasePreparedStatements === 'named',
  });
  const secrets = embeddedSecrets ?? (await resolveSharedSecrets(db.prisma, secretNames, providedSecrets, { production }));
  // Derived, not a secret of its own: a new required secret would break existing deployments, and a
  // labelled HMAC keeps the two uses apart.
  const mcpSessionKey = hmacHex(secrets.IP_HASH_SECRET, 'mcp-session-id');
  // Auto-pipelining sends the commands of one event-loop turn (concurrent requests' rate-limit
  // scripts) in one write: under load, one socket write instead of one per request.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false, enableAutoPipelining: true })
    : undefined;
  // ioredis reconnects by itself; without a listener each failed attempt is printed to stderr as unhandled.
  redis?.on('error', (error: Error) => log.warn({ err: error.message }, 'redis connection error'));
  const metrics = config.metricsToken ? createMetrics() : undefined;
  if (metrics) collectProcessMetrics(metrics, db, () => clock.now());
  const webhookLookup = overrides.webhookLookup ?? dnsLookup;
  const webhookSender = createWebhookSender({ allowPrivate: config.allowPrivateWebhookUrls, timeoutMs: config.webhookTimeoutMs });
  const mediaFetcher = createMediaFetcher({
    allowPrivate: config.allowPrivateWebhookUrls,
    timeoutMs: config.mediaFetchTimeoutMs,
    concurrency: config.mediaFetchConcurrency,
    bytesPerMinute: config.mediaFetchBytesPerMinute,
    clock,
  });
  const jobs = withRecurringJobs(
    createJobRunner({ config, db, clock, log, metrics, definitions: jobDefinitions, services: () => services }),
    { prisma: db.prisma, clock, log, checkEveryMs: config.jobSweepIntervalMs },
    recurringJobs(config),
  );
  const services: Services = {
    config,
    db,
    prisma: db.prisma,
    sql: db.sql,
    acceptQueue: createAcceptQueue(db.sql),
    providerEventStore: createProviderEventStore(db.sql),
    clock,
    log,
    redis,
    authenticator: createAuthenticator({ prisma: db.prisma, sql: db.sql, log }, clock, config.tokenCacheMs),
    messagingSettings: createMessagingSettingsCache({ config, prisma: db.prisma, clock }, config.tokenCacheMs),
    rateLimiter: redis ? redisKeyedLimiter(redis, clock, config.redisKeyPrefix) : memoryKeyedLimiter(clock),
    senderPace: redis ? redisSenderPace(redis, clock, config.redisKeyPrefix) : memorySenderPace(clock),
    // FUNDING_PROVIDER has one value today; a real stablecoin processor is selected here.
    fundingProvider: createSandboxPayProvider({
      clock,
      baseUrl: () => services.selfUrl.current ?? `http://localhost:${config.port}`,
      invoiceTtlMs: config.fundingInvoiceTtlMinutes * 60_000,
    }),
    // Twilio's SDK is large in memory; only a deployment that uses it loads it.
    messagingProvider: config.twilio
      ? (await import('./providers/twilio/carrier.ts')).createTwilioMessagingProvider({
          prisma: db.prisma,
          clock,
          log,
          config: config.twilio,
        })
      : createSandboxMessagingProvider({ prisma: db.prisma, sql: db.sql, clock, delayMs: config.sandboxDelayMs, jobs }),
    inboundWebhooks: inboundWebhookSettings(config, {
      messaging: secrets.MESSAGING_WEBHOOK_SECRET,
      funding: secrets.FUNDING_WEBHOOK_SECRET,
    }),
    jobs,
    selfUrl: { current: config.publicBaseUrl },
    webhookSender,
    webhookLookup,
    mediaFetcher,
    linkClicks: createLinkClicks(() => services, { rollUpDelayMs: LINK_CLICK_ROLL_UP_MS }),
    live: redis ? redisLiveChanges(redis, config.redisKeyPrefix, log) : memoryLiveChanges(),
    metrics,
    hashIp: (ip) => hmacHex(secrets.IP_HASH_SECRET, ip),
    signMcpSession: (value) => hmacHex(mcpSessionKey, value),
    async close() {
      await services.linkClicks.close();
      await jobs.stop();
      await services.authenticator.close();
      webhookSender.close();
      services.mediaFetcher.close();
      await services.live.close();
      await redis?.quit().catch(() => undefined);
      await db.close();
    },
  };
  return services;
}
