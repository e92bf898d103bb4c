import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZNextCursor, ZPageQuery } from '../pagination.ts';
import { ZId } from '../ids.ts';
import { ZTimestamp, ZTrimmedText } from '../schemas.ts';

/** How many numbers one pool holds at most: one selection reads them all. */
export const senderPoolMaxNumbers = 500;

export const ZSenderPool = z.object({
  id: ZId('senderPool'),
  name: z.string(),
  number_ids: z.array(ZId('number')).describe('The numbers of the pool (pn_...), oldest number first'),
  sticky_sender: z.boolean().describe('A recipient keeps the number of the pool it got before, while that number can send'),
  area_code_match: z
    .boolean()
    .describe("Without a sticky sender, prefer a number of the recipient's area code, then of its state or province"),
  is_default: z
    .boolean()
    .describe('Sends that name neither from nor sender_pool_id use this pool; a workspace has at most one default pool'),
  created_at: ZTimestamp,
});
export type TSenderPool = z.infer<typeof ZSenderPool>;

const ZPoolId = z.string().min(1).max(64).describe('Sender pool id (spl_...), from list_sender_pools');
const ZNumberIds = z
  .array(z.string().min(1).max(64))
  .max(senderPoolMaxNumbers)
  .describe(`Ids (pn_...) of the workspace's connected numbers, at most ${senderPoolMaxNumbers}; each at most once`);
const poolFields = {
  name: ZTrimmedText(1, 64).describe('A name for people, e.g. "Support lines"; 1-64 characters'),
  number_ids: ZNumberIds,
  sticky_sender: z.boolean().describe('Default true'),
  area_code_match: z.boolean().describe('Default true'),
  is_default: z.boolean().describe('Default false; making a pool the default makes the previous default an ordinary pool'),
};

const updatableFields = ['name', 'number_ids', 'sticky_sender', 'area_code_match', 'is_default'] as const;

const selectionRule =
  'A send with sender_pool_id (or, naming neither from nor sender_pool_id, a send of a workspace with a default ' +
  "pool) goes from one of the pool's numbers: the recipient's sticky sender (sticky_sender), else a number of its " +
  'area code, else of its state or province (area_code_match), else the least loaded (free soonest at its pace, then ' +
  'the least recently used). A released, suspended or failing number is skipped.';

const ZPoolAnswer = z.object({ sender_pool: ZSenderPool });

export const listSenderPools = defineOperation({
  name: 'senderPools.list',
  method: 'GET',
  path: '/api/v1/sender-pools',
  auth: { kind: 'bearer', scope: 'numbers:read' },
  summary: 'List sender pools',
  description: `Sender pools of the workspace, newest first; pass next_cursor back as cursor. ${selectionRule}`,
  tags: ['numbers'],
  input: z.strictObject({ ...ZPageQuery }),
  output: z.object({ sender_pools: z.array(ZSenderPool), next_cursor: ZNextCursor }),
  successStatus: 200,
  errors: ['validation_failed'],
  bodyRequired: false,
  mcp: {
    name: 'list_sender_pools',
    title: 'List sender pools',
    description: 'List the sender pools (groups of numbers that share sends) with their numbers and which is the default.',
    readOnly: true,
    destructive: false,
  },
});

export const createSenderPool = defineOperation({
  name: 'senderPools.create',
  method: 'POST',
  path: '/api/v1/sender-pools',
  auth: { kind: 'bearer', scope: 'numbers:write' },
  summary: 'Create a sender pool',
  description: `A group of the workspace's numbers that shares its sends. ${selectionRule} A number id that is not a connected number of the workspace is 422 naming number_ids.`,
  tags: ['numbers'],
  input: z.strictObject({
    name: poolFields.name,
    number_ids: poolFields.number_ids,
    sticky_sender: poolFields.sticky_sender.optional(),
    area_code_match: poolFields.area_code_match.optional(),
    is_default: poolFields.is_default.optional(),
  }),
  output: ZPoolAnswer,
  successStatus: 201,
  errors: ['validation_failed'],
  bodyRequired: true,
  mcp: {
    name: 'create_sender_pool',
    title: 'Create sender pool',
    description:
      'Group numbers (number_ids from list_numbers) so sends spread over them: pass its id as sender_pool_id on ' +
      'send_message, or set is_default so every send without from uses it. Each recipient keeps its number ' +
      '(sticky_sender), else gets one of its area code or state (area_code_match), else the least loaded.',
    readOnly: false,
    destructive: false,
  },
});

export const getSenderPool = defineOperation({
  name: 'senderPools.get',
  method: 'GET',
  path: '/api/v1/sender-pools/{id}',
  auth: { kind: 'bearer', scope: 'numbers:read' },
  summary: 'Get a sender pool',
  description: 'One sender pool of the workspace with its numbers.',
  tags: ['numbers'],
  input: z.strictObject({ id: ZPoolId }),
  output: ZPoolAnswer,
  successStatus: 200,
  errors: ['not_found'],
  bodyRequired: false,
  mcp: {
    name: 'get_sender_pool',
    title: 'Get sender pool',
    description: 'One sender pool with its numbers and selection settings.',
    readOnly: true,
    destructive: false,
  },
});

export const updateSenderPool = defineOperation({
  name: 'senderPools.update',
  method: 'PATCH',
  path: '/api/v1/sender-pools/{id}',
  auth: { kind: 'bearer', scope: 'numbers:write' },
  summary: 'Update a sender pool',
  description:
    'Changes the name, the numbers (number_ids replaces the list), the selection settings or whether it is the ' +
    'default. Sends accepted before keep their sender.',
  tags: ['numbers'],
  input: z
    .strictObject({
      id: ZPoolId,
      name: poolFields.name.optional(),
      number_ids: poolFields.number_ids.optional(),
      sticky_sender: poolFields.sticky_sender.optional(),
      area_code_match: poolFields.area_code_match.optional(),
      is_default: poolFields.is_default.optional(),
    })
    .refine((input) => Object.keys(input).length > 1, { message: 'send at least one field to change', path: ['name'] })
    .meta({ anyOf: updatableFields.map((field) => ({ required: [field] })) }),
  output: ZPoolAnswer,
  successStatus: 200,
  errors: ['validation_failed', 'not_found'],
  bodyRequired: true,
  mcp: {
    name: 'update_sender_pool',
    title: 'Update sender pool',
    description: 'Rename a sender pool, replace its numbers (number_ids), change its selection settings or make it the default.',
    readOnly: false,
    destructive: false,
  },
});

export const deleteSenderPool = defineOperation({
  name: 'senderPools.delete',
  method: 'DELETE',
  path: '/api/v1/sender-pools/{id}',
  auth: { kind: 'bearer', scope: 'numbers:write' },
  summary: 'Delete a sender pool',
  description:
    'Deletes the pool, not its numbers. Sends accepted before keep their sender; later sends that name it are 422 ' +
    'sender_pool_not_found, and without a default pool sends choose from every connected number again.',
  tags: ['numbers'],
  input: z.strictObject({ id: ZPoolId }),
  output: z.object({ id: ZId('senderPool'), deleted: z.literal(true) }),
  successStatus: 200,
  errors: ['not_found'],
  bodyRequired: false,
  mcp: {
    name: 'delete_sender_pool',
    title: 'Delete sender pool',
    description: 'Delete a sender pool (its numbers stay). Sends naming it are refused afterwards.',
    readOnly: false,
    destructive: true,
  },
});
