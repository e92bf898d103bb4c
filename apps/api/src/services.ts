import { Redis } from 'ioredis';
import { createDb, type Db, type PrismaClient } from '@textline/db';
import type { Config } from './config.ts';
import { createAuthenticator, type Authenticator } from './auth/authenticator.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { hmacHex } from './lib/crypto.ts';
import { createLogger, type Logger } from './lib/logger.ts';
import { resolveSecrets } from './lib/secrets.ts';
import { memoryAccountThrottle, redisAccountThrottle, type AccountThrottle } from './limits/account-throttle.ts';
import { createSandboxPayProvider } from './providers/sandboxpay.ts';
import type { FundingProvider } from './providers/types.ts';

/** Everything domain modules depend on, built once per process and passed in explicitly. */
export type Services = {
  config: Config;
  db: Db;
  prisma: PrismaClient;
  clock: Clock;
  log: Logger;
  redis: Redis | undefined;
  authenticator: Authenticator;
  accountThrottle: AccountThrottle;
  fundingProvider: FundingProvider;
  hashIp(ip: string): string;
  close(): Promise<void>;
};

export type ServiceOverrides = { clock?: Clock; log?: Logger };

export async function createServices(config: Config, overrides: ServiceOverrides = {}): Promise<Services> {
  const clock = overrides.clock ?? systemClock;
  const log = overrides.log ?? createLogger(config.logLevel);
  const secrets = resolveSecrets(['IP_HASH_SECRET'], { IP_HASH_SECRET: config.ipHashSecret }, {
    dataDir: config.dataDir,
    production: config.env === 'production',
  });
  const db = await createDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: config.databasePoolSize });
  const redis = config.redisUrl ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: false }) : undefined;
  const windowMs = config.accountCreationWindowSeconds * 1000;
  return {
    config,
    db,
    prisma: db.prisma,
    clock,
    log,
    redis,
    authenticator: createAuthenticator(db.prisma, clock, config.tokenCacheMs),
    accountThrottle: redis ? redisAccountThrottle(redis, windowMs) : memoryAccountThrottle(windowMs, clock),
    // FUNDING_PROVIDER has one value today; a real stablecoin processor is selected here.
    fundingProvider: createSandboxPayProvider({
      clock,
      publicBaseUrl: config.publicBaseUrl ?? `http://localhost:${config.port}`,
      invoiceTtlMs: config.fundingInvoiceTtlMinutes * 60_000,
    }),
    hashIp: (ip) => hmacHex(secrets.IP_HASH_SECRET, ip),
    async close() {
      await redis?.quit().catch(() => undefined);
      await db.close();
    },
  };
}
