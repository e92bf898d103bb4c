import { generateOpenApiDocument } from 'trpc-to-openapi';
import { z } from 'zod';
import { errorCatalogue, type ErrorCode, type Operation, renderError } from '@textline/contract';
import { serviceVersion } from '../domain/health.ts';
import { appRouter } from '../trpc/router.ts';
import { notFoundCodeOf } from '../http/errors.ts';
import { pathParametersOf, queryParametersOf, restRoutes, type RestOperation } from '../http/rest.ts';
import { ZLegacyToolCall } from '../mcp/routes.ts';

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

/** The error codes of a route that reads a JSON body: the parser's, the content type's and the schema's. */
const bodyErrorCodes: ErrorCode[] = ['invalid_json', 'payload_too_large', 'unsupported_media_type', 'validation_failed'];

/** Error codes an operation can answer with: its own plus those every route of its kind has. */
function errorCodesFor(operation: RestOperation): ErrorCode[] {
  const codes = new Set<ErrorCode>(operation.errors);
  if (operation.auth.kind !== 'none') codes.add('unauthorized');
  if (operation.rateLimit === 'message_send') codes.add('message_send_rate_limited');
  if (operation.method === 'POST' || operation.method === 'PATCH') for (const code of bodyErrorCodes) codes.add(code);
  // Query parameters it reads are validated; a path parameter that fails its schema is an unknown resource.
  if (queryParametersOf(operation).length > 0) codes.add('validation_failed');
  if (pathParametersOf(operation.path).length > 0) codes.add(notFoundCodeOf(operation));
  codes.add('internal_error');
  return [...codes];
}

/** Responses for `codes` grouped by status; `scopeRefusal` adds the 403 a token without the route's scope gets. */
function errorResponses(codeList: Iterable<ErrorCode>, scopeRefusal: boolean): JsonObject {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codeList)) {
    const status = errorCatalogue[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  // A scoped route refuses a token without its scope with 403 and the same code.
  if (scopeRefusal) byStatus.set(403, [...new Set([...(byStatus.get(403) ?? []), 'unauthorized' as const])]);
  const responses: JsonObject = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const shapes = new Set(codes.map((code) => errorCatalogue[code].shape));
    const schemas = [...shapes].map((shape) => ({
      $ref: `#/components/schemas/${shape === 'string' ? 'StringError' : 'ObjectError'}`,
    }));
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

type Paths = Record<string, Record<string, JsonObject>>;

/** A JSON pointer to a success body's schema in this document, so two routes share one schema. */
function successSchemaPointer(operation: RestOperation): string {
  const path = operation.path.replaceAll('~', '~0').replaceAll('/', '~1');
  return `#/paths/${path}/${operation.method.toLowerCase()}/responses/${operation.successStatus}/content/application~1json/schema`;
}

/** GET /mcp/tools: each tool as tools/list describes it (mcp/tools.ts toolListing). */
const legacyToolListSchema = {
  type: 'object',
  required: ['tools'],
  additionalProperties: false,
  properties: {
    tools: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', description: 'The name to call: POST /mcp/tools/{name}' },
          title: { type: 'string' },
          description: { type: 'string' },
          inputSchema: { type: 'object', description: 'JSON Schema of the params the tool takes' },
          outputSchema: { type: 'object', description: 'JSON Schema of the result' },
          annotations: {
            type: 'object',
            properties: {
              title: { type: 'string' },
              readOnlyHint: { type: 'boolean' },
              destructiveHint: { type: 'boolean' },
              idempotentHint: { type: 'boolean' },
              openWorldHint: { type: 'boolean' },
            },
          },
        },
      },
    },
  },
};

/**
 * The legacy REST surface over the MCP tools (SPEC section 4, mcp/routes.ts). They are express
 * routes, not procedures, so they are described here from the operations their tools run: a call
 * answers its tool's success body as `result`, or any error the tool's operation answers.
 */
function legacyMcpToolPaths(): Paths {
  const toolOperations = restRoutes().flatMap(({ operation }) => (operation.mcp ? [operation] : []));
  const { $schema: _dialect, ...callBodySchema } = z.toJSONSchema(ZLegacyToolCall, { io: 'input' });
  const listResponses = errorResponses(['unauthorized', 'internal_error'], true);
  const callErrors: ErrorCode[] = [
    ...toolOperations.flatMap(errorCodesFor),
    'unauthorized',
    'not_found',
    ...bodyErrorCodes,
    'timeout',
    'internal_error',
  ];
  return {
    '/mcp/tools': {
      get: {
        operationId: 'mcp.listToolsLegacy',
        summary: 'List MCP tools (legacy REST)',
        description: 'The tools of POST /mcp as tools/list describes them: name, input and output JSON Schema, annotations.',
        tags: ['mcp'],
        security: [{ bearerAuth: ['mcp:read'] }],
        responses: {
          '200': { description: 'The tools', content: { 'application/json': { schema: legacyToolListSchema } } },
          ...listResponses,
        },
      },
    },
    '/mcp/tools/{name}': {
      post: {
        operationId: 'mcp.callToolLegacy',
        summary: 'Call an MCP tool (legacy REST)',
        description:
          'Runs one tool as tools/call on POST /mcp does, with its arguments as params. The tool runs as the token ' +
          "holder with mcp:execute, whatever the scope of the tool's own REST route: an account token gets a full " +
          'developer key from create_api_key. A refusal answers with the status and error body the REST route gives; ' +
          'a tool that does not finish within the time limit answers 504 timeout (check its effect before retrying).',
        tags: ['mcp'],
        security: [{ bearerAuth: ['mcp:execute'] }],
        parameters: [
          {
            in: 'path',
            name: 'name',
            required: true,
            schema: { type: 'string' },
            description: 'A tool name from GET /mcp/tools, e.g. send_message',
          },
        ],
        requestBody: { required: false, content: { 'application/json': { schema: callBodySchema } } },
        responses: {
          '200': {
            description: "The tool's result: the success body of its REST operation (see each operation's x-mcp-tool)",
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['result'],
                  additionalProperties: false,
                  properties: {
                    result: { anyOf: toolOperations.map((operation) => ({ $ref: successSchemaPointer(operation) })) },
                  },
                },
              },
            },
          },
          ...errorResponses(callErrors, true),
        },
      },
    },
  };
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
    description:
      'SMS messaging API for developers and AI agents. See SPEC.md for the interface promises. ' +
      'Unknown query parameters are ignored on every route. A path parameter that fails its schema (an id longer ' +
      'than any id) answers 404, as an unknown id does. Request bodies are strict: an unknown field is a 422.',
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
      const headers = Object.entries(alternate.headers ?? {}).map(([name, { value, description }]): [string, JsonObject] => [
        name,
        { description, schema: { type: 'string', const: value } },
      ]);
      responses[String(alternate.status)] = {
        description: alternate.description,
        ...(headers.length > 0 ? { headers: Object.fromEntries(headers) } : {}),
        content: successContent,
      };
    }
    entry.responses = { ...responses, ...errorResponses(errorCodesFor(operation), operation.auth.kind === 'bearer') };
    entry.security = security(operation);
    entry.operationId = operation.name;
    if (entry.requestBody) (entry.requestBody as JsonObject).required = operation.bodyRequired;
    if (operation.mcp) entry['x-mcp-tool'] = operation.mcp.name;
  }
  Object.assign(document.paths, legacyMcpToolPaths());
  const components = (document.components ??= {});
  components.schemas = {
    ...(components.schemas as JsonObject | undefined),
    StringError: stringErrorSchema,
    ObjectError: objectErrorSchema,
  };
  return document;
}
