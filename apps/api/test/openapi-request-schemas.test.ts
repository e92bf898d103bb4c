import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { buildOpenApiDocument } from '../src/openapi/document.ts';
import { call, freshIp, startTestApp, type TestApp } from './harness.ts';
import { sendingWorkspace } from './sending-support.ts';

/**
 * openapi.json refuses what the service refuses, where JSON Schema can say why: each request below
 * that the service answers with 422 for a reason a schema can express (a required field, exactly one
 * of two, a format, a minimum, a pattern) fails the document's schema for its body or path, as Prism's
 * validation proxy or Portman would check it; each valid one passes both.
 */

type Parameter = { in: string; name: string; schema: object };
type OperationObject = {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: object }> };
};
type Document = { paths: Record<string, Record<string, OperationObject>>; components?: object };

const document = buildOpenApiDocument() as unknown as Document;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const validators = new Map<object, ValidateFunction>();

function validate(schema: object, value: unknown): string[] {
  let validator = validators.get(schema);
  if (!validator) {
    validator = ajv.compile({ ...schema, components: document.components });
    validators.set(schema, validator);
  }
  if (validator(value)) return [];
  return (validator.errors ?? []).map((error) => `${error.instancePath || '(root)'} ${error.message ?? ''}`);
}

type Request = {
  method: string;
  /** The operation's path template in openapi.json. */
  route: string;
  params?: Record<string, string>;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
};

/** Why openapi.json refuses the request's path parameters and body; empty when it admits them. */
function documentRefusals(request: Request): string[] {
  const operation = document.paths[request.route]?.[request.method.toLowerCase()];
  if (!operation) throw new Error(`${request.method} ${request.route} is not in openapi.json`);
  const refusals: string[] = [];
  for (const parameter of operation.parameters ?? []) {
    const value = request.params?.[parameter.name];
    if (parameter.in === 'path' && value !== undefined) refusals.push(...validate(parameter.schema, value));
  }
  const bodySchema = operation.requestBody?.content['application/json']?.schema;
  if (bodySchema && request.body !== undefined) refusals.push(...validate(bodySchema, request.body));
  return refusals;
}

async function send(request: Request) {
  const path = request.route.replace(/\{(\w+)\}/g, (_whole, name: string) => encodeURIComponent(request.params![name]!));
  return call(app, request.method, path, {
    ...(request.token ? { token: request.token } : {}),
    ...(request.body !== undefined ? { body: request.body } : {}),
    ...(request.headers ? { headers: request.headers } : {}),
  });
}

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({}, { startJobs: false });
});
afterAll(async () => {
  await app.close();
});

describe("openapi.json's request schemas", () => {
  it('refuse every request the service refuses for a schema-expressible reason, and admit the valid ones', async () => {
    const developer = await sendingWorkspace(app);
    const { token } = developer;
    // A national-format UK number is among the valid sends below: the workspace allows GB.
    await call(app, 'PATCH', '/api/v1/messaging-settings', { token, body: { allowed_countries: ['US', 'GB'] } });
    const campaign = await call(app, 'POST', '/api/v1/campaigns', { token, body: { name: 'Schema check' } });
    const campaignId: string = campaign.body.campaign.id;
    const snippet = await call(app, 'POST', '/api/v1/snippets', { token, body: { name: 'schema-check', body: 'Hi' } });
    const message = await call(app, 'POST', '/api/v1/messages', {
      token,
      body: { phone_number: '+14155550100', body: 'Hello' },
    });
    expect([campaign.status, snippet.status, message.status]).toEqual([201, 201, 202]);
    const account = { username: `schema_${Date.now()}`, password: 'correct horse battery staple' };
    const enroll = { method: 'POST', route: '/api/v1/campaigns/{id}/enrollments', params: { id: campaignId }, token };
    const stage = { method: 'POST', route: '/api/v1/campaigns/{id}/stages', params: { id: campaignId }, token };
    const sendMessage = { method: 'POST', route: '/api/v1/messages', token };
    const checkSuppression = { method: 'GET', route: '/api/v1/suppressions/{phone_number}', token };
    const report = {
      method: 'POST',
      route: '/api/v1/sandbox/messages/{id}/report',
      params: { id: message.body.message.id as string },
      token,
    };

    const refused: Request[] = [
      { method: 'POST', route: '/mcp/accounts', body: {} },
      { method: 'POST', route: '/mcp/accounts', body: { username: account.username } },
      { method: 'POST', route: '/mcp/accounts', body: { ...account, account } },
      { ...enroll, body: {} },
      { ...enroll, body: { phone_numbers: ['+14155550101'], contact_list_id: 'cl_unknown' } },
      { method: 'POST', route: '/api/v1/webhook-endpoints', token, body: { url: 'not a url' } },
      { method: 'POST', route: '/api/v1/webhook-endpoints', token, body: { url: 'http://hooks.example.com/events' } },
      { method: 'POST', route: '/api/v1/onboarding/funding-invoices', token, body: { amount_cents: 499 } },
      { method: 'POST', route: '/api/v1/onboarding/funding-invoices', token, body: { amount_cents: -500 } },
      { ...checkSuppression, params: { phone_number: 'nope' } },
      { ...checkSuppression, params: { phone_number: '+14155550100 ' } },
      { ...sendMessage, body: { phone_number: '+)(5534 ', body: 'Hello' } },
      { ...sendMessage, body: { phone_number: '+1415555010012345', body: 'Hello' } },
      { ...sendMessage, body: { phone_number: '+14155550100', body: '  \n ' } },
      { ...sendMessage, body: { phone_number: '+14155550100', body: 'Hello', idempotency_key: 'a\u0000b' } },
      {
        ...sendMessage,
        body: {
          phone_number: '+14155550100',
          body: 'Hello',
          metadata: Object.fromEntries(Array.from({ length: 51 }, (_, index) => [`k${index}`, index])),
        },
      },
      { method: 'POST', route: '/api/v1/suppressions', token, body: { phone_number: '+(1) 415 555 0100' } },
      { ...stage, body: { body: 'Step', delay_minutes: 0, position: 51 } },
      { method: 'POST', route: '/api/v1/contact-lists', token, body: { name: '   ' } },
      { method: 'POST', route: '/api/v1/tokens', token, body: { name: ' ', scopes: ['messages:read'] } },
      { method: 'PATCH', route: '/api/v1/snippets/{id}', params: { id: snippet.body.snippet.id as string }, token, body: {} },
      { ...report, body: { outcome: 'opt_out', error_code: 'unreachable' } },
      { method: 'POST', route: '/api/v1/numbers', token, body: { area_code: '415', extra: true } },
    ];
    for (const request of refused) {
      const label = `${request.method} ${request.route} ${JSON.stringify(request.params ?? {})} ${JSON.stringify(request.body)}`;
      const response = await send({ ...request, headers: { 'x-forwarded-for': freshIp() } });
      expect(response.status, `${label}: ${JSON.stringify(response.body)}`).toBe(422);
      expect(documentRefusals(request), `${label} is admitted by openapi.json`).not.toEqual([]);
    }

    const valid: { request: Request; status: number }[] = [
      { request: { method: 'POST', route: '/mcp/accounts', body: { account } }, status: 201 },
      { request: { ...enroll, body: { phone_numbers: ['+1 (415) 555-0102', 'not a number'] } }, status: 200 },
      {
        request: { method: 'POST', route: '/api/v1/webhook-endpoints', token, body: { url: 'https://hooks.example.com/events' } },
        status: 201,
      },
      {
        request: { method: 'POST', route: '/api/v1/onboarding/funding-invoices', token, body: { amount_cents: 500 } },
        status: 201,
      },
      { request: { ...checkSuppression, params: { phone_number: '+1 415-555-0100' } }, status: 404 },
      { request: { ...sendMessage, body: { phone_number: '+1 (415) 555-0103', body: ' Hi ' } }, status: 202 },
      { request: { ...sendMessage, body: { phone_number: '+44 (0)20 7946 0958', body: 'Hi' } }, status: 202 },
      { request: { ...sendMessage, body: { phone_number: '+1.415.555.0104', body: 'Hi' } }, status: 202 },
      { request: { ...stage, body: { body: 'Step', delay_minutes: 0, position: 1 } }, status: 201 },
      {
        request: {
          method: 'PATCH',
          route: '/api/v1/snippets/{id}',
          params: { id: snippet.body.snippet.id as string },
          token,
          body: { body: 'Hello' },
        },
        status: 200,
      },
      {
        request: {
          method: 'POST',
          route: '/api/v1/onboarding/branded-request',
          token,
          body: { sample_messages: ['Your code is 1234. Reply STOP to end.'] },
        },
        status: 200,
      },
      { request: { ...report, body: { outcome: 'fail', error_code: 'unreachable' } }, status: 200 },
    ];
    for (const { request, status } of valid) {
      const label = `${request.method} ${request.route} ${JSON.stringify(request.params ?? {})} ${JSON.stringify(request.body)}`;
      expect(documentRefusals(request), label).toEqual([]);
      const response = await send({ ...request, headers: { 'x-forwarded-for': freshIp() } });
      expect(response.status, `${label}: ${JSON.stringify(response.body)}`).toBe(status);
    }
  });
});
