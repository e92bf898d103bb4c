import { z } from 'zod';
import { errorCatalogue, renderError, type ErrorCode, type ErrorDefinition } from '../src/errors.ts';

/**
 * docs/errors.md, rendered from the error catalogue: every code with its status, body, message, fix,
 * the fix an agent reads over MCP, retry hint and extra fields. `npm run docs:errors` writes it, and a
 * test fails while the committed file differs, so the page cannot drift from the code.
 */
export function renderErrorsDoc(): string {
  const codes = Object.keys(errorCatalogue) as ErrorCode[];
  return [
    '# Error catalogue',
    '',
    '<!-- Generated from packages/contract/src/errors.ts by `npm run docs:errors`. Do not edit. -->',
    '',
    'Every error the API answers, on every transport, comes from this catalogue. The two body shapes, the',
    'retry hints and the status codes are explained in [api-rules.md](api-rules.md#errors). Over MCP a failed tool',
    'call is a result with `isError` and `{code, message, fix, retry}` whatever the shape, with the MCP fix below',
    'where one is given.',
    '',
    '| Code | Status | Shape | Retry |',
    '| --- | --- | --- | --- |',
    ...codes.map((code) => {
      const definition: ErrorDefinition = errorCatalogue[code];
      return `| [\`${code}\`](#${code}) | ${definition.status} | ${definition.shape} | \`${definition.retry}\` |`;
    }),
    '',
    ...codes.flatMap((code) => section(code)),
  ].join('\n');
}

function section(code: ErrorCode): string[] {
  const definition: ErrorDefinition = errorCatalogue[code];
  return [
    `## ${code}`,
    '',
    `Status ${definition.status}, ${definition.shape} form, retry \`${definition.retry}\`.`,
    '',
    `- Body: \`${JSON.stringify(bodySkeleton(code))}\``,
    `- Message: ${prose(definition.message)}`,
    `- Fix: ${prose(definition.fix)}`,
    ...(definition.mcpFix ? [`- Fix over MCP: ${prose(definition.mcpFix.replaceAll('{tool}', 'the tool'))}`] : []),
    ...(definition.extra ? ['- Extra fields:', ...extraFields(definition.extra)] : []),
    '',
  ];
}

/** Catalogue text as Markdown: a placeholder such as `<txt_ token>` must not read as an HTML tag. */
function prose(text: string): string {
  return text.replaceAll('<', '\\<');
}

/** The wire body the API renders for `code`, its long texts elided (they are listed beside it). */
function bodySkeleton(code: ErrorCode): unknown {
  const elide = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(elide);
    if (value && typeof value === 'object')
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) => [key, key === 'message' || key === 'fix' ? '…' : elide(inner)]),
      );
    return value;
  };
  return elide(renderError(code));
}

function extraFields(extra: z.ZodObject): string[] {
  return Object.entries(extra.shape).map(([name, field]) => {
    const schema = field as z.ZodType;
    const optional = schema.safeParse(undefined).success ? ', optional' : '';
    // An optional field's description sits on the schema it wraps.
    const described = schema instanceof z.ZodOptional ? (schema.unwrap() as z.ZodType) : schema;
    const description = schema.description ?? described.description;
    return `  - \`${name}\` (${typeName(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }))}${optional})${description ? `: ${description}` : ''}`;
  });
}

type JsonSchema = z.core.JSONSchema._JSONSchema;

/** A field's JSON Schema type in words: `integer`, `one of a, b`, `object: x, y`, `array of …`. */
function typeName(schema: JsonSchema): string {
  if (typeof schema === 'boolean') return 'any';
  if (schema.enum) return `one of ${schema.enum.map((value) => `\`${String(value)}\``).join(', ')}`;
  if (schema.anyOf) return schema.anyOf.map(typeName).join(' or ');
  if (schema.type === 'object' && schema.properties)
    return `object: ${Object.keys(schema.properties)
      .map((key) => `\`${key}\``)
      .join(', ')}`;
  if (schema.type === 'array' && schema.items && !Array.isArray(schema.items)) return `array of ${typeName(schema.items)}`;
  return Array.isArray(schema.type) ? schema.type.join(' or ') : (schema.type ?? 'any');
}
