import twilio from 'twilio';
import type RequestClient from 'twilio/lib/base/RequestClient.js';
import type { TwilioConfig } from '../../config.ts';

type TwilioClient = ReturnType<typeof twilio>;

/** A Twilio request gets this long before its fate counts as unknown (see the carrier's send). */
export const TWILIO_REQUEST_TIMEOUT_MS = 15_000;

/**
 * The library's own HTTP client (basic auth, form encoding, JSON parsing, errors) with every
 * request sent to one origin instead of api.twilio.com, messaging.twilio.com, ...: the library's
 * documented extension point for a custom HTTP client, used by the tests' local stand-in.
 */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(private readonly origin: string) {
    super({ timeout: TWILIO_REQUEST_TIMEOUT_MS });
  }

  override request<TData>(options: RequestClient.RequestOptions<TData>) {
    const target = new URL(options.uri);
    return super.request<TData>({ ...options, uri: new URL(`${target.pathname}${target.search}`, this.origin).href });
  }
}

export function createTwilioClient(config: Pick<TwilioConfig, 'accountSid' | 'authToken' | 'apiBaseUrl'>): TwilioClient {
  return twilio(config.accountSid, config.authToken, {
    timeout: TWILIO_REQUEST_TIMEOUT_MS,
    ...(config.apiBaseUrl ? { httpClient: new RebasedRequestClient(config.apiBaseUrl) } : {}),
  });
}
