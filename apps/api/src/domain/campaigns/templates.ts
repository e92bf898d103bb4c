import { AppError } from '@textline/contract';

/** What a template can say about the contact it is sent to. */
export type ContactFields = {
  phone_number: string;
  first_name: string | null;
  last_name: string | null;
  attributes: Record<string, unknown>;
};

type Placeholder =
  | { kind: 'snippet'; name: string }
  | { kind: 'field'; field: 'first_name' | 'last_name' | 'phone_number'; fallback: string }
  | { kind: 'attribute'; key: string; fallback: string };

const placeholderPattern = /\{\{([^{}]*)\}\}/g;
const snippetReference = /^snippet:([a-z0-9][a-z0-9_-]{0,63})$/;
const variable = /^(first_name|last_name|phone_number|attributes\.([A-Za-z_][A-Za-z0-9_]{0,63}))$/;
const withFallback = /^(.*?)\s*\|\s*default:\s*(?:"([^"]*)"|'([^']*)')$/;

/** Parses the inside of one {{...}}; undefined when it is not something we know. */
function parsePlaceholder(inner: string): Placeholder | undefined {
  const text = inner.trim();
  const snippet = snippetReference.exec(text);
  if (snippet?.[1] !== undefined) return { kind: 'snippet', name: snippet[1] };
  const fallbackMatch = withFallback.exec(text);
  const name = fallbackMatch?.[1] ?? text;
  const fallback = fallbackMatch ? (fallbackMatch[2] ?? fallbackMatch[3] ?? '') : '';
  const match = variable.exec(name);
  if (!match) return undefined;
  if (match[2]) return { kind: 'attribute', key: match[2], fallback };
  return { kind: 'field', field: match[1] as 'first_name' | 'last_name' | 'phone_number', fallback };
}

/**
 * Problems with a template, one message each: unknown variables, snippet references where none are
 * allowed or to snippets that do not exist, and stray braces (a typo would otherwise be sent as is).
 */
export function templateProblems(
  template: string,
  snippets: { allowed: false } | { allowed: true; known: ReadonlySet<string> },
): string[] {
  const problems: string[] = [];
  for (const [whole, inner] of template.matchAll(placeholderPattern)) {
    const placeholder = parsePlaceholder(inner ?? '');
    if (!placeholder) {
      problems.push(
        `${whole} is not a known variable; use first_name, last_name, phone_number, attributes.<key> or snippet:<name>`,
      );
    } else if (placeholder.kind === 'snippet' && !snippets.allowed) {
      problems.push(`${whole}: snippets cannot include other snippets`);
    } else if (placeholder.kind === 'snippet' && snippets.allowed && !snippets.known.has(placeholder.name)) {
      problems.push(`${whole} names no snippet of this workspace; create it first`);
    }
  }
  const rest = template.replace(placeholderPattern, '');
  if (rest.includes('{{') || rest.includes('}}')) problems.push('has an unclosed {{ or a stray }}');
  return problems;
}

export function assertValidTemplate(path: string, template: string, snippets: Parameters<typeof templateProblems>[1]): void {
  const problems = templateProblems(template, snippets);
  if (problems.length > 0) {
    throw new AppError('validation_failed', {
      message: `The ${path} template is not valid.`,
      extra: { issues: problems.map((message) => ({ path, message })) },
    });
  }
}

/** Names of the snippets a template inserts. */
export function snippetNames(template: string): string[] {
  return [...template.matchAll(placeholderPattern)].flatMap(([, inner]) => {
    const placeholder = parsePlaceholder(inner ?? '');
    return placeholder?.kind === 'snippet' ? [placeholder.name] : [];
  });
}

/** Attributes are JSON: a scalar reads as itself, an object or array as its JSON (never [object Object]). */
function scalarText(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);
}

function fieldValue(placeholder: Exclude<Placeholder, { kind: 'snippet' }>, contact: ContactFields): string {
  const raw = placeholder.kind === 'field' ? contact[placeholder.field] : contact.attributes[placeholder.key];
  const text = raw === null || raw === undefined ? '' : scalarText(raw).trim();
  return text === '' ? placeholder.fallback : text;
}

/**
 * The text sent to one contact. Substituted values are never scanned again, so a contact's name
 * cannot inject a placeholder. A snippet that no longer exists makes the template unusable.
 */
export function renderTemplate(template: string, contact: ContactFields, snippets: ReadonlyMap<string, string>): string {
  return template.replace(placeholderPattern, (whole, inner: string) => {
    const placeholder = parsePlaceholder(inner);
    if (!placeholder) return whole;
    if (placeholder.kind !== 'snippet') return fieldValue(placeholder, contact);
    const snippet = snippets.get(placeholder.name);
    if (snippet === undefined) {
      throw new AppError('validation_failed', { message: `The snippet ${placeholder.name} no longer exists.` });
    }
    return renderTemplate(snippet, contact, new Map());
  });
}
