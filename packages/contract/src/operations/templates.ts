import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZNextCursor, ZPageQuery } from '../pagination.ts';
import { ZId } from '../ids.ts';
import { ZTimestamp } from '../schemas.ts';

export const templateBodyMaxLength = 1_600;
/** How a template names a value the send fills in: {{name}}, letters, digits and _, starting with a letter or _. */
export const templateVariablePattern = /\{\{\s*([A-Za-z_][A-Za-z0-9_]{0,63})\s*\}\}/g;
export const maxTemplateVariables = 50;

export const ZTemplate = z.object({
  id: ZId('template'),
  name: z.string().describe('A label for people and agents; not unique'),
  body: z.string().describe('The text to send, with {{variable}} placeholders that a send fills in from its variables'),
  variables: z.array(z.string()).describe('The names of the placeholders the body holds, in order of first use'),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type TTemplate = z.infer<typeof ZTemplate>;

const ZTemplateName = z.string().trim().min(1).max(200).describe('A label, 1-200 characters');
const ZTemplateBody = z
  .string()
  .min(1)
  .max(templateBodyMaxLength)
  .refine((body) => body.trim().length > 0, 'must not be blank')
  .describe(
    `The message text, 1-${templateBodyMaxLength} characters, with {{variable}} placeholders (letters, digits and _); ` +
      'a placeholder that is not a variable name, or a stray {{ or }}, is refused',
  );
const ZTemplateId = z.string().min(1).max(64).describe('Template id (tpl_...)');

/** A send's variables: the values of a template's placeholders, by name. */
export const ZTemplateVariables = z
  .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'must be a variable name'), z.string().max(1_600))
  .refine((variables) => Object.keys(variables).length <= maxTemplateVariables, `must have at most ${maxTemplateVariables} keys`)
  .meta({ maxProperties: maxTemplateVariables })
  .describe('The value of each {{variable}} of the template, as text');

const templateDescription =
  'A template is a message body with {{variable}} placeholders. A send (POST /api/v1/messages, the batch, the ' +
  'preview) may give template_id and variables instead of body: the body is rendered at acceptance, and the message ' +
  'keeps the rendered text, so changing or deleting the template later changes no message.';

export const listTemplates = defineOperation({
  name: 'templates.list',
  method: 'GET',
  path: '/api/v1/templates',
  auth: { kind: 'bearer', scope: 'messages:read' },
  summary: 'List message templates',
  description: `${templateDescription} Newest first; pass next_cursor back as cursor.`,
  tags: ['templates'],
  input: z.strictObject({ ...ZPageQuery }),
  output: z.object({ templates: z.array(ZTemplate), next_cursor: ZNextCursor }),
  successStatus: 200,
  errors: ['validation_failed'],
  bodyRequired: false,
  mcp: {
    name: 'list_templates',
    title: 'List message templates',
    description:
      'List message templates (newest first) with the variables each needs; pass template_id and variables to ' +
      'send_message or send_message_batch instead of body.',
    readOnly: true,
    destructive: false,
  },
});

export const getTemplate = defineOperation({
  name: 'templates.get',
  method: 'GET',
  path: '/api/v1/templates/{id}',
  auth: { kind: 'bearer', scope: 'messages:read' },
  summary: 'Get a message template',
  description: templateDescription,
  tags: ['templates'],
  input: z.strictObject({ id: ZTemplateId }),
  output: z.object({ template: ZTemplate }),
  successStatus: 200,
  errors: ['not_found'],
  bodyRequired: false,
  mcp: {
    name: 'get_template',
    title: 'Get a message template',
    description: 'Read one message template: its body and the variables a send must give.',
    readOnly: true,
    destructive: false,
  },
});

export const createTemplate = defineOperation({
  name: 'templates.create',
  method: 'POST',
  path: '/api/v1/templates',
  auth: { kind: 'bearer', scope: 'messages:write' },
  summary: 'Create a message template',
  description: templateDescription,
  tags: ['templates'],
  input: z.strictObject({ name: ZTemplateName, body: ZTemplateBody }),
  output: z.object({ template: ZTemplate }),
  successStatus: 201,
  errors: ['validation_failed'],
  bodyRequired: true,
  mcp: {
    name: 'create_template',
    title: 'Create a message template',
    description:
      'Save a message body with {{variable}} placeholders (e.g. "Hi {{name}}, your code is {{code}}") to send many ' +
      'times with send_message or send_message_batch (template_id and variables instead of body).',
    readOnly: false,
    destructive: false,
  },
});

export const updateTemplate = defineOperation({
  name: 'templates.update',
  method: 'PATCH',
  path: '/api/v1/templates/{id}',
  auth: { kind: 'bearer', scope: 'messages:write' },
  summary: 'Update a message template',
  description: `Changes the name or the body; later sends render the new body. ${templateDescription}`,
  tags: ['templates'],
  input: z
    .strictObject({ id: ZTemplateId, name: ZTemplateName.optional(), body: ZTemplateBody.optional() })
    .refine((input) => input.name !== undefined || input.body !== undefined, {
      message: 'send name, body or both',
      path: ['body'],
    })
    .meta({ anyOf: [{ required: ['name'] }, { required: ['body'] }] }),
  output: z.object({ template: ZTemplate }),
  successStatus: 200,
  errors: ['validation_failed', 'not_found'],
  bodyRequired: true,
  mcp: {
    name: 'update_template',
    title: 'Update a message template',
    description: 'Change the name or body of a message template; messages already sent keep their text.',
    readOnly: false,
    destructive: false,
  },
});

export const deleteTemplate = defineOperation({
  name: 'templates.delete',
  method: 'DELETE',
  path: '/api/v1/templates/{id}',
  auth: { kind: 'bearer', scope: 'messages:write' },
  summary: 'Delete a message template',
  description:
    'Deletes the template and answers it as it was; a later send naming it is 422 naming template_id. Messages sent ' +
    'with it keep their text.',
  tags: ['templates'],
  input: z.strictObject({ id: ZTemplateId }),
  output: z.object({ template: ZTemplate }),
  successStatus: 200,
  errors: ['not_found'],
  bodyRequired: false,
  mcp: {
    name: 'delete_template',
    title: 'Delete a message template',
    description: 'Delete a message template; messages already sent with it keep their text.',
    readOnly: false,
    destructive: true,
  },
});
