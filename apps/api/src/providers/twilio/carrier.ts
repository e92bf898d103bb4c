import type { PrismaClient } from '@textline/db';
import type { TwilioConfig } from '../../config.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Logger } from '../../lib/logger.ts';
import {
  type AvailableNumber,
  type MessagingProvider,
  type NumberLookup,
  type NumberSearch,
  type NumberType,
  type OutboundSms,
  ProviderRejection,
  type PurchasedNumber,
} from '../../ports.ts';
import { createTwilioClient, TWILIO_REQUEST_TIMEOUT_MS } from './client.ts';
import { isTwilioApiError, NUMBER_NOT_FOR_SALE, twilioFailure, withTwilioFailures } from './errors.ts';
import { twilioRegistration } from './registration.ts';
import { twilioInboundRouter, twilioWebhookUrls } from './webhooks.ts';

const TWILIO_LABEL = 'twilio';

type TwilioDeps = { prisma: PrismaClient; clock: Clock; log: Logger; config: TwilioConfig };

const areaCodePattern = /^[2-9]\d{2}$/;
// Numbers offered per search: a few spares for when another buyer takes the first one meanwhile.
const PURCHASE_CANDIDATES = 5;
// How far back a lookup for an unanswered send searches, for clocks that disagree a little.
const CLOCK_SKEW_MS = 60_000;
// Recent messages between the two numbers that the lookup compares.
const LOOKUP_LIMIT = 20;

/** Line Type Intelligence's types, as GET /api/v1/lookups names them; any other is unknown. */
const twilioLineTypes: Record<string, NumberLookup['lineType']> = {
  mobile: 'mobile',
  landline: 'landline',
  fixedVoip: 'voip',
  nonFixedVoip: 'voip',
  tollFree: 'toll_free',
};

/**
 * An AvailablePhoneNumbers entry in our shape. Its capabilities come as Twilio sends them, with
 * SMS and MMS upper-case on this resource (lower-case elsewhere), so both spellings are read.
 */
type Offer = { phoneNumber: string; region?: string | null; capabilities?: unknown };

function availableNumber(offer: Offer, type: NumberType): AvailableNumber {
  const capabilities = (offer.capabilities ?? {}) as Record<string, unknown>;
  const has = (name: string) => capabilities[name] === true || capabilities[name.toUpperCase()] === true;
  return {
    number: offer.phoneNumber,
    region: offer.region || null,
    capabilities: { sms: has('sms'), mms: has('mms'), voice: has('voice') },
    type,
  };
}

/**
 * Twilio Programmable Messaging (MESSAGING_PROVIDER=twilio): sends through the Messages API with a
 * status callback to /webhooks/twilio/events, buys numbers with their SMS URL set to
 * /webhooks/twilio/incoming, and verifies Twilio's signed callbacks (webhooks.ts). A live provider:
 * buying needs ALLOW_LIVE_NUMBER_PURCHASE.
 */
export function createTwilioMessagingProvider(deps: TwilioDeps): MessagingProvider {
  const client = createTwilioClient(deps.config);
  const urls = twilioWebhookUrls(deps.config.publicBaseUrl, TWILIO_LABEL);
  const { messagingServiceSid } = deps.config;

  async function recordSid(messageId: string, messageSid: string): Promise<{ providerMessageId: string }> {
    await deps.prisma.twilioMessage.update({ where: { messageId }, data: { messageSid } });
    return { providerMessageId: messageSid };
  }

  /**
   * The message an earlier, unanswered request created, if Twilio has it: the newest outbound
   * message between the two numbers with this body, created since that request and not already
   * claimed by another of our messages.
   */
  async function findCreated(sms: OutboundSms, since: Date): Promise<string | undefined> {
    const recent = await withTwilioFailures(client.messages.list({ from: sms.from, to: sms.to, limit: LOOKUP_LIMIT }));
    const candidates = recent.filter(
      (message) =>
        message.body === sms.body &&
        message.direction === 'outbound-api' &&
        message.dateCreated.getTime() >= since.getTime() - CLOCK_SKEW_MS,
    );
    if (candidates.length === 0) return undefined;
    const claimed = await deps.prisma.twilioMessage.findMany({
      where: { messageSid: { in: candidates.map((message) => message.sid) } },
      select: { messageSid: true },
    });
    const taken = new Set(claimed.map((row) => row.messageSid));
    return candidates.find((message) => !taken.has(message.sid))?.sid;
  }

  /**
   * Takes the claim to send this message now: the first one, or the renewal of an unanswered one
   * (compare-and-set on its request time). Losing means another dispatch is doing the same.
   */
  async function claim(messageId: string, previous: { requestedAt: Date } | null, now: Date): Promise<void> {
    const { count } = previous
      ? await deps.prisma.twilioMessage.updateMany({
          where: { messageId, messageSid: null, requestedAt: previous.requestedAt },
          data: { requestedAt: now },
        })
      : await deps.prisma.twilioMessage.createMany({ data: [{ messageId, requestedAt: now }], skipDuplicates: true });
    if (count === 0)
      throw new ProviderRejection('provider_error', 'Another dispatch of this message is talking to Twilio.', true);
  }

  /** Asks Twilio to create the message; a definite refusal drops the claim, an unknown fate keeps it. */
  async function create(sms: OutboundSms): Promise<{ providerMessageId: string }> {
    let message;
    try {
      message = await client.messages.create({
        to: sms.to,
        from: sms.from,
        body: sms.body,
        // Twilio fetches each MediaUrl itself when it sends the MMS.
        ...(sms.mediaUrls && { mediaUrl: sms.mediaUrls }),
        statusCallback: urls.statusCallback(sms.messageId),
        ...(messagingServiceSid ? { messagingServiceSid } : {}),
      });
    } catch (error) {
      // A 4xx means Twilio created nothing; a 5xx or no answer at all may follow a created message.
      if (isTwilioApiError(error) && error.status < 500)
        await deps.prisma.twilioMessage.delete({ where: { messageId: sms.messageId } });
      throw twilioFailure(error);
    }
    return recordSid(sms.messageId, message.sid);
  }

  /**
   * Whether inbound messages to a bought number reach /incoming. With a Messaging Service the number
   * joins it (its A2P registration covers the number's sends), and the service's inbound setting
   * decides: its own request URL, or "defer to sender's webhook" (the number's SMS URL). A number
   * that cannot join stays bought and usable, reported as not configured.
   */
  async function inboundReachesUs(number: { sid: string; smsUrl: string }): Promise<boolean> {
    const numberRoutesToUs = number.smsUrl === urls.incoming;
    if (!messagingServiceSid) return numberRoutesToUs;
    const service = client.messaging.v1.services(messagingServiceSid);
    try {
      await service.phoneNumbers.create({ phoneNumberSid: number.sid });
      const settings = await service.fetch();
      return settings.useInboundWebhookOnNumber ? numberRoutesToUs : settings.inboundRequestUrl === urls.incoming;
    } catch (error) {
      deps.log.warn(
        { numberSid: number.sid, code: isTwilioApiError(error) ? error.code : undefined },
        'bought number could not join the messaging service',
      );
      return false;
    }
  }

  /**
   * US SMS-capable numbers of the type on offer (AvailablePhoneNumbers Local or TollFree), in the
   * area code and containing the digits if given.
   */
  function offered(search: NumberSearch) {
    const country = client.availablePhoneNumbers('US');
    const options = {
      smsEnabled: true,
      limit: search.limit,
      ...(search.areaCode ? { areaCode: Number(search.areaCode) } : {}),
      ...(search.contains ? { contains: search.contains } : {}),
    };
    const listed: Promise<Offer[]> = search.type === 'toll_free' ? country.tollFree.list(options) : country.local.list(options);
    return withTwilioFailures(listed);
  }

  /** Buys the number with its SMS URL pointing at us; undefined when another buyer has it or it is not for sale. */
  async function purchase(phoneNumber: string, type: NumberType): Promise<PurchasedNumber | undefined> {
    let bought;
    try {
      bought = await client.incomingPhoneNumbers.create({ phoneNumber, smsUrl: urls.incoming, smsMethod: 'POST' });
    } catch (error) {
      if (isTwilioApiError(error) && NUMBER_NOT_FOR_SALE.has(error.code ?? 0)) return undefined;
      throw twilioFailure(error);
    }
    return {
      number: bought.phoneNumber,
      type,
      providerNumberId: bought.sid,
      webhookConfigured: await inboundReachesUs(bought),
    };
  }

  return {
    label: TWILIO_LABEL,
    live: true,

    /**
     * Twilio's Messages API has no idempotency key, so the claim row (twilio_messages) stands in for
     * one: a repeated dispatch returns the recorded MessageSid, and after a request whose answer
     * was lost it looks the message up at Twilio before sending again. A claim younger than the
     * request timeout may belong to a request still in flight: retry later.
     */
    async send(sms) {
      const now = new Date(deps.clock.now());
      const previous = await deps.prisma.twilioMessage.findUnique({ where: { messageId: sms.messageId } });
      if (previous?.messageSid) return { providerMessageId: previous.messageSid };
      if (previous) {
        if (now.getTime() - previous.requestedAt.getTime() < TWILIO_REQUEST_TIMEOUT_MS) {
          throw new ProviderRejection(
            'provider_error',
            'An earlier Twilio request for this message may still be in flight.',
            true,
          );
        }
        const created = await findCreated(sms, previous.requestedAt);
        if (created) return recordSid(sms.messageId, created);
      }
      await claim(sms.messageId, previous, now);
      return create(sms);
    },

    searchNumbers: async (search) => (await offered(search)).map((offer) => availableNumber(offer, search.type)),

    /**
     * Buys exactly `number`, or else searches US SMS numbers of the type (in the area code, if given) and
     * buys the first still available.
     */
    async buyNumber({ areaCode, number, type }): Promise<PurchasedNumber | undefined> {
      if (number !== undefined) return purchase(number, type);
      if (areaCode !== undefined && !areaCodePattern.test(areaCode)) return undefined;
      for (const candidate of await offered({ areaCode, limit: PURCHASE_CANDIDATES, type })) {
        const bought = await purchase(candidate.phoneNumber, type);
        if (bought) return bought;
      }
      return undefined;
    },

    async releaseNumber(providerNumberId) {
      try {
        await client.incomingPhoneNumbers(providerNumberId).remove();
      } catch (error) {
        // Not on the account any more: released already (an earlier answer was lost, or the console).
        if (isTwilioApiError(error) && error.status === 404) return;
        throw twilioFailure(error);
      }
    },

    registration: twilioRegistration(client),

    /** Lookup v2 with Line Type Intelligence, its types folded into ours. */
    async lookupNumber(phoneNumber) {
      // Twilio answers null for what it does not know (all of it for an invalid number), whatever
      // the library's types say; the library renames the package's fields to camel case.
      const found = (await withTwilioFailures(
        client.lookups.v2.phoneNumbers(phoneNumber).fetch({ fields: 'line_type_intelligence' }),
      )) as unknown as {
        countryCode: string | null;
        valid: boolean | null;
        lineTypeIntelligence: { type?: string | null; carrierName?: string | null } | null;
      };
      const intelligence = found.lineTypeIntelligence;
      return {
        country: found.countryCode,
        lineType: twilioLineTypes[intelligence?.type ?? ''] ?? 'unknown',
        carrier: intelligence?.carrierName ?? null,
        valid: found.valid ?? false,
      };
    },

    inboundRouter: (services) =>
      twilioInboundRouter(services, { authToken: deps.config.authToken, publicBaseUrl: deps.config.publicBaseUrl }),
  };
}
