import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZNextCursor, ZPageQuery } from '../pagination.ts';
import { ZId } from '../ids.ts';
import { ZE164, ZPhoneNumber, ZTimestamp, ZTrimmedText } from '../schemas.ts';
import type { TSendOutcome } from '../send-outcomes.ts';

export const campaignStatuses = ['draft', 'active', 'paused', 'archived'] as const;
export type TCampaignStatus = (typeof campaignStatuses)[number];

/**
 * Why an enrollment's due step was not sent and waits: the send rule that refused it (the workspace's
 * balance, sender or daily spend cap, or the daily cap of the token that enrolled the number or of a
 * token it was created from).
 */
export const enrollmentSkipReasons = [
  'insufficient_balance',
  'branded_number_missing',
  'spend_limit_exceeded',
  'token_spend_limit_exceeded',
  'parent_token_spend_limit_exceeded',
  'outside_allowed_hours',
  'suspected_sms_pumping',
] as const satisfies readonly TSendOutcome[];
export type TEnrollmentSkipReason = (typeof enrollmentSkipReasons)[number];

export const maxStagesPerCampaign = 50;
export const maxEnrollmentBatch = 1_000;

/** What a stage or snippet body may contain; shared by every description that mentions templates. */
export const templateSyntax =
  'Templates may use the contact fields {{first_name}}, {{last_name}}, {{phone_number}} and {{attributes.<key>}}, ' +
  'each with an optional fallback such as {{first_name | default: "there"}}, and {{snippet:<name>}} to insert a ' +
  'snippet. Unknown variables and unknown snippets are rejected with 422 when the template is saved.';

const ZCampaignId = z.string().min(1).max(64).describe('Campaign id (cmp_...)');
const ZCampaignName = ZTrimmedText(1, 200).describe('Name shown in lists, 1-200 characters');

const ZClockTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a 24-hour time HH:MM, e.g. 21:00');

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const ZTimeZone = z.string().max(64).refine(isTimeZone, 'must be an IANA time zone, e.g. America/New_York');

const ZQuietHours = z.object({
  enabled: z.boolean().describe('When true, no step is sent between start and end in the time zone below'),
  start: z.string().describe('Local time quiet hours begin, HH:MM (default 21:00)'),
  end: z.string().describe('Local time quiet hours end and held steps go out, HH:MM (default 08:00)'),
  timezone: z
    .string()
    .nullable()
    .describe("IANA zone for every recipient; null infers each recipient's zone from their number (the default)"),
});

export const ZCampaignSettings = z.object({
  quiet_hours: ZQuietHours,
  require_consent: z
    .boolean()
    .describe(
      'When true, a step is sent only to numbers with a recorded consent (POST /api/v1/consents); an enrollment ' +
        'without one stops with stop_reason consent_missing when its first step is due',
    ),
});
export type TCampaignSettings = z.infer<typeof ZCampaignSettings>;

const ZCampaignSettingsInput = z
  .strictObject({
    quiet_hours: z
      .strictObject({
        enabled: z.boolean().optional(),
        start: ZClockTime.optional(),
        end: ZClockTime.optional(),
        timezone: ZTimeZone.nullable().optional(),
      })
      .optional(),
    require_consent: z.boolean().optional(),
  })
  .describe('Fields given are changed; the rest keep their values');
export type TCampaignSettingsInput = z.infer<typeof ZCampaignSettingsInput>;

export const ZCampaignStage = z.object({
  id: ZId('campaignStage'),
  position: z.number().int().describe('1-based order of the stage'),
  body: z.string().describe('Message template'),
  delay_minutes: z.number().int().describe('Wait after the previous step (enrollment or activation for the first stage)'),
  shorten_links: z.boolean().describe("Whether each step's send replaces the body's URLs with tracked short links"),
  step_counts: z
    .object({ sent: z.number().int(), suppressed: z.number().int(), failed: z.number().int() })
    .describe(
      "What happened to this stage's steps so far: handed to the carrier, skipped for an opt-out or suppression, or refused",
    ),
  created_at: ZTimestamp,
});
export type TCampaignStage = z.infer<typeof ZCampaignStage>;

export const ZCampaignFanOutEstimate = z
  .object({
    recipients: z.number().int().describe('Active enrollments that have not had the first stage yet'),
    senders: z
      .number()
      .int()
      .describe("The numbers their sends will come from: the default sender pool's, else every connected number"),
    throughput_per_second: z.number().describe("The senders' throughput_per_second together: segments a second"),
    starts_at: ZTimestamp.describe(
      'When the first stage is due: its delay after activation (from now while the campaign is a draft or paused)',
    ),
    estimated_drain_at: ZTimestamp.describe(
      'When the last of these sends is expected to be handed to the carrier, each number at its own pace ' +
        '(GET /api/v1/queue shows the queue once they are accepted)',
    ),
  })
  .nullable()
  .describe(
    'How long the first stage (stages[0]) takes to go out: 10,000 recipients on 10 local numbers (1 a second each) drain in ' +
      'about 1,000 s. Quiet hours and refusals are not foreseen. Null without a stage, a waiting enrollment or a ' +
      'number to send from.',
  );
export type TCampaignFanOutEstimate = z.infer<typeof ZCampaignFanOutEstimate>;

export const ZCampaign = z.object({
  id: ZId('campaign'),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(campaignStatuses).describe('draft -> active <-> paused; archived is final'),
  settings: ZCampaignSettings,
  stages: z.array(ZCampaignStage),
  enrollment_counts: z
    .object({ active: z.number().int(), completed: z.number().int(), stopped: z.number().int() })
    .describe('Enrollments receiving steps, finished with every stage, and stopped (opt-out, archive or spend cap)'),
  skipped_counts: z
    .object(
      Object.fromEntries(enrollmentSkipReasons.map((reason) => [reason, z.number().int()])) as {
        [reason in TEnrollmentSkipReason]: z.ZodNumber;
      },
    )
    .describe(
      'Enrollments whose last due step a send rule refused, by skip_reason (GET /api/v1/campaigns/{id}/enrollments lists them)',
    ),
  fan_out_estimate: ZCampaignFanOutEstimate,
  activated_at: ZTimestamp.nullable().describe('First activation'),
  archived_at: ZTimestamp.nullable(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type TCampaign = z.infer<typeof ZCampaign>;

export const ZCampaignSuppression = z.object({
  id: ZId('campaignSuppression'),
  campaign_id: ZId('campaign'),
  phone_number: ZE164,
  reason: z.string().nullable(),
  skipped_deliveries: z.number().int().describe('Campaign steps skipped for this number because of the suppression'),
  last_skipped_at: ZTimestamp.nullable(),
  created_at: ZTimestamp,
});
export type TCampaignSuppression = z.infer<typeof ZCampaignSuppression>;

export const enrollmentStatuses = ['active', 'completed', 'stopped'] as const;
export type TEnrollmentStatus = (typeof enrollmentStatuses)[number];
/** Why an enrollment stopped: an opt-out, the campaign's archiving, or a step no daily spend cap of its token admits. */
export const enrollmentStopReasons = [
  'workspace_suppressed',
  'campaign_archived',
  'step_over_spend_cap',
  'enrolling_token_revoked',
  'consent_missing',
] as const;
export type TEnrollmentStopReason = (typeof enrollmentStopReasons)[number];

export const ZCampaignEnrollment = z.object({
  id: ZId('campaignEnrollment'),
  campaign_id: ZId('campaign'),
  phone_number: ZE164,
  status: z.enum(enrollmentStatuses).describe('active (receiving steps), completed (every stage done) or stopped (final)'),
  stop_reason: z
    .enum(enrollmentStopReasons)
    .nullable()
    .describe(
      'Why a stopped enrollment stopped: an opt-out, the archiving, a step over a whole daily spend cap, the ' +
        'revocation of the delegated or OAuth token that enrolled the number, or no recorded consent in a campaign ' +
        'with require_consent (consent_missing)',
    ),
  skip_reason: z
    .enum(enrollmentSkipReasons)
    .nullable()
    .describe('Why its last due step was not sent (the send rule that refused it); null once a step is sent'),
  enrolled_by_token_id: ZId('token')
    .nullable()
    .describe("The token that enrolled the number, whose daily spend cap (and its ancestors') the sends count against"),
  next_step_at: ZTimestamp.nullable().describe('When its next step is due; null when none is'),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type TCampaignEnrollment = z.infer<typeof ZCampaignEnrollment>;

export const ZEnrollmentResult = z.object({
  campaign_id: ZId('campaign'),
  enrolled: z.number().int().describe('Numbers newly enrolled'),
  already_enrolled: z.number().int().describe('Numbers enrolled before (re-enrolling changes nothing)'),
  suppressed: z.number().int().describe('Numbers not enrolled: workspace opt-out or campaign suppression'),
  invalid: z.number().int().describe('Entries that are not valid phone numbers'),
  invalid_phone_numbers: z.array(z.string()).describe('The invalid entries as sent'),
});
export type TEnrollmentResult = z.infer<typeof ZEnrollmentResult>;

const campaignOutput = z.object({ campaign: ZCampaign });
const campaignTags = ['campaigns'] as const;
const readScope = { kind: 'bearer', scope: 'campaigns:read' } as const;
const writeScope = { kind: 'bearer', scope: 'campaigns:write' } as const;

export const listCampaigns = defineOperation({
  name: 'campaigns.list',
  method: 'GET',
  path: '/api/v1/campaigns',
  auth: readScope,
  summary: 'List campaigns',
  description: 'Campaigns of the workspace, newest first, optionally filtered by status; pass next_cursor back as cursor.',
  tags: campaignTags,
  input: z.strictObject({ status: z.enum(campaignStatuses).describe('Only campaigns in this state').optional(), ...ZPageQuery }),
  output: z.object({ campaigns: z.array(ZCampaign), next_cursor: ZNextCursor }),
  successStatus: 200,
  errors: ['validation_failed'],
  bodyRequired: false,
  mcp: {
    name: 'list_campaigns',
    title: 'List campaigns',
    description:
      'List SMS campaigns (newest first) with their status, stages and enrollment counts. Filter with status ' +
      '(draft, active, paused, archived); page with cursor = next_cursor.',
    readOnly: true,
    destructive: false,
  },
});

export const createCampaign = defineOperation({
  name: 'campaigns.create',
  method: 'POST',
  path: '/api/v1/campaigns',
  auth: writeScope,
  summary: 'Create a campaign',
  description:
    'Creates a draft campaign. Add stages, enroll numbers, then activate it. Quiet hours (no sends 21:00-08:00 in the ' +
    "recipient's local time) are on by default and can be changed in settings.",
  tags: campaignTags,
  input: z.strictObject({
    name: ZCampaignName,
    description: z.string().trim().max(2000).optional().describe('Notes for your team; never sent'),
    settings: ZCampaignSettingsInput.optional(),
  }),
  output: campaignOutput,
  successStatus: 201,
  errors: ['validation_failed'],
  bodyRequired: true,
  mcp: {
    name: 'create_campaign',
    title: 'Create campaign',
    description:
      'Create a draft SMS drip campaign. Next: add_campaign_stage for each message, enroll_in_campaign for the ' +
      'audience, then activate_campaign. Quiet hours 21:00-08:00 recipient-local time apply unless changed in settings.',
    readOnly: false,
    destructive: false,
  },
});

export const getCampaign = defineOperation({
  name: 'campaigns.get',
  method: 'GET',
  path: '/api/v1/campaigns/{id}',
  auth: readScope,
  summary: 'Get a campaign',
  description: 'The campaign with its stages, settings and enrollment counts.',
  tags: campaignTags,
  input: z.strictObject({ id: ZCampaignId }),
  output: campaignOutput,
  successStatus: 200,
  errors: ['not_found'],
  bodyRequired: false,
  mcp: {
    name: 'get_campaign',
    title: 'Get campaign',
    description: 'Get one campaign with its status, stages, quiet-hours settings and enrollment counts.',
    readOnly: true,
    destructive: false,
  },
});

export const updateCampaign = defineOperation({
  name: 'campaigns.update',
  method: 'PATCH',
  path: '/api/v1/campaigns/{id}',
  auth: writeScope,
  summary: 'Update a campaign',
  description:
    'Changes name, description or settings (merged field by field). An archived campaign cannot change (422 invalid_state).',
  tags: campaignTags,
  input: z.strictObject({
    id: ZCampaignId,
    name: ZCampaignName.optional(),
    description: z.string().trim().max(2000).nullable().optional().describe('Notes for your team; null clears them'),
    settings: ZCampaignSettingsInput.optional(),
  }),
  output: campaignOutput,
  successStatus: 200,
  errors: ['validation_failed', 'not_found', 'invalid_state'],
  bodyRequired: true,
  mcp: {
    name: 'update_campaign',
    title: 'Update campaign',
    description:
      'Rename a campaign or change its description or settings, e.g. settings.quiet_hours {start, end, timezone, ' +
      'enabled}. Only the fields given change. Archived campaigns cannot be changed.',
    readOnly: false,
    destructive: false,
  },
});

function transitionOperation(options: {
  verb: 'activate' | 'pause' | 'archive';
  summary: string;
  description: string;
  mcpDescription: string;
  destructive: boolean;
}) {
  return defineOperation({
    name: `campaigns.${options.verb}`,
    method: 'POST',
    path: `/api/v1/campaigns/{id}/${options.verb}`,
    auth: writeScope,
    summary: options.summary,
    description: `${options.description} Any other transition answers 422 invalid_state naming the current status.`,
    tags: campaignTags,
    input: z.strictObject({ id: ZCampaignId }),
    output: campaignOutput,
    successStatus: 200,
    // forbidden: activating is refused to a token whose sends wait for approval (campaign steps would not).
    errors: options.verb === 'activate' ? ['not_found', 'invalid_state', 'forbidden'] : ['not_found', 'invalid_state'],
    bodyRequired: false,
    mcp: {
      name: `${options.verb}_campaign`,
      title: options.summary,
      description: options.mcpDescription,
      readOnly: false,
      destructive: options.destructive,
      // Activating starts texting the enrolled numbers.
      openWorld: options.verb === 'activate',
    },
  });
}

export const activateCampaign = transitionOperation({
  verb: 'activate',
  summary: 'Activate a campaign',
  description:
    'draft -> active (needs at least one stage) starts delivery: the first stage is due its delay after activation, ' +
    'or after enrollment for numbers enrolled later. paused -> active resumes: steps that came due while paused go ' +
    'out now, nothing is sent twice.',
  mcpDescription:
    'Start (from draft) or resume (from paused) a campaign. Needs at least one stage. Sends go through the normal ' +
    'send checks (balance, spend cap, opt-outs, sender number) and respect quiet hours.',
  destructive: false,
});

export const pauseCampaign = transitionOperation({
  verb: 'pause',
  summary: 'Pause a campaign',
  description: 'active -> paused: every step that comes due is held until the campaign is activated again.',
  mcpDescription: 'Pause an active campaign; due steps are held and go out when activate_campaign resumes it.',
  destructive: false,
});

export const archiveCampaign = transitionOperation({
  verb: 'archive',
  summary: 'Archive a campaign',
  description: 'draft, active or paused -> archived, which is final: every enrollment stops and nothing more is sent.',
  mcpDescription: 'Archive a campaign for good: all enrollments stop and it can never be resumed or edited.',
  destructive: true,
});

export const addCampaignStage = defineOperation({
  name: 'campaigns.addStage',
  method: 'POST',
  path: '/api/v1/campaigns/{id}/stages',
  auth: writeScope,
  summary: 'Add a stage',
  description:
    `Adds a message step. ${templateSyntax} Without position the stage goes last; with one it is inserted there and ` +
    `later stages move down. At most ${maxStagesPerCampaign} stages. Enrollments that already finished every stage ` +
    'do not receive stages added later.',
  tags: campaignTags,
  input: z.strictObject({
    id: ZCampaignId,
    body: z.string().min(1).max(1_600).describe('Message template'),
    delay_minutes: z
      .number()
      .int()
      .min(0)
      .max(525_600)
      .describe('Minutes to wait after the previous step (after enrollment or activation for the first stage)'),
    position: z
      .number()
      .int()
      .min(1)
      .max(maxStagesPerCampaign)
      .optional()
      .describe('1-based position, at most one past the last stage; default last'),
    shorten_links: z
      .boolean()
      .optional()
      .describe(
        "Replace each http(s) URL of every step's rendered body with a tracked short link, PUBLIC_BASE_URL/l/{code}, " +
          "as a send's shorten_links does: each recipient gets links of their own, whose clicks count on their " +
          'message (link_clicks, message.link_clicked). Default false',
      ),
  }),
  output: z.object({ stage: ZCampaignStage, campaign: ZCampaign }),
  successStatus: 201,
  errors: ['validation_failed', 'not_found', 'invalid_state'],
  bodyRequired: true,
  mcp: {
    name: 'add_campaign_stage',
    title: 'Add campaign stage',
    description:
      `Add a message step to a campaign, sent delay_minutes after the previous step. ${templateSyntax} ` +
      'Create snippets first with create_snippet. shorten_links: true tracks clicks on the URLs of the body.',
    readOnly: false,
    destructive: false,
  },
});

export const enrollInCampaign = defineOperation({
  name: 'campaigns.enroll',
  operationId: 'enrollInCampaign',
  method: 'POST',
  path: '/api/v1/campaigns/{id}/enrollments',
  auth: writeScope,
  summary: 'Enroll numbers',
  description:
    `Enrolls up to ${maxEnrollmentBatch} phone_numbers, or every contact of contact_list_id (exactly one of the two). ` +
    'Idempotent: numbers already enrolled are counted, not enrolled again. Numbers with a workspace opt-out or a ' +
    'suppression in this campaign are not enrolled. Contact fields for templates come from the contact with the ' +
    'same number. Archived campaigns answer 422 invalid_state.',
  tags: campaignTags,
  input: z
    .strictObject({
      id: ZCampaignId,
      // An entry that is not a valid number is counted as invalid, not refused: no pattern here.
      phone_numbers: z
        .array(z.string().trim().max(40))
        .min(1)
        .max(maxEnrollmentBatch)
        .optional()
        .describe('Numbers in international format with leading +'),
      contact_list_id: z.string().min(1).max(64).optional().describe('Enroll every contact of this list (cl_...)'),
    })
    .refine((input) => (input.phone_numbers === undefined) !== (input.contact_list_id === undefined), {
      message: 'send exactly one of phone_numbers or contact_list_id',
      path: ['phone_numbers'],
    })
    .meta({ oneOf: [{ required: ['phone_numbers'] }, { required: ['contact_list_id'] }] }),
  output: ZEnrollmentResult,
  successStatus: 200,
  errors: ['validation_failed', 'not_found', 'invalid_state', 'forbidden'],
  bodyRequired: true,
  mcp: {
    name: 'enroll_in_campaign',
    title: 'Enroll in campaign',
    description:
      'Enroll phone_numbers (E.164) or a whole contact list (contact_list_id) in a campaign. Safe to repeat: returns ' +
      'counts of enrolled, already_enrolled, suppressed (opted out) and invalid numbers.',
    readOnly: false,
    destructive: false,
    openWorld: true,
  },
});

export const listCampaignEnrollments = defineOperation({
  name: 'campaigns.listEnrollments',
  operationId: 'listCampaignEnrollments',
  method: 'GET',
  path: '/api/v1/campaigns/{id}/enrollments',
  auth: readScope,
  summary: 'List enrollments',
  description:
    "The campaign's enrollments, newest first, each with its status, stop_reason and skip_reason. A step's send " +
    'counts against the daily spend caps of the token that enrolled the number and of the tokens it was created ' +
    "from, as that token's own sends do. A step a spend cap (the workspace's or a token's) refuses is skipped with " +
    'that skip_reason and tried again once, at 00:00 UTC when the caps start a new day, never before, so it ' +
    'neither retries in a loop nor holds up other enrollments; a step that costs more than a whole daily cap of ' +
    'the enrolling token (or an ancestor) can never be sent, and its enrollment stops with stop_reason ' +
    'step_over_spend_cap. A step refused for the balance or a missing sender number is tried again after 15 ' +
    'minutes. The campaign counts skipped enrollments by reason in skipped_counts.',
  tags: campaignTags,
  input: z.strictObject({ id: ZCampaignId, ...ZPageQuery }),
  output: z.object({ enrollments: z.array(ZCampaignEnrollment), next_cursor: ZNextCursor }),
  successStatus: 200,
  errors: ['validation_failed', 'not_found'],
  bodyRequired: false,
  mcp: {
    name: 'list_enrollments',
    title: 'List campaign enrollments',
    description:
      "List a campaign's enrolled numbers (newest first) with status, stop_reason and skip_reason: why a due step " +
      'was not sent, e.g. token_spend_limit_exceeded when the enrolling token spent its daily cap (retried at ' +
      '00:00 UTC). Page with cursor = next_cursor.',
    readOnly: true,
    destructive: false,
  },
});

export const listCampaignSuppressions = defineOperation({
  name: 'campaigns.listSuppressions',
  method: 'GET',
  path: '/api/v1/campaigns/{id}/suppressions',
  auth: readScope,
  summary: 'List campaign suppressions',
  description: 'Numbers suppressed in this campaign, newest first, with how many deliveries each one skipped.',
  tags: campaignTags,
  input: z.strictObject({ id: ZCampaignId, ...ZPageQuery }),
  output: z.object({ suppressions: z.array(ZCampaignSuppression), next_cursor: ZNextCursor }),
  successStatus: 200,
  errors: ['validation_failed', 'not_found'],
  bodyRequired: false,
  mcp: {
    name: 'list_campaign_suppressions',
    title: 'List campaign suppressions',
    description: 'List the numbers suppressed in one campaign (newest first) with their skipped delivery counts.',
    readOnly: true,
    destructive: false,
  },
});

export const createCampaignSuppression = defineOperation({
  name: 'campaigns.createSuppression',
  method: 'POST',
  path: '/api/v1/campaigns/{id}/suppressions',
  auth: writeScope,
  summary: 'Suppress a number in a campaign',
  description:
    'Stops this campaign from messaging the number: its due steps are skipped (and counted) and held, not retried, ' +
    'until the suppression is deleted. Other campaigns and direct sends are not affected. Suppressing a number that ' +
    'is already suppressed returns the existing suppression with 200.',
  tags: campaignTags,
  input: z.strictObject({
    id: ZCampaignId,
    phone_number: ZPhoneNumber,
    reason: z.string().trim().max(500).optional().describe('Why, for your records'),
  }),
  output: z.object({ suppression: ZCampaignSuppression }),
  successStatus: 201,
  alternateSuccess: [{ status: 200, description: 'The number was already suppressed; the existing suppression is returned' }],
  errors: ['validation_failed', 'not_found'],
  bodyRequired: true,
  mcp: {
    name: 'create_campaign_suppression',
    title: 'Suppress number in campaign',
    description:
      'Stop one campaign from texting a phone number (e.g. the recipient asked to leave this campaign only). ' +
      'Deleting the suppression lets held steps continue. Use for campaign-level opt-outs.',
    readOnly: false,
    destructive: false,
  },
});

export const deleteCampaignSuppression = defineOperation({
  name: 'campaigns.deleteSuppression',
  method: 'DELETE',
  path: '/api/v1/campaigns/{campaign_id}/suppressions/{suppression_id}',
  auth: writeScope,
  summary: 'Remove a campaign suppression',
  description: 'Deletes the suppression; held steps for the number continue if the campaign is active.',
  tags: campaignTags,
  input: z.strictObject({
    campaign_id: ZCampaignId,
    suppression_id: z.string().min(1).max(64).describe('Suppression id (csp_...)'),
  }),
  output: z.object({ suppression: ZCampaignSuppression, deleted: z.literal(true) }),
  successStatus: 200,
  errors: ['not_found'],
  bodyRequired: false,
  mcp: {
    name: 'delete_campaign_suppression',
    title: 'Remove campaign suppression',
    description: 'Remove a campaign-level suppression so the campaign may text the number again; its held steps resume.',
    readOnly: false,
    destructive: true,
  },
});
