import { operations } from '@textline/contract';
import { addContacts, createContactList, listContactLists } from '../domain/contact-lists.ts';
import { bearer } from './handler.ts';

export const contactListsHandlers = {
  list: bearer(operations['contactLists.list'], ({ ctx, input }) => listContactLists(ctx.services, ctx.auth.workspaceId, input)),
  create: bearer(operations['contactLists.create'], async ({ ctx, input }) => ({
    contact_list: await createContactList(ctx.services, ctx.auth.workspaceId, input),
  })),
  addContacts: bearer(operations['contactLists.addContacts'], ({ ctx, input }) =>
    addContacts(ctx.services, ctx.auth.workspaceId, input),
  ),
};
