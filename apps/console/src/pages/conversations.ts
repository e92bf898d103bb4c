import { api, errorMessage } from '../api.ts';
import type { Route } from '../router.ts';
import { href } from '../router.ts';
import { busy, empty, h, plural, time, toast } from '../ui.ts';
import { followChanges } from '../live.ts';
import { field, filtersToUrl, loadInto, pageHeader, pagedTable, refreshInto } from './common.ts';
import { composeForm, mediaList, type Message, messageStatusBadge } from './messages.ts';

type Conversation = Awaited<ReturnType<typeof api.conversations.list.query>>['conversations'][number];

const headings = ['Number', 'Your number', 'Latest message', 'Messages', 'Last reply'];

function optedOut(): HTMLElement {
  return h('span', { class: 'badge failed' }, 'Opted out');
}

function row(conversation: Conversation): HTMLTableRowElement {
  return h(
    'tr',
    { class: 'conversation-row', 'data-conversation-id': conversation.id },
    h(
      'td',
      {},
      h('a', { href: href(`conversations/${conversation.id}`) }, h('code', {}, conversation.phone_number)),
      conversation.suppressed ? ' ' : null,
      conversation.suppressed ? optedOut() : null,
    ),
    h('td', {}, h('code', {}, conversation.sender_number)),
    h('td', { class: 'truncate' }, h('span', { title: conversation.last_message_preview }, conversation.last_message_preview)),
    h('td', {}, String(conversation.message_count)),
    h('td', {}, time(conversation.last_reply_at)),
  );
}

export async function conversationsPage(main: HTMLElement): Promise<void> {
  const number = new URLSearchParams(location.search).get('phone_number') ?? '';
  const search = h('input', { name: 'phone_number', type: 'search', value: number, placeholder: '+14155550100' });
  const form = h(
    'form',
    { class: 'filters', role: 'search', 'aria-label': 'Find a conversation' },
    field('Phone number', search),
    h('div', { class: 'filter-actions' }, h('button', { type: 'submit', class: 'primary' }, 'Find')),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    search.value = search.value.replace(/[\s().-]/g, '');
    filtersToUrl(form);
    void conversationsPage(main);
  });
  const list = h('div');
  main.replaceChildren(
    pageHeader('Conversations', 'Threads with people who replied to your numbers, the latest reply first.'),
    form,
    list,
  );
  const filters = { phone_number: number || undefined, limit: 25 };
  const read = () => api.conversations.list.query(filters);
  const show = (page: Awaited<ReturnType<typeof read>>) =>
    page.conversations.length === 0
      ? empty(
          number ? 'No conversation with this number' : 'No conversations yet',
          'A conversation starts when someone replies to one of your numbers.',
        )
      : pagedTable(headings, { items: page.conversations, next_cursor: page.next_cursor }, row, async (cursor) => {
          const next = await api.conversations.list.query({ ...filters, cursor });
          return { items: next.conversations, next_cursor: next.next_cursor };
        });
  await loadInto(list, read, show);
  // A reply starts or moves a conversation.
  followChanges(
    list,
    (change) => change.resource === 'conversation',
    () => refreshInto(list, read, show),
  );
}

function bubble(message: Message): HTMLElement {
  return h(
    'li',
    { class: `bubble ${message.direction}`, 'data-message-id': message.id },
    h('p', {}, message.body),
    mediaList(message),
    h(
      'p',
      { class: 'bubble-meta' },
      time(message.created_at),
      ' · ',
      message.direction === 'outbound' ? messageStatusBadge(message.status) : 'received',
      ' · ',
      h('a', { href: href(`messages/${message.id}`) }, 'Timeline'),
    ),
  );
}

/** A thread reads oldest first; the API answers newest first. */
function threadOf(messages: Message[]): HTMLOListElement {
  return h('ol', { class: 'thread', 'aria-label': 'Messages' }, ...[...messages].reverse().map(bubble));
}

function summaryOf(conversation: Conversation): HTMLElement {
  return h(
    'p',
    { class: 'muted conversation-summary' },
    `${plural(conversation.message_count, 'message')} with `,
    h('code', {}, conversation.phone_number),
    ' on your number ',
    h('code', {}, conversation.sender_number),
    ' · started ',
    time(conversation.created_at),
  );
}

export async function conversationPage(main: HTMLElement, route: Route): Promise<void> {
  const id = route.params.id ?? '';
  const content = h('div');
  const refresh = () =>
    loadInto(
      content,
      async () => {
        const page = await api.conversations.get.query({ id, limit: 50 });
        const { conversation } = page;
        const reply = conversation.suppressed
          ? h(
              'p',
              { class: 'notice warn', role: 'note' },
              `${conversation.phone_number} opted out: sends to this number are refused. `,
              h('a', { href: href(`opt-outs?phone_number=${encodeURIComponent(conversation.phone_number)}`) }, 'See the opt-out'),
            )
          : await composeForm({
              title: 'Reply',
              phoneNumber: conversation.phone_number,
              from: conversation.sender_number,
              onSent: () => void refresh(),
            });
        return { ...page, reply };
      },
      ({ conversation, messages, next_cursor: first, reply }) => {
        // Newest first from the API; a thread reads oldest first, so older pages go on top.
        const thread = threadOf(messages);
        let cursor = first;
        const older = h('button', { type: 'button', class: 'secondary wide', hidden: !cursor }, 'Show older messages');
        older.addEventListener(
          'click',
          () =>
            void busy(older, async () => {
              if (!cursor) return;
              try {
                const page = await api.conversations.get.query({ id, limit: 50, cursor });
                thread.prepend(...[...page.messages].reverse().map(bubble));
                cursor = page.next_cursor;
                older.hidden = !cursor;
              } catch (error) {
                toast(errorMessage(error), 'error');
              }
            }),
        );
        return [summaryOf(conversation), older, thread, reply];
      },
    );
  main.replaceChildren(
    h('p', {}, h('a', { href: href('conversations') }, '← All conversations')),
    pageHeader('Conversation', h('code', {}, id)),
    content,
  );
  await refresh();
  // A reply in this thread, or a status change of a message shown: the thread is read again, the
  // reply form (and what is typed in it) stays.
  followChanges(
    content,
    (change) =>
      change.id === id ||
      (change.resource === 'message' &&
        (change.conversation_id === id || content.querySelector(`[data-message-id="${change.id}"]`) !== null)),
    async () => {
      const page = await api.conversations.get.query({ id, limit: 50 });
      const thread = content.querySelector('ol.thread');
      thread?.replaceWith(threadOf(page.messages));
      content.querySelector('.conversation-summary')?.replaceWith(summaryOf(page.conversation));
    },
  );
}
