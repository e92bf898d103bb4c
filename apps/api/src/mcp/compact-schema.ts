/**
 * tools/list's schemas, compact: every session pays for them in its model's context. The rewrites
 * accept exactly what the schema accepted (the contract still validates every call and answer).
 */

type Schema = Record<string, unknown>;

const singleSchemaKeywords = ['items', 'additionalProperties', 'not', 'propertyNames', 'contains', 'if', 'then', 'else'];
const schemaListKeywords = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const schemaMapKeywords = ['properties', 'patternProperties', '$defs', 'definitions'];
const definitionKeywords = new Set(['$defs', 'definitions']);

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Calls `visit` on each subschema of `node` (not `node` itself), with the name it is found under, if any. */
function forEachSubschema(
  node: Schema,
  visit: (child: Schema, name: string | undefined, replace: (next: Schema) => void) => void,
) {
  for (const keyword of singleSchemaKeywords) {
    const child = node[keyword];
    if (isSchema(child)) visit(child, undefined, (next) => (node[keyword] = next));
  }
  for (const keyword of schemaListKeywords) {
    const children = node[keyword];
    if (Array.isArray(children))
      children.forEach((child: unknown, index) => {
        if (isSchema(child)) visit(child, undefined, (next) => (children[index] = next));
      });
  }
  for (const keyword of schemaMapKeywords) {
    const children = node[keyword];
    if (!isSchema(children)) continue;
    for (const [name, child] of Object.entries(children)) {
      // A definition is never replaced by a reference to itself.
      if (isSchema(child))
        visit(child, name, definitionKeywords.has(keyword) ? () => undefined : (next) => (children[name] = next));
    }
  }
}

const isStringSchema = (schema: unknown) => isSchema(schema) && schema.type === 'string' && Object.keys(schema).length === 1;

/**
 * Drops what says nothing: the `$schema` marker, an integer's bounds that are only JavaScript's safe
 * range, `propertyNames: {type: string}` (every JSON key is a string), and the pattern zod writes
 * beside `format: date-time`, which says the same.
 */
function dropNoise(node: Schema): void {
  if (node.format === 'date-time') delete node.pattern;
  if (node.type === 'integer') {
    if (node.minimum === Number.MIN_SAFE_INTEGER) delete node.minimum;
    if (node.maximum === Number.MAX_SAFE_INTEGER) delete node.maximum;
  }
  if (isStringSchema(node.propertyNames)) delete node.propertyNames;
  forEachSubschema(node, (child) => dropNoise(child));
}

/**
 * Keeps of an answer's schema what each field holds: its annotations are in openapi.json (and a
 * model reads the answer itself), `required` lists every field of every object, and
 * `additionalProperties: false` would fail a client that validates with a schema it listed before a
 * field was added. Without `required`, branches told apart by their required fields could both
 * match, so `oneOf` becomes `anyOf`.
 */
function keepWhatFieldsHold(node: Schema): void {
  delete node.description;
  delete node.title;
  delete node.required;
  if (node.additionalProperties === false) delete node.additionalProperties;
  if (Array.isArray(node.oneOf)) {
    node.anyOf = node.oneOf;
    delete node.oneOf;
  }
  forEachSubschema(node, (child) => keepWhatFieldsHold(child));
}

/** A definition's name: what it holds when that is a common kind, else the property it was first found under. */
function definitionName(schema: Schema, foundUnder: string | undefined): string {
  const branches = Array.isArray(schema.anyOf) ? (schema.anyOf as Schema[]) : [schema];
  const nullable = branches.some((branch) => branch.type === 'null') ? '_or_null' : '';
  if (branches.some((branch) => branch.format === 'date-time')) return `timestamp${nullable}`;
  if (branches.some((branch) => typeof branch.pattern === 'string' && branch.pattern.startsWith('^\\+')))
    return `phone_number${nullable}`;
  return foundUnder ?? 'shared';
}

const reference = (name: string) => ({ $ref: `#/$defs/${name}` });

/**
 * Moves each subschema that occurs more than once to `$defs`, referenced where it occurred, the one
 * that saves most first, while any saves bytes. Definitions are named after the property they were
 * first found under.
 */
function shareRepeats(root: Schema): void {
  const defs: Schema = isSchema(root.$defs) ? root.$defs : {};
  root.$defs = defs;
  for (;;) {
    const seen = new Map<string, { name: string | undefined; places: ((next: Schema) => void)[] }>();
    const walk = (node: Schema) =>
      forEachSubschema(node, (child, name, replace) => {
        const key = JSON.stringify(child);
        const entry = seen.get(key) ?? { name, places: [] };
        entry.places.push(replace);
        seen.set(key, entry);
        walk(child);
      });
    walk(root);
    let best: { key: string; name: string | undefined; places: ((next: Schema) => void)[]; saving: number } | undefined;
    for (const [key, entry] of seen) {
      const count = entry.places.length;
      const saving = (count - 1) * key.length - count * JSON.stringify(reference('shared_00')).length - 'shared_00'.length;
      if (count > 1 && saving > 0 && (!best || saving > best.saving)) best = { key, ...entry, saving };
    }
    if (!best) break;
    const definition = JSON.parse(best.key) as Schema;
    const base = definitionName(definition, best.name);
    let name = base;
    for (let suffix = 2; Object.hasOwn(defs, name); suffix += 1) name = `${base}_${suffix}`;
    defs[name] = definition;
    for (const replace of best.places) replace(reference(name));
  }
  if (Object.keys(defs).length === 0) delete root.$defs;
}

/** An input schema for tools/list: models read it inline, so it keeps no references. */
export function compactInputSchema<T extends object>(schema: T): T {
  const copy = structuredClone(schema) as Schema;
  delete copy.$schema;
  dropNoise(copy);
  return copy as T;
}

/**
 * An output schema for tools/list: what each field of an answer holds (clients validate answers with
 * it), a repeated part defined once.
 */
export function compactOutputSchema<T extends object>(schema: T): T {
  const copy = compactInputSchema(schema) as Schema;
  keepWhatFieldsHold(copy);
  shareRepeats(copy);
  return copy as T;
}
