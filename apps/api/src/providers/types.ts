import type { Router } from 'express';
import type { Services } from '../services.ts';

/**
 * Provider interfaces. The sandbox implementations are the defaults; real
 * carriers (e.g. Twilio) plug in behind the same types, selected by MESSAGING_PROVIDER.
 */

export type OutboundSms = { messageId: string; from: string; to: string; body: string };

/** A send the carrier refused outright; `code` maps onto the error catalogue where one fits. */
export class ProviderRejection extends Error {
  constructor(
    readonly code: 'sender_not_ready' | 'recipient_unsubscribed' | 'invalid_recipient' | 'provider_error',
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

export type PurchasedNumber = {
  number: string;
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
};

export type NumberSearch = { areaCode?: string | undefined; contains?: string | undefined; limit: number };

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
  buyNumber(options: { areaCode?: string | undefined; number?: string | undefined }): Promise<PurchasedNumber | undefined>;
  /**
   * Gives a bought number back to the provider. Idempotent: a number the provider no longer has on
   * the account counts as released.
   */
  releaseNumber(providerNumberId: string): Promise<void>;
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
