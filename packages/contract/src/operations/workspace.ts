import { z } from 'zod';
import { defineOperation } from '../operation.ts';

/** The shortest and the longest retention a workspace may set, in days. */
export const retentionDaysRange = { min: 1, max: 3650 } as const;

/** What a redacted message or inbound message shows in place of its text and its other party's number. */
export const redactedText = '[redacted]';

const ZRetentionDays = z
  .number()
  .int()
  .min(retentionDaysRange.min)
  .max(retentionDaysRange.max)
  .nullable()
  .describe(
    `How many days messages, inbound messages, events and webhook deliveries are kept (${retentionDaysRange.min}-` +
      `${retentionDaysRange.max}); null keeps them for ever. Once older, a message that reached a final status ` +
      `(sent, delivered, failed, canceled) and an inbound message are redacted: body and phone_number read ` +
      `"${redactedText}", metadata null, their carrier reports deleted; the row, its counts in usage and its ledger ` +
      'entries stay. Events and webhook deliveries with their attempts are deleted, except a delivery that is still ' +
      'retrying. Redaction cannot be undone.',
  );

export const ZWorkspaceSettings = z.object({ retention_days: ZRetentionDays });
export type TWorkspaceSettings = z.infer<typeof ZWorkspaceSettings>;

const workspaceTags = ['workspace'] as const;

export const getWorkspaceSettings = defineOperation({
  name: 'workspace.getSettings',
  method: 'GET',
  path: '/api/v1/workspace/settings',
  auth: { kind: 'bearer', scope: 'workspace:read' },
  summary: 'Get the workspace settings',
  description: 'The settings of the whole workspace: retention_days, how long its messages and events are kept.',
  tags: workspaceTags,
  input: z.strictObject({}),
  output: z.object({ settings: ZWorkspaceSettings }),
  successStatus: 200,
  errors: [],
  bodyRequired: false,
  mcp: {
    name: 'get_workspace_settings',
    title: 'Get the workspace settings',
    description: 'Read the workspace settings: retention_days, how many days messages and events are kept (null: for ever).',
    readOnly: true,
    destructive: false,
  },
});

export const updateWorkspaceSettings = defineOperation({
  name: 'workspace.updateSettings',
  method: 'PATCH',
  path: '/api/v1/workspace/settings',
  auth: { kind: 'bearer', scope: 'workspace:write' },
  summary: 'Change the workspace settings',
  description:
    'Changes the fields given and answers every setting. retention_days applies from the next maintenance run, ' +
    'which redacts or deletes what is older in small batches; null stops it (nothing redacted comes back).',
  tags: workspaceTags,
  input: z.strictObject({ retention_days: ZRetentionDays.optional() }),
  output: z.object({ settings: ZWorkspaceSettings }),
  successStatus: 200,
  errors: ['validation_failed'],
  bodyRequired: true,
  mcp: {
    name: 'update_workspace_settings',
    title: 'Change the workspace settings',
    description:
      `Set retention_days (${retentionDaysRange.min}-${retentionDaysRange.max}, or null for ever): messages and ` +
      'events older than that are redacted or deleted for good by the next maintenance run. Ask the user before ' +
      'shortening it.',
    readOnly: false,
    destructive: true,
  },
});
