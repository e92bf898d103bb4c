import { api, errorCode } from '../api.ts';
import type { Route } from '../router.ts';
import { href, navigate } from '../router.ts';
import { busy, type Child, codeBlock, empty, h, money, plural, replace, time, toast } from '../ui.ts';
import { isSource, sourceLabels } from './opt-outs.ts';
import { followChanges } from '../live.ts';
import {
  dangerButton,
  field,
  filtersToUrl,
  loadInto,
  pageHeader,
  pagedTable,
  refreshInto,
  select,
  showProblem,
} from './common.ts';

type Filters = Parameters<typeof api.messages.list.query>[0];
export type Message = Awaited<ReturnType<typeof api.messages.list.query>>['messages'][number];
type Step = Awaited<ReturnType<typeof api.messages.timeline.query>>['events'][number];
type Status = NonNullable<Filters['status']>;
type Direction = NonNullable<Filters['direction']>;

// Records over the contract's own unions: a status the contract adds fails the typecheck until it has a label here.
const statusLabels: Record<Status, string> = {
  pending_approval: 'Awaiting approval',
  scheduled: 'Scheduled',
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  canceled: 'Canceled',
  received: 'Received',
};
const directionLabels: Record<Direction, string> = { outbound: 'Sent', inbound: 'Received' };
const isStatus = (value: string): value is Status => Object.hasOwn(statusLabels, value);
const isDirection = (value: string): value is Direction => Object.hasOwn(directionLabels, value);

export function messageStatusBadge(status: string): HTMLElement {
  // Canceled is what someone chose, not an error: neutral, like a message still on its way.
  const tone = ['delivered', 'sent', 'received'].includes(status) ? 'succeeded' : status === 'failed' ? 'failed' : 'pending';
  return h('span', { class: `badge ${tone}` }, isStatus(status) ? statusLabels[status] : status);
}

/** What the search box holds: a message id, a phone number, or else an idempotency key. */
type Search = { id: string } | { phone_number: string } | { idempotency_key: string } | Record<string, never>;

function parseSearch(text: string): Search {
  const value = text.trim();
  if (!value) return {};
  if (/^(msg|inb)_[\w-]+$/.test(value)) return { id: value };
  // People paste numbers with spaces, dashes and brackets; the API wants E.164.
  if (/^\+?[\d\s().-]{4,}$/.test(value)) return { phone_number: value.replace(/[\s().-]/g, '') };
  return { idempotency_key: value };
}

/** Midnight starting a day picked in a date field, in the browser's own time zone, as ISO 8601. */
function dayStart(day: string, plusDays = 0): string | undefined {
  const date = new Date(`${day}T00:00`);
  if (Number.isNaN(date.getTime())) return undefined;
  date.setDate(date.getDate() + plusDays);
  return date.toISOString();
}

type View = { text: string; search: Search; status?: Status; direction?: Direction; from?: string; to?: string };

function readView(): View {
  const query = new URLSearchParams(location.search);
  const status = query.get('status') ?? '';
  const direction = query.get('direction') ?? '';
  const text = query.get('q') ?? '';
  return {
    text,
    search: parseSearch(text),
    status: isStatus(status) ? status : undefined,
    direction: isDirection(direction) ? direction : undefined,
    from: query.get('from') ?? undefined,
    to: query.get('to') ?? undefined,
  };
}

function filtersOf(view: View): Filters {
  return {
    ...('phone_number' in view.search ? { phone_number: view.search.phone_number } : {}),
    ...('idempotency_key' in view.search ? { idempotency_key: view.search.idempotency_key } : {}),
    status: view.status,
    direction: view.direction,
    created_after: view.from ? dayStart(view.from) : undefined,
    // The "to" day is included: the list stops before the midnight that ends it.
    created_before: view.to ? dayStart(view.to, 1) : undefined,
    limit: 25,
  };
}

const headings = ['Status', 'Direction', 'Number', 'Message', 'Cost', 'Created'];

function row(message: Message): HTMLTableRowElement {
  return h(
    'tr',
    { class: `message-row ${message.direction}`, 'data-message-id': message.id },
    h('td', {}, messageStatusBadge(message.status)),
    h('td', {}, directionLabels[message.direction]),
    h('td', {}, h('a', { href: href(`messages/${message.id}`) }, h('code', {}, message.phone_number))),
    h(
      'td',
      { class: 'truncate' },
      message.kind === 'mms' ? h('span', { class: 'tag', title: plural(message.media_urls.length, 'media file') }, 'MMS') : null,
      message.kind === 'mms' && message.body ? ' ' : null,
      h('span', { title: message.body }, message.body),
    ),
    h('td', {}, message.direction === 'inbound' ? '—' : money(message.cost_cents)),
    h('td', {}, time(message.created_at)),
  );
}

async function results(view: View) {
  if ('id' in view.search) {
    const id = view.search.id;
    try {
      return { items: [(await api.messages.get.query({ id })).message], next_cursor: null };
    } catch (error) {
      if (errorCode(error) === 'not_found') return { items: [], next_cursor: null };
      throw error;
    }
  }
  const page = await api.messages.list.query(filtersOf(view));
  return { items: page.messages, next_cursor: page.next_cursor };
}

/** A random idempotency key: a send retried after a lost answer is then never sent twice. */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `console-${Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')}`;
}

type Draft = Parameters<typeof api.messages.create.mutate>[0];
type Preview = Awaited<ReturnType<typeof api.messages.preview.mutate>>['preview'];
type Template = Awaited<ReturnType<typeof api.templates.list.query>>['templates'][number];

const encodingNames = { gsm7: 'GSM-7', ucs2: 'UCS-2' } as const;

/** What the body costs: an MMS is one message at its own price, an SMS its segments. */
function costFacts(preview: Preview): string[] {
  if (preview.kind === 'mms') return ['MMS (one message with media)', `costs ${money(preview.cost_cents)}`];
  return [
    'SMS',
    plural(preview.segments, 'segment'),
    `${plural(preview.characters, 'character')} (${encodingNames[preview.encoding]})`,
    `costs ${money(preview.cost_cents)}`,
  ];
}

/** What smart encoding replaces in this body, and what that saves, when it replaces anything. */
function smartEncodingNote(preview: Preview): HTMLElement | null {
  const { applied, replacements, with: replaced, without } = preview.smart_encoding;
  if (replacements.length === 0) return null;
  const cost = (body: typeof replaced) =>
    `${plural(body.segments, 'segment')} (${encodingNames[body.encoding]}), ${money(body.cost_cents)}`;
  return h(
    'div',
    { class: 'hint smart-encoding' },
    h(
      'p',
      {},
      applied ? 'Smart encoding replaced: ' : 'Smart encoding would replace: ',
      ...replacements.map(({ character, replacement, index }) =>
        h('code', { class: 'tag', title: `position ${index}` }, `${character} → ${replacement || '(removed)'}`),
      ),
    ),
    h('p', {}, `With it ${cost(replaced)}; without it ${cost(without)}.`),
  );
}

function verdictOf(preview: Preview): HTMLElement {
  if (preview.verdict === 'accept' || preview.verdict === 'replay' || preview.verdict === 'pending_approval') {
    const said = {
      accept: 'Would be accepted.',
      replay: 'Already sent with this key.',
      pending_approval: 'Would be accepted, and held until a person approves it.',
    } as const;
    return h('p', { class: 'notice ok' }, said[preview.verdict]);
  }
  // Every rule the send would fail, not only the first: each can be fixed before sending.
  return h(
    'div',
    { class: 'notice warn' },
    h('p', {}, h('strong', {}, 'Would be refused: '), preview.error?.message ?? preview.verdict),
    h(
      'ul',
      { class: 'blockers', 'aria-label': 'Why it would be refused' },
      ...preview.blockers.map((blocker) =>
        h(
          'li',
          { 'data-blocker': blocker.code },
          blocker.message,
          ' ',
          h('span', { class: 'fix' }, h('strong', {}, 'How to fix it: '), blocker.fix),
        ),
      ),
    ),
  );
}

function previewPanel(preview: Preview, typed: string): Child[] {
  const facts = [
    ...costFacts(preview),
    preview.sender_number ? `from ${preview.sender_number}` : 'no sender number',
    `balance ${money(preview.balance_cents)}`,
  ];
  const ucs2 = preview.ucs2_characters.length
    ? h(
        'p',
        { class: 'hint' },
        'These characters force UCS-2 (fewer characters per segment): ',
        ...preview.ucs2_characters.map(({ character, index }) =>
          h('code', { class: 'tag', title: `position ${index}` }, character),
        ),
      )
    : null;
  // The text as it would go out, when that is not what was typed: a template filled in, links shortened, characters replaced.
  const sent =
    preview.body && preview.body !== typed
      ? h(
          'div',
          { class: 'sent-as' },
          h('p', { class: 'small' }, 'Sent as:'),
          h('p', { class: 'card message-body' }, preview.body),
        )
      : null;
  return [h('p', { class: 'small' }, facts.join(' · ')), sent, ucs2, smartEncodingNote(preview), verdictOf(preview)];
}

/** The non-empty lines of a text area: one URL a line. */
const linesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * A template picker: "write the text" or one of the workspace's templates. A template replaces the
 * text field with its body and one field for each of its variables.
 */
function templatePicker(templates: Template[], onChange: (template: Template | undefined) => void) {
  const select = h(
    'select',
    { name: 'template_id' },
    h('option', { value: '' }, 'None: write the text'),
    ...templates.map((template) => h('option', { value: template.id }, template.name)),
  );
  const fields = h('div', { class: 'template-fields' });
  const chosen = () => templates.find((template) => template.id === select.value);
  select.addEventListener('change', () => {
    const template = chosen();
    replace(
      fields,
      template ? h('p', { class: 'card message-body template-body' }, template.body) : null,
      ...(template?.variables ?? []).map((name) =>
        field(
          `Value of {{${name}}}`,
          h('input', { name: `variable:${name}`, 'data-variable': name, required: true, maxlength: 1600 }),
        ),
      ),
    );
    onChange(template);
  });
  const variables = (): Record<string, string> =>
    Object.fromEntries(
      [...fields.querySelectorAll<HTMLInputElement>('input[data-variable]')].map((input) => [
        input.dataset.variable ?? '',
        input.value,
      ]),
    );
  return { select, fields, chosen, variables };
}

/**
 * A one-off send through messages.create, the send of the API and MCP: the same checks (opt-outs,
 * balance, spend cap, sender) and the same errors, shown with the catalogue's fix. The text is
 * written or a template's; media URLs make it an MMS; links may be shortened and counted.
 */
export async function composeForm(options: {
  title: string;
  phoneNumber?: string;
  from?: string;
  onSent: (id: string) => void;
}): Promise<HTMLFormElement> {
  const [{ numbers }, { templates }] = await Promise.all([
    api.numbers.list.query({}).catch(() => ({ numbers: [] })),
    api.templates.list.query({ limit: 100 }).catch(() => ({ templates: [] })),
  ]);
  const to = h('input', {
    name: 'phone_number',
    type: 'tel',
    autocomplete: 'off',
    required: true,
    placeholder: '+14155550100',
    value: options.phoneNumber,
    readonly: options.phoneNumber !== undefined,
  });
  const from = h(
    'select',
    { name: 'from' },
    h('option', { value: '' }, 'Automatic (the number this recipient had before)'),
    ...numbers
      .filter((number) => number.status === 'connected')
      .map((number) => h('option', { value: number.number, selected: number.number === options.from }, number.number)),
  );
  const body = h('textarea', { name: 'body', rows: 4, required: true, maxlength: 1600 });
  const count = h('span', { class: 'hint', 'aria-live': 'polite' }, '0 characters');
  body.addEventListener('input', () => {
    count.textContent = plural(Array.from(body.value).length, 'character');
  });
  const bodyField = h('div', {}, field('Message', body), count);
  const media = h('textarea', { name: 'media_urls', rows: 2, spellcheck: false, placeholder: 'https://example.com/menu.png' });
  // With media the text is optional: an MMS may be a picture alone.
  media.addEventListener('input', () => {
    body.required = linesOf(media.value).length === 0;
  });
  const template = templatePicker(templates, (chosen) => {
    bodyField.hidden = chosen !== undefined;
    body.disabled = chosen !== undefined;
  });
  const shorten = h('input', { type: 'checkbox', name: 'shorten_links' });
  const smart = h('input', { type: 'checkbox', name: 'smart_encoding' });
  const later = h('input', { name: 'send_at', type: 'datetime-local' });
  const problem = h('div', { class: 'form-error', role: 'alert' });
  const outcome = h('div', { class: 'preview', role: 'status' });
  const previewButton = h('button', { type: 'button', class: 'secondary' }, 'Preview');
  const submit = h('button', { type: 'submit', class: 'primary' }, 'Send');
  let idempotencyKey = newIdempotencyKey();

  const content = (): Pick<Draft, 'body' | 'template_id' | 'variables' | 'media_urls'> => {
    const mediaUrls = linesOf(media.value);
    const chosen = template.chosen();
    return {
      ...(chosen ? { template_id: chosen.id, variables: template.variables() } : {}),
      // A text left empty beside media is no text at all.
      ...(!chosen && (body.value !== '' || mediaUrls.length === 0) ? { body: body.value } : {}),
      ...(mediaUrls.length > 0 ? { media_urls: mediaUrls } : {}),
    };
  };
  const draft = (): Draft => ({
    phone_number: to.value.replace(/[\s().-]/g, ''),
    ...content(),
    idempotency_key: idempotencyKey,
    ...(from.value ? { from: from.value } : {}),
    ...(later.value ? { send_at: new Date(later.value).toISOString() } : {}),
    ...(shorten.checked ? { shorten_links: true } : {}),
    ...(smart.checked ? { smart_encoding: true } : {}),
  });

  const form = h(
    'form',
    { class: 'card form-card compose', 'aria-label': options.title },
    h('h2', {}, options.title),
    h('div', { class: 'two' }, field('To', to), field('From', from)),
    templates.length > 0
      ? h('div', {}, field('Template', template.select, 'Its {{variables}} are filled in for this send.'), template.fields)
      : null,
    bodyField,
    field(
      'Media URLs',
      media,
      'Optional, one a line, up to 10: images (JPEG, PNG, GIF), MP4 video, audio, vCard or PDF, 5 MB in all. ' +
        'Makes it an MMS, at its own price; the text is then optional.',
    ),
    h(
      'div',
      { class: 'switches' },
      h('label', { class: 'check' }, shorten, ' Shorten links and count their clicks'),
      h('label', { class: 'check' }, smart, ' Smart encoding: replace curly quotes, dashes and the like with plain ones'),
    ),
    field('Send later', later, 'Optional: between 1 minute and 35 days ahead. The cost is debited now.'),
    problem,
    outcome,
    h('div', { class: 'actions' }, submit, previewButton),
  );
  previewButton.addEventListener('click', () => {
    replace(problem);
    void busy(previewButton, async () => {
      try {
        const typed = template.chosen() ? '' : body.value;
        replace(outcome, ...previewPanel((await api.messages.preview.mutate(draft())).preview, typed));
      } catch (error) {
        replace(outcome);
        showProblem(problem, error);
      }
    });
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    replace(problem);
    replace(outcome);
    void busy(submit, async () => {
      try {
        const { message } = await api.messages.create.mutate(draft());
        idempotencyKey = newIdempotencyKey();
        toast(message.status === 'scheduled' ? 'Message scheduled.' : 'Message queued.');
        options.onSent(message.id);
      } catch (error) {
        showProblem(problem, error);
      }
    });
  });
  return form;
}

export async function messagesPage(main: HTMLElement): Promise<void> {
  const view = readView();
  const search = h('input', {
    name: 'q',
    type: 'search',
    value: view.text,
    placeholder: '+14155550100 or msg_…',
    'aria-label': 'Search messages',
  });
  const fromDay = h('input', { name: 'from', type: 'date', value: view.from });
  const toDay = h('input', { name: 'to', type: 'date', value: view.to });
  // On a phone the four filters stay folded behind a toggle, so the first screen shows messages.
  const active = [view.status, view.direction, view.from, view.to].filter(Boolean).length;
  const moreFilters = h(
    'div',
    { class: 'more-filters', id: 'message-filters' },
    field('Status', select('status', 'Status', Object.entries(statusLabels), view.status)),
    field('Direction', select('direction', 'Direction', Object.entries(directionLabels), view.direction)),
    field('From day', fromDay),
    field('To day', toDay),
  );
  const toggle = h(
    'button',
    { type: 'button', class: 'secondary filters-toggle', 'aria-expanded': 'false', 'aria-controls': 'message-filters' },
    active ? `Filters (${active})` : 'Filters',
  );
  const form = h(
    'form',
    { class: 'filters messages-filters', role: 'search', 'aria-label': 'Search messages' },
    field('Number, message id or idempotency key', search),
    h('div', { class: 'filter-actions' }, h('button', { type: 'submit', class: 'primary' }, 'Search'), toggle),
    moreFilters,
  );
  toggle.addEventListener('click', () => {
    const expanded = form.classList.toggle('expanded');
    toggle.setAttribute('aria-expanded', String(expanded));
  });
  const rerun = () => {
    filtersToUrl(form);
    void messagesPage(main);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    rerun();
  });
  form.addEventListener('change', (event) => {
    if (event.target !== search) rerun();
  });

  const composeSlot = h('div');
  const compose = h('button', { type: 'button', class: 'primary' }, 'New message');
  compose.addEventListener('click', () => {
    compose.hidden = true;
    void composeForm({ title: 'New message', onSent: (id) => navigate(`messages/${id}`) }).then((composer) => {
      composeSlot.replaceChildren(composer);
      composer.querySelector('input')?.focus();
    });
  });
  const list = h('div');
  main.replaceChildren(
    pageHeader(
      'Messages',
      'Everything you sent and received, newest first. Open one to see every step it went through.',
      compose,
    ),
    composeSlot,
    form,
    list,
  );
  const filtered = view.text || view.status || view.direction || view.from || view.to;
  const show = (page: Awaited<ReturnType<typeof results>>) =>
    page.items.length === 0
      ? empty(
          filtered ? 'No messages match' : 'No messages yet',
          filtered ? 'Check the number or id, or clear a filter.' : 'Send one with New message, the API or an agent.',
        )
      : pagedTable(headings, page, row, async (cursor) => {
          const next = await api.messages.list.query({ ...filtersOf(view), cursor });
          return { items: next.messages, next_cursor: next.next_cursor };
        });
  await loadInto(list, () => results(view), show);
  // A send, a status change or a reply anywhere in the workspace may change what the list shows.
  followChanges(
    list,
    (change) => change.resource === 'message',
    () => refreshInto(list, () => results(view), show),
  );
}

/** A send whose body has tracked short links (shorten_links), or whose links were clicked already. */
const hasTrackedLinks = (message: Message): boolean =>
  message.direction === 'outbound' && (message.link_clicks > 0 || /\/l\/[0-9A-Za-z]{8,}\b/.test(message.body));

// Media that is not a picture, by its URL's extension: a link, not an image that would not load.
const notPictures = /\.(mp4|m4v|mov|3gp|mp3|m4a|aac|amr|ogg|oga|wav|vcf|vcard|pdf)$/i;

/** The last part of a media URL's path, as people name the file. */
function fileNameOf(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() || url);
  } catch {
    return url;
  }
}

/**
 * The media of an MMS, each a link to its URL; a picture is also shown, with alt text saying what
 * it is. A URL that turns out not to be a picture the browser can show stays a link.
 */
export function mediaList(message: Pick<Message, 'media_urls' | 'direction'>): HTMLElement | null {
  if (message.media_urls.length === 0) return null;
  const total = message.media_urls.length;
  const way = message.direction === 'inbound' ? 'received' : 'sent';
  return h(
    'ul',
    { class: 'media', 'aria-label': 'Media' },
    ...message.media_urls.map((url, index) => {
      const name = fileNameOf(url);
      // An inbound message's URLs are whatever its sender's carrier gave: only a web address is a link.
      if (!/^https?:\/\//i.test(url)) return h('li', { class: 'media-file' }, h('code', {}, url));
      const link = h('a', { href: url, target: '_blank', rel: 'noopener noreferrer' }, name);
      if (notPictures.test(name)) return h('li', { class: 'media-file' }, link);
      const picture = h('img', {
        src: url,
        alt: `Picture ${index + 1} of ${total} ${way} with this message (${name})`,
        loading: 'lazy',
        referrerpolicy: 'no-referrer',
      });
      picture.addEventListener('error', () => picture.remove());
      return h('li', { class: 'media-picture' }, picture, link);
    }),
  );
}

function summary(message: Message): HTMLElement {
  const item = (label: string, value: Child) => h('div', {}, h('dt', {}, label), h('dd', {}, value ?? '—'));
  return h(
    'dl',
    { class: 'summary card' },
    item('Status', messageStatusBadge(message.status)),
    item('Direction', directionLabels[message.direction]),
    item(message.direction === 'inbound' ? 'From' : 'To', h('code', {}, message.phone_number)),
    item(message.direction === 'inbound' ? 'To (yours)' : 'From (yours)', message.sender_number),
    item('Kind', message.kind === 'mms' ? 'MMS' : 'SMS'),
    message.kind === 'sms' ? item('Segments', String(message.segments)) : null,
    item('Cost', message.direction === 'inbound' ? '—' : money(message.cost_cents)),
    hasTrackedLinks(message) ? item('Link clicks', h('span', { 'data-link-clicks': '' }, String(message.link_clicks))) : null,
    message.error_code ? item('Why it failed', failureExplained(message.error_code, message.retry)) : null,
    message.send_at ? item('Scheduled for', time(message.send_at)) : null,
    // Waiting for its sender's pace: when it should be handed to the carrier (null once it was).
    message.estimated_send_at && message.status !== 'scheduled'
      ? item('Expected to go out', time(message.estimated_send_at))
      : null,
    message.sender_pool_id
      ? item('Sender pool', h('a', { href: href('sender-pools') }, h('code', {}, message.sender_pool_id)))
      : null,
    message.idempotency_key ? item('Idempotency key', h('code', {}, message.idempotency_key)) : null,
    message.campaign_id ? item('Campaign', h('code', {}, message.campaign_id)) : null,
    item('Created', time(message.created_at)),
    message.sent_at ? item('Sent', time(message.sent_at)) : null,
    message.delivered_at ? item('Delivered', time(message.delivered_at)) : null,
    message.failed_at ? item('Failed', time(message.failed_at)) : null,
  );
}

const stepLabels: Record<string, string> = {
  accepted: 'Accepted',
  received: 'Received',
  dispatch: 'Handed to the carrier',
  provider_event: 'Carrier report',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed',
  canceled: 'Canceled',
  refund: 'Refunded',
  opt_out: 'Opt-out',
  webhook_delivery: 'Webhook delivery',
  sender_skipped: 'Sender changed',
};

// Why failover moved a message off its sender, in words.
const skipReasons: Record<string, string> = {
  released: 'was released',
  suspended: 'is suspended',
  unregistered: 'is not registered for this traffic',
  failing: 'is failing at the carrier',
};

const sources: Record<string, string> = {
  api: 'the API',
  mcp: 'MCP',
  console: 'the console',
  campaign: 'a campaign',
  onboarding_test: 'the onboarding test SMS',
};

const text = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');

/** A code as words, for one no table below names yet: "carrier_error" reads "Carrier error". */
const words = (code: string): string => (code ? code.charAt(0).toUpperCase() + code.slice(1).replaceAll('_', ' ') : '');

const dispatchOutcomes: Record<string, string> = {
  accepted_by_carrier: 'The carrier accepted it',
  refused_by_carrier: 'The carrier refused it',
  sending: 'Being handed to the carrier',
  failed_before_carrier: 'Stopped before it reached the carrier',
  gave_up: 'Gave up after repeated carrier errors',
  waiting: 'Waiting for its turn',
};

const carrierReports: Record<string, string> = {
  'message.sent': 'Sent to the phone network',
  'message.delivered': 'Delivered to the phone',
  'message.failed': 'Could not be delivered',
  'recipient.opted_out': 'The recipient opted out',
};

const webhookOutcomes: Record<string, string> = {
  succeeded: 'delivered to your endpoint',
  failed: 'your endpoint did not accept it',
  pending: 'on its way to your endpoint',
};

// The codes a failed message carries: the carrier's (unreachable, carrier_*) and the service's own.
const failureReasons: Record<string, string> = {
  unreachable: "The recipient's phone could not be reached",
  carrier_blocked: 'The carrier blocked it',
  carrier_filtered: 'The carrier filtered it out',
  carrier_error: 'The carrier could not deliver it',
  carrier_failure: 'The carrier could not deliver it',
  provider_failed: 'The carrier could not deliver it',
  provider_error: 'The carrier had an error',
  invalid_recipient: 'This number cannot receive text messages',
  recipient_unsubscribed: 'The recipient opted out with the carrier',
  workspace_suppressed: 'The recipient is on your opt-out list',
  branded_number_missing: 'None of your numbers could send it',
  sender_not_ready: 'Your number was not ready to send',
};

// The error catalogue's retry hints, as advice.
const retryAdvice: Record<string, string> = {
  do_not_retry: 'Sending it again will fail the same way.',
  retry_with_backoff: 'Sending it again later may work.',
  retry_after_seconds: 'Sending it again in a little while may work.',
  retry_after_sender_ready: 'Send it again once your number is ready.',
};

const failureReason = (code: string): string => failureReasons[code] ?? words(code);

/** Why a message failed in words; the code stays beside it, for searching logs and the API reference. */
function failureExplained(code: string, retry: string | null): HTMLElement {
  return h(
    'span',
    { class: 'failure' },
    `${failureReason(code)} `,
    h('code', { class: 'muted small' }, code),
    retry ? h('span', { class: 'hint' }, ` ${retryAdvice[retry] ?? words(retry)}`) : null,
  );
}

/** One line saying what the step did; the rest of its detail is one click away. */
function stepSummary(step: Step): string {
  switch (step.type) {
    case 'accepted': {
      const source = text(step.detail.source);
      // A console send has the session behind it, no token worth naming.
      const by =
        source === 'console' ? '' : text(step.detail.token_name) || text(step.detail.campaign_id) || text(step.detail.token_id);
      const cost = typeof step.detail.debited_cents === 'number' ? `, ${money(step.detail.debited_cents)} debited` : '';
      return `Through ${sources[source] ?? source}${by ? ` (${by})` : ''}${cost}`;
    }
    case 'dispatch': {
      const outcome = text(step.detail.outcome);
      const attempts = typeof step.detail.attempts === 'number' ? step.detail.attempts : 0;
      const tries = attempts === 1 ? 'on the first attempt' : attempts > 1 ? `after ${attempts} attempts` : '';
      return [dispatchOutcomes[outcome] ?? words(outcome), tries].filter(Boolean).join(' ');
    }
    case 'provider_event': {
      const type = text(step.detail.event_type);
      return `${carrierReports[type] ?? type}${step.detail.duplicate ? ' (a repeat: changed nothing)' : ''}`;
    }
    case 'failed':
      return failureReason(text(step.detail.error_code));
    case 'refund':
      return typeof step.detail.amount_cents === 'number' ? money(step.detail.amount_cents) : '';
    case 'opt_out': {
      const source = text(step.detail.source);
      return `${isSource(source) ? sourceLabels[source] : words(source)}${step.detail.reason ? `: ${text(step.detail.reason)}` : ''}`;
    }
    case 'approval_requested':
      return `Held for approval until ${new Date(step.detail.expires_at).toUTCString()}`;
    case 'approval_resolved': {
      const by = step.detail.resolved_by;
      const who =
        by.kind === 'expiry'
          ? 'nobody decided in time'
          : by.kind === 'console'
            ? 'in the console'
            : `by ${by.name ?? by.token_id}`;
      return `${words(step.detail.status)} ${who}`;
    }
    case 'sender_skipped':
      return `${step.detail.number} ${skipReasons[step.detail.reason] ?? words(step.detail.reason)}: it goes from ${step.detail.moved_to} instead`;
    case 'webhook_delivery':
      return [text(step.detail.event_type), webhookOutcomes[text(step.detail.status)] ?? text(step.detail.status)]
        .filter(Boolean)
        .join(' · ');
    default:
      return '';
  }
}

function timeline(steps: Step[]): HTMLElement {
  if (steps.length === 0) return empty('No steps yet');
  return h(
    'ol',
    { class: 'timeline', 'aria-label': 'Timeline' },
    ...steps.map((step) =>
      h(
        'li',
        { class: `card step ${step.type}`, 'data-step': step.type },
        h(
          'div',
          { class: 'step-head' },
          h('strong', {}, stepLabels[step.type] ?? step.type),
          h('span', { class: 'muted' }, stepSummary(step)),
          time(step.at),
        ),
        Object.keys(step.detail).length
          ? h('details', {}, h('summary', {}, 'Details'), codeBlock(JSON.stringify(step.detail, null, 2)))
          : null,
      ),
    ),
  );
}

export async function messagePage(main: HTMLElement, route: Route): Promise<void> {
  const id = route.params.id ?? '';
  const content = h('div');
  const actions = h('div', { class: 'actions' });
  const read = () => Promise.all([api.messages.get.query({ id }), api.messages.timeline.query({ id })]);
  const show = ([{ message }, { events }]: Awaited<ReturnType<typeof read>>) => {
    replace(
      actions,
      message.status === 'scheduled'
        ? dangerButton(
            'Cancel send',
            'Cancel this scheduled message? It will not be sent and its cost is refunded.',
            async () => {
              await api.messages.cancel.mutate({ id });
              await refresh();
            },
            'Canceled and refunded.',
          )
        : null,
    );
    const media = mediaList(message);
    return [
      summary(message),
      h('h2', {}, 'Text'),
      message.body ? h('p', { class: 'card message-body' }, message.body) : h('p', { class: 'muted' }, 'No text: media only.'),
      media ? h('h2', {}, 'Media') : null,
      media,
      h('h2', {}, 'Timeline'),
      h('p', { class: 'muted small' }, 'Every step, oldest first.'),
      timeline(events),
    ];
  };
  const refresh = () => loadInto(content, read, show);
  main.replaceChildren(
    h('p', {}, h('a', { href: href('messages') }, '← All messages')),
    pageHeader('Message', h('code', {}, id), actions),
    content,
  );
  await refresh();
  // Each step of this message (dispatch, carrier reports, refund) is announced on the event stream.
  followChanges(
    content,
    (change) => change.resource === 'message' && change.id === id,
    () => refreshInto(content, read, show),
  );
}
