import { operations } from '@textline/contract';
import { addContacts, createContactList, listContactLists } from '../../domain/contact-lists.ts';
import { router, scopedOperation } from '../procedures.ts';

export const contactListsRouter = router({
  list: scopedOperation(operations['contactLists.list']).query(({ ctx, input }) =>
    listContactLists(ctx.services, ctx.auth.workspaceId, input),
  ),
  create: scopedOperation(operations['contactLists.create']).mutation(async ({ ctx, input }) => ({
    contact_list: await createContactList(ctx.services, ctx.auth.workspaceId, input),
  })),
  addContacts: scopedOperation(operations['contactLists.addContacts']).mutation(({ ctx, input }) =>
    addContacts(ctx.services, ctx.auth.workspaceId, input),
  ),
});
