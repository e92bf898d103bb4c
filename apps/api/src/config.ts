import { defaultFundingMinimumCents } from '@textline/contract';
import ipaddr from 'ipaddr.js';
import { z } from 'zod';

const booleanFlag = z
  .enum(['0', '1', 'true', 'false'])
  .optional()
  .transform((value) => value === '1' || value === 'true');

/** express's `trust proxy` setting: hops to trust, every or no proxy, or the proxies' addresses. */
type TrustProxy = number | boolean | string[];

/** The address range names express (proxy-addr) knows besides addresses and CIDR ranges. */
const proxyRangeNames = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * An entry of express's trust list. IPv4 only in dotted-quad form: ipaddr.js would also read "1.5"
 * as 1.0.0.5, rarely what an operator meant.
 */
function isProxyAddress(entry: string): boolean {
  return (
    proxyRangeNames.has(entry) ||
    ipaddr.IPv4.isValidFourPartDecimal(entry) ||
    ipaddr.IPv4.isValidCIDRFourPartDecimal(entry) ||
    ipaddr.IPv6.isValid(entry) ||
    ipaddr.IPv6.isValidCIDR(entry)
  );
}

/**
 * TRUST_PROXY in express's own terms. Handed over as a string, "1" would be read as the address
 * 0.0.0.1: behind a proxy every client would then share the proxy's address and its per-IP limits.
 */
const ZTrustProxy = z.string().transform((value, context): TrustProxy => {
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  if (trimmed === 'true' || trimmed === 'false') return trimmed === 'true';
  const entries = trimmed.split(',').map((entry) => entry.trim());
  const invalid = entries.filter((entry) => !isProxyAddress(entry));
  if (invalid.length > 0) {
    context.addIssue({
      code: 'custom',
      message:
        `is not a number of proxy hops (e.g. 1), true, false, or a comma-separated list of IP addresses, CIDR ranges and ` +
        `the names loopback, linklocal, uniquelocal (not valid: ${invalid.map((entry) => JSON.stringify(entry)).join(', ')})`,
    });
    return z.NEVER;
  }
  return entries;
});

/** HMAC keys are at least as long as the SHA-256 output they key (RFC 2104 section 3). */
const MIN_HMAC_SECRET_LENGTH = 32;

const hmacSecret = z
  .string()
  .min(MIN_HMAC_SECRET_LENGTH, `must be at least ${MIN_HMAC_SECRET_LENGTH} characters long (it keys an HMAC)`);

/**
 * Every environment variable the service reads, with its default. Parsed once at the entry point;
 * each is in Config under its camelCase name (ZConfig below).
 */
const ZEnvironment = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('.data'),
    DATABASE_URL: z.url().optional(),
    /**
     * The connections this process opens to DATABASE_URL at most (a pool per process). Migrations at
     * start-up take two more, for their duration.
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    /**
     * A direct PostgreSQL URL for the migrations when DATABASE_URL goes through a pooler in transaction
     * mode: they hold a session-level advisory lock, which such a pooler cannot keep. Defaults to DATABASE_URL.
     */
    DATABASE_DIRECT_URL: z.url().optional(),
    /**
     * `named` prepares each hot statement once per connection; `unnamed` sends every statement unnamed,
     * for a pooler in transaction mode that cannot carry named ones (PgBouncer before 1.21, or without
     * max_prepared_statements).
     */
    DATABASE_PREPARED_STATEMENTS: z.enum(['named', 'unnamed']).default('named'),
    /**
     * How far V8 lets the heap grow past what the last full collection kept; 0 leaves it to V8, which
     * lets a busy heap grow far past its live data. 150 keeps a busy process within its memory target
     * for the CPU of more frequent full collections (the figures: docs/decisions/hand-written-shortcuts.md).
     */
    HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(1_000).default(150),
    REDIS_URL: z.url().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: ZTrustProxy.optional(),
    PUBLIC_BASE_URL: z.url().optional(),
    /** Secret keying the HMAC of client IPs; generated into DATA_DIR in the embedded mode. */
    IP_HASH_SECRET: hmacSecret.optional(),
    TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
    ACCOUNT_CREATION_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
    /** Failed password or backup-code attempts per username (any case) per hour before 429; successes do not count. */
    SIGN_IN_FAILURES_PER_USERNAME_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(10),
    /** The same per client IP across all usernames: looser, as many people may share one address. */
    SIGN_IN_FAILURES_PER_IP_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(100),
    BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(10_000_000).default(65_536),
    /** How long a send held for approval waits for a person before it is canceled and refunded. */
    APPROVAL_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(60)
      .max(7 * 86_400)
      .default(3_600),
    TOKEN_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2_000),
    ALLOW_PRIVATE_WEBHOOK_URLS: booleanFlag,
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(15_000),
    /** Customer webhook deliveries one worker process has in flight at once, over all endpoints. */
    WEBHOOK_CONCURRENCY: z.coerce.number().int().min(1).max(1024).default(128),
    /**
     * Requests one worker process has in flight to an endpoint not known to answer fast (one that
     * does may use up to half of WEBHOOK_CONCURRENCY): a slow endpoint holds at most this many of
     * the shared slots, and its other deliveries wait in the queue, not in a slot.
     */
    WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
    /** Test events (POST /api/v1/webhook-endpoints/{id}/test) per endpoint per minute before 429. */
    WEBHOOK_TEST_EVENTS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000).default(5),
    /** Requests one token may have waiting for replies at once (GET /api/v1/conversations/{id}/replies) before 429. */
    CONCURRENT_REPLY_WAITS_PER_TOKEN: z.coerce.number().int().min(1).max(100).default(5),
    CONSOLE_SESSION_TTL_HOURS: z.coerce.number().int().min(1).max(720).default(12),
    /** Operator guardrail: buying numbers from a live (non-sandbox) provider spends real money. */
    ALLOW_LIVE_NUMBER_PURCHASE: booleanFlag,
    /** Ledger price of a number (bought or dedicated); free in the sandbox by default. */
    NUMBER_PRICE_CENTS: z.coerce.number().int().min(0).default(0),
    /**
     * Price of one SMS segment. 2 cents covers a US carrier segment (about 0.8 cents plus carrier fees)
     * with a margin, in the integer cents the ledger keeps.
     */
    PRICE_PER_SEGMENT_CENTS: z.coerce.number().int().min(0).max(1_000).default(2),
    /** Price of one MMS (a send with media_urls), whatever its body: a US carrier MMS costs about 2 cents plus fees. */
    PRICE_PER_MMS_CENTS: z.coerce.number().int().min(0).max(1_000).default(5),
    /** How long fetching one media URL of an MMS at acceptance may take before it is refused. */
    MEDIA_FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
    /** Media fetches one workspace has in flight at once in a process; more wait for a turn. */
    MEDIA_FETCH_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
    /** Media bytes one workspace may fetch per minute in a process; past it a send's media is refused until the minute passes. */
    MEDIA_FETCH_BYTES_PER_MINUTE: z.coerce
      .number()
      .int()
      .min(1_048_576)
      .default(50 * 1_048_576),
    /** Daily (UTC) cap on accepted send cost for workspaces without their own; $100 stops a runaway agent early. */
    SPEND_CAP_CENTS_DAILY: z.coerce.number().int().min(0).default(10_000),
    /**
     * The SMS pumping guard's threshold for workspaces that set none (messaging settings'
     * pumping_guard.max_new_numbers_per_hour): first sends to one number block within an hour.
     */
    PUMPING_GUARD_MAX_NEW_NUMBERS_PER_HOUR: z.coerce.number().int().min(1).max(100).default(30),
    FUNDING_PROVIDER: z.enum(['sandboxpay']).default('sandboxpay'),
    FUNDING_MINIMUM_CENTS: z.coerce.number().int().min(1).default(defaultFundingMinimumCents),
    FUNDING_INVOICE_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .default(24 * 60),
    // Messaging core: providers, inbound webhooks, jobs.
    MESSAGING_PROVIDER: z.enum(['sandbox', 'twilio']).default('sandbox'),
    /** Twilio credentials (MESSAGING_PROVIDER=twilio; docs/deployment.md "Going live with Twilio"). */
    TWILIO_ACCOUNT_SID: z
      .string()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'must be an account SID (AC + 32 hex digits)')
      .optional(),
    TWILIO_AUTH_TOKEN: hmacSecret.optional(),
    /** Optional Messaging Service: sends carry it (A2P 10DLC campaign, opt-out handling) and bought numbers join it. */
    TWILIO_MESSAGING_SERVICE_SID: z
      .string()
      .regex(/^MG[0-9a-fA-F]{32}$/, 'must be a Messaging Service SID (MG + 32 hex digits)')
      .optional(),
    /** Tests only: sends every Twilio API request to this origin (a local stand-in) instead of *.twilio.com. */
    TWILIO_API_BASE_URL: z.url().optional(),
    MESSAGING_TIMESTAMP_HEADER: z.string().toLowerCase().default('x-sandbox-timestamp'),
    MESSAGING_SIGNATURE_HEADER: z.string().toLowerCase().default('x-sandbox-signature'),
    /** HMAC secrets of inbound provider webhooks; generated into DATA_DIR in the embedded mode. */
    MESSAGING_WEBHOOK_SECRET: hmacSecret.optional(),
    FUNDING_WEBHOOK_SECRET: hmacSecret.optional(),
    WEBHOOK_TOLERANCE_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
    /**
     * Serves Prometheus metrics at GET /metrics to a caller presenting it as a bearer token; unset,
     * /metrics does not exist (404). At least 32 characters.
     */
    METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters long (it guards the metrics route)').optional(),
    /** `npm run worker` serves its own /metrics (job and delivery series) on this port, with METRICS_TOKEN; unset, it serves none. */
    WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** How long the sandbox carrier waits before each of its callbacks (sent, delivered, ...). */
    SANDBOX_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(1_000),
    /**
     * Pace dispatch at each number's throughput (docs/decisions/sandbox-pacing.md): on by default with a
     * real carrier, off with the sandbox carrier, whose sends then go out at once as before.
     */
    SENDER_PACING: z.enum(['on', 'off']).optional(),
    /**
     * Sender failover (docs/sending.md#failover): this many carrier errors of a number's own
     * (domain/sender-health.ts says which count) within SENDER_FAILURE_WINDOW_SECONDS, with no delivery
     * in between, mark it failing for SENDER_FAILURE_COOLDOWN_SECONDS: sender selection skips it and
     * its waiting pool messages move to a healthy number of their pool.
     */
    SENDER_FAILURE_THRESHOLD: z.coerce.number().int().min(1).max(1_000).default(5),
    SENDER_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(600),
    SENDER_FAILURE_COOLDOWN_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    /** Run job workers in this process; defaults to on in the embedded mode, off in the scaled mode (use `npm run worker`). */
    RUN_WORKERS: z.enum(['0', '1', 'true', 'false']).optional(),
    JOB_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
    /** A claimed job whose worker has not finished within the lease is retried by another worker. */
    JOB_LEASE_MS: z.coerce.number().int().min(1_000).default(60_000),
    JOB_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
    /**
     * How far a retry's delay (a job's back-off, a customer webhook's schedule) moves at random, in
     * percent either way, so that work which failed together does not retry together.
     */
    RETRY_JITTER_PERCENT: z.coerce.number().min(0).max(50).default(20),
    /** Period of the sweep for due jobs (embedded poller and scaled re-enqueue). */
    JOB_SWEEP_INTERVAL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
    /** Period of the maintenance job that prunes finished jobs and expired credentials. */
    MAINTENANCE_INTERVAL_MINUTES: z.coerce
      .number()
      .int()
      .min(1)
      .max(7 * 24 * 60)
      .default(60),
    /** Rows one maintenance statement deletes at most, so a large backlog never holds locks for long. */
    MAINTENANCE_BATCH_SIZE: z.coerce.number().int().min(1).max(100_000).default(1_000),
    /**
     * Enrollments one campaign batch takes: one transaction and one accept_message_batch call, which
     * holds the workspace's row (its API sends wait) and, embedded, the one database connection.
     */
    CAMPAIGN_BATCH_SIZE: z.coerce.number().int().min(1).max(5_000).default(500),
    /** How long finished (`done`) job rows are kept. */
    JOB_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
    /** How long expired console sessions, OAuth codes and tokens, and access tokens are kept past their expiry. */
    EXPIRED_CREDENTIAL_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
    /** Namespace of every Redis key (BullMQ queues, rate-limit buckets, the IP throttle); deployments sharing a Redis need distinct ones. */
    REDIS_KEY_PREFIX: z
      .string()
      .regex(/^[\w.-]+$/)
      .default('textline'),
    /** On SIGTERM, how long in-flight requests and jobs may take before the process exits anyway (with code 1). */
    SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(25_000),
    // MCP and OAuth.
    /** A tool call that takes longer answers `timeout` (504 on POST /mcp/tools/{name}). */
    MCP_TOOL_TIMEOUT_MS: z.coerce.number().int().min(1).max(300_000).default(15_000),
    /**
     * How long a tools/call whose send waits for approval keeps the MCP client's URL elicitation open for
     * the person's decision before it answers with the send still pending; 0: no elicitation. Under the
     * SDK clients' default request time-out of 60 s.
     */
    MCP_APPROVAL_WAIT_SECONDS: z.coerce.number().int().min(0).max(600).default(50),
    /** tools/calls one token may have waiting for approvals through an elicitation at once; beyond, they answer at once. */
    MCP_APPROVAL_WAITS_PER_TOKEN: z.coerce.number().int().min(1).max(100).default(5),
    OAUTH_ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3_600),
    OAUTH_REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /** Dynamic client registrations allowed per client IP per hour (429 beyond). */
    OAUTH_REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
  })
  .superRefine((env, context) => {
    if (env.MESSAGING_PROVIDER !== 'twilio') return;
    // Twilio signs its callbacks over the public URL it was given, which a TLS-terminating proxy hides from us.
    const required = {
      PUBLIC_BASE_URL: 'the public https URL Twilio calls back (status callbacks, inbound messages)',
      TWILIO_ACCOUNT_SID: 'the Twilio account SID',
      TWILIO_AUTH_TOKEN: 'the Twilio auth token',
    } as const;
    for (const [name, meaning] of Object.entries(required)) {
      if (!env[name as keyof typeof required]) {
        context.addIssue({ code: 'custom', path: [name], message: `is required with MESSAGING_PROVIDER=twilio (${meaning})` });
      }
    }
  });

type Environment = z.output<typeof ZEnvironment>;

/** `PUBLIC_BASE_URL` is `publicBaseUrl` in Config. */
type ConfigName<Variable extends string> = Variable extends `${infer Word}_${infer Rest}`
  ? `${Lowercase<Word>}${Capitalize<ConfigName<Rest>>}`
  : Lowercase<Variable>;

/** Every variable of the schema under its Config name; an unset optional one is there as undefined. */
function withConfigNames(env: Environment) {
  const entries = Object.keys(ZEnvironment.shape).map((name) => [
    name.toLowerCase().replace(/_([a-z])/g, (_underscore, letter: string) => letter.toUpperCase()),
    env[name as keyof Environment],
  ]);
  return Object.fromEntries(entries) as { [Name in keyof Required<Environment> as ConfigName<Name>]: Environment[Name] };
}

/**
 * The configuration the service runs with: every variable under its Config name, except those
 * combined here (NODE_ENV is `env`, TWILIO_* make `twilio`, RUN_WORKERS defaults by `mode`, SENDER_PACING by the carrier).
 */
const ZConfig = ZEnvironment.transform((env) => {
  const {
    nodeEnv,
    runWorkers,
    senderPacing,
    twilioAccountSid,
    twilioAuthToken,
    twilioMessagingServiceSid,
    twilioApiBaseUrl,
    ...variables
  } = withConfigNames(env);
  const mode: 'embedded' | 'scaled' = variables.databaseUrl || variables.redisUrl ? 'scaled' : 'embedded';
  return {
    ...variables,
    env: nodeEnv,
    /** Set exactly when messagingProvider is `twilio`: the schema then requires the variables tested here. */
    twilio:
      variables.messagingProvider === 'twilio' && twilioAccountSid && twilioAuthToken && variables.publicBaseUrl
        ? {
            accountSid: twilioAccountSid,
            authToken: twilioAuthToken,
            messagingServiceSid: twilioMessagingServiceSid,
            apiBaseUrl: twilioApiBaseUrl,
            /** PUBLIC_BASE_URL without a trailing slash. */
            publicBaseUrl: variables.publicBaseUrl.replace(/\/+$/, ''),
          }
        : undefined,
    runWorkers: runWorkers === undefined ? mode === 'embedded' : runWorkers === '1' || runWorkers === 'true',
    /** Whether dispatch paces each number at its throughput (SENDER_PACING). */
    senderPacing: (senderPacing ?? (variables.messagingProvider === 'sandbox' ? 'off' : 'on')) === 'on',
    mode,
  };
});

export type Config = z.output<typeof ZConfig>;
export type TwilioConfig = NonNullable<Config['twilio']>;

function invalidConfiguration(problems: string[]): Error {
  return new Error(`Invalid configuration: ${problems.join('; ')}`);
}

function isHttpsUrl(value: string | undefined): boolean {
  return value !== undefined && new URL(value).protocol === 'https:';
}

/**
 * `servesHttp: false` is for processes that answer no HTTP (the worker, the operator CLI). A server
 * names itself in OAuth metadata, WWW-Authenticate and messages; in production that name must be its
 * public https URL, so a request's Host header never stands in for it.
 */
export function loadConfig(
  environment: Record<string, string | undefined> = process.env,
  options: { servesHttp?: boolean } = {},
): Config {
  const parsed = ZConfig.safeParse(environment);
  if (!parsed.success)
    throw invalidConfiguration(parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`));
  const config = parsed.data;
  if ((options.servesHttp ?? true) && config.env === 'production' && !isHttpsUrl(config.publicBaseUrl)) {
    throw invalidConfiguration([
      'PUBLIC_BASE_URL: NODE_ENV=production requires the https URL clients reach this server at (e.g. https://sms.example.com); ' +
        "OAuth discovery and authentication challenges name it, never the request's Host header",
    ]);
  }
  return config;
}
