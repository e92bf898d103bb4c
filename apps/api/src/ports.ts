import type { LookupFunction } from 'node:net';
import type { Router } from 'express';
import type { Redis } from 'ioredis';
import type { Db, PrismaClient, SqlClient } from '@textline/db';
import type { TMessagingSettings } from '@textline/contract';
import type { Authenticator } from './auth/authenticator.ts';
import type { Config } from './config.ts';
import type { WebhookSender } from './domain/customer-webhooks/sender.ts';
import type { MediaFetcher } from './domain/messages/media.ts';
import type { AcceptQueue } from './domain/messages/accept-queue.ts';
import type { QueueName } from './jobs/queues.ts';
import type { Clock } from './lib/clock.ts';
import type { ReadThroughCache } from './lib/read-through-cache.ts';
import type { Logger } from './lib/logger.ts';
import type { KeyedLimiter } from './limits/keyed-limiter.ts';
import type { SenderPace } from './limits/sender-pace.ts';
import type { LiveChanges } from './live/changes.ts';
import type { Metrics } from './metrics/metrics.ts';

/**
 * The ports: what the domain needs from the rest of the process, declared below it. The composition
 * roots (services.ts, called by main.ts, worker-main.ts and admin/cli.ts) build them; domain modules
 * import these types, never the builder, so no dependency runs from the domain back up to what
 * implements it (docs/architecture.md, "Layers").
 */

/** Everything domain modules depend on, built once per process and passed in explicitly. */
export type Services = {
  config: Config;
  db: Db;
  prisma: PrismaClient;
  sql: SqlClient;
  acceptQueue: AcceptQueue;
  providerEventStore: ProviderEventStore;
  clock: Clock;
  log: Logger;
  redis: Redis | undefined;
  authenticator: Authenticator;
  /**
   * Each workspace's messaging settings as its sends read them (readMessagingSettings), kept for
   * TOKEN_CACHE_MS: a change reaches this process's sends at once, other processes' within that time.
   */
  messagingSettings: ReadThroughCache<TMessagingSettings>;
  /** Every rate limit's token buckets (send rate, account creation, sign-in failures, OAuth registration). */
  rateLimiter: KeyedLimiter;
  /** Each sender number's pace at the carrier (SENDER_PACING) and each webhook endpoint's max_per_second, shared by every worker. */
  senderPace: SenderPace;
  fundingProvider: FundingProvider;
  messagingProvider: MessagingProvider;
  /** Provider labels, signature headers and secrets of the inbound webhook routes. */
  inboundWebhooks: InboundWebhookSettings;
  /** Durable jobs; main.ts / worker-main.ts (and the test harness) start the workers. */
  jobs: JobRunner;
  /**
   * Where this process's HTTP server answers: PUBLIC_BASE_URL, else set once the server listens.
   * The sandbox carrier sends its callbacks there; a process without a server leaves it unset.
   */
  selfUrl: { current: string | undefined };
  /** SSRF-safe HTTP client for customer webhook endpoints. */
  webhookSender: WebhookSender;
  /** Fetches and checks the media of an MMS at acceptance. */
  mediaFetcher: MediaFetcher;
  /** Follows tracked links (GET /l/{code}) and counts their clicks within a second. */
  linkClicks: LinkClicks;
  /**
   * DNS of the endpoint URL check: a URL must resolve (to public addresses) when saved. The sender
   * resolves again at every connection.
   */
  webhookLookup: LookupFunction;
  /** Changes the console's open event streams are told about (Redis pub/sub in the scaled mode). */
  live: LiveChanges;
  /** Prometheus series, only when METRICS_TOKEN is set (then served at GET /metrics); else nothing is counted. */
  metrics: Metrics | undefined;
  hashIp(ip: string): string;
  /** The HMAC that makes an MCP session id (mcp/sessions.ts) tamper-proof, keyed by a secret every process shares. */
  signMcpSession(value: string): string;
  close(): Promise<void>;
};

/** Follows tracked links and counts their clicks (GET /l/{code}); one per process (services.ts). */
export type LinkClicks = {
  /**
   * Where a tracked link redirects, after recording the click. Only a code a send made redirects,
   * so the route is no open redirect.
   */
  follow(click: { code: string; ip: string; userAgent: string | undefined }): Promise<{ url: string }>;
  /** Counts every click recorded so far at once (the roll-up the clicks schedule), for a reader that cannot wait. */
  rollUp(): Promise<number>;
  /** Counts what is still uncounted and stops scheduling roll-ups. */
  close(): Promise<void>;
};

/** Durable jobs: the rows are written with `enqueue` (jobs/enqueue.ts); the runner works them. */
export type JobRunner = {
  /**
   * Prompts workers after a commit that enqueued jobs. Passing the job ids lets the scaled mode
   * hand them to BullMQ directly; without them it looks the due rows up.
   */
  wake(queue: QueueName, ...jobIds: string[]): void;
  /** Starts this process's workers (main.ts when RUN_WORKERS, worker-main.ts, the test harness). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Runs due jobs in this process until none is due or in flight: a deterministic wait for tests. */
  drain(): Promise<void>;
};

type ProviderEventIdentity = { provider: string; eventType: string; externalId: string };
/** `jobRunAt`: when its reconciliation job is due (default: at once). */
export type IncomingProviderEvent = ProviderEventIdentity & { payload: unknown; receivedAt: Date; jobRunAt?: Date };
/** The stored event's id; a new one also names its reconciliation job, a duplicate does not. */
export type StoredProviderEvent = { id: string; duplicate: boolean; job_id: string | null };

/** Stores a verified provider callback and queues its reconciliation (provider-callbacks/event-store.ts). */
export type ProviderEventStore = { store(event: IncomingProviderEvent): Promise<StoredProviderEvent> };

/** One provider's signing key (provider-callbacks/signature.ts), named by the provider label used in paths and stored events. */
export type ProviderWebhookKey = { provider: string; timestampHeader: string; signatureHeader: string; secret: string };

export type InboundWebhookSettings = {
  messaging: ProviderWebhookKey;
  funding: ProviderWebhookKey;
  toleranceSeconds: number;
};

/**
 * Provider interfaces. The sandbox implementations are the defaults; real
 * carriers (e.g. Twilio) plug in behind the same types, selected by MESSAGING_PROVIDER.
 */

/** One message for the carrier; `mediaUrls` makes it an MMS (the carrier fetches each URL). */
export type OutboundSms = { messageId: string; from: string; to: string; body: string; mediaUrls?: string[] | undefined };

/** A send the carrier refused outright; `code` maps onto the error catalogue where one fits. */
export class ProviderRejection extends Error {
  constructor(
    readonly code: 'sender_not_ready' | 'sender_queue_full' | 'recipient_unsubscribed' | 'invalid_recipient' | 'provider_error',
    message: string,
    readonly retryable: boolean,
    /** The carrier's own error code (e.g. Twilio's 21610), kept as provider metadata. */
    readonly providerCode?: string,
  ) {
    super(message);
    this.name = 'ProviderRejection';
  }
}

/**
 * The error_code a refused message is left with: the catalogue's code where the refusal is one of
 * that code's causes, so its retry hint applies, else the rejection code itself.
 */
export function messageErrorCodeOf(code: ProviderRejection['code']): string {
  switch (code) {
    case 'sender_not_ready':
      return 'branded_number_missing';
    case 'recipient_unsubscribed':
      return 'workspace_suppressed';
    default:
      return code;
  }
}

export type NumberType = 'local' | 'toll_free';

export type PurchasedNumber = {
  number: string;
  type: NumberType;
  providerNumberId: string;
  /** Whether the provider's inbound-message webhook now points at our /incoming route. */
  webhookConfigured: boolean;
};

/** A number the provider offers for sale now. */
export type AvailableNumber = {
  number: string;
  /** The provider's region for it (a state or province code); null when it names none. */
  region: string | null;
  capabilities: { sms: boolean; mms: boolean; voice: boolean };
  type: NumberType;
};

export type NumberSearch = {
  areaCode?: string | undefined;
  contains?: string | undefined;
  limit: number;
  type: NumberType;
};

/** What a brand submission tells the carriers. */
export type BrandSubmission = {
  legalName: string;
  country: string;
  taxId: string;
  entityType: string;
  vertical: string;
  website: string;
  supportEmail: string;
  supportPhone: string;
};

/** What a use case (10DLC campaign) submission tells the carriers, under its brand's carrier id. */
export type UseCaseSubmission = {
  brandProviderId: string;
  useCase: string;
  description: string;
  sampleMessages: string[];
  messageFlow: string;
  helpMessage: string;
  optOutMessage: string;
  hasLinks: boolean;
  hasPhoneNumbers: boolean;
};

/** What a toll-free verification tells the carriers about a number and the brand behind it. */
export type TollFreeSubmission = {
  numberProviderId: string;
  brand: BrandSubmission;
  useCase: string;
  description: string;
  sampleMessages: string[];
  messageFlow: string;
  monthlyVolume: number;
};

export type RegistrationSubmission =
  | { kind: 'brand'; brand: BrandSubmission }
  | { kind: 'use_case'; useCase: UseCaseSubmission; brandEntityType: string }
  | { kind: 'toll_free'; verification: TollFreeSubmission };

/** A carrier's reason for a rejection, naming the field of our submission to correct where it can. */
export type CarrierRejectionReason = { code: string; field: string | null; message: string };

export type RegistrationDecision =
  | { status: 'pending' }
  | { status: 'approved'; throughput?: { messagesPerMinute: number; dailyCap: number | null } }
  | { status: 'rejected'; reasons: CarrierRejectionReason[] };

/**
 * The carrier's registration of senders: brands and use cases (A2P 10DLC) and toll-free
 * verifications. Submissions are decided later; the caller asks for the decision from
 * `checkAfterMs` on, and again while it is pending.
 */
export type CarrierRegistration = {
  submit(submission: RegistrationSubmission): Promise<{ providerId: string; checkAfterMs: number }>;
  /**
   * Submits again, corrected, a brand or use case the carrier rejected under `providerId`: answers the
   * id to ask about from now on (that of a new submission, or the same one).
   */
  resubmit(
    submission: Extract<RegistrationSubmission, { kind: 'brand' | 'use_case' }>,
    providerId: string,
  ): Promise<{ providerId: string; checkAfterMs: number }>;
  /** The decision on a submission, given again with the id `submit` answered. */
  decision(submission: RegistrationSubmission, providerId: string): Promise<RegistrationDecision>;
  /** Puts a bought local number's traffic under a submitted use case, or takes it out (both idempotent). */
  assignNumber(useCaseProviderId: string, numberProviderId: string): Promise<void>;
  unassignNumber(useCaseProviderId: string, numberProviderId: string): Promise<void>;
  /** How long to wait before asking again about a pending submission. */
  pollIntervalMs: number;
};
/** A line-type lookup's answer (GET /api/v1/lookups/{phone_number}). */
export type NumberLookup = {
  country: string | null;
  lineType: 'mobile' | 'landline' | 'voip' | 'toll_free' | 'unknown';
  carrier: string | null;
  valid: boolean;
};

export type MessagingProvider = {
  /** Label used in webhook paths (/webhooks/<label>/events) and stored on provider events. */
  label: string;
  /** A live provider moves real money and numbers; buying needs ALLOW_LIVE_NUMBER_PURCHASE. */
  live: boolean;
  send(sms: OutboundSms): Promise<{ providerMessageId: string }>;
  /** The numbers for sale now (in the area code, containing the digits), at most `limit`. */
  searchNumbers(search: NumberSearch): Promise<AvailableNumber[]>;
  /**
   * Buys exactly `number` if given, else any number, preferring the area code; undefined when that
   * number or none is available.
   */
  buyNumber(options: {
    areaCode?: string | undefined;
    number?: string | undefined;
    type: NumberType;
  }): Promise<PurchasedNumber | undefined>;
  /**
   * Gives a bought number back to the provider. Idempotent: a number the provider no longer has on
   * the account counts as released.
   */
  releaseNumber(providerNumberId: string): Promise<void>;
  registration: CarrierRegistration;
  /** What a number is (the carrier's lookup service); domain/compliance/lookups.ts caches the answers. */
  lookupNumber(phoneNumber: string): Promise<NumberLookup>;
  /**
   * A carrier whose callbacks are not our signed JSON
   * serves /webhooks/<label>/events and /incoming itself: it verifies them its own way and hands
   * them, translated, to the same store-first ingestion.
   */
  inboundRouter?(services: Services): Router;
};

export type FundingSession = {
  sessionId: string;
  currency: string;
  network: string;
  payTo: string;
  hostedUrl: string;
  expiresAt: Date;
};

export type FundingProvider = {
  label: string;
  createSession(options: { invoiceId: string; amountCents: number }): Promise<FundingSession>;
};
