import { AppError, type TContactInput, type TContactList, type TContactsAdded } from '@textline/contract';
import { Prisma, queryRowsIn } from '@textline/db';
import { newId } from '../lib/crypto.ts';
import { upsertListMembers } from './contact-lists.sql.ts';
import { newestFirst } from '../lib/pagination.ts';
import { toE164 } from '../lib/phone.ts';
import type { Services } from '../ports.ts';

type ContactListDeps = Pick<Services, 'prisma' | 'clock'>;

const withSize = { _count: { select: { members: true } } } as const;

function toContactList(row: Prisma.ContactListGetPayload<{ include: typeof withSize }>): TContactList {
  return {
    id: row.id,
    name: row.name,
    contact_count: row._count.members,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listContactLists(
  deps: ContactListDeps,
  workspaceId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<{ contact_lists: TContactList[]; next_cursor: string | null }> {
  const page = newestFirst('contact_lists', workspaceId, query);
  const rows = await deps.prisma.contactList.findMany({
    where: { workspaceId, ...page.where },
    orderBy: page.orderBy,
    take: page.take,
    include: withSize,
  });
  const { rows: pageRows, nextCursor } = page.page(rows);
  return { contact_lists: pageRows.map(toContactList), next_cursor: nextCursor };
}

export async function createContactList(
  deps: ContactListDeps,
  workspaceId: string,
  input: { name: string },
): Promise<TContactList> {
  const row = await deps.prisma.contactList.create({
    data: { id: newId('cl'), workspaceId, name: input.name, updatedAt: new Date(deps.clock.now()) },
    include: withSize,
  });
  return toContactList(row);
}

/** Valid entries keyed by E.164 number (a later duplicate overrides an earlier one field by field). */
function normalise(contacts: TContactInput[]): { valid: Map<string, TContactInput>; errors: TContactsAdded['errors'] } {
  const valid = new Map<string, TContactInput>();
  const errors: TContactsAdded['errors'] = [];
  contacts.forEach((contact, index) => {
    const phoneNumber = toE164(contact.phone_number);
    if (!phoneNumber) {
      errors.push({ index, message: 'phone_number must be a valid international number with a leading +' });
      return;
    }
    const earlier = valid.get(phoneNumber);
    valid.set(phoneNumber, {
      ...earlier,
      ...contact,
      phone_number: phoneNumber,
      attributes: { ...earlier?.attributes, ...contact.attributes },
    });
  });
  return { valid, errors };
}

/**
 * Upserts workspace contacts by phone number and adds them to the list, in one statement: given
 * names replace stored ones, attributes are merged (null removes a key), omitted fields are kept.
 */
export async function addContacts(
  deps: ContactListDeps,
  workspaceId: string,
  input: { id: string; contacts: TContactInput[] },
): Promise<TContactsAdded> {
  const list = await deps.prisma.contactList.findFirst({ where: { id: input.id, workspaceId }, select: { id: true } });
  if (!list) throw new AppError('not_found', { message: 'No contact list with this id exists in this workspace.' });
  const { valid, errors } = normalise(input.contacts);
  const contacts = [...valid.values()];
  const now = new Date(deps.clock.now());
  let added = 0;
  if (contacts.length > 0) {
    const [row] = await queryRowsIn(deps.prisma, upsertListMembers, [
      contacts.map(() => newId('ct')),
      contacts.map((contact) => contact.phone_number),
      contacts.map((contact) => contact.first_name ?? null),
      contacts.map((contact) => contact.last_name ?? null),
      contacts.map((contact) => JSON.stringify(contact.attributes ?? {})),
      workspaceId,
      now,
      list.id,
    ]);
    added = row?.added ?? 0;
  }
  const contactList = await deps.prisma.contactList.findUniqueOrThrow({ where: { id: list.id }, include: withSize });
  return { contact_list: toContactList(contactList), added, updated: contacts.length - added, invalid: errors.length, errors };
}
