import { z } from 'zod';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((value) => value === '1' || value === 'true');

/** Every environment variable the service reads, with its default. Parsed once at the entry point. */
const ZEnvironment = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('.data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.string().optional(),
  PUBLIC_BASE_URL: z.string().url().optional(),
  /** Secret keying the HMAC of client IPs; generated into DATA_DIR in the embedded mode. */
  IP_HASH_SECRET: z.string().min(16).optional(),
  TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  ACCOUNT_CREATION_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_000_000).default(65_536),
  TOKEN_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
  ALLOW_PRIVATE_WEBHOOK_URLS: booleanFlag,
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
  CONSOLE_SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(12),
  /** Operator guardrail: buying numbers from a live (non-sandbox) provider spends real money. */
  ALLOW_LIVE_NUMBER_PURCHASE: booleanFlag,
  /** Ledger price of a number (bought or dedicated); free in the sandbox by default. */
  NUMBER_PRICE_CENTS: z.coerce.number().int().min(0).default(0),
  FUNDING_PROVIDER: z.enum(['sandboxpay']).default('sandboxpay'),
  FUNDING_MINIMUM_CENTS: z.coerce.number().int().min(1).default(500),
  FUNDING_INVOICE_TTL_MINUTES: z.coerce.number().int().min(1).default(24 * 60),
});

export type Config = {
  env: 'development' | 'test' | 'production';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  redisUrl: string | undefined;
  logLevel: z.infer<typeof ZEnvironment>['LOG_LEVEL'];
  trustProxy: string | undefined;
  publicBaseUrl: string | undefined;
  ipHashSecret: string | undefined;
  tokenTtlDays: number;
  accountCreationWindowSeconds: number;
  bodyLimitBytes: number;
  tokenCacheMs: number;
  allowPrivateWebhookUrls: boolean;
  webhookTimeoutMs: number;
  consoleSessionTtlHours: number;
  allowLiveNumberPurchase: boolean;
  numberPriceCents: number;
  fundingProvider: 'sandboxpay';
  fundingMinimumCents: number;
  fundingInvoiceTtlMinutes: number;
  mode: 'embedded' | 'scaled';
};

export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const parsed = ZEnvironment.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    redisUrl: env.REDIS_URL,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    publicBaseUrl: env.PUBLIC_BASE_URL,
    ipHashSecret: env.IP_HASH_SECRET,
    tokenTtlDays: env.TOKEN_TTL_DAYS,
    accountCreationWindowSeconds: env.ACCOUNT_CREATION_WINDOW_SECONDS,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    tokenCacheMs: env.TOKEN_CACHE_MS,
    allowPrivateWebhookUrls: env.ALLOW_PRIVATE_WEBHOOK_URLS,
    webhookTimeoutMs: env.WEBHOOK_TIMEOUT_MS,
    consoleSessionTtlHours: env.CONSOLE_SESSION_TTL_HOURS,
    allowLiveNumberPurchase: env.ALLOW_LIVE_NUMBER_PURCHASE,
    numberPriceCents: env.NUMBER_PRICE_CENTS,
    fundingProvider: env.FUNDING_PROVIDER,
    fundingMinimumCents: env.FUNDING_MINIMUM_CENTS,
    fundingInvoiceTtlMinutes: env.FUNDING_INVOICE_TTL_MINUTES,
    mode: env.DATABASE_URL || env.REDIS_URL ? 'scaled' : 'embedded',
  };
}
