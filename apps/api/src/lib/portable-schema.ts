/**
 * JSON Schema as every function-calling dialect reads it (tools/list and openapi.json): a nullable field
 * is `anyOf` with one `type` per branch, never a `type` array (Gemini's OpenAPI subset has no type
 * arrays), and no schema is left without a keyword (`{}`, which zod writes for z.unknown()): a value
 * that may be any JSON says so branch by branch. Both rewrites keep what the schema accepts.
 */

type Schema = Record<string, unknown>;

/** The keywords that make a schema constrain something (an annotation such as description does not). */
const constraining = new Set([
  'type',
  'enum',
  'const',
  'multipleOf',
  'maximum',
  'exclusiveMaximum',
  'minimum',
  'exclusiveMinimum',
  'maxLength',
  'minLength',
  'pattern',
  'format',
  'maxItems',
  'minItems',
  'uniqueItems',
  'contains',
  'maxProperties',
  'minProperties',
  'required',
  'dependentRequired',
  'allOf',
  'anyOf',
  'oneOf',
  'not',
  'items',
  'prefixItems',
  'properties',
  'patternProperties',
  'additionalProperties',
  'propertyNames',
  '$ref',
]);

/** Any JSON value, one single-typed branch per kind. */
export const anyJsonValue: readonly Schema[] = [
  { type: 'string' },
  { type: 'number' },
  { type: 'boolean' },
  { type: 'object', additionalProperties: true },
  { type: 'array' },
  { type: 'null' },
];

const singleSchemaKeywords = ['items', 'additionalProperties', 'not', 'propertyNames', 'contains', 'if', 'then', 'else'];
const schemaListKeywords = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const schemaMapKeywords = ['properties', 'patternProperties', '$defs', 'definitions'];

/** Keywords that describe the whole value rather than one of its types: they stay beside the anyOf. */
const annotations = new Set(['description', 'title', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly']);

function isSchema(value: unknown): value is Schema {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function rewrite(schema: Schema, position: string | undefined): Schema {
  const node: Schema = { ...schema };
  for (const keyword of singleSchemaKeywords) {
    const child = node[keyword];
    if (isSchema(child)) node[keyword] = rewrite(child, keyword);
  }
  for (const keyword of schemaListKeywords) {
    const children = node[keyword];
    if (Array.isArray(children)) {
      node[keyword] = children.map((child: unknown) => (isSchema(child) ? rewrite(child, keyword) : child));
    }
  }
  for (const keyword of schemaMapKeywords) {
    const children = node[keyword];
    if (isSchema(children)) {
      node[keyword] = Object.fromEntries(
        Object.entries(children).map(([name, child]) => [name, isSchema(child) ? rewrite(child, keyword) : child]),
      );
    }
  }
  if (Array.isArray(node.type)) {
    const { type: types, ...rest } = node;
    const kept = Object.fromEntries(Object.entries(rest).filter(([keyword]) => annotations.has(keyword)));
    const typed = Object.fromEntries(Object.entries(rest).filter(([keyword]) => !annotations.has(keyword)));
    return {
      ...kept,
      anyOf: (types as string[]).map((type) => (type === 'null' ? { type } : { type, ...typed })),
    };
  }
  if (Object.keys(node).some((keyword) => constraining.has(keyword))) return node;
  // An open record's values: `true` says "anything" without a schema object to read.
  if (position === 'additionalProperties' && Object.keys(node).length === 0) return true as unknown as Schema;
  // Under `not`, `{}` is the exact "nothing matches" it means there.
  if (position === 'not') return node;
  return { ...node, anyOf: anyJsonValue };
}

/** `schema` rewritten as the header says; the input is not changed. */
export function portableSchema<T extends object>(schema: T): T {
  return rewrite(schema as Schema, undefined) as T;
}
