import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZNextCursor, ZPageQuery } from '../pagination.ts';
import { ZId } from '../ids.ts';
import { ZTimestamp } from '../schemas.ts';
import { templateSyntax } from './campaigns.ts';

export const ZSnippet = z.object({
  id: ZId('snippet'),
  name: z.string().describe('Referenced from stages as {{snippet:<name>}}'),
  body: z.string(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type TSnippet = z.infer<typeof ZSnippet>;

const ZSnippetName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'use 1-64 lowercase letters, digits, _ and -, starting with a letter or digit')
  .describe('Unique in the workspace; lowercase letters, digits, _ and -');

const ZSnippetBody = z
  .string()
  .min(1)
  .max(1_000)
  .describe('Text with optional contact fields; snippets cannot include other snippets');

const snippetDescription =
  'Snippets are reusable text blocks inserted into stage templates with {{snippet:<name>}}; the current snippet ' +
  `text is used at send time. ${templateSyntax}`;

export const listSnippets = defineOperation({
  name: 'snippets.list',
  method: 'GET',
  path: '/api/v1/snippets',
  auth: { kind: 'bearer', scope: 'campaigns:read' },
  summary: 'List snippets',
  description: 'Snippets of the workspace, newest first; pass next_cursor back as cursor.',
  tags: ['snippets'],
  input: z.strictObject({ ...ZPageQuery }),
  output: z.object({ snippets: z.array(ZSnippet), next_cursor: ZNextCursor }),
  successStatus: 200,
  errors: ['validation_failed'],
  bodyRequired: false,
  mcp: {
    name: 'list_snippets',
    title: 'List snippets',
    description: 'List reusable text snippets (newest first) that campaign stages can insert with {{snippet:<name>}}.',
    readOnly: true,
    destructive: false,
  },
});

export const createSnippet = defineOperation({
  name: 'snippets.create',
  method: 'POST',
  path: '/api/v1/snippets',
  auth: { kind: 'bearer', scope: 'campaigns:write' },
  summary: 'Create a snippet',
  description: `${snippetDescription} A name already in use answers 422.`,
  tags: ['snippets'],
  input: z.strictObject({ name: ZSnippetName, body: ZSnippetBody }),
  output: z.object({ snippet: ZSnippet }),
  successStatus: 201,
  errors: ['validation_failed'],
  bodyRequired: true,
  mcp: {
    name: 'create_snippet',
    title: 'Create snippet',
    description:
      'Create a reusable text block (e.g. name "signature", body "Reply STOP to opt out") to insert into campaign ' +
      'stages with {{snippet:signature}}. Bodies may use {{first_name}}-style contact fields.',
    readOnly: false,
    destructive: false,
  },
});

export const updateSnippet = defineOperation({
  name: 'snippets.update',
  method: 'PATCH',
  path: '/api/v1/snippets/{id}',
  auth: { kind: 'bearer', scope: 'campaigns:write' },
  summary: 'Update a snippet',
  description:
    'Changes the name or body. Later sends use the new body. A snippet used by a campaign stage cannot be renamed (422).',
  tags: ['snippets'],
  input: z
    .strictObject({
      id: z.string().min(1).max(64).describe('Snippet id (snp_...)'),
      name: ZSnippetName.optional(),
      body: ZSnippetBody.optional(),
    })
    .refine((input) => input.name !== undefined || input.body !== undefined, {
      message: 'send name, body or both',
      path: ['body'],
    })
    .meta({ anyOf: [{ required: ['name'] }, { required: ['body'] }] }),
  output: z.object({ snippet: ZSnippet }),
  successStatus: 200,
  errors: ['validation_failed', 'not_found'],
  bodyRequired: true,
  mcp: {
    name: 'update_snippet',
    title: 'Update snippet',
    description: 'Change the body (or the name, if no stage uses it) of a snippet; later campaign sends use the new text.',
    readOnly: false,
    destructive: false,
  },
});
