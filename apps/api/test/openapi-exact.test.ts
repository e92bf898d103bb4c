import { describe, expect, it } from 'vitest';
import { errorCatalogue, type ErrorCode, operationTags } from '@textline/contract';
import { buildOpenApiDocument } from '../src/openapi/document.ts';

/**
 * openapi.json is exact enough for a generated client to need no hand-written guard: statuses are
 * enums, timestamps date-times, ids and phone numbers patterned, each error body names its code as a
 * const, the headers a client acts on are declared, and every operation has one tag and a camelCase id.
 */

type Schema = Record<string, unknown>;
type Operation = {
  operationId: string;
  tags: string[];
  responses: Record<
    string,
    { description: string; headers?: Record<string, Schema>; content?: Record<string, { schema: Schema }> }
  >;
};
type Document = {
  tags: { name: string; description: string }[];
  paths: Record<string, Record<string, Operation>>;
  webhooks: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
};

const document = buildOpenApiDocument() as unknown as Document;
const operations = [document.paths, document.webhooks].flatMap((section) =>
  Object.entries(section).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  ),
);

/** Every property schema of the document with its name and where it is, anyOf branches included. */
function properties(): { name: string; at: string; schema: Schema }[] {
  const found: { name: string; at: string; schema: Schema }[] = [];
  const visit = (node: unknown, at: string, name: string | undefined) => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => visit(item, `${at}/${index}`, name));
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    const schema = node as Schema;
    if (name !== undefined && (typeof schema.type === 'string' || '$ref' in schema)) found.push({ name, at, schema });
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'examples' || key === 'example') continue;
      if (key === 'properties') {
        for (const [property, child] of Object.entries(value as Schema)) visit(child, `${at}/properties/${property}`, property);
      } else visit(value, `${at}/${key}`, key === 'anyOf' || key === 'items' || key === 'schema' ? name : undefined);
    }
  };
  visit(document.paths, '#/paths', undefined);
  visit(document.webhooks, '#/webhooks', undefined);
  visit(document.components.schemas, '#/components/schemas', undefined);
  return found;
}

describe('openapi.json, exact', () => {
  it('types every timestamp as a date-time and every status as an enum', () => {
    const strings = properties().filter(({ schema }) => schema.type === 'string');
    const timestamps = strings.filter(({ name }) => /(^|_)at$/.test(name));
    expect(timestamps.length).toBeGreaterThan(50);
    expect(timestamps.filter(({ schema }) => schema.format !== 'date-time').map(({ at }) => at)).toEqual([]);
    // current_status names the status of whichever resource refused (invalid_state): its own enum is per resource.
    const statuses = strings.filter(({ name, at }) => /(^|_)status$/.test(name) && !at.endsWith('/current_status'));
    expect(statuses.length).toBeGreaterThan(20);
    expect(statuses.filter(({ schema }) => !schema.enum && schema.const === undefined).map(({ at }) => at)).toEqual([]);
    const messageStatus = document.components.schemas.GetMessageResponse as { properties: { message: Schema } };
    expect((messageStatus.properties.message as { properties: { status: Schema } }).properties.status.enum).toEqual([
      'pending_approval',
      'scheduled',
      'queued',
      'sending',
      'sent',
      'delivered',
      'failed',
      'canceled',
      'received',
    ]);
  });

  it('patterns the ids and phone numbers of answers', () => {
    const answers = properties().filter(({ at, schema }) => schema.type === 'string' && !at.includes('/requestBody/'));
    const ids = answers.filter(({ name }) => ['id', 'message_id', 'campaign_id', 'event_id', 'endpoint_id'].includes(name));
    expect(ids.length).toBeGreaterThan(30);
    expect(ids.filter(({ schema }) => typeof schema.pattern !== 'string').map(({ at }) => at)).toEqual([]);
    const phones = answers.filter(({ name }) => ['phone_number', 'sender_number', 'number', 'from', 'to'].includes(name));
    expect(phones.length).toBeGreaterThan(20);
    expect(phones.filter(({ schema }) => typeof schema.pattern !== 'string').map(({ at }) => at)).toEqual([]);
  });

  it('declares each error body with its code as a const and its extra fields typed, discriminated by that code', () => {
    const component = (ref: unknown) => document.components.schemas[String(ref).replace('#/components/schemas/', '')]!;
    /** The codes a response's body schema admits, checking each discriminator's mapping against its branches. */
    const codesOf = (schema: Schema): string[] => {
      if (schema.$ref) {
        const body = component(schema.$ref);
        return [String((body.properties as Record<string, Schema>).error!.const)];
      }
      if (schema.oneOf && !schema.discriminator) return (schema.oneOf as Schema[]).flatMap(codesOf);
      const union = (schema.discriminator ? schema : (schema.properties as Record<string, Schema>).error!) as Schema & {
        oneOf?: Schema[];
        discriminator?: { propertyName: string; mapping: Record<string, string> };
      };
      const branches = union.oneOf ?? [union];
      const codes = branches.map((branch) => {
        const target = component(branch.$ref);
        const code = (target.properties as Record<string, Schema>)[union.discriminator?.propertyName ?? 'code']!.const;
        if (union.discriminator) expect(union.discriminator.mapping[String(code)]).toBe(branch.$ref);
        return String(code);
      });
      if (branches.length > 1) expect(union.discriminator).toBeDefined();
      return codes;
    };
    let discriminated = 0;
    for (const { path, operation } of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        // A health check's 503 is its own body (status degraded), not an error.
        if (!/^[45]\d\d$/.test(status) || (path.endsWith('/health') && status === '503')) continue;
        const schema = response.content!['application/json']!.schema;
        const codes = codesOf(schema);
        expect(codes.sort(), `${path} ${status}`).toEqual(response.description.split(', ').sort());
        if (codes.length > 1) discriminated += 1;
      }
    }
    expect(discriminated).toBeGreaterThan(20);
    const codeOf = (name: string, schema: Schema): unknown =>
      name.endsWith('ErrorDetail')
        ? (schema.properties as Record<string, Schema>).code!.const
        : (schema.properties as Record<string, Schema>).error!.const;
    const errorSchemas = Object.entries(document.components.schemas).filter(([name]) => /Error(Detail)?$/.test(name));
    expect(errorSchemas.length).toBeGreaterThan(20);
    for (const [name, schema] of errorSchemas) {
      const code = codeOf(name, schema) as ErrorCode;
      expect(errorCatalogue[code], name).toBeDefined();
    }
    const insufficient = document.components.schemas.InsufficientBalanceError as { properties: Record<string, Schema> };
    expect(Object.keys(insufficient.properties)).toEqual(['error', 'balance_cents', 'required_cents', 'fund_with']);
    const limited = document.components.schemas.MessageSendRateLimitedError as {
      properties: Record<string, Schema>;
      required: string[];
    };
    expect(limited.required).toEqual(['error', 'message', 'retry_after_seconds', 'limit']);
    expect(limited.properties.retry_after_seconds).toMatchObject({ type: 'integer', minimum: 1 });
    const invalid = document.components.schemas.ValidationFailedErrorDetail as { properties: Record<string, Schema> };
    expect(invalid.properties.retry).toEqual(expect.objectContaining({ const: 'retry_after_fixing_request' }));
    expect(invalid.properties.issues).toMatchObject({ type: 'array' });
    expect(Object.keys(document.components.schemas).filter((name) => name.startsWith('error.'))).toEqual([]);
  });

  it('declares Retry-After on every 429, WWW-Authenticate on 401 and 403, and Idempotent-Replayed on the replay', () => {
    let limited = 0;
    for (const { path, method, operation } of operations) {
      const { responses } = operation;
      if (responses['429']) {
        limited += 1;
        expect(responses['429'].headers?.['Retry-After'], `${method} ${path}`).toMatchObject({ required: true });
      }
      if (responses['401']?.description.includes('unauthorized')) {
        expect(responses['401'].headers?.['WWW-Authenticate'], `${method} ${path}`).toMatchObject({ required: true });
      }
      if (responses['403']?.description.includes('unauthorized')) {
        expect(responses['403'].headers?.['WWW-Authenticate'], `${method} ${path}`).toBeDefined();
      }
    }
    expect(limited).toBeGreaterThan(2);
    const replay = document.paths['/api/v1/messages']!.post!.responses['200']!;
    expect(replay.headers?.['Idempotent-Replayed']).toMatchObject({ required: true, schema: { type: 'string', const: 'true' } });
  });

  it('puts each operation in one described tag, under a unique camelCase verb', () => {
    expect(
      document.tags.every(({ name, description }) => operationTags[name as keyof typeof operationTags] === description),
    ).toBe(true);
    const declared = new Set(document.tags.map(({ name }) => name));
    const ids = new Set<string>();
    for (const { path, method, operation } of operations) {
      expect(operation.tags, `${method} ${path}`).toHaveLength(1);
      expect(declared.has(operation.tags[0]!), `${method} ${path}`).toBe(true);
      expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z]+(?:[A-Z][a-z0-9]*)+$/);
      ids.add(operation.operationId);
    }
    expect(ids.size).toBe(operations.length);
    expect(document.paths['/api/v1/messages']!.post!.operationId).toBe('createMessage');
    expect(document.paths['/api/v1/messages']!.get!.operationId).toBe('listMessages');
    expect(document.paths['/api/v1/messages/{id}/events']!.get!.operationId).toBe('getMessageTimeline');
  });

  it('writes no type array and no schema without a keyword (portable to every function-calling dialect)', () => {
    const text = JSON.stringify(document);
    expect(text).not.toMatch(/"type":\[/);
    expect(text).not.toMatch(/"(?:items|additionalProperties|schema)":\{\}/);
  });
});
