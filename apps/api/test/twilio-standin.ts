import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import twilio from 'twilio';

/**
 * A local stand-in for the parts of Twilio's REST API the adapter uses, following Twilio's
 * documented shapes: form-encoded requests with basic auth (account SID : auth token), JSON
 * answers, error bodies `{code, message, more_info, status}`, RFC 2822 dates, list pages. It also
 * plays Twilio's side of the callbacks: status callbacks and inbound messages, form-encoded and
 * signed with X-Twilio-Signature over the public URL they were configured with, delivered through
 * a "proxy" mapping that public URL onto the app's loopback address.
 *
 * Behaviour follows Twilio's test credentials where they define it: the recipients +15005550001
 * (21211 invalid), ...0002 (21612 unroutable), ...0003 (21408 no geo permission), ...0004 (21610
 * unsubscribed) and ...0009 (21614 not SMS-capable) are refused; a sender the account does not own
 * is refused with 21606. Lookup v2 answers by number (lookupLines).
 */

type StandInMessage = {
  sid: string;
  from: string;
  to: string;
  body: string;
  /** The MediaUrl parameters of an MMS, in order. */
  mediaUrls: string[];
  status: string;
  statusCallback: string | undefined;
  messagingServiceSid: string | undefined;
  dateCreated: Date;
};

type StandInNumber = { sid: string; phoneNumber: string; smsUrl: string | undefined; smsMethod: string };

export type StandInService = {
  sid: string;
  inboundRequestUrl: string | null;
  useInboundWebhookOnNumber: boolean;
  phoneNumberSids: string[];
};

type RecordedRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  form: URLSearchParams;
  contentType: string | undefined;
  authorized: boolean;
};

type TwilioError = { status: number; code: number; message: string };

const refusedRecipients: Record<string, TwilioError> = {
  '+15005550001': { status: 400, code: 21211, message: "The 'To' number is not a valid phone number." },
  '+15005550002': {
    status: 400,
    code: 21612,
    message: "The 'To' phone number is not currently reachable using the 'From' phone number via SMS.",
  },
  '+15005550003': {
    status: 400,
    code: 21408,
    message: "Permission to send an SMS has not been enabled for the region indicated by the 'To' number.",
  },
  '+15005550004': { status: 400, code: 21610, message: 'Attempt to send to unsubscribed recipient' },
  '+15005550009': { status: 400, code: 21614, message: "'To' number is not a valid mobile number" },
};

/**
 * Lookup v2 with Line Type Intelligence (lookups.twilio.com/v2/PhoneNumbers/{number}): these numbers
 * have the line type and carrier given, +14155550119 is not a valid number, any other is a mobile.
 */
const lookupLines: Record<string, { type: string; carrier_name: string }> = {
  '+14155550111': { type: 'mobile', carrier_name: 'T-Mobile USA, Inc.' },
  '+14155550112': { type: 'landline', carrier_name: 'Pacific Bell' },
  '+14155550113': { type: 'fixedVoip', carrier_name: 'Bandwidth/13 - Bandwidth.com - SVR' },
  '+14155550114': { type: 'nonFixedVoip', carrier_name: 'Google (Grand Central) - SVR' },
  '+18335550188': { type: 'tollFree', carrier_name: 'Twilio - Toll-Free - SMS-Sybase365/MMS-SVR' },
};
const INVALID_LOOKUP = '+14155550119';

/** Area codes with numbers for sale, in the fictional 555-01xx block, and the region Twilio reports for each. */
const INVENTORY_AREA_CODES = ['415', '212', '512'];
/** The toll-free code with numbers for sale (AvailablePhoneNumbers/US/TollFree). */
const TOLL_FREE_AREA_CODE = '833';
const INVENTORY_REGIONS: Record<string, string> = { '415': 'CA', '212': 'NY', '512': 'TX' };
const NUMBERS_PER_AREA_CODE = 100;

const sid = (prefix: string) => `${prefix}${randomBytes(16).toString('hex')}`;
const rfc2822 = (date: Date) => date.toUTCString().replace('GMT', '+0000');

export type TwilioStandIn = Awaited<ReturnType<typeof startTwilioStandIn>>;

export async function startTwilioStandIn(options: { accountSid: string; authToken: string; now: () => number }) {
  const { accountSid, authToken } = options;
  const accountPath = `/2010-04-01/Accounts/${accountSid}`;
  const requests: RecordedRequest[] = [];
  const messages: StandInMessage[] = [];
  const numbers = new Map<string, StandInNumber>();
  const services = new Map<string, StandInService>();
  const nextMessageErrors: TwilioError[] = [];
  /** Numbers other Twilio customers bought. */
  const takenByOthers = new Set<string>();
  let raceNextPurchase = false;
  /** Forced answers to the next request of a method to a path suffix (e.g. 'DELETE /IncomingPhoneNumbers/'). */
  const nextFailures: { method: string; pathPart: string; failure: TwilioError }[] = [];
  let dropNextMessageAnswer = false;
  const proxies = new Map<string, string>();
  /**
   * Trust Hub and registration resources by sid: profiles, end users and their assignments (kept as
   * created), brand registrations, A2P campaigns and toll-free verifications (pending until `decide`).
   */
  const registrations = new Map<string, Record<string, unknown>>();

  function messageResource(message: StandInMessage) {
    return {
      account_sid: accountSid,
      api_version: '2010-04-01',
      body: message.body,
      date_created: rfc2822(message.dateCreated),
      date_sent: null,
      date_updated: rfc2822(message.dateCreated),
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from: message.from,
      messaging_service_sid: message.messagingServiceSid ?? null,
      num_media: '0',
      num_segments: '1',
      price: null,
      price_unit: 'USD',
      sid: message.sid,
      status: message.status,
      subresource_uris: { media: `${accountPath}/Messages/${message.sid}/Media.json` },
      to: message.to,
      uri: `${accountPath}/Messages/${message.sid}.json`,
    };
  }

  function numberResource(number: StandInNumber) {
    return {
      account_sid: accountSid,
      api_version: '2010-04-01',
      capabilities: { voice: true, sms: true, mms: true, fax: false },
      date_created: rfc2822(new Date(options.now())),
      friendly_name: number.phoneNumber,
      phone_number: number.phoneNumber,
      sid: number.sid,
      sms_method: number.smsMethod,
      sms_url: number.smsUrl ?? '',
      status: 'in-use',
      uri: `${accountPath}/IncomingPhoneNumbers/${number.sid}.json`,
    };
  }

  function page(path: string, key: string, items: unknown[], pageSize: number) {
    return {
      [key]: items,
      end: Math.max(items.length - 1, 0),
      first_page_uri: path,
      next_page_uri: null,
      page: 0,
      page_size: pageSize,
      previous_page_uri: null,
      start: 0,
      uri: path,
    };
  }

  function forSale(areaCode: string): string[] {
    if (!INVENTORY_AREA_CODES.includes(areaCode) && areaCode !== TOLL_FREE_AREA_CODE) return [];
    const owned = new Set([...numbers.values()].map((number) => number.phoneNumber));
    return Array.from(
      { length: NUMBERS_PER_AREA_CODE },
      (_, line) => `+1${areaCode}555${String(100 + line).padStart(4, '0')}`,
    ).filter((number) => !owned.has(number) && !takenByOthers.has(number));
  }

  type Answer = { status: number; body: unknown } | 'drop';
  const error = (failure: TwilioError): Answer => ({
    status: failure.status,
    body: {
      code: failure.code,
      message: failure.message,
      more_info: `https://www.twilio.com/docs/errors/${failure.code}`,
      status: failure.status,
    },
  });
  const notFound = (): Answer => error({ status: 404, code: 20404, message: 'The requested resource was not found' });

  function createMessage(form: URLSearchParams): Answer {
    const to = form.get('To') ?? '';
    const from = form.get('From') ?? '';
    const forced = nextMessageErrors.shift();
    if (forced) return error(forced);
    const mediaUrls = form.getAll('MediaUrl');
    if (!to || (!form.get('Body') && mediaUrls.length === 0)) {
      return error({ status: 400, code: 21602, message: 'Message body is required.' });
    }
    if (![...numbers.values()].some((number) => number.phoneNumber === from)) {
      return error({
        status: 400,
        code: 21606,
        message:
          "The 'From' phone number provided is not a valid message-capable Twilio phone number for this destination/account",
      });
    }
    const refused = refusedRecipients[to];
    if (refused) return error(refused);
    const message: StandInMessage = {
      sid: sid('SM'),
      from,
      to,
      body: form.get('Body') ?? '',
      mediaUrls,
      status: 'queued',
      statusCallback: form.get('StatusCallback') ?? undefined,
      messagingServiceSid: form.get('MessagingServiceSid') ?? undefined,
      dateCreated: new Date(options.now()),
    };
    messages.push(message);
    if (dropNextMessageAnswer) {
      dropNextMessageAnswer = false;
      return 'drop';
    }
    return { status: 201, body: messageResource(message) };
  }

  function buyNumber(form: URLSearchParams): Answer {
    const phoneNumber = form.get('PhoneNumber') ?? '';
    if (raceNextPurchase) {
      raceNextPurchase = false;
      takenByOthers.add(phoneNumber);
    }
    if (!forSale(phoneNumber.slice(2, 5)).includes(phoneNumber)) {
      return error({ status: 400, code: 21422, message: 'PhoneNumber requested is not available' });
    }
    const number: StandInNumber = {
      sid: sid('PN'),
      phoneNumber,
      smsUrl: form.get('SmsUrl') ?? undefined,
      smsMethod: form.get('SmsMethod') ?? 'POST',
    };
    numbers.set(number.sid, number);
    return { status: 201, body: numberResource(number) };
  }

  /** A registration resource: the form's fields in snake case, with a new sid of `prefix` and `extra`. */
  function register(prefix: string, form: URLSearchParams, extra: Record<string, unknown> = {}): Answer {
    const fields = Object.fromEntries(
      [...new Set(form.keys())].map((key) => [
        key.replace(/(?<=[a-z0-9])([A-Z])/g, '_$1').toLowerCase(),
        form.getAll(key).length > 1 ? form.getAll(key) : form.get(key),
      ]),
    );
    const resource = {
      sid: sid(prefix),
      account_sid: accountSid,
      date_created: new Date(options.now()).toISOString(),
      ...fields,
      ...extra,
    };
    registrations.set(resource.sid, resource);
    return { status: 201, body: resource };
  }

  /** The Trust Hub and A2P registration routes (trusthub.twilio.com and messaging.twilio.com /v1). */
  function registrationRoute(method: string, path: string, form: URLSearchParams): Answer | undefined {
    const created: Record<string, [string, Record<string, unknown>]> = {
      '/v1/CustomerProfiles': ['BU', { status: 'draft' }],
      '/v1/TrustProducts': ['BU', { status: 'draft' }],
      '/v1/EndUsers': ['IT', {}],
      '/v1/a2p/BrandRegistrations': ['BN', { status: 'PENDING', errors: [] }],
      '/v1/Tollfree/Verifications': ['HH', { status: 'PENDING_REVIEW' }],
    };
    const creating = created[path];
    if (method === 'POST' && creating) return register(creating[0], form, creating[1]);
    const assignment = /^\/v1\/(CustomerProfiles|TrustProducts)\/(BU[0-9a-f]{32})\/EntityAssignments$/.exec(path);
    if (method === 'POST' && assignment) return register('BV', form, { bundle_sid: assignment[2] });
    const bundle = /^\/v1\/(CustomerProfiles|TrustProducts)\/(BU[0-9a-f]{32})$/.exec(path);
    const campaigns = /^\/v1\/Services\/(MG[0-9a-f]{32})\/Compliance\/Usa2p$/.exec(path);
    if (method === 'POST' && campaigns) {
      return register('QE', form, { messaging_service_sid: campaigns[1], campaign_status: 'PENDING', errors: [] });
    }
    const read =
      /^\/v1\/(?:a2p\/BrandRegistrations|Tollfree\/Verifications|Services\/MG[0-9a-f]{32}\/Compliance\/Usa2p)\/(\w+)$/.exec(path);
    const campaignPath = /^\/v1\/Services\/MG[0-9a-f]{32}\/Compliance\/Usa2p\/QE[0-9a-f]{32}$/;
    const found = registrations.get(bundle?.[2] ?? read?.[1] ?? '');
    if (bundle && method === 'POST' && found) {
      Object.assign(found, { status: form.get('Status') ?? found.status });
      return { status: 200, body: found };
    }
    if (read && method === 'GET') return found ? { status: 200, body: found } : notFound();
    // A campaign is deleted (its Messaging Service stays) to register a corrected one in its place.
    if (read && method === 'DELETE' && campaignPath.test(path)) {
      return registrations.delete(read[1]!) ? { status: 204, body: undefined } : notFound();
    }
    return undefined;
  }

  /** A Lookup v2 answer: the number's validity, and its line type when Fields asks for line_type_intelligence. */
  function lookup(phoneNumber: string, query: URLSearchParams): Answer {
    const valid = phoneNumber !== INVALID_LOOKUP;
    const line = lookupLines[phoneNumber] ?? { type: 'mobile', carrier_name: 'Verizon Wireless' };
    const fields = (query.get('Fields') ?? '').split(',');
    return {
      status: 200,
      body: {
        calling_country_code: '1',
        country_code: valid ? 'US' : null,
        phone_number: phoneNumber,
        national_format: valid ? `(${phoneNumber.slice(2, 5)}) ${phoneNumber.slice(5, 8)}-${phoneNumber.slice(8)}` : null,
        valid,
        validation_errors: valid ? [] : ['INVALID_BUT_POSSIBLE'],
        caller_name: null,
        sim_swap: null,
        call_forwarding: null,
        line_status: null,
        // Twilio leaves out what it was not asked for, and every package for an invalid number.
        line_type_intelligence:
          valid && fields.includes('line_type_intelligence')
            ? { ...line, error_code: null, mobile_country_code: '310', mobile_network_code: '260' }
            : null,
        identity_match: null,
        reassigned_number: null,
        sms_pumping_risk: null,
        phone_number_quality_score: null,
        pre_fill: null,
        url: `https://lookups.twilio.com/v2/PhoneNumbers/${phoneNumber}`,
      },
    };
  }

  function route(method: string, path: string, query: URLSearchParams, form: URLSearchParams): Answer {
    const registration = registrationRoute(method, path, form);
    if (registration) return registration;
    const lookedUp = /^\/v2\/PhoneNumbers\/([^/]+)$/.exec(path)?.[1];
    if (method === 'GET' && lookedUp) return lookup(decodeURIComponent(lookedUp), query);
    if (method === 'POST' && path === '/v1/Services') {
      const service: StandInService = {
        sid: sid('MG'),
        inboundRequestUrl: null,
        useInboundWebhookOnNumber: true,
        phoneNumberSids: [],
      };
      services.set(service.sid, service);
      return { status: 201, body: { sid: service.sid, account_sid: accountSid, friendly_name: form.get('FriendlyName') } };
    }
    if (method === 'POST' && path === `${accountPath}/Messages.json`) return createMessage(form);
    if (method === 'GET' && path === `${accountPath}/Messages.json`) {
      const matching = messages.filter(
        (message) =>
          (!query.get('To') || message.to === query.get('To')) && (!query.get('From') || message.from === query.get('From')),
      );
      const pageSize = Number(query.get('PageSize') ?? 50);
      return { status: 200, body: page(path, 'messages', matching.reverse().slice(0, pageSize).map(messageResource), pageSize) };
    }
    const availableType = new RegExp(`^${accountPath}/AvailablePhoneNumbers/US/(Local|TollFree)\\.json$`).exec(path)?.[1];
    if (method === 'GET' && availableType) {
      const pageSize = Number(query.get('PageSize') ?? 50);
      const areaCode = query.get('AreaCode') ?? (availableType === 'TollFree' ? TOLL_FREE_AREA_CODE : INVENTORY_AREA_CODES[0]!);
      if ((areaCode === TOLL_FREE_AREA_CODE) !== (availableType === 'TollFree')) {
        return { status: 200, body: page(path, 'available_phone_numbers', [], pageSize) };
      }
      // Contains matches digits anywhere in the number (this stand-in takes digits only, no wildcards).
      const contains = query.get('Contains') ?? '';
      const offered = forSale(areaCode)
        .filter((number) => number.slice(1).includes(contains))
        .slice(0, pageSize);
      const resources = offered.map((number) => ({
        friendly_name: `(${number.slice(2, 5)}) ${number.slice(5, 8)}-${number.slice(8)}`,
        phone_number: number,
        lata: '722',
        locality: null,
        rate_center: null,
        latitude: null,
        longitude: null,
        region: INVENTORY_REGIONS[areaCode] ?? null,
        postal_code: null,
        iso_country: 'US',
        address_requirements: 'none',
        beta: false,
        capabilities: { voice: true, SMS: true, MMS: false },
      }));
      return { status: 200, body: page(path, 'available_phone_numbers', resources, pageSize) };
    }
    if (method === 'POST' && path === `${accountPath}/IncomingPhoneNumbers.json`) return buyNumber(form);
    const numberPath = new RegExp(`^${accountPath}/IncomingPhoneNumbers/(PN[0-9a-f]{32})\\.json$`).exec(path);
    if (method === 'DELETE' && numberPath) {
      // Released numbers go back on sale; Twilio answers 204 without a body, 404 for a sid not on the account.
      return numbers.delete(numberPath[1]!) ? { status: 204, body: undefined } : notFound();
    }
    const servicePath = /^\/v1\/Services\/(MG[0-9a-f]{32})(\/PhoneNumbers)?(?:\/(PN[0-9a-f]{32}))?$/.exec(path);
    const service = servicePath ? services.get(servicePath[1]!) : undefined;
    if (!servicePath || !service) return notFound();
    if (method === 'GET' && !servicePath[2]) {
      return {
        status: 200,
        body: {
          sid: service.sid,
          account_sid: accountSid,
          inbound_request_url: service.inboundRequestUrl,
          inbound_method: 'POST',
          use_inbound_webhook_on_number: service.useInboundWebhookOnNumber,
        },
      };
    }
    if (method === 'DELETE' && servicePath[3]) {
      const had = service.phoneNumberSids.includes(servicePath[3]);
      service.phoneNumberSids = service.phoneNumberSids.filter((numberSid) => numberSid !== servicePath[3]);
      return had ? { status: 204, body: undefined } : notFound();
    }
    const number = numbers.get(form.get('PhoneNumberSid') ?? '');
    if (method !== 'POST' || !number) return notFound();
    service.phoneNumberSids.push(number.sid);
    return {
      status: 201,
      body: {
        sid: number.sid,
        account_sid: accountSid,
        service_sid: service.sid,
        phone_number: number.phoneNumber,
        country_code: 'US',
      },
    };
  }

  function authorized(header: string | undefined): boolean {
    const [scheme, encoded] = (header ?? '').split(' ');
    return scheme === 'Basic' && Buffer.from(encoded ?? '', 'base64').toString() === `${accountSid}:${authToken}`;
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://standin');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      form: new URLSearchParams(Buffer.concat(chunks).toString()),
      contentType: req.headers['content-type'],
      authorized: authorized(req.headers.authorization),
    };
    requests.push(recorded);
    const forced = nextFailures.findIndex((next) => next.method === recorded.method && recorded.path.includes(next.pathPart));
    const answer = !recorded.authorized
      ? error({ status: 401, code: 20003, message: 'Authenticate' })
      : forced >= 0
        ? error(nextFailures.splice(forced, 1)[0]!.failure)
        : route(recorded.method, recorded.path, recorded.query, recorded.form);
    if (answer === 'drop') {
      req.socket.destroy();
      return;
    }
    if (answer.body === undefined) res.writeHead(answer.status).end();
    else res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  }

  /** POSTs `params` to `url` as Twilio does: form-encoded, signed over the URL as configured. */
  async function callback(url: string, params: Record<string, string>, signWith = authToken) {
    const publicBaseUrl = [...proxies.keys()].find((base) => url.startsWith(`${base}/`));
    if (!publicBaseUrl) throw new Error(`stand-in has no route to ${url}`);
    const response = await fetch(`${proxies.get(publicBaseUrl)}${url.slice(publicBaseUrl.length)}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilio.getExpectedTwilioSignature(signWith, url, params),
        'i-twilio-idempotency-token': randomBytes(16).toString('hex'),
        'user-agent': 'TwilioProxy/1.1',
      },
      body: new URLSearchParams(params).toString(),
    });
    const text = await response.text();
    return {
      status: response.status,
      contentType: response.headers.get('content-type'),
      text,
      json: () => JSON.parse(text) as Record<string, unknown>,
    };
  }

  function messageBySid(messageSid: string): StandInMessage {
    const message = messages.find((candidate) => candidate.sid === messageSid);
    if (!message) throw new Error(`stand-in has no message ${messageSid}`);
    return message;
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((failure: unknown) => res.writeHead(500).end(String(failure)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    messages,
    /** An app's environment for Twilio at this stand-in, its callbacks addressed to `publicBaseUrl`. */
    appEnvironment(publicBaseUrl: string, extra: Record<string, string> = {}) {
      return {
        MESSAGING_PROVIDER: 'twilio',
        TWILIO_ACCOUNT_SID: accountSid,
        TWILIO_AUTH_TOKEN: authToken,
        TWILIO_API_BASE_URL: `http://127.0.0.1:${port}`,
        PUBLIC_BASE_URL: publicBaseUrl,
        // These tests are about the carrier's protocol; pacing is tested on the sandbox carrier.
        SENDER_PACING: 'off',
        ...extra,
      };
    },
    /** Where callbacks to the public URL really go: the app's loopback address, as a TLS proxy would forward them. */
    forward(publicBaseUrl: string, localBaseUrl: string) {
      proxies.set(publicBaseUrl, localBaseUrl);
    },
    failNextMessage(failure: TwilioError) {
      nextMessageErrors.push(failure);
    },
    /** The next `method` request to a path containing `pathPart` fails with `failure`. */
    failNext(method: string, pathPart: string, failure: TwilioError) {
      nextFailures.push({ method, pathPart, failure });
    },
    /** The numbers the account holds now, by sid. */
    ownedNumbers: () => [...numbers.values()].map((number) => ({ sid: number.sid, phoneNumber: number.phoneNumber })),
    /** Another customer buys the number we are about to buy, between our search and our purchase. */
    raceNextPurchase() {
      raceNextPurchase = true;
    },
    /** The next message is created, but the connection drops before the answer (a lost response). */
    dropNextMessageAnswer() {
      dropNextMessageAnswer = true;
    },
    /** A registration resource (brand registration, A2P campaign, toll-free verification...) as created. */
    registration: (resourceSid: string) => registrations.get(resourceSid),
    /** The registrations created with a sid of `prefix` (BN, QE, HH, BU, IT), oldest first. */
    registrationsOf: (prefix: string) =>
      [...registrations.values()].filter((resource) => String(resource.sid).startsWith(prefix)),
    /** Twilio's decision on a registration: its status field and the fields that come with it. */
    decide(resourceSid: string, fields: Record<string, unknown>) {
      const resource = registrations.get(resourceSid);
      if (!resource) throw new Error(`no registration ${resourceSid}`);
      Object.assign(resource, fields);
    },
    /** The Messaging Services the account has, by sid (those the tests added and those the app created). */
    service: (serviceSid: string) => services.get(serviceSid),
    addService(settings: Omit<StandInService, 'sid' | 'phoneNumberSids'>): StandInService {
      const service = { sid: sid('MG'), phoneNumberSids: [], ...settings };
      services.set(service.sid, service);
      return service;
    },
    /** Twilio's status callback for a message moving to `status`. */
    reportStatus(messageSid: string, status: string, extra: Record<string, string> = {}, signWith?: string) {
      const message = messageBySid(messageSid);
      message.status = status;
      if (!message.statusCallback) throw new Error('message has no status callback');
      return callback(
        message.statusCallback,
        {
          MessageSid: message.sid,
          SmsSid: message.sid,
          MessageStatus: status,
          SmsStatus: status,
          AccountSid: accountSid,
          From: message.from,
          To: message.to,
          ApiVersion: '2010-04-01',
          ...(message.messagingServiceSid ? { MessagingServiceSid: message.messagingServiceSid } : {}),
          ...extra,
        },
        signWith,
      );
    },
    /** Twilio's request to a number's SMS URL for a message a phone sent it. */
    receive(inbound: { from: string; to: string; body: string; extra?: Record<string, string>; messageSid?: string }) {
      const number = [...numbers.values()].find((candidate) => candidate.phoneNumber === inbound.to);
      if (!number?.smsUrl) throw new Error(`stand-in has no SMS URL for ${inbound.to}`);
      const messageSid = inbound.messageSid ?? sid('SM');
      const response = callback(number.smsUrl, {
        ToCountry: 'US',
        SmsMessageSid: messageSid,
        NumMedia: '0',
        SmsSid: messageSid,
        SmsStatus: 'received',
        Body: inbound.body,
        FromCountry: 'US',
        To: inbound.to,
        NumSegments: '1',
        MessageSid: messageSid,
        AccountSid: accountSid,
        From: inbound.from,
        ApiVersion: '2010-04-01',
        ...inbound.extra,
      });
      return { messageSid, response };
    },
    /** Signs and posts arbitrary parameters to a public URL (for tampering tests). */
    callback,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
