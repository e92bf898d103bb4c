import { customerEventTypes } from '@textline/contract/event-types';
import { act, api, errorMessage } from '../api.ts';
import { href, navigate } from '../router.ts';
import { busy, empty, h, replace, time, toast } from '../ui.ts';
import { dangerButton, field, loadInto, pageHeader } from './common.ts';
import { healthFigures, hourlyChartSlot, recoverForm } from './endpoint-health.ts';

type Endpoint = Awaited<ReturnType<typeof api.webhookEndpoints.list.query>>['endpoints'][number];

/** Create or edit form; resolves when saved or cancelled. */
function endpointForm(existing: Endpoint | undefined, done: (saved: boolean) => void): HTMLElement {
  const url = h('input', {
    name: 'url',
    type: 'url',
    required: true,
    placeholder: 'https://example.com/webhooks/textline',
    value: existing?.url,
  });
  const description = h('input', {
    name: 'description',
    maxlength: 200,
    placeholder: 'e.g. Production order sync',
    value: existing?.description,
  });
  const checkboxes = customerEventTypes.map((type) => ({
    type,
    input: h('input', { type: 'checkbox', name: 'event_types', value: type, checked: existing?.event_types.includes(type) }),
  }));
  const boxes = checkboxes.map(({ type, input }) => h('label', { class: 'check' }, input, h('code', {}, type)));
  const problem = h('p', { class: 'form-error', role: 'alert' });
  const submit = h('button', { type: 'submit', class: 'primary' }, existing ? 'Save changes' : 'Add endpoint');
  const cancel = h('button', { type: 'button', class: 'secondary', onclick: () => done(false) }, 'Cancel');
  const form = h(
    'form',
    { class: 'card form-card', 'aria-label': existing ? 'Edit endpoint' : 'New endpoint' },
    h('h2', {}, existing ? 'Edit endpoint' : 'New endpoint'),
    field('Endpoint URL', url, 'Must be https and publicly reachable. Requests are signed (Standard Webhooks).'),
    field('Description', description),
    h(
      'fieldset',
      { class: 'events' },
      h('legend', {}, 'Events to send'),
      h(
        'p',
        { class: 'hint' },
        'Leave all unchecked to receive every event type. ',
        h('a', { href: href('event-types'), target: '_blank' }, 'What each event carries'),
      ),
      h('div', { class: 'checks' }, ...boxes),
    ),
    problem,
    h('div', { class: 'actions' }, submit, cancel),
  );
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    problem.textContent = '';
    const eventTypes = checkboxes.filter(({ input }) => input.checked).map(({ type }) => type);
    const values = { url: url.value.trim(), description: description.value.trim(), event_types: eventTypes };
    void busy(submit, async () => {
      try {
        if (existing) await api.webhookEndpoints.update.mutate({ id: existing.id, ...values });
        else await api.webhookEndpoints.create.mutate(values);
        toast(existing ? 'Endpoint saved.' : 'Endpoint added. Reveal its secret to verify signatures.');
        done(true);
      } catch (error) {
        problem.textContent = errorMessage(error);
      }
    });
  });
  return form;
}

function secretPanel(endpoint: Endpoint): HTMLElement {
  const panel = h('div', { class: 'secret' });
  const reveal = h('button', { type: 'button', class: 'secondary small' }, 'Reveal signing secret');
  const show = (secret: string, note?: string) => {
    const copy = h('button', { type: 'button', class: 'secondary small' }, 'Copy');
    // navigator.clipboard is undefined outside secure contexts (a console served over plain http), which the DOM types leave out.
    copy.addEventListener(
      'click',
      () =>
        void (navigator.clipboard as Clipboard | undefined)?.writeText(secret).then(
          () => toast('Secret copied.'),
          () => toast('Copy failed; select the text instead.', 'error'),
        ),
    );
    const rotate = h('button', { type: 'button', class: 'secondary small' }, 'Rotate secret');
    rotate.addEventListener('click', () => {
      if (!confirm('Rotate the signing secret? The old secret keeps signing alongside the new one for 24 hours.')) return;
      void act(
        rotate,
        async () => {
          const rotated = await api.webhookEndpoints.rotateSecret.mutate({ id: endpoint.id });
          show(
            rotated.secret,
            `Rotated. The previous secret also signs until ${new Date(rotated.previous_secret_expires_at).toUTCString()}.`,
          );
        },
        'Secret rotated.',
      );
    });
    replace(
      panel,
      h('code', { class: 'secret-value', 'data-testid': 'secret' }, secret),
      h('div', { class: 'actions' }, copy, rotate),
      note ? h('p', { class: 'hint' }, note) : null,
    );
  };
  reveal.addEventListener(
    'click',
    () => void act(reveal, async () => show((await api.webhookEndpoints.secret.query({ id: endpoint.id })).secret)),
  );
  panel.append(reveal);
  return panel;
}

function endpointCard(endpoint: Endpoint, refresh: () => void, edit: (endpoint: Endpoint) => void): HTMLElement {
  const toggle = h('button', { type: 'button', class: 'secondary small' }, endpoint.enabled ? 'Disable' : 'Enable');
  toggle.addEventListener(
    'click',
    () =>
      void act(
        toggle,
        async () => {
          await api.webhookEndpoints.update.mutate({ id: endpoint.id, enabled: !endpoint.enabled });
          refresh();
        },
        endpoint.enabled ? 'Endpoint disabled.' : 'Endpoint enabled.',
      ),
  );
  // The types the endpoint takes, the first preselected (the API's own default); all of them for an endpoint that takes every type.
  const testTypes = endpoint.event_types.length ? endpoint.event_types : customerEventTypes;
  const testType = h(
    'select',
    { name: 'event_type', 'aria-label': 'Test event type', disabled: !endpoint.enabled },
    ...testTypes.map((type) => h('option', { value: type }, type)),
  );
  const test = h('button', { type: 'button', class: 'secondary small', disabled: !endpoint.enabled }, 'Send test event');
  test.addEventListener(
    'click',
    () =>
      void act(
        test,
        async () => {
          const eventType = testTypes.find((type) => type === testType.value);
          const { delivery } = await api.webhookEndpoints.sendTest.mutate({ id: endpoint.id, event_type: eventType });
          navigate(`deliveries/${delivery.id}`);
        },
        'Test event queued.',
      ),
  );
  const recoverSlot = h('div', { class: 'recover-slot' });
  const recover = h('button', { type: 'button', class: 'secondary small', 'aria-expanded': 'false' }, 'Recover failed since…');
  recover.addEventListener('click', () => {
    const open = recover.getAttribute('aria-expanded') !== 'true';
    recover.setAttribute('aria-expanded', String(open));
    recoverSlot.replaceChildren(...(open ? [recoverForm(endpoint)] : []));
    if (open) recoverSlot.querySelector('input')?.focus();
  });
  const remove = dangerButton(
    'Delete',
    `Delete the endpoint ${endpoint.url}? Its delivery history and scheduled retries are removed too.`,
    async () => {
      await api.webhookEndpoints.delete.mutate({ id: endpoint.id });
      refresh();
    },
    'Endpoint deleted.',
  );
  return h(
    'article',
    { class: `card endpoint ${endpoint.enabled ? '' : 'is-disabled'}`, 'data-endpoint-id': endpoint.id },
    h(
      'div',
      { class: 'endpoint-head' },
      h('code', { class: 'url' }, endpoint.url),
      h('span', { class: `badge ${endpoint.enabled ? 'succeeded' : 'failed'}` }, endpoint.enabled ? 'Enabled' : 'Disabled'),
    ),
    endpoint.description ? h('p', {}, endpoint.description) : null,
    endpoint.disabled_reason ? disabledNotice(endpoint, refresh) : null,
    h(
      'p',
      { class: 'muted small' },
      endpoint.event_types.length ? `Events: ${endpoint.event_types.join(', ')}` : 'Events: all event types',
      ' · created ',
      time(endpoint.created_at),
      endpoint.created_by ? ` ${createdBy(endpoint.created_by)}` : null,
    ),
    healthFigures(endpoint),
    hourlyChartSlot(endpoint.id),
    secretPanel(endpoint),
    h(
      'div',
      { class: 'actions' },
      h('span', { class: 'test-event' }, testType, test),
      recover,
      h(
        'a',
        { class: 'button secondary small', href: href(`deliveries?endpoint_id=${encodeURIComponent(endpoint.id)}`) },
        'Deliveries',
      ),
      h('button', { type: 'button', class: 'secondary small', onclick: () => edit(endpoint) }, 'Edit'),
      toggle,
      remove,
    ),
    recoverSlot,
  );
}

const tokenKinds: Record<NonNullable<Endpoint['created_by']>['token_origin'] & string, string> = {
  account_creation: 'the token from account creation',
  api_key: 'the API key',
  oauth: 'the OAuth client',
  legacy_migration: 'the migrated key',
  delegated: 'the delegated token',
};

/** Who created the endpoint, and whether revoking that credential turns it off. */
function createdBy(creator: NonNullable<Endpoint['created_by']>): string {
  if (creator.kind === 'console') return 'in the console';
  const kind = creator.kind === 'oauth_client' ? 'the OAuth client' : tokenKinds[creator.token_origin ?? 'api_key'];
  const who = creator.name ? `${kind} “${creator.name}”` : kind;
  return creator.disabled_when_revoked ? `by ${who} (disabled if it is revoked)` : `by ${who}`;
}

/** Why the service disabled the endpoint, with the one click that enables it again. */
function disabledNotice(endpoint: Endpoint, refresh: () => void): HTMLElement {
  const enable = h('button', { type: 'button', class: 'secondary small' }, 'Re-enable');
  enable.addEventListener(
    'click',
    () =>
      void act(
        enable,
        async () => {
          await api.webhookEndpoints.update.mutate({ id: endpoint.id, enabled: true });
          refresh();
        },
        'Endpoint enabled. Recover what failed meanwhile with "Recover failed since…".',
      ),
  );
  return h('div', { class: 'notice warn disabled-reason', role: 'note' }, h('p', {}, endpoint.disabled_reason), enable);
}

export async function endpointsPage(main: HTMLElement): Promise<void> {
  const formSlot = h('div');
  const list = h('div', { class: 'stack' });
  const add = h('button', { type: 'button', class: 'primary' }, 'Add endpoint');
  const closeForm = (saved: boolean) => {
    formSlot.replaceChildren();
    add.hidden = false;
    if (saved) void refresh();
  };
  const openForm = (endpoint?: Endpoint) => {
    add.hidden = true;
    formSlot.replaceChildren(endpointForm(endpoint, closeForm));
    formSlot.querySelector('input')?.focus();
  };
  add.addEventListener('click', () => openForm());
  const refresh = () =>
    loadInto(
      list,
      () => api.webhookEndpoints.list.query({ limit: 100 }),
      ({ endpoints }) =>
        endpoints.length
          ? endpoints.map((endpoint) => endpointCard(endpoint, () => void refresh(), openForm))
          : empty('No endpoints yet', 'Add an https URL to receive message, conversation and opt-out events as they happen.'),
    );
  main.replaceChildren(
    pageHeader(
      'Webhook endpoints',
      'Where events are sent. Each request is signed with the endpoint secret so you can verify it came from us.',
      h('a', { class: 'button secondary', href: href('event-types') }, 'Event catalogue'),
      add,
    ),
    formSlot,
    list,
  );
  await refresh();
}
