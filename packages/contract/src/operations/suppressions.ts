import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZNextCursor, ZPageQuery } from '../pagination.ts';
import { ZId } from '../ids.ts';
import { ZE164, ZPhoneNumber, ZPhoneNumberInPath, ZTimestamp } from '../schemas.ts';
import { suppressionSources, type TSuppressionSource } from '../statuses.ts';

/** The one source the workspace lifts itself: what it added, never what the recipient or the operator did. */
export const removableSuppressionSource: TSuppressionSource = 'manual';

export const ZSuppression = z.object({
  id: ZId('suppression'),
  phone_number: ZE164.describe('The suppressed number in E.164 format'),
  active: z.boolean().describe('true while sends to the number are refused; false once lifted'),
  source: z
    .enum(suppressionSources)
    .describe(
      'provider_event (the carrier reported an opt-out), inbound_keyword (the recipient replied STOP), manual ' +
        '(added by this workspace) or operator (added by the service operator)',
    ),
  reason: z.string().nullable().describe('Why: the keyword, the carrier event or the reason given when it was added'),
  removable: z
    .boolean()
    .describe(
      'Whether this workspace may lift it (source manual); an opt-out the recipient asked for is lifted only by their ' +
        'START reply',
    ),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type TSuppression = z.infer<typeof ZSuppression>;

const readScope = { kind: 'bearer', scope: 'messages:read' } as const;
const writeScope = { kind: 'bearer', scope: 'messages:write' } as const;
const suppressionTags = ['suppressions'] as const;

export const listSuppressions = defineOperation({
  name: 'suppressions.list',
  method: 'GET',
  path: '/api/v1/suppressions',
  auth: readScope,
  summary: 'List opt-outs',
  description:
    'Numbers this workspace may not message (workspace suppressions), newest first, including lifted ones (active ' +
    'false). Filter by phone_number, source or active; pass next_cursor back as cursor.',
  tags: suppressionTags,
  input: z.strictObject({
    phone_number: ZPhoneNumber.optional().describe('Only the suppression of this number (E.164)'),
    source: z.enum(suppressionSources).optional().describe('Only suppressions from this source'),
    active: z.enum(['true', 'false']).optional().describe('true for suppressions in force, false for lifted ones'),
    ...ZPageQuery,
  }),
  output: z.object({ suppressions: z.array(ZSuppression), next_cursor: ZNextCursor }),
  successStatus: 200,
  errors: ['validation_failed'],
  bodyRequired: false,
  mcp: {
    name: 'list_suppressions',
    title: 'List opt-outs',
    description:
      "List the workspace's opt-outs (suppressed numbers), newest first: who replied STOP, whom the carrier reported " +
      'as opted out, and numbers added with add_suppression. Filter with phone_number, source (provider_event, ' +
      'inbound_keyword, manual, operator) or active; page with cursor = next_cursor.',
    readOnly: true,
    destructive: false,
  },
});

export const checkSuppression = defineOperation({
  name: 'suppressions.check',
  method: 'GET',
  path: '/api/v1/suppressions/{phone_number}',
  auth: readScope,
  summary: 'Check a number for an opt-out',
  description:
    'The suppression of one number, active or lifted; 404 when the number was never suppressed. A send to a number ' +
    'with an active suppression is refused with 403 workspace_suppressed.',
  tags: suppressionTags,
  input: z.strictObject({ phone_number: ZPhoneNumberInPath }),
  output: z.object({ suppression: ZSuppression }),
  successStatus: 200,
  errors: ['validation_failed', 'not_found'],
  bodyRequired: false,
  mcp: {
    name: 'check_suppression',
    title: 'Check a number for an opt-out',
    description:
      'Check whether a phone number (E.164) has opted out before texting it: returns its suppression (active true ' +
      'means do not send; active false means it was lifted), or not_found when it never opted out.',
    readOnly: true,
    destructive: false,
  },
});

export const createSuppression = defineOperation({
  name: 'suppressions.create',
  method: 'POST',
  path: '/api/v1/suppressions',
  auth: writeScope,
  summary: 'Add an opt-out',
  description:
    'Suppresses a number workspace-wide (source manual): every send to it is then refused as a recipient opt-out is ' +
    '(API, MCP, console and campaign deliveries; 403 workspace_suppressed), and opt_out.created is sent to your ' +
    'webhooks. A number already actively suppressed is returned as it is with 200; a lifted one is suppressed again.',
  tags: suppressionTags,
  input: z.strictObject({
    phone_number: ZPhoneNumber,
    reason: z.string().trim().max(500).optional().describe('Why, for your records'),
  }),
  output: z.object({ suppression: ZSuppression }),
  successStatus: 201,
  alternateSuccess: [{ status: 200, description: 'The number was already suppressed; the existing suppression is returned' }],
  errors: ['validation_failed'],
  bodyRequired: true,
  mcp: {
    name: 'add_suppression',
    title: 'Add an opt-out',
    description:
      'Stop all texts to a phone number (E.164) from this workspace, e.g. when someone asks by email or phone not to ' +
      'be texted. Sends to it then fail with workspace_suppressed. Safe to repeat. Lift it with remove_suppression.',
    readOnly: false,
    destructive: false,
  },
});

export const deleteSuppression = defineOperation({
  name: 'suppressions.delete',
  method: 'DELETE',
  path: '/api/v1/suppressions/{phone_number}',
  auth: writeScope,
  summary: 'Lift an opt-out',
  description:
    'Lifts a suppression this workspace added (removable true); the suppression stays listed with active false. One the ' +
    'recipient asked for (STOP reply or carrier opt-out) is refused with 422 suppression_not_removable: only their ' +
    'START reply lifts it. Lifting one already lifted returns it unchanged.',
  tags: suppressionTags,
  input: z.strictObject({ phone_number: ZPhoneNumberInPath }),
  output: z.object({ suppression: ZSuppression }),
  successStatus: 200,
  errors: ['validation_failed', 'not_found', 'suppression_not_removable'],
  bodyRequired: false,
  mcp: {
    name: 'remove_suppression',
    title: 'Lift an opt-out',
    description:
      'Allow texts to a phone number again after add_suppression. An opt-out the recipient made (STOP reply, carrier ' +
      'opt-out) cannot be lifted this way (suppression_not_removable): only the recipient can, by replying START.',
    readOnly: false,
    destructive: true,
  },
});
