import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZE164, ZPhoneNumber, ZPhoneNumberInPath, ZTimestamp } from '../schemas.ts';

/** Inbound keywords with a meaning of their own (CTIA, and the FCC's REVOKE and OPTOUT): a custom keyword cannot be one. */
export const optOutKeywords = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT', 'OPTOUT', 'REVOKE'] as const;
export const optInKeywords = ['START', 'UNSTOP', 'YES'] as const;
export const helpKeywords = ['HELP', 'INFO'] as const;
export const reservedKeywords: readonly string[] = [...optOutKeywords, ...optInKeywords, ...helpKeywords];

export const allowedHoursModes = ['off', 'hold', 'refuse'] as const;
export type TAllowedHoursMode = (typeof allowedHoursModes)[number];

const ZClockTime = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM, 00:00 to 23:59')
  .describe("HH:MM on a 24-hour clock, in the recipient's local time");

const ZReply = z
  .string()
  .trim()
  .min(1)
  .max(320)
  .refine((text) => !text.includes('\u0000'), 'must not contain the NUL character (U+0000)')
  .describe('The text sent back, 1-320 characters (at most two or five segments)');

export const ZKeyword = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,20}$/, 'must be 1-20 letters or digits')
  .refine(
    (keyword) => !reservedKeywords.includes(keyword.toUpperCase()),
    'is a STOP, START or HELP keyword, which the service answers itself',
  )
  .describe('A word an inbound message may be (letters and digits, matched ignoring case and spaces; stored in capitals)');

export const ZCountryCode = z
  .string()
  .regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code in capitals, e.g. US')
  .describe('ISO 3166-1 alpha-2 country code, e.g. US');

export const ZAllowedHours = z.object({
  mode: z
    .enum(allowedHoursModes)
    .describe(
      "off: sends go out whenever they are made. hold: a send outside the window is accepted as scheduled for the window's " +
        'next minute (held_until in the answer). refuse: it is refused with 422 outside_allowed_hours naming that time.',
    ),
  start: ZClockTime.describe("When sending may begin, HH:MM in the recipient's local time (default 08:00)"),
  end: ZClockTime.describe("When sending must stop, HH:MM in the recipient's local time (default 21:00)"),
  apply_state_rules: z
    .boolean()
    .describe('Narrow the window further for recipients in US states with stricter laws (docs/compliance.md lists them)'),
});
export type TAllowedHours = z.infer<typeof ZAllowedHours>;

export const ZPumpingGuard = z.object({
  enabled: z.boolean(),
  max_new_numbers_per_hour: z
    .number()
    .int()
    .min(1)
    .max(100)
    .describe(
      'How many never-messaged numbers of one block (a number without its last two digits) may get a send within an ' +
        'hour; the next is refused with 429 suspected_sms_pumping',
    ),
});

export const ZKeywordReply = z.object({ keyword: ZKeyword, reply: ZReply });

export const ZMessagingSettings = z.object({
  help_message: ZReply.describe('Sent back to HELP or INFO'),
  opt_out_confirmation: ZReply.describe('Sent back once to a STOP-family keyword, which also opts the number out'),
  opt_in_confirmation: ZReply.describe('Sent back to START, UNSTOP or YES when it lifts an opt-out the recipient made'),
  keywords: z.array(ZKeywordReply).max(20).describe('Up to 20 keywords of your own, each answered with its reply'),
  quiet_hours: ZAllowedHours.describe(
    "Allowed hours: when, in each recipient's local time (from the number's area code), a send may go out",
  ),
  allowed_countries: z
    .array(ZCountryCode)
    .min(1)
    .max(50)
    .describe('The countries a send may go to; any other is refused with 422 destination_not_allowed'),
  reject_landlines: z
    .boolean()
    .describe('Refuse sends to numbers a line-type lookup says are landlines (422 landline_destination)'),
  pumping_guard: ZPumpingGuard.describe('Refuses bursts of sends to never-messaged numbers of one number block'),
  updated_at: ZTimestamp.nullable().describe('When the settings were last changed; null while they are the defaults'),
});
export type TMessagingSettings = z.infer<typeof ZMessagingSettings>;

const settingsTags = ['compliance'] as const;

export const getMessagingSettings = defineOperation({
  name: 'messagingSettings.get',
  method: 'GET',
  path: '/api/v1/messaging-settings',
  auth: { kind: 'bearer', scope: 'compliance:read' },
  summary: 'Get the messaging settings',
  description:
    "The workspace's keyword replies (help message, opt-out and opt-in confirmations, custom keywords) and the policies " +
    'applied to every send: allowed hours, allowed destination countries, landline rejection and the SMS pumping guard. ' +
    'A workspace that never changed them reads the defaults.',
  tags: settingsTags,
  input: z.strictObject({}),
  output: z.object({ messaging_settings: ZMessagingSettings }),
  successStatus: 200,
  errors: [],
  bodyRequired: false,
  mcp: {
    name: 'get_messaging_settings',
    title: 'Get the messaging settings',
    description:
      'Read the keyword replies (HELP, STOP and START confirmations, custom keywords) and the send policies: allowed ' +
      "hours in the recipient's local time, allowed countries, landline rejection and the SMS pumping guard.",
    readOnly: true,
    destructive: false,
  },
});

export const updateMessagingSettings = defineOperation({
  name: 'messagingSettings.update',
  method: 'PATCH',
  path: '/api/v1/messaging-settings',
  auth: { kind: 'bearer', scope: 'compliance:write' },
  summary: 'Change the messaging settings',
  description:
    'Changes the fields given and keeps the others; quiet_hours and pumping_guard change field by field too, and ' +
    'keywords and allowed_countries are replaced whole. Answers the settings as they now are. Every send made after ' +
    'the change follows them, on every path (API, MCP, console, scheduled sends, campaign steps).',
  tags: settingsTags,
  input: z.strictObject({
    help_message: ZReply.optional().describe('Sent back to HELP or INFO, 1-320 characters'),
    opt_out_confirmation: ZReply.optional().describe('Sent back once to a STOP-family keyword, 1-320 characters'),
    opt_in_confirmation: ZReply.optional().describe('Sent back to START, UNSTOP or YES, 1-320 characters'),
    keywords: z
      .array(ZKeywordReply)
      .max(20)
      .refine(
        (keywords) => new Set(keywords.map((entry) => entry.keyword.toUpperCase())).size === keywords.length,
        'must not repeat a keyword',
      )
      .optional()
      .describe('Your own keywords and their replies, up to 20; replaces the list'),
    quiet_hours: ZAllowedHours.partial()
      .strict()
      .optional()
      .describe('Allowed hours: mode (off, hold, refuse), start and end (HH:MM local), apply_state_rules'),
    allowed_countries: z
      .array(ZCountryCode)
      .min(1)
      .max(50)
      .optional()
      .describe('The countries a send may go to, e.g. ["US", "CA"]'),
    reject_landlines: z.boolean().optional().describe('Refuse sends to landlines (422 landline_destination)'),
    pumping_guard: ZPumpingGuard.partial()
      .strict()
      .optional()
      .describe('The SMS pumping guard: enabled, max_new_numbers_per_hour'),
  }),
  output: z.object({ messaging_settings: ZMessagingSettings }),
  successStatus: 200,
  errors: ['validation_failed'],
  bodyRequired: true,
  mcp: {
    name: 'update_messaging_settings',
    title: 'Change the messaging settings',
    description:
      'Change keyword replies or send policies; fields not given stay as they are. E.g. {"quiet_hours": {"mode": ' +
      '"hold"}} holds sends made outside 08:00-21:00 local time until the window opens; {"allowed_countries": ' +
      '["US", "CA"]} allows Canadian numbers; {"keywords": [{"keyword": "HOURS", "reply": "Open 9-5"}]} answers HOURS.',
    readOnly: false,
    destructive: false,
  },
});

export type TMessagingSettingsPatch = z.output<typeof updateMessagingSettings.input>;

export const lineTypes = ['mobile', 'landline', 'voip', 'toll_free', 'unknown'] as const;
export type TLineType = (typeof lineTypes)[number];

export const ZLookup = z.object({
  phone_number: ZE164,
  country: z.string().nullable().describe('ISO 3166-1 alpha-2 country of the number; null when not known'),
  line_type: z.enum(lineTypes),
  carrier: z.string().nullable().describe("The carrier's name, when the lookup knows it"),
  valid: z.boolean().describe('Whether the number is a valid, assignable number'),
});
export type TLookup = z.infer<typeof ZLookup>;

export const getLookup = defineOperation({
  name: 'lookups.get',
  method: 'GET',
  path: '/api/v1/lookups/{phone_number}',
  auth: { kind: 'bearer', scope: 'compliance:read' },
  summary: 'Look up a number',
  description:
    "A number's country, line type (mobile, landline, voip, toll_free or unknown), carrier and validity, from the " +
    "carrier's lookup service. Answers are cached for 30 days, so a repeat costs nothing. With reject_landlines a send " +
    'to a number this calls a landline is refused with 422 landline_destination.',
  tags: settingsTags,
  input: z.strictObject({ phone_number: ZPhoneNumberInPath }),
  output: z.object({ lookup: ZLookup }),
  successStatus: 200,
  errors: ['validation_failed', 'provider_unavailable'],
  bodyRequired: false,
  mcp: {
    name: 'lookup_number',
    title: 'Look up a phone number',
    description:
      "Find a number's line type (mobile, landline, voip, toll_free, unknown), country and carrier before texting it: " +
      'a landline cannot receive SMS.',
    readOnly: true,
    destructive: false,
    openWorld: true,
  },
});

export const consentSources = ['web_form', 'paper', 'keyword', 'verbal', 'import'] as const;

export const ZConsent = z.object({
  phone_number: ZE164,
  source: z.enum(consentSources).describe('How the recipient agreed'),
  captured_at: ZTimestamp.describe('When they agreed'),
  evidence: z.string().describe("What proves it: the form's URL and wording, a reference to the signed paper..."),
  recorded_at: ZTimestamp.describe('When it was recorded here'),
});
export type TConsent = z.infer<typeof ZConsent>;

export const createConsent = defineOperation({
  name: 'consents.create',
  method: 'POST',
  path: '/api/v1/consents',
  auth: { kind: 'bearer', scope: 'compliance:write' },
  summary: 'Record a consent',
  description:
    "Records a recipient's opt-in with its evidence. A number keeps its newest consent: recording another replaces it. " +
    'A campaign with settings.require_consent sends only to numbers with one.',
  tags: settingsTags,
  input: z.strictObject({
    phone_number: ZPhoneNumber,
    source: z.enum(consentSources).describe('How the recipient agreed: web_form, paper, keyword, verbal or import'),
    captured_at: z.iso.datetime({ offset: true }).describe('When the recipient agreed (ISO 8601, not in the future)'),
    evidence: z
      .string()
      .trim()
      .min(1)
      .max(2_000)
      .refine((text) => !text.includes('\u0000'), 'must not contain the NUL character (U+0000)')
      .describe("What proves it, up to 2,000 characters: the form's URL and wording, a reference to the signed paper..."),
  }),
  output: z.object({ consent: ZConsent }),
  successStatus: 201,
  errors: ['validation_failed'],
  bodyRequired: true,
  mcp: {
    name: 'record_consent',
    title: "Record a recipient's consent",
    description:
      'Record that a phone number (E.164) agreed to be texted: source (web_form, paper, keyword, verbal, import), ' +
      'captured_at and the evidence. Campaigns with require_consent text only numbers with a consent.',
    readOnly: false,
    destructive: false,
  },
});

export type TConsentInput = z.output<typeof createConsent.input>;

export const getConsent = defineOperation({
  name: 'consents.get',
  method: 'GET',
  path: '/api/v1/consents/{phone_number}',
  auth: { kind: 'bearer', scope: 'compliance:read' },
  summary: "Get a number's consent",
  description: 'The consent recorded for a number; 404 when none was.',
  tags: settingsTags,
  input: z.strictObject({ phone_number: ZPhoneNumberInPath }),
  output: z.object({ consent: ZConsent }),
  successStatus: 200,
  errors: ['validation_failed', 'not_found'],
  bodyRequired: false,
  mcp: {
    name: 'get_consent',
    title: "Get a number's consent",
    description: 'Read the consent recorded for a phone number (E.164): its source, when it was captured and the evidence.',
    readOnly: true,
    destructive: false,
  },
});
