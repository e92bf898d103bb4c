import { generateOpenApiDocument } from 'trpc-to-openapi';
import { z } from 'zod';
import {
  customerEventDescriptions,
  customerEventExample,
  customerEventJsonSchema,
  customerEventTypes,
  errorCatalogue,
  type ErrorCode,
  type ErrorDefinition,
  type Operation,
  operationIdOf,
  operationTags,
  renderError,
} from '@textline/contract';
import { serviceVersion } from '../domain/health.ts';
import { appRouter } from '../trpc/router.ts';
import { notFoundCodeOf, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../http/errors.ts';
import { pathParametersOf, queryParametersOf, restRoutes, type RestOperation } from '../http/rest.ts';
import { portableSchema } from '../lib/portable-schema.ts';
import { ZLegacyToolCall } from '../mcp/routes.ts';

type JsonObject = Record<string, unknown>;

/** The component name of an error code's body schema: insufficient_balance is InsufficientBalanceError. */
function errorSchemaName(code: ErrorCode): string {
  return `${code
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}Error`;
}

/** The component of the `error` object of an object-form code: validation_failed is ValidationFailedErrorDetail. */
const errorDetailSchemaName = (code: ErrorCode) => `${errorSchemaName(code)}Detail`;

const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

const isStringForm = (code: ErrorCode) => errorCatalogue[code].shape === 'string';

/** The JSON Schema of a code's typed extra fields (errors.ts), as properties and the names of the required ones. */
function extraFieldsOf(definition: ErrorDefinition): { properties: JsonObject; required: string[] } {
  if (!definition.extra) return { properties: {}, required: [] };
  const schema = z.toJSONSchema(definition.extra, { io: 'output' }) as { properties?: JsonObject; required?: string[] };
  return { properties: schema.properties ?? {}, required: schema.required ?? [] };
}

/**
 * The body of one error code: its code a `const` (the string `error`, or `error.code` in the object form),
 * so a generated client narrows a response by it, with the fields the catalogue gives that code typed.
 */
function errorBodySchema(code: ErrorCode): JsonObject {
  const definition: ErrorDefinition = errorCatalogue[code];
  const extra = extraFieldsOf(definition);
  if (definition.shape === 'string') {
    const explanation = definition.explained
      ? {
          message: { type: 'string', description: 'What happened' },
          fix: { type: 'string', description: 'What to do about it' },
        }
      : {};
    return {
      type: 'object',
      description: `${definition.message} Fix: ${definition.fix}`,
      required: ['error', ...Object.keys(explanation), ...extra.required],
      properties: { error: { type: 'string', const: code }, ...explanation, ...extra.properties },
      additionalProperties: false,
    };
  }
  // The unauthorized object carries only its code and message (renderError).
  const detail: JsonObject =
    code === 'unauthorized'
      ? {}
      : {
          fix: { type: 'string', description: 'What to do about it' },
          retry: { type: 'string', const: definition.retry, description: 'Whether and when to retry' },
        };
  return {
    type: 'object',
    description: `${definition.message} Fix: ${definition.fix}`,
    required: ['error'],
    properties: {
      error: {
        type: 'object',
        required: ['code', 'message', ...Object.keys(detail), ...extra.required],
        properties: { code: { type: 'string', const: code }, message: { type: 'string' }, ...detail, ...extra.properties },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  };
}

/**
 * The component of one code: a string-form body whole (InsufficientBalanceError), an object-form body's
 * `error` object (ValidationFailedErrorDetail), which error responses wrap as {error: ...}.
 */
function errorComponent(code: ErrorCode): [string, JsonObject] {
  const body = errorBodySchema(code);
  if (isStringForm(code)) return [errorSchemaName(code), body];
  const { error } = body.properties as { error: JsonObject };
  return [errorDetailSchemaName(code), { description: body.description, ...error }];
}

/**
 * The body schema of a response that may carry any of `codes`, discriminated so that generators pick
 * the code's type: string-form bodies by `error` (their code), object-form ones by `error.code` (a
 * discriminator on the `error` object, whose components are the codes' details). The two forms
 * exclude each other by the type of `error`, a string or an object.
 */
function errorResponseSchema(codes: readonly ErrorCode[]): JsonObject {
  const discriminated = (forms: ErrorCode[], propertyName: string, component: (code: ErrorCode) => string) => ({
    oneOf: forms.map((code) => schemaRef(component(code))),
    discriminator: {
      propertyName,
      mapping: Object.fromEntries(forms.map((code) => [code, `#/components/schemas/${component(code)}`])),
    },
  });
  const stringForms = codes.filter(isStringForm);
  const objectForms = codes.filter((code) => !isStringForm(code));
  const parts: JsonObject[] = [];
  if (stringForms.length === 1) parts.push(...stringForms.map((code) => schemaRef(errorSchemaName(code))));
  if (stringForms.length > 1) parts.push(discriminated(stringForms, 'error', errorSchemaName));
  if (objectForms.length > 0) {
    const [onlyObjectForm, ...moreObjectForms] = objectForms;
    const error =
      onlyObjectForm && moreObjectForms.length === 0
        ? schemaRef(errorDetailSchemaName(onlyObjectForm))
        : discriminated(objectForms, 'code', errorDetailSchemaName);
    parts.push({ type: 'object', required: ['error'], properties: { error }, additionalProperties: false });
  }
  const [only, ...more] = parts;
  return only && more.length === 0 ? only : { oneOf: parts };
}

/**
 * The IETF RateLimit headers (limits/keyed-limiter.ts rateLimitHeaders) a rate-limited route answers,
 * on success and on 429; `required` is false where only some of the route's calls are limited.
 */
function rateLimitHeaders(required: boolean): JsonObject {
  return {
    'RateLimit-Policy': {
      description:
        'The limit as a quota over the window that refills it from empty (draft-ietf-httpapi-ratelimit-headers), ' +
        'e.g. "burst";q=5;w=6: a burst of 5, back in full 6 s after it is spent. For a send, the tightest bucket it takes from.',
      required,
      schema: { type: 'string', pattern: '^"burst";q=\\d+;w=\\d+$' },
      example: '"burst";q=5;w=6',
    },
    RateLimit: {
      description:
        'What is left once this request is counted: r requests may follow at once, and t seconds from now the quota is ' +
        'full again, e.g. "burst";r=4;t=2. r=0 means the next request waits (Retry-After on a 429 says how long).',
      required,
      schema: { type: 'string', pattern: '^"burst";r=\\d+;t=\\d+$' },
      example: '"burst";r=4;t=2',
    },
  };
}

/** Whether some call of the operation takes from a rate limit (it may answer a 429 of one). */
function isRateLimited(operation: RestOperation): boolean {
  return errorCodesFor(operation).some((code) => errorCatalogue[code].status === 429);
}

/** Headers an error status carries: Retry-After and RateLimit on a 429 (Retry-After on a 503 of service_unavailable), the challenge on 401/403. */
function errorHeaders(status: number, codes: readonly ErrorCode[]): JsonObject | undefined {
  const retryAfter = (required: boolean) => ({
    'Retry-After': {
      description: 'Seconds to wait before retrying; the same as retry_after_seconds in the body',
      required,
      schema: { type: 'integer', minimum: 1 },
    },
  });
  const challenge = (required: boolean, description: string) => ({
    'WWW-Authenticate': { description, required, schema: { type: 'string' } },
  });
  if (status === 429) return { ...retryAfter(true), ...rateLimitHeaders(true) };
  if (status === 503 && codes.includes('service_unavailable')) return retryAfter(false);
  if (status === 401 && codes.includes('unauthorized')) {
    return challenge(true, 'Bearer challenge (RFC 6750): error="invalid_token" unless no token was sent');
  }
  if (status === 403 && codes.includes('unauthorized')) {
    return challenge(false, 'Bearer challenge with error="insufficient_scope" and the scope needed: sent with unauthorized');
  }
  return undefined;
}

/** The error codes whose body carries fields of their own (their catalogue entry's `extra`). */
type CodeWithExtra = { [C in ErrorCode]: (typeof errorCatalogue)[C] extends { extra: z.ZodType } ? C : never }[ErrorCode];
type ExtraOf<C extends CodeWithExtra> = (typeof errorCatalogue)[C] extends { extra: z.ZodType<infer T> } ? T : never;

/** Each example's own fields: one for every code that has them, typed by its schema, so every example conforms. */
const exampleExtras: { [C in CodeWithExtra]: ExtraOf<C> } & Partial<Record<ErrorCode, Record<string, unknown>>> = {
  amount_below_minimum: { minimum_cents: 500 },
  account_creation_rate_limited: { retry_after_seconds: 300 },
  message_send_rate_limited: {
    message: 'Send rate limit reached; retry after 2 seconds.',
    retry_after_seconds: 2,
    limit: { tier: 'starter', capacity: 1, refill_ms: 1200 },
  },
  validation_failed: { issues: [{ path: 'phone_number', message: 'must be an E.164 number' }] },
  service_unavailable: { retry_after_seconds: UNAVAILABLE_RETRY_AFTER_SECONDS },
  sign_in_rate_limited: { retry_after_seconds: 60 },
  webhook_test_rate_limited: { retry_after_seconds: 60 },
  insufficient_balance: {
    balance_cents: 0,
    required_cents: 2,
    fund_with: { route: 'POST /api/v1/onboarding/funding-invoices', mcp_tool: 'create_funding_invoice' },
  },
  invalid_state: { current_status: 'archived' },
  message_not_cancelable: { current_status: 'sent' },
  suppression_not_removable: { phone_number: '+14155550100', source: 'inbound_keyword' },
  internal_error: { request_id: 'req_3kTqXb9VwZ' },
  outside_allowed_hours: { next_allowed_at: '2026-11-28T13:00:00.000Z' },
  destination_not_allowed: { country: 'GB' },
  registration_not_rejected: { current_status: 'verified' },
  media_refused: { url: 'https://example.com/menu.png', reason: 'content type text/html is not a supported media type' },
  approval_not_pending: { current_status: 'approved' },
  too_many_waits: { retry_after_seconds: 30 },
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
  // Any route may meet an unreachable database or Redis; one whose own answer is a 503 (health) reports it so.
  if (!operation.alternateSuccess?.some((alternate) => alternate.status === 503)) codes.add('service_unavailable');
  codes.add('internal_error');
  return [...codes];
}

/** Responses for `codes` grouped by status; `scopeRefusal` adds the 403 a token without the route's scope gets. */
function errorResponses(codeList: Iterable<ErrorCode>, scopeRefusal: boolean, declared: Set<ErrorCode>): JsonObject {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codeList)) {
    const status = errorCatalogue[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  // A scoped route refuses a token without its scope with 403 and the same code.
  if (scopeRefusal) byStatus.set(403, [...new Set([...(byStatus.get(403) ?? []), 'unauthorized' as const])]);
  const responses: JsonObject = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    for (const code of codes) declared.add(code);
    const headers = errorHeaders(status, codes);
    responses[String(status)] = {
      description: codes.join(', '),
      ...(headers ? { headers } : {}),
      content: {
        'application/json': {
          schema: errorResponseSchema(codes),
          examples: Object.fromEntries(codes.map((code) => [code, { value: renderError(code, { extra: exampleExtras[code] }) }])),
        },
      },
    };
  }
  return responses;
}

type Paths = Record<string, Record<string, JsonObject>>;

/**
 * The component holding an operation's success body (createMessage: CreateMessageResponse): a named
 * type in generated SDKs, and one schema for the statuses and routes that answer it.
 */
function successSchemaName(operation: RestOperation): string {
  const id = operationIdOf(operation);
  return `${id.charAt(0).toUpperCase()}${id.slice(1)}Response`;
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
 * The legacy REST surface over the MCP tools (GET /mcp/tools, POST /mcp/tools/{name}: mcp/routes.ts). They are express
 * routes, not procedures, so they are described here from the operations their tools run: a call
 * answers its tool's success body as `result`, or any error the tool's operation answers.
 */
function legacyMcpToolPaths(declared: Set<ErrorCode>): Paths {
  const toolOperations = restRoutes().flatMap(({ operation }) => (operation.mcp ? [operation] : []));
  const { $schema: _dialect, ...callBodySchema } = z.toJSONSchema(ZLegacyToolCall, { io: 'input' });
  const listResponses = errorResponses(['unauthorized', 'service_unavailable', 'internal_error'], true, declared);
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
        operationId: 'listMcpToolsLegacy',
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
        operationId: 'callMcpToolLegacy',
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
            headers: rateLimitHeaders(false),
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  required: ['result'],
                  additionalProperties: false,
                  properties: {
                    result: {
                      anyOf: toolOperations.map((operation) => ({
                        $ref: `#/components/schemas/${successSchemaName(operation)}`,
                      })),
                    },
                  },
                },
              },
            },
          },
          ...errorResponses(callErrors, true, declared),
        },
      },
    },
  };
}

/** The Standard Webhooks headers every customer webhook request carries (domain/customer-webhooks/signing.ts). */
const webhookHeaders = [
  ['webhook-id', 'The event id, the same on every retry and replay: deduplicate on it'],
  ['webhook-timestamp', 'Unix seconds when this attempt was signed; refuse ones far from your clock'],
  [
    'webhook-signature',
    "Space-separated v1,<base64 HMAC-SHA256> of '<webhook-id>.<webhook-timestamp>.<body>' keyed with the endpoint's " +
      'whsec_ secret (two during a rotation); verify with any Standard Webhooks library',
  ],
].map(([name, description]) => ({ in: 'header', name, required: true, description, schema: { type: 'string' } }));

/** message.delivered is messageDeliveredEvent: camelCase like the operations' ids. */
function webhookOperationId(type: string): string {
  const words = type.split(/[._]/);
  return `${words.map((word, index) => (index === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('')}Event`;
}

/**
 * OpenAPI 3.1's top-level `webhooks`: one request per customer event type, its body built from the
 * schemas the sender's events are typed by, so generated SDKs get the payload types.
 */
function customerEventWebhooks(): JsonObject {
  return Object.fromEntries(
    customerEventTypes.map((type) => {
      const schema = customerEventJsonSchema(type);
      return [
        type,
        {
          post: {
            operationId: webhookOperationId(type),
            summary: type,
            description:
              `${customerEventDescriptions[type]} Sent to every enabled endpoint subscribed to ${type} ` +
              '(POST /api/v1/webhook-endpoints); a 2xx answer within 15 s is a success, anything else is retried.',
            tags: ['webhook events'],
            // Not a request to this API: the receiver checks the Standard Webhooks signature (webhook-signature).
            security: [],
            parameters: webhookHeaders,
            requestBody: { required: true, content: { 'application/json': { schema, example: customerEventExample(type) } } },
            responses: { '2XX': { description: 'Received; any other answer, or none within 15 s, is retried' } },
          },
        },
      ];
    }),
  );
}

/** Keywords of an input schema that constrain the object as a whole rather than one field. */
const objectWideKeywords = [
  'additionalProperties',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'dependentSchemas',
  'dependentRequired',
  'minProperties',
];

/**
 * The constraints an operation's input declares on its whole body (no unknown field; which fields go
 * together, e.g. exactly one of two): the router's generator rebuilds the body from the fields without
 * the path parameters and drops them where the input is refined. None of them names a path parameter.
 */
function bodyWideConstraints(operation: Operation): JsonObject {
  const schema = z.toJSONSchema(operation.input, { io: 'input' }) as JsonObject;
  return Object.fromEntries(objectWideKeywords.flatMap((keyword) => (keyword in schema ? [[keyword, schema[keyword]]] : [])));
}

/** What openapi.json says of a sandbox-only operation (Operation.sandboxOnly). */
const sandboxOnlyNote =
  'Sandbox only: served with the sandbox carrier and sandboxpay (the defaults); with a live provider ' +
  '(MESSAGING_PROVIDER=twilio) this route answers 404 and its MCP tool is not listed.';

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
      'SMS messaging API for developers and AI agents. ' +
      'Unknown query parameters are ignored on every route. A path parameter that fails its schema (an id longer ' +
      'than any id) answers 404, as an unknown id does. Request bodies are strict: an unknown field is a 422.',
    version: serviceVersion,
    baseUrl: '/',
    securitySchemes: {
      bearerAuth: { type: 'http', scheme: 'bearer', description: 'txt_ access token; each route names its scope' },
      legacyKey: { type: 'http', scheme: 'bearer', description: 'Legacy txk_ key (migration route only)' },
    },
  }) as unknown as JsonObject & { paths: Record<string, Record<string, JsonObject>>; components?: JsonObject };
  (document.info as JsonObject).license = serviceLicense;

  const declared = new Set<ErrorCode>();
  const successSchemas: JsonObject = {};
  for (const { operation } of restRoutes()) {
    const entry = document.paths[operation.path]?.[operation.method.toLowerCase()];
    if (!entry) throw new Error(`openapi: ${operation.method} ${operation.path} missing from the generated document`);
    const generatedSuccess = (entry.responses as Record<string, JsonObject>)['200'];
    const successBody = (generatedSuccess?.content as Record<string, JsonObject> | undefined)?.['application/json']?.schema;
    if (successBody) successSchemas[successSchemaName(operation)] = successBody;
    const successContent = successBody
      ? { 'application/json': { schema: { $ref: `#/components/schemas/${successSchemaName(operation)}` } } }
      : undefined;
    const limitHeaders = isRateLimited(operation) ? rateLimitHeaders(true) : {};
    const responses: JsonObject = {
      [String(operation.successStatus)]: {
        description: operation.summary,
        ...(isRateLimited(operation) ? { headers: limitHeaders } : {}),
        content: successContent,
      },
    };
    for (const alternate of operation.alternateSuccess ?? []) {
      const headers = Object.entries(alternate.headers ?? {}).map(([name, { value, description }]): [string, JsonObject] => [
        name,
        { description, required: true, schema: { type: 'string', const: value } },
      ]);
      const allHeaders = { ...limitHeaders, ...Object.fromEntries(headers) };
      responses[String(alternate.status)] = {
        description: alternate.description,
        ...(Object.keys(allHeaders).length > 0 ? { headers: allHeaders } : {}),
        content: successContent,
      };
    }
    entry.responses = {
      ...responses,
      ...errorResponses(errorCodesFor(operation), operation.auth.kind === 'bearer', declared),
    };
    entry.security = security(operation);
    entry.operationId = operationIdOf(operation);
    entry.tags = [...operation.tags];
    if (entry.requestBody) {
      const body = entry.requestBody as JsonObject & { content: { 'application/json': { schema: JsonObject } } };
      body.required = operation.bodyRequired;
      Object.assign(body.content['application/json'].schema, bodyWideConstraints(operation));
    }
    if (operation.mcp) entry['x-mcp-tool'] = operation.mcp.name;
    if (operation.sandboxOnly) {
      entry.description = `${sandboxOnlyNote} ${String(entry.description)}`;
      entry['x-sandbox-only'] = true;
    }
  }
  Object.assign(document.paths, legacyMcpToolPaths(declared));
  document.webhooks = customerEventWebhooks();
  document.tags = usedTags(document);
  const components = (document.components ??= {});
  // The router's generic error.* schemas describe tRPC's own shapes, which no route answers with.
  const generated = Object.entries((components.schemas as JsonObject | undefined) ?? {}).filter(
    ([name]) => !name.startsWith('error.'),
  );
  components.schemas = {
    ...Object.fromEntries(generated),
    ...successSchemas,
    ...Object.fromEntries([...declared].sort().map(errorComponent)),
  };
  return portableSchemas(document);
}

/**
 * No license file ships with the service: its terms are the operator's. Replace this with the real
 * license (an SPDX identifier or a URL) if the API is published under one.
 */
const serviceLicense = { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' };

/** The top-level tags, described, in operationTags' order: those some operation or webhook is in. */
function usedTags(document: JsonObject): JsonObject[] {
  const used = new Set<string>();
  for (const section of [document.paths, document.webhooks] as Paths[]) {
    for (const methods of Object.values(section)) {
      for (const entry of Object.values(methods)) for (const tag of (entry.tags as string[] | undefined) ?? []) used.add(tag);
    }
  }
  return Object.entries(operationTags)
    .filter(([name]) => used.has(name))
    .map(([name, description]) => ({ name, description }));
}

/** Every schema of the document as lib/portable-schema.ts writes them (no type arrays, no keyword-less schema). */
function portableSchemas(document: JsonObject): JsonObject {
  const inContent = (content: unknown) => {
    for (const media of Object.values((content as Record<string, JsonObject> | undefined) ?? {})) {
      if (media.schema) media.schema = portableSchema(media.schema as JsonObject);
    }
  };
  for (const section of [document.paths, document.webhooks] as Paths[]) {
    for (const methods of Object.values(section)) {
      for (const entry of Object.values(methods)) {
        for (const parameter of (entry.parameters as JsonObject[] | undefined) ?? []) {
          if (parameter.schema) parameter.schema = portableSchema(parameter.schema as JsonObject);
        }
        inContent((entry.requestBody as JsonObject | undefined)?.content);
        for (const response of Object.values((entry.responses as Record<string, JsonObject> | undefined) ?? {})) {
          inContent(response.content);
        }
      }
    }
  }
  const { schemas } = document.components as { schemas: Record<string, JsonObject> };
  for (const [name, schema] of Object.entries(schemas)) schemas[name] = portableSchema(schema);
  return document;
}
