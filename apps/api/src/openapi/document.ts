import { generateOpenApiDocument } from 'trpc-to-openapi';
import { errorCatalogue, type ErrorCode, type Operation, renderError } from '@textline/contract';
import { serviceVersion } from '../domain/health.ts';
import { appRouter } from '../trpc/router.ts';
import { restRoutes } from '../http/rest.ts';

type JsonObject = Record<string, unknown>;

const stringErrorSchema = {
  type: 'object',
  description: 'String-form error: the code, plus the extra fields named for it in SPEC section 7.',
  required: ['error'],
  properties: { error: { type: 'string' } },
  additionalProperties: true,
};

const objectErrorSchema = {
  type: 'object',
  description: 'Object-form error. `unauthorized` carries only code and message.',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        fix: { type: 'string' },
        retry: { type: 'string', description: 'Retry hint' },
        issues: {
          type: 'array',
          description: 'Field problems (validation_failed)',
          items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } },
        },
        request_id: { type: 'string', description: 'Quote it to support (internal_error)' },
      },
    },
  },
};

const exampleExtras: Partial<Record<ErrorCode, Record<string, unknown>>> = {
  amount_below_minimum: { minimum_cents: 500 },
  account_creation_rate_limited: { retry_after_seconds: 300 },
  message_send_rate_limited: {
    message: 'Send rate limit reached; retry after 2 seconds.',
    retry_after_seconds: 2,
    limit: { tier: 'starter', capacity: 1, refill_ms: 1200 },
  },
  validation_failed: { issues: [{ path: 'phone_number', message: 'must be an E.164 number' }] },
};

/** Error codes an operation can answer with: its own plus those every route of its kind has. */
export function errorCodesFor(operation: Operation): ErrorCode[] {
  const codes = new Set<ErrorCode>(operation.errors);
  if (operation.auth.kind !== 'none') codes.add('unauthorized');
  if (operation.rateLimit === 'message_send') codes.add('message_send_rate_limited');
  if (operation.method === 'POST' || operation.method === 'PATCH') {
    codes.add('invalid_json');
    codes.add('payload_too_large');
    codes.add('unsupported_media_type');
    codes.add('validation_failed');
  }
  codes.add('internal_error');
  return [...codes];
}

function errorResponses(operation: Operation): JsonObject {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodesFor(operation)) {
    const status = errorCatalogue[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  // A scoped route refuses a token without its scope with 403 and the same code.
  if (operation.auth.kind === 'bearer') byStatus.set(403, [...new Set([...(byStatus.get(403) ?? []), 'unauthorized' as const])]);
  const responses: JsonObject = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const shapes = new Set(codes.map((code) => errorCatalogue[code].shape));
    const schemas = [...shapes].map((shape) => ({ $ref: `#/components/schemas/${shape === 'string' ? 'StringError' : 'ObjectError'}` }));
    responses[String(status)] = {
      description: codes.join(', '),
      content: {
        'application/json': {
          schema: schemas.length === 1 ? schemas[0] : { oneOf: schemas },
          examples: Object.fromEntries(codes.map((code) => [code, { value: renderError(code, { extra: exampleExtras[code] }) }])),
        },
      },
    };
  }
  return responses;
}

function security(operation: Operation): JsonObject[] {
  if (operation.auth.kind === 'bearer') return [{ bearerAuth: [operation.auth.scope] }];
  if (operation.auth.kind === 'legacy_key') return [{ legacyKey: [] }];
  return [];
}

/**
 * openapi.json from the router (trpc-to-openapi), corrected from the contract entries so that it
 * tells the truth about the wire: real success statuses, both error shapes, scopes.
 */
export function buildOpenApiDocument(): JsonObject {
  const document = generateOpenApiDocument(appRouter, {
    title: 'Textline SMS API',
    description: 'SMS messaging API for developers and AI agents. See SPEC.md for the interface promises.',
    version: serviceVersion,
    baseUrl: '/',
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', description: 'txt_ access token; each route names its scope' },
      legacyKey: { type: 'http', scheme: 'bearer', description: 'Legacy txk_ key (migration route only)' },
    },
  }) as unknown as JsonObject & { paths: Record<string, Record<string, JsonObject>>; components?: JsonObject };

  for (const { operation } of restRoutes()) {
    const entry = document.paths[operation.path]?.[operation.method.toLowerCase()];
    if (!entry) throw new Error(`openapi: ${operation.method} ${operation.path} missing from the generated document`);
    const generatedSuccess = (entry.responses as Record<string, JsonObject>)['200'];
    const successContent = generatedSuccess?.content;
    const responses: JsonObject = {
      [String(operation.successStatus)]: { description: operation.summary, content: successContent },
    };
    for (const alternate of operation.alternateSuccess ?? []) {
      responses[String(alternate.status)] = { description: alternate.description, content: successContent };
    }
    entry.responses = { ...responses, ...errorResponses(operation) };
    entry.security = security(operation);
    entry.operationId = operation.name;
    if (entry.requestBody) (entry.requestBody as JsonObject).required = operation.bodyRequired;
    if (operation.mcp) entry['x-mcp-tool'] = operation.mcp.name;
  }
  const components = (document.components ??= {}) as JsonObject;
  components.schemas = { ...(components.schemas as JsonObject | undefined), StringError: stringErrorSchema, ObjectError: objectErrorSchema };
  return document;
}
