import catalogue from 'virtual:event-catalogue';
import { href } from '../router.ts';
import { codeBlock, h } from '../ui.ts';
import { pageHeader, table } from './common.ts';

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  description?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  items?: Schema;
};

type Field = { path: string; type: string; required: boolean; description: string };

/** A field's type as a person reads it: "string (date-time)", "one of: a, b", "integer or null". */
function typeOf(schema: Schema): string {
  if (schema.const !== undefined) return `always ${JSON.stringify(schema.const)}`;
  if (schema.enum) return `one of: ${schema.enum.map((value) => JSON.stringify(value)).join(', ')}`;
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(' or ');
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
  if (type === 'array' && schema.items) return `array of ${typeOf(schema.items)}`;
  return schema.format ? `${type} (${schema.format})` : type;
}

/** Every field of an object schema, nested ones as dotted paths, in the schema's order. */
function fields(schema: Schema, prefix = ''): Field[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const path = `${prefix}${name}`;
    const object = property.anyOf?.find((option) => option.properties) ?? property;
    const own: Field = {
      path,
      type: object.properties ? 'object' : typeOf(property),
      required: schema.required?.includes(name) ?? false,
      description: property.description ?? object.description ?? '',
    };
    return [own, ...(object.properties ? fields(object, `${path}.`) : [])];
  });
}

function fieldRow(field: Field): HTMLTableRowElement {
  return h(
    'tr',
    {},
    h('td', {}, h('code', {}, field.path)),
    h('td', {}, field.type),
    h('td', {}, field.required ? 'yes' : 'no'),
    h('td', {}, field.description),
  );
}

function eventCard(entry: (typeof catalogue)[number]): HTMLElement {
  return h(
    'article',
    { class: 'card event-type', id: entry.type, 'data-event-type': entry.type },
    h('h2', {}, h('code', {}, entry.type)),
    h('p', {}, entry.description),
    h('h3', {}, 'Payload'),
    table(['Field', 'Type', 'Required', 'Description'], fields(entry.schema as Schema).map(fieldRow)),
    h('h3', {}, 'Example'),
    codeBlock(JSON.stringify(entry.example, null, 2), 'example'),
    h('details', {}, h('summary', {}, 'JSON Schema'), codeBlock(JSON.stringify(entry.schema, null, 2), 'schema')),
  );
}

export function eventTypesPage(main: HTMLElement): void {
  main.replaceChildren(
    pageHeader(
      'Event catalogue',
      h(
        'span',
        {},
        'Every event your ',
        h('a', { href: href('endpoints') }, 'endpoints'),
        ' can receive: a POST with this JSON body, signed per Standard Webhooks (webhook-id, webhook-timestamp and ' +
          'webhook-signature headers). The same schemas are in openapi.json under webhooks.',
      ),
    ),
    h(
      'nav',
      { class: 'event-index', 'aria-label': 'Event types' },
      h(
        'ul',
        {},
        ...catalogue.map((entry) =>
          h(
            'li',
            {},
            h(
              'a',
              {
                href: `#${entry.type}`,
                // In-page: the console's router would otherwise take the link as a page change.
                onclick: (event: Event) => {
                  event.preventDefault();
                  document.getElementById(entry.type)?.scrollIntoView();
                  history.replaceState(null, '', `#${entry.type}`);
                },
              },
              h('code', {}, entry.type),
            ),
          ),
        ),
      ),
    ),
    h('div', { class: 'stack' }, ...catalogue.map(eventCard)),
  );
  // A shared link to one event type (…/event-types#message.failed) opens at it.
  if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
}
