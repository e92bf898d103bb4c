import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZNextCursor, ZPageQuery } from '../pagination.ts';
import { ZId } from '../ids.ts';
import { ZTimestamp, ZTrimmedText } from '../schemas.ts';

export const maxContactsPerRequest = 1_000;
const maxAttributes = 50;

export const ZContactList = z.object({
  id: ZId('contactList'),
  name: z.string(),
  contact_count: z.number().int(),
  created_at: ZTimestamp,
  updated_at: ZTimestamp,
});
export type TContactList = z.infer<typeof ZContactList>;

const ZAttributeValue = z.union([z.string().max(500), z.number(), z.boolean(), z.null()]);

export const ZContactInput = z.strictObject({
  // An entry that is not a valid number is skipped and reported (errors), not refused: no pattern here.
  phone_number: z.string().trim().max(40).describe('International format with leading +'),
  first_name: z.string().trim().max(100).optional().describe('For {{first_name}}'),
  last_name: z.string().trim().max(100).optional().describe('For {{last_name}}'),
  attributes: z
    .record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'use letters, digits and _'), ZAttributeValue)
    .refine((attributes) => Object.keys(attributes).length <= maxAttributes, `must have at most ${maxAttributes} keys`)
    .meta({ maxProperties: maxAttributes })
    .optional()
    .describe('Custom fields for {{attributes.<key>}}; merged into the stored ones, null removes a key'),
});
export type TContactInput = z.infer<typeof ZContactInput>;

export const ZContactsAdded = z.object({
  contact_list: ZContactList,
  added: z.number().int().describe('Contacts new to this list'),
  updated: z.number().int().describe('Contacts already in this list, their fields updated'),
  invalid: z.number().int().describe('Entries skipped because the phone number is not valid'),
  errors: z.array(z.object({ index: z.number().int(), message: z.string() })).describe('Why each invalid entry was skipped'),
});
export type TContactsAdded = z.infer<typeof ZContactsAdded>;

export const listContactLists = defineOperation({
  name: 'contactLists.list',
  method: 'GET',
  path: '/api/v1/contact-lists',
  auth: { kind: 'bearer', scope: 'campaigns:read' },
  summary: 'List contact lists',
  description: 'Contact lists of the workspace with their sizes, newest first; pass next_cursor back as cursor.',
  tags: ['contact-lists'],
  input: z.strictObject({ ...ZPageQuery }),
  output: z.object({ contact_lists: z.array(ZContactList), next_cursor: ZNextCursor }),
  successStatus: 200,
  errors: ['validation_failed'],
  bodyRequired: false,
  mcp: {
    name: 'list_contact_lists',
    title: 'List contact lists',
    description: 'List contact lists (newest first) with their contact counts; enroll one with enroll_in_campaign.',
    readOnly: true,
    destructive: false,
  },
});

export const createContactList = defineOperation({
  name: 'contactLists.create',
  method: 'POST',
  path: '/api/v1/contact-lists',
  auth: { kind: 'bearer', scope: 'campaigns:write' },
  summary: 'Create a contact list',
  description: 'Creates an empty list; add contacts with POST /api/v1/contact-lists/{id}/contacts.',
  tags: ['contact-lists'],
  input: z.strictObject({ name: ZTrimmedText(1, 200).describe('Name of the list, 1-200 characters') }),
  output: z.object({ contact_list: ZContactList }),
  successStatus: 201,
  errors: ['validation_failed'],
  bodyRequired: true,
  mcp: {
    name: 'create_contact_list',
    title: 'Create contact list',
    description: 'Create an empty contact list; then add_contacts to fill it and enroll_in_campaign to message it.',
    readOnly: false,
    destructive: false,
  },
});

export const addContacts = defineOperation({
  name: 'contactLists.addContacts',
  method: 'POST',
  path: '/api/v1/contact-lists/{id}/contacts',
  auth: { kind: 'bearer', scope: 'campaigns:write' },
  summary: 'Add contacts to a list',
  description:
    `Adds up to ${maxContactsPerRequest} contacts. Contacts are kept per workspace and matched by phone number: an ` +
    'existing contact gets the fields given (attributes are merged) and is added to the list. Entries with an ' +
    'invalid number are skipped and reported in errors; the rest are stored.',
  tags: ['contact-lists'],
  input: z.strictObject({
    id: z.string().min(1).max(64).describe('Contact list id (cl_...)'),
    contacts: z
      .array(ZContactInput)
      .min(1)
      .max(maxContactsPerRequest)
      .describe(`1-${maxContactsPerRequest} contacts; entries with the same number are merged`),
  }),
  output: ZContactsAdded,
  successStatus: 201,
  errors: ['validation_failed', 'not_found'],
  bodyRequired: true,
  mcp: {
    name: 'add_contacts',
    title: 'Add contacts to list',
    description:
      'Add or update contacts ({phone_number, first_name?, last_name?, attributes?}) in a contact list, matched by ' +
      'phone number. Returns counts of added, updated and invalid entries.',
    readOnly: false,
    destructive: false,
  },
});
