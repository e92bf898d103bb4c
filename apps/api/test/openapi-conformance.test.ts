import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { adminCommands } from '../src/admin/commands.ts';
import { buildOpenApiDocument } from '../src/openapi/document.ts';
import { call, freshIp, startTestApp, type JsonResponse, type TestApp } from './harness.ts';
import { tokenWithScopes } from './mcp-support.ts';
import { eventId, postSigned } from './inbound-support.ts';
import { completeBrandedDetails } from './onboarding-support.ts';
import { sendingWorkspace } from './sending-support.ts';

/**
 * openapi.json tells the truth about the wire: a flow through every operation it lists, error cases
 * included (bad input, unknown and impossible ids, missing token, wrong scope, rate limits), where
 * every response's status must be declared for its operation and its body must match the declared
 * schema. Every GET is repeated with an unknown query parameter, which every route ignores.
 */

type ResponseObject = { content?: Record<string, { schema: object }> };
type OperationObject = { responses: Record<string, ResponseObject> };
type Document = { paths: Record<string, Record<string, OperationObject>>; components?: object };

type Exchange = { method: string; route: string; path: string; status: number; contentType: string; body: unknown };

const document = buildOpenApiDocument() as unknown as Document;

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const validators = new Map<string, ValidateFunction>();

/** The declared body schema of a response, compiled with the document's components so its $refs resolve. */
function validatorFor(route: string, method: string, status: string, schema: object): ValidateFunction {
  const key = `${method} ${route} ${status}`;
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile({ ...schema, paths: document.paths, components: document.components });
    validators.set(key, validate);
  }
  return validate;
}

/** What is wrong with an exchange according to openapi.json; nothing when it conforms. */
function problemsWith(exchange: Exchange): string[] {
  const operation = document.paths[exchange.route]?.[exchange.method.toLowerCase()];
  if (!operation) return ['the operation is not in openapi.json'];
  const response = operation.responses[String(exchange.status)];
  if (!response) return [`status ${exchange.status} is not declared (declared: ${Object.keys(operation.responses).join(', ')})`];
  const schema = response.content?.['application/json']?.schema;
  if (!schema) return exchange.body === undefined ? [] : ['a body where none is declared'];
  if (!exchange.contentType.startsWith('application/json')) return [`content type ${exchange.contentType}`];
  const validate = validatorFor(exchange.route, exchange.method, String(exchange.status), schema);
  if (validate(exchange.body)) return [];
  return (validate.errors ?? []).map(
    (error) => `body${error.instancePath} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
  );
}

let app: TestApp;
const exchanges: Exchange[] = [];

type RequestOptions = Parameters<typeof call>[3] & { query?: string };

/** Sends a request for the operation at `route` (its path template) to `path`, and records the answer. */
async function send(method: string, route: string, path: string, options: RequestOptions = {}): Promise<JsonResponse> {
  const { query, ...callOptions } = options;
  const response = await call(app, method, query ? `${path}?${query}` : path, callOptions);
  exchanges.push({
    method,
    route,
    path,
    status: response.status,
    contentType: response.headers.get('content-type') ?? '',
    body: response.body,
  });
  if (method === 'GET') {
    // Ignored even when it holds what no route could store (a NUL).
    const withUnknown = await call(app, method, `${path}?${query ? `${query}&` : ''}not_a_parameter=a%00b`, callOptions);
    exchanges.push({
      method,
      route,
      path: `${path}?…not_a_parameter`,
      status: withUnknown.status,
      contentType: withUnknown.headers.get('content-type') ?? '',
      body: withUnknown.body,
    });
    expect(withUnknown.status, `${path} with an unknown query parameter`).toBe(response.status);
  }
  return response;
}

/** An id longer than any id of the kind: it fails the path parameter's schema. */
const impossibleId = 'x'.repeat(300);

beforeAll(async () => {
  // Jobs stay off: this is about what each request is answered, not what happens after.
  app = await startTestApp({}, { startJobs: false });
});
afterAll(async () => {
  await app.close();
});

describe('openapi.json against the wire', () => {
  it('declares every status and body of a flow through every operation', async () => {
    // --- health and accounts (no token) ---
    for (const path of ['/health', '/api/v1/health', '/mcp/health']) await send('GET', path, path);
    const ip = freshIp();
    const account = await send('POST', '/api/v1/accounts', '/api/v1/accounts', {
      body: { username: `flow_${Date.now()}`, password: 'correct horse battery staple' },
      headers: { 'x-forwarded-for': ip },
    });
    expect(account.status).toBe(201);
    const accountToken: string = account.body.token.access_token;
    const throttled = await send('POST', '/api/v1/accounts', '/api/v1/accounts', {
      body: { username: 'flow_again', password: 'correct horse battery staple' },
      headers: { 'x-forwarded-for': ip },
    });
    expect(throttled.status).toBe(429);
    await send('POST', '/api/v1/accounts', '/api/v1/accounts', {
      body: { username: 'x' },
      headers: { 'x-forwarded-for': freshIp() },
    });
    await send('POST', '/api/v1/accounts', '/api/v1/accounts', {
      rawBody: '{"username":',
      headers: { 'content-type': 'application/json' },
    });
    await send('POST', '/api/v1/accounts', '/api/v1/accounts', {
      rawBody: 'username=x',
      headers: { 'content-type': 'text/plain' },
    });
    await send('POST', '/mcp/accounts', '/mcp/accounts', {
      body: { account: { username: `flow_mcp_${Date.now()}`, password: 'correct horse battery staple' } },
      headers: { 'x-forwarded-for': freshIp() },
    });
    await send('POST', '/mcp/accounts', '/mcp/accounts', { body: {}, headers: { 'x-forwarded-for': freshIp() } });

    // --- the legacy MCP tools: an account token's way to a full key ---
    const workspace = await app.services.prisma.workspace.findUniqueOrThrow({ where: { accountId: account.body.account.id } });
    const executeOnly = await tokenWithScopes(app, workspace.id, ['mcp:execute']);
    const readOnly = await tokenWithScopes(app, workspace.id, ['mcp:read']);
    expect((await send('GET', '/mcp/tools', '/mcp/tools', { token: accountToken })).status).toBe(200);
    await send('GET', '/mcp/tools', '/mcp/tools');
    await send('GET', '/mcp/tools', '/mcp/tools', { token: executeOnly });
    const tool = '/mcp/tools/{name}';
    const key = await send('POST', tool, '/mcp/tools/create_api_key', {
      token: accountToken,
      body: { params: { name: 'flow' } },
    });
    expect(key.status).toBe(200);
    const token: string = key.body.result.token.access_token;
    await send('POST', tool, '/mcp/tools/list_oauth_clients', { token: accountToken });
    await send('POST', tool, '/mcp/tools/get_message', { token: accountToken, body: { params: { id: 'msg_unknown' } } });
    await send('POST', tool, '/mcp/tools/no_such_tool', { token: accountToken, body: { params: {} } });
    await send('POST', tool, '/mcp/tools/create_api_key', { token: accountToken, body: { params: { name: '' }, extra: 1 } });
    await send('POST', tool, '/mcp/tools/create_api_key', {
      token: accountToken,
      rawBody: '{',
      headers: { 'content-type': 'application/json' },
    });
    await send('POST', tool, '/mcp/tools/create_api_key', {
      token: accountToken,
      rawBody: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    await send('POST', tool, '/mcp/tools/create_api_key', { body: { params: {} } });
    await send('POST', tool, '/mcp/tools/create_api_key', { token: readOnly, body: { params: {} } });

    // --- the legacy key migration ---
    const migrate = '/api/v1/auth/migrate-legacy-key';
    const legacy = (await adminCommands['create-legacy-key'](app.services, {
      username: account.body.account.username,
      scopes: ['messages:write'],
    })) as { legacy_key: string };
    await send('POST', migrate, migrate, { token: legacy.legacy_key, body: { name: '' } });
    expect((await send('POST', migrate, migrate, { token: legacy.legacy_key, body: { name: 'migrated' } })).status).toBe(201);
    await send('POST', migrate, migrate, { token: legacy.legacy_key });
    await send('POST', migrate, migrate);

    // --- onboarding ---
    await send('GET', '/api/v1/onboarding', '/api/v1/onboarding', { token });
    await send('GET', '/api/v1/onboarding', '/api/v1/onboarding', { token: accountToken });
    await send('GET', '/api/v1/onboarding', '/api/v1/onboarding');
    await send('POST', '/api/v1/onboarding/api-key', '/api/v1/onboarding/api-key', { token, body: { name: 'second' } });
    await send('POST', '/api/v1/onboarding/api-key', '/api/v1/onboarding/api-key', { token, body: { name: '' } });
    await send('POST', '/api/v1/onboarding/api-key', '/api/v1/onboarding/api-key', { token: accountToken, body: {} });
    const invoices = '/api/v1/onboarding/funding-invoices';
    await send('POST', invoices, invoices, { token, body: { amount_cents: 1 } });
    const invoice = await send('POST', invoices, invoices, { token, body: { amount_cents: 5_000 } });
    expect(invoice.status).toBe(201);
    await send('GET', `${invoices}/{id}`, `${invoices}/${invoice.body.invoice.id}`, { token });
    await send('GET', `${invoices}/{id}`, `${invoices}/inv_unknown`, { token });
    expect((await send('GET', `${invoices}/{id}`, `${invoices}/${impossibleId}`, { token })).status).toBe(404);
    await send('POST', '/api/v1/onboarding/test-sms', '/api/v1/onboarding/test-sms', {
      token,
      body: { phone_number: '+14155550123' },
    });
    await send('POST', '/api/v1/onboarding/test-sms', '/api/v1/onboarding/test-sms', {
      token,
      body: { phone_number: 'not a number' },
    });
    await send('POST', '/api/v1/onboarding/dedicated-number', '/api/v1/onboarding/dedicated-number', { token });
    await send('POST', '/api/v1/onboarding/branded-request', '/api/v1/onboarding/branded-request', {
      token,
      body: { website: 'not a url' },
    });
    await send('POST', '/api/v1/onboarding/branded-request', '/api/v1/onboarding/branded-request', {
      token,
      body: completeBrandedDetails,
    });
    await send('POST', '/api/v1/onboarding/dedicated-number', '/api/v1/onboarding/dedicated-number', { token });

    // --- numbers ---
    await send('GET', '/api/v1/numbers', '/api/v1/numbers', { token });
    await send('GET', '/api/v1/numbers', '/api/v1/numbers', { token: accountToken });
    await send('POST', '/api/v1/numbers', '/api/v1/numbers', { token, body: { area_code: '12' } });
    await send('POST', '/api/v1/numbers', '/api/v1/numbers', { token });
    const available = '/api/v1/numbers/available';
    const offered = await send('GET', available, available, { token, query: 'area_code=303&contains=01&limit=2' });
    expect(offered.status).toBe(200);
    await send('GET', available, available, { token, query: 'contains=x' });
    await send('GET', available, available, { token: accountToken });
    await send('GET', available, available, {});
    const exact = await send('POST', '/api/v1/numbers', '/api/v1/numbers', {
      token,
      body: { number: offered.body.available_numbers[0].number },
    });
    expect(exact.status).toBe(201);
    await send('POST', '/api/v1/numbers', '/api/v1/numbers', { token, body: { number: exact.body.number.number } });
    const numberRoute = '/api/v1/numbers/{id}';
    const numberPath = `/api/v1/numbers/${exact.body.number.id}`;
    await send('GET', numberRoute, numberPath, { token });
    await send('GET', numberRoute, '/api/v1/numbers/pn_unknown', { token });
    await send('GET', numberRoute, numberPath, { token: accountToken });
    await send('PATCH', numberRoute, numberPath, { token, body: { friendly_name: 'Flow line' } });
    await send('PATCH', numberRoute, numberPath, { token, body: { friendly_name: '' } });
    await send('PATCH', numberRoute, '/api/v1/numbers/pn_unknown', { token, body: { friendly_name: 'x' } });
    await send('PATCH', numberRoute, `/api/v1/numbers/${impossibleId}`, { token, body: { friendly_name: 'x' } });
    await send('DELETE', numberRoute, numberPath, { token: accountToken });
    await send('DELETE', numberRoute, numberPath, {});
    expect((await send('DELETE', numberRoute, numberPath, { token })).status).toBe(200);
    await send('DELETE', numberRoute, numberPath, { token });
    await send('DELETE', numberRoute, '/api/v1/numbers/pn_unknown', { token });
    await send('DELETE', numberRoute, `/api/v1/numbers/${impossibleId}`, { token });

    // --- sender pools and the queue ---
    const pools = '/api/v1/sender-pools';
    const poolOwner = await sendingWorkspace(app);
    await send('GET', pools, pools, { token: poolOwner.token });
    await send('GET', pools, pools, { token: poolOwner.token, query: 'limit=0' });
    await send('GET', pools, pools, { token: accountToken });
    const pool = await send('POST', pools, pools, {
      token: poolOwner.token,
      body: { name: 'Flow pool', number_ids: [poolOwner.senders[0]!.id], is_default: true },
    });
    expect(pool.status).toBe(201);
    await send('POST', pools, pools, { token: poolOwner.token, body: { name: 'Bad', number_ids: ['pn_unknown'] } });
    const poolPath = `${pools}/${pool.body.sender_pool.id}`;
    await send('GET', `${pools}/{id}`, poolPath, { token: poolOwner.token });
    await send('GET', `${pools}/{id}`, `${pools}/spl_unknown`, { token: poolOwner.token });
    await send('PATCH', `${pools}/{id}`, poolPath, { token: poolOwner.token, body: { sticky_sender: false } });
    await send('PATCH', `${pools}/{id}`, poolPath, { token: poolOwner.token, body: {} });
    await send('PATCH', `${pools}/{id}`, `${pools}/spl_unknown`, { token: poolOwner.token, body: { name: 'x' } });
    await send('POST', '/api/v1/messages', '/api/v1/messages', {
      token: poolOwner.token,
      body: { phone_number: '+14155550100', body: 'Pooled' },
    });
    await send('GET', '/api/v1/queue', '/api/v1/queue', { token: poolOwner.token });
    await send('GET', '/api/v1/queue', '/api/v1/queue', {});
    await send('DELETE', `${pools}/{id}`, poolPath, { token: poolOwner.token });
    await send('DELETE', `${pools}/{id}`, poolPath, { token: poolOwner.token });

    // --- messages: a funded sender, an unfunded one, and one on the starter tier's one-send burst ---
    const sender = await sendingWorkspace(app);
    const unfunded = await sendingWorkspace(app, { balanceCents: 0 });
    const starter = await sendingWorkspace(app, { tier: 'starter' });
    const unfundedNumberless = await sendingWorkspace(app, { balanceCents: 0, numbers: 0 });
    const messages = '/api/v1/messages';
    const message = { phone_number: '+14155550123', body: 'Hello from the flow', idempotency_key: 'flow-1' };
    const sent = await send('POST', messages, messages, { token: sender.token, body: message });
    expect(sent.status).toBe(202);
    expect((await send('POST', messages, messages, { token: sender.token, body: message })).status).toBe(200);
    expect(
      (await send('POST', messages, messages, { token: sender.token, body: { ...message, body: 'Something else' } })).status,
    ).toBe(409);
    await send('POST', messages, messages, { token: sender.token, body: { phone_number: '12', body: '' } });
    await send('POST', messages, messages, { token: unfunded.token, body: { phone_number: '+14155550123', body: 'x' } });
    await send('POST', messages, messages, { token: starter.token, body: { phone_number: '+14155550123', body: 'one' } });
    expect(
      (await send('POST', messages, messages, { token: starter.token, body: { phone_number: '+14155550123', body: 'two' } }))
        .status,
    ).toBe(429);
    await send('POST', messages, messages, { body: message });
    await send('POST', messages, messages, { token: readOnly, body: message });
    const batch = `${messages}/batch`;
    const items = [message, { phone_number: '+14155550124', body: 'Second' }];
    expect((await send('POST', batch, batch, { token: sender.token, body: { messages: items } })).status).toBe(200);
    await send('POST', batch, batch, { token: sender.token, body: { messages: [] } });
    await send('POST', batch, batch, { body: { messages: items } });
    await send('POST', batch, batch, { token: readOnly, body: { messages: items } });
    const media = { phone_number: '+14155550125', media_urls: ['http://127.0.0.1:9/photo.png'] };
    expect((await send('POST', messages, messages, { token: sender.token, body: media })).status).toBe(422);
    const tracked = await send('POST', messages, messages, {
      token: sender.token,
      body: { phone_number: '+14155550126', body: 'See https://example.com/menu', shorten_links: true },
    });
    const [link] = await app.services.prisma.messageLink.findMany({ where: { messageId: tracked.body.message.id } });
    expect((await send('GET', '/l/{code}', `/l/${link!.code}`, { redirect: 'manual' })).status).toBe(302);
    expect((await send('GET', '/l/{code}', '/l/AbCdEfGh1234')).status).toBe(404);
    const get = `${messages}/{id}`;
    expect((await send('GET', get, `${messages}/${sent.body.message.id}`, { token: sender.token })).status).toBe(200);
    await send('GET', get, `${messages}/msg_unknown`, { token: sender.token });
    expect((await send('GET', get, `${messages}/${impossibleId}`, { token: sender.token })).status).toBe(404);
    await send('GET', get, `${messages}/msg_unknown`);
    await send('GET', get, `${messages}/msg_unknown`, { token: readOnly });
    expect(
      (await send('GET', messages, messages, { token: sender.token, query: 'idempotency_key=flow-1&limit=10' })).status,
    ).toBe(200);
    await send('GET', messages, messages, { token: sender.token, query: 'status=bogus' });
    await send('GET', messages, messages);
    await send('GET', messages, messages, { token: readOnly });
    const timeline = `${messages}/{id}/events`;
    expect((await send('GET', timeline, `${messages}/${sent.body.message.id}/events`, { token: sender.token })).status).toBe(200);
    await send('GET', timeline, `${messages}/msg_unknown/events`, { token: sender.token });
    await send('GET', timeline, `${messages}/msg_unknown/events`);
    await send('GET', timeline, `${messages}/msg_unknown/events`, { token: readOnly });
    await send('POST', messages, messages, {
      token: sender.token,
      body: { ...message, idempotency_key: 'flow-2', from: '+12065550199' },
    });
    const preview = `${messages}/preview`;
    expect((await send('POST', preview, preview, { token: sender.token, body: { ...message, body: 'It’s 😀' } })).status).toBe(
      200,
    );
    await send('POST', preview, preview, { token: unfunded.token, body: message });
    await send('POST', preview, preview, { token: sender.token, body: { phone_number: '12', body: '' } });
    await send('POST', preview, preview, { body: message });
    await send('POST', preview, preview, { token: readOnly, body: message });
    const scheduled = await send('POST', messages, messages, {
      token: sender.token,
      body: { ...message, idempotency_key: 'flow-3', send_at: new Date(app.clock.now() + 3_600_000).toISOString() },
    });
    expect(scheduled.status).toBe(202);
    await send('POST', messages, messages, {
      token: sender.token,
      body: { ...message, idempotency_key: 'flow-4', send_at: 'soon' },
    });
    const cancel = `${messages}/{id}/cancel`;
    expect((await send('POST', cancel, `${messages}/${scheduled.body.message.id}/cancel`, { token: sender.token })).status).toBe(
      200,
    );
    expect((await send('POST', cancel, `${messages}/${scheduled.body.message.id}/cancel`, { token: sender.token })).status).toBe(
      422,
    );
    await send('POST', cancel, `${messages}/msg_unknown/cancel`, { token: sender.token });
    await send('POST', cancel, `${messages}/msg_unknown/cancel`);
    await send('POST', cancel, `${messages}/msg_unknown/cancel`, { token: readOnly });

    // --- approvals: a send held by its token's rule, approved once, then not again; another rejected ---
    const agent = (
      await call(app, 'POST', '/api/v1/tokens', {
        token: sender.token,
        body: { name: 'held agent', scopes: ['messages:write'], approval: { required_for: 'all_sends' } },
      })
    ).body.token.access_token as string;
    const held = await send('POST', messages, messages, { token: agent, body: { ...message, idempotency_key: 'flow-held' } });
    expect(held.body.message.status).toBe('pending_approval');
    const approvals = '/api/v1/approvals';
    expect((await send('GET', approvals, approvals, { token: sender.token, query: 'status=pending' })).status).toBe(200);
    await send('GET', approvals, approvals, { token: sender.token, query: 'status=bogus' });
    await send('GET', approvals, approvals);
    const approve = `${approvals}/{id}/approve`;
    const reject = `${approvals}/{id}/reject`;
    const approvalPath = `${approvals}/${held.body.message.approval.id}`;
    expect((await send('POST', approve, `${approvalPath}/approve`, { token: agent })).status).toBe(403);
    expect((await send('POST', approve, `${approvalPath}/approve`, { token: sender.token })).status).toBe(200);
    expect((await send('POST', reject, `${approvalPath}/reject`, { token: sender.token })).status).toBe(422);
    await send('POST', approve, `${approvals}/apr_unknown/approve`, { token: sender.token });
    await send('POST', reject, `${approvals}/apr_unknown/reject`, { token: sender.token });
    await send('POST', reject, `${approvals}/apr_unknown/reject`);
    await send('POST', reject, `${approvals}/apr_unknown/reject`, { token: readOnly });

    // --- OAuth clients ---
    const clients = '/api/v1/mcp/oauth-clients';
    await send('GET', clients, clients, { token });
    await send('DELETE', `${clients}/{client_id}`, `${clients}/client_unknown`, { token });
    expect((await send('DELETE', `${clients}/{client_id}`, `${clients}/${impossibleId}`, { token })).status).toBe(404);

    // --- campaigns ---
    const campaigns = '/api/v1/campaigns';
    const byId = `${campaigns}/{id}`;
    await send('GET', campaigns, campaigns, { token, query: 'status=draft&limit=10' });
    await send('GET', campaigns, campaigns, { token, query: 'limit=abc' });
    await send('GET', campaigns, campaigns, { token, query: 'cursor=%00' });
    await send('GET', campaigns, campaigns, { token: accountToken });
    await send('POST', campaigns, campaigns, { token, body: { name: '' } });
    const campaign = await send('POST', campaigns, campaigns, { token, body: { name: 'Flow campaign' } });
    expect(campaign.status).toBe(201);
    const id: string = campaign.body.campaign.id;
    await send('GET', byId, `${campaigns}/${id}`, { token });
    await send('GET', byId, `${campaigns}/cmp_unknown`, { token });
    expect((await send('GET', byId, `${campaigns}/${impossibleId}`, { token })).status).toBe(404);
    await send('PATCH', byId, `${campaigns}/${id}`, { token, body: { name: 'Renamed' } });
    await send('PATCH', byId, `${campaigns}/${impossibleId}`, { token, body: { name: 'Renamed' } });
    await send('POST', `${byId}/stages`, `${campaigns}/${id}/stages`, {
      token,
      body: { body: 'Hi {{first_name}}', delay_minutes: 0 },
    });
    await send('POST', `${byId}/stages`, `${campaigns}/${id}/stages`, { token, body: { body: '{{unknown}}', delay_minutes: 0 } });
    await send('POST', `${byId}/enrollments`, `${campaigns}/${id}/enrollments`, {
      token,
      body: { phone_numbers: ['+14155550100'] },
    });
    await send('POST', `${byId}/enrollments`, `${campaigns}/cmp_unknown/enrollments`, {
      token,
      body: { phone_numbers: ['+14155550100'] },
    });
    await send('GET', `${byId}/enrollments`, `${campaigns}/${id}/enrollments`, { token, query: 'limit=10' });
    await send('GET', `${byId}/enrollments`, `${campaigns}/${id}/enrollments`, { token, query: 'cursor=%00' });
    await send('GET', `${byId}/enrollments`, `${campaigns}/cmp_unknown/enrollments`, { token });
    await send('GET', `${byId}/enrollments`, `${campaigns}/${id}/enrollments`, { token: accountToken });
    await send('POST', `${byId}/pause`, `${campaigns}/${id}/pause`, { token });
    await send('POST', `${byId}/activate`, `${campaigns}/${id}/activate`, { token });
    await send('POST', `${byId}/pause`, `${campaigns}/${id}/pause`, { token });
    const suppressions = `${campaigns}/${id}/suppressions`;
    await send('GET', `${byId}/suppressions`, suppressions, { token });
    await send('GET', `${byId}/suppressions`, `${campaigns}/cmp_unknown/suppressions`, { token });
    const suppression = await send('POST', `${byId}/suppressions`, suppressions, {
      token,
      body: { phone_number: '+14155550100' },
    });
    await send('POST', `${byId}/suppressions`, suppressions, { token, body: { phone_number: '+14155550100' } });
    await send('POST', `${byId}/suppressions`, suppressions, { token, body: { phone_number: 'nope' } });
    const deleteSuppression = `${campaigns}/{campaign_id}/suppressions/{suppression_id}`;
    await send('DELETE', deleteSuppression, `${suppressions}/${suppression.body.suppression.id}`, { token });
    await send('DELETE', deleteSuppression, `${suppressions}/${suppression.body.suppression.id}`, { token });
    await send('DELETE', deleteSuppression, `${suppressions}/${impossibleId}`, { token });
    await send('POST', `${byId}/archive`, `${campaigns}/${id}/archive`, { token });
    await send('POST', `${byId}/activate`, `${campaigns}/${id}/activate`, { token });

    // --- snippets and contact lists ---
    const snippets = '/api/v1/snippets';
    await send('GET', snippets, snippets, { token });
    await send('GET', snippets, snippets, { token, query: 'limit=0' });
    const snippet = await send('POST', snippets, snippets, { token, body: { name: 'greeting', body: 'Hello' } });
    await send('POST', snippets, snippets, { token, body: { name: 'Not Valid', body: '' } });
    await send('PATCH', `${snippets}/{id}`, `${snippets}/${snippet.body.snippet.id}`, { token, body: { body: 'Hi there' } });
    await send('PATCH', `${snippets}/{id}`, `${snippets}/snp_unknown`, { token, body: { body: 'Hi there' } });
    const templates = '/api/v1/templates';
    await send('GET', templates, templates, { token });
    await send('GET', templates, templates, { token, query: 'limit=0' });
    await send('GET', templates, templates);
    const template = await send('POST', templates, templates, { token, body: { name: 'Greeting', body: 'Hi {{name}}' } });
    await send('POST', templates, templates, { token, body: { name: 'Broken', body: 'Hi {{first name}}' } });
    await send('POST', templates, templates, { token: readOnly, body: { name: 'Greeting', body: 'Hi' } });
    const templateId = template.body.template.id as string;
    await send('GET', `${templates}/{id}`, `${templates}/${templateId}`, { token });
    await send('GET', `${templates}/{id}`, `${templates}/tpl_unknown`, { token });
    await send('PATCH', `${templates}/{id}`, `${templates}/${templateId}`, { token, body: { name: 'Hello' } });
    await send('PATCH', `${templates}/{id}`, `${templates}/${templateId}`, { token, body: {} });
    await send('PATCH', `${templates}/{id}`, `${templates}/tpl_unknown`, { token, body: { name: 'Hello' } });
    await send('DELETE', `${templates}/{id}`, `${templates}/${templateId}`, { token });
    await send('DELETE', `${templates}/{id}`, `${templates}/${templateId}`, { token });
    const lists = '/api/v1/contact-lists';
    await send('GET', lists, lists, { token });
    await send('GET', lists, lists, { token, query: 'limit=1000' });
    const list = await send('POST', lists, lists, { token, body: { name: 'Flow list' } });
    await send('POST', lists, lists, { token, body: { name: ' ' } });
    await send('POST', `${lists}/{id}/contacts`, `${lists}/${list.body.contact_list.id}/contacts`, {
      token,
      body: { contacts: [{ phone_number: '+14155550101', first_name: 'Ada' }] },
    });
    await send('POST', `${lists}/{id}/contacts`, `${lists}/cl_unknown/contacts`, {
      token,
      body: { contacts: [{ phone_number: '+14155550101' }] },
    });

    // --- sender registration ---
    const brands = '/api/v1/brands';
    const brandBody = {
      legal_name: 'Flow Brand LLC',
      country: 'US',
      tax_id: '12-3456789',
      entity_type: 'private_company',
      vertical: 'retail',
      website: 'https://flow.example.com',
      support_email: 'support@flow.example.com',
      support_phone: '+14155550123',
    };
    const brand = await send('POST', brands, brands, { token, body: brandBody });
    await send('POST', brands, brands, { token, body: { ...brandBody, country: 'usa' } });
    await send('GET', brands, brands, { token });
    await send('GET', brands, brands, { token, query: 'limit=0' });
    await send('GET', `${brands}/{id}`, `${brands}/${brand.body.brand.id}`, { token });
    await send('GET', `${brands}/{id}`, `${brands}/brd_unknown`, { token });
    const useCases = '/api/v1/use-cases';
    const registrationText = {
      description: 'Order updates for customers who asked for texts at checkout.',
      sample_messages: ['Flow Brand: your order shipped today.', 'Flow Brand: your order was delivered.'],
      message_flow: 'Customers tick an unchecked box for order texts at checkout on the website.',
    };
    const useCaseBody = {
      brand_id: brand.body.brand.id,
      use_case: 'delivery_notifications',
      ...registrationText,
      help_message: 'Flow Brand: reply STOP to opt out, or write to support.',
      opt_out_message: 'Flow Brand: you will get no more texts from us.',
      has_links: false,
      has_phone_numbers: false,
    };
    await send('POST', useCases, useCases, { token, body: useCaseBody });
    await send('POST', useCases, useCases, { token, body: { ...useCaseBody, brand_id: 'brd_unknown' } });
    await app.services.jobs.drain();
    const useCase = await send('POST', useCases, useCases, { token, body: useCaseBody });
    await send('POST', useCases, useCases, { token, body: { ...useCaseBody, sample_messages: [] } });
    await send('GET', useCases, useCases, { token });
    await send('GET', useCases, useCases, { token, query: 'limit=0' });
    const useCasePath = `${useCases}/${useCase.body.use_case.id}`;
    await send('GET', `${useCases}/{id}`, useCasePath, { token });
    await send('GET', `${useCases}/{id}`, `${useCases}/ucs_unknown`, { token });
    // Corrections: only of a rejected registration (the sandbox rejects what says REJECT).
    await send('PATCH', `${useCases}/{id}`, useCasePath, { token, body: { has_links: true } });
    await send('PATCH', `${useCases}/{id}`, `${useCases}/ucs_unknown`, { token, body: { has_links: true } });
    await send('PATCH', `${useCases}/{id}`, useCasePath, { token, body: { sample_messages: [] } });
    const rejectedBrand = await send('POST', brands, brands, { token, body: { ...brandBody, legal_name: 'REJECT Flow LLC' } });
    const rejectedUseCase = await send('POST', useCases, useCases, {
      token,
      body: { ...useCaseBody, description: `REJECT ${registrationText.description}` },
    });
    await app.services.jobs.drain();
    const rejectedBrandPath = `${brands}/${rejectedBrand.body.brand.id}`;
    await send('PATCH', `${brands}/{id}`, rejectedBrandPath, { token, body: { legal_name: 'Flow Brand LLC' } });
    await send('PATCH', `${brands}/{id}`, rejectedBrandPath, { token, body: { legal_name: 'Flow Brand LLC' } });
    await send('PATCH', `${brands}/{id}`, `${brands}/brd_unknown`, { token, body: { legal_name: 'Flow Brand LLC' } });
    await send('PATCH', `${brands}/{id}`, rejectedBrandPath, { token, body: { country: 'usa' } });
    await send('PATCH', `${useCases}/{id}`, `${useCases}/${rejectedUseCase.body.use_case.id}`, {
      token,
      body: { description: registrationText.description },
    });
    const registered = await send('POST', '/api/v1/numbers', '/api/v1/numbers', {
      token,
      body: { registration: 'unregistered' },
    });
    const registeredId = registered.body.number.id;
    await send('POST', `${useCases}/{id}/numbers`, `${useCasePath}/numbers`, { token, body: { number_id: registeredId } });
    await send('POST', `${useCases}/{id}/numbers`, `${useCasePath}/numbers`, { token, body: { number_id: 'pn_unknown' } });
    await send('POST', `${useCases}/{id}/numbers`, `${useCasePath}/numbers`, { token, body: {} });
    const assigned = `${useCases}/{id}/numbers/{number_id}`;
    await send('DELETE', assigned, `${useCasePath}/numbers/${registeredId}`, { token });
    await send('DELETE', assigned, `${useCasePath}/numbers/${registeredId}`, { token });
    const tollFreeRoute = '/api/v1/numbers/{id}/toll-free-verification';
    const tollFreeBody = {
      brand_id: brand.body.brand.id,
      use_case: 'delivery_notifications',
      ...registrationText,
      monthly_volume: 100,
    };
    await send('POST', tollFreeRoute, `/api/v1/numbers/${registeredId}/toll-free-verification`, { token, body: tollFreeBody });
    const tollFree = await send('POST', '/api/v1/numbers', '/api/v1/numbers', {
      token,
      body: { type: 'toll_free', registration: 'unregistered' },
    });
    const tollFreePath = `/api/v1/numbers/${tollFree.body.number.id}/toll-free-verification`;
    await send('POST', tollFreeRoute, tollFreePath, { token, body: tollFreeBody });
    await send('POST', tollFreeRoute, tollFreePath, { token, body: { ...tollFreeBody, monthly_volume: 0 } });
    await send('POST', tollFreeRoute, '/api/v1/numbers/pn_unknown/toll-free-verification', { token, body: tollFreeBody });

    // --- opt-outs (workspace suppressions) and conversations ---
    const optOuts = '/api/v1/suppressions';
    const optOut = `${optOuts}/{phone_number}`;
    const optOutPath = `${optOuts}/${encodeURIComponent('+14155550177')}`;
    await send('POST', optOuts, optOuts, { token: sender.token, body: { phone_number: '+14155550177', reason: 'flow' } });
    await send('POST', optOuts, optOuts, { token: sender.token, body: { phone_number: '+14155550177' } });
    await send('POST', optOuts, optOuts, { token: sender.token, body: { phone_number: 'nope' } });
    await send('POST', optOuts, optOuts, { token: readOnly, body: { phone_number: '+14155550177' } });
    await send('GET', optOuts, optOuts, { token: sender.token, query: 'active=true&source=manual' });
    await send('GET', optOuts, optOuts, { token: sender.token, query: 'source=carrier' });
    await send('GET', optOuts, optOuts);
    await send('GET', optOut, optOutPath, { token: sender.token });
    await send('GET', optOut, `${optOuts}/%2B14155550178`, { token: sender.token });
    await send('GET', optOut, `${optOuts}/nope`, { token: sender.token });
    await send('DELETE', optOut, optOutPath, { token: sender.token });
    await send('DELETE', optOut, `${optOuts}/%2B14155550178`, { token: sender.token });
    const reply = { id: eventId('in'), from: '+14155550179', to: sender.senders[0]!.number, body: 'STOP' };
    expect((await postSigned(app, 'messaging', 'incoming', reply)).status).toBe(202);
    await app.services.jobs.drain();
    await send('DELETE', optOut, `${optOuts}/%2B14155550179`, { token: sender.token });
    const conversations = '/api/v1/conversations';
    const threads = await send('GET', conversations, conversations, {
      token: sender.token,
      query: 'phone_number=%2B14155550179',
    });
    await send('GET', conversations, conversations, { token: sender.token, query: 'phone_number=nope' });
    await send('GET', conversations, conversations, { token: readOnly });
    const thread = `${conversations}/${threads.body.conversations[0].id}`;
    await send('GET', `${conversations}/{id}`, thread, { token: sender.token, query: 'limit=1' });
    await send('GET', `${conversations}/{id}`, `${conversations}/cnv_unknown`, { token: sender.token });
    await send('GET', `${conversations}/{id}`, `${conversations}/${impossibleId}`, { token: sender.token });
    const replies = `${conversations}/{id}/replies`;
    await send('GET', replies, `${thread}/replies`, { token: sender.token, query: 'wait_seconds=0&after=2026-01-01T00:00:00Z' });
    await send('GET', replies, `${thread}/replies`, { token: sender.token, query: 'wait_seconds=31' });
    await send('GET', replies, `${conversations}/cnv_unknown/replies`, { token: sender.token, query: 'wait_seconds=0' });
    await send('GET', replies, `${thread}/replies`, { token: readOnly, query: 'wait_seconds=0' });

    // --- balance, ledger and usage ---
    const day = new Date(app.clock.now()).toISOString().slice(0, 10);
    await send('GET', '/api/v1/balance', '/api/v1/balance', { token: sender.token });
    await send('GET', '/api/v1/balance', '/api/v1/balance', { token: executeOnly });
    await send('GET', '/api/v1/balance', '/api/v1/balance');
    await send('GET', '/api/v1/ledger', '/api/v1/ledger', { token: sender.token, query: 'limit=2' });
    await send('GET', '/api/v1/ledger', '/api/v1/ledger', { token: sender.token, query: 'kind=bonus' });
    await send('GET', '/api/v1/usage', '/api/v1/usage', {
      token: sender.token,
      query: `from=${day}&to=${day}&granularity=month`,
    });
    await send('GET', '/api/v1/usage', '/api/v1/usage', { token: sender.token, query: 'from=2026-03-02&to=2026-03-01' });

    // --- workspace settings ---
    const settings = '/api/v1/workspace/settings';
    await send('GET', settings, settings, { token: sender.token });
    await send('GET', settings, settings, { token: executeOnly });
    await send('PATCH', settings, settings, { token: sender.token, body: { retention_days: 400 } });
    await send('PATCH', settings, settings, { token: sender.token, body: { retention_days: null } });
    await send('PATCH', settings, settings, { token: sender.token, body: { retention_days: 0 } });

    // --- delegated tokens ---
    const tokens = '/api/v1/tokens';
    const tokenReader = await tokenWithScopes(app, workspace.id, ['tokens:read']);
    const delegated = await send('POST', tokens, tokens, {
      token,
      body: { name: 'flow agent', scopes: ['messages:write'], spend_cap_cents_daily: 100 },
    });
    await send('POST', tokens, tokens, { token, body: { name: 'flow agent', scopes: ['messages:write'], send_rate_tier: 'x' } });
    await send('POST', tokens, tokens, { token: tokenReader, body: { name: 'flow agent', scopes: ['messages:write'] } });
    await send('GET', tokens, tokens, { token: tokenReader });
    await send('GET', tokens, tokens, { token, query: 'limit=0' });
    await send('DELETE', `${tokens}/{id}`, `${tokens}/${delegated.body.token.id}`, { token });
    await send('DELETE', `${tokens}/{id}`, `${tokens}/tok_unknown`, { token });
    await send('DELETE', `${tokens}/{id}`, `${tokens}/${delegated.body.token.id}`, { token: tokenReader });

    // --- webhook endpoints and deliveries ---
    const endpoints = '/api/v1/webhook-endpoints';
    const byEndpoint = `${endpoints}/{id}`;
    const webhookReader = await tokenWithScopes(app, workspace.id, ['webhooks:read']);
    await send('GET', endpoints, endpoints, { token });
    await send('GET', endpoints, endpoints, { token, query: 'limit=0' });
    await send('GET', endpoints, endpoints);
    const endpoint = await send('POST', endpoints, endpoints, { token, body: { url: 'https://hooks.example.com/flow' } });
    await send('POST', endpoints, endpoints, { token, body: { url: 'http://hooks.example.com/flow' } });
    await send('POST', endpoints, endpoints, { token: webhookReader, body: { url: 'https://hooks.example.com/flow' } });
    const endpointPath = `${endpoints}/${endpoint.body.endpoint.id}`;
    await send('GET', byEndpoint, endpointPath, { token });
    await send('GET', byEndpoint, `${endpoints}/whe_unknown`, { token });
    await send('GET', byEndpoint, `${endpoints}/${impossibleId}`, { token });
    await send('PATCH', byEndpoint, endpointPath, { token, body: { description: 'Flow' } });
    await send('PATCH', byEndpoint, endpointPath, { token, body: { event_types: ['message.bounced'] } });
    await send('GET', `${byEndpoint}/secret`, `${endpointPath}/secret`, { token });
    await send('GET', `${byEndpoint}/secret`, `${endpointPath}/secret`, { token: webhookReader });
    await send('POST', `${byEndpoint}/rotate-secret`, `${endpointPath}/rotate-secret`, { token });
    await send('POST', `${byEndpoint}/rotate-secret`, `${endpoints}/whe_unknown/rotate-secret`, { token });
    const tested = await send('POST', `${byEndpoint}/test`, `${endpointPath}/test`, {
      token,
      body: { event_type: 'message.sent' },
    });
    await send('POST', `${byEndpoint}/test`, `${endpointPath}/test`, { token, body: { event_type: 'message.bounced' } });
    const since = new Date(app.clock.now() - 3_600_000).toISOString();
    await send('POST', `${byEndpoint}/recover`, `${endpointPath}/recover`, { token, body: { since } });
    await send('POST', `${byEndpoint}/recover`, `${endpointPath}/recover`, { token, body: { since: 'soon' } });
    await send('GET', `${byEndpoint}/stats`, `${endpointPath}/stats`, { token: webhookReader });
    await send('GET', `${byEndpoint}/stats`, `${endpoints}/whe_unknown/stats`, { token });
    const deliveries = '/api/v1/webhook-deliveries';
    await send('GET', deliveries, deliveries, { token, query: `event_type=message.sent&created_after=${since}` });
    await send('GET', deliveries, deliveries, { token, query: 'created_after=yesterday' });
    const deliveryPath = `${deliveries}/${tested.body.delivery.id}`;
    await send('GET', `${deliveries}/{id}`, deliveryPath, { token });
    await send('GET', `${deliveries}/{id}`, `${deliveries}/whd_unknown`, { token });
    await send('POST', `${deliveries}/{id}/replay`, `${deliveryPath}/replay`, { token });
    await send('POST', `${deliveries}/{id}/replay`, `${deliveries}/whd_unknown/replay`, { token });
    await send('DELETE', byEndpoint, endpointPath, { token });
    await send('DELETE', byEndpoint, endpointPath, { token });

    // --- messaging settings, consents, lookups, and the sends their policies refuse or hold ---
    const settingsRoute = '/api/v1/messaging-settings';
    const complianceReader = await tokenWithScopes(app, workspace.id, ['compliance:read']);
    expect((await send('GET', settingsRoute, settingsRoute, { token: sender.token })).status).toBe(200);
    await send('GET', settingsRoute, settingsRoute);
    await send('GET', settingsRoute, settingsRoute, { token: readOnly });
    await send('PATCH', settingsRoute, settingsRoute, { token: complianceReader, body: { reject_landlines: true } });
    await send('PATCH', settingsRoute, settingsRoute, { token: sender.token, body: { quiet_hours: { mode: 'never' } } });
    const policed = await sendingWorkspace(app);
    const patched = await send('PATCH', settingsRoute, settingsRoute, {
      token: policed.token,
      body: { quiet_hours: { mode: 'refuse', start: '00:00', end: '00:01' }, reject_landlines: true },
    });
    expect(patched.status).toBe(200);
    const policedSend = { phone_number: '+14155550124', body: 'Policed' };
    await send('POST', messages, messages, { token: policed.token, body: { ...policedSend, phone_number: '+33612345678' } });
    await send('POST', messages, messages, { token: policed.token, body: { ...policedSend, phone_number: '+14155550191' } });
    await send('POST', messages, messages, { token: policed.token, body: policedSend });
    await send('POST', preview, preview, { token: policed.token, body: policedSend });
    await send('PATCH', settingsRoute, settingsRoute, {
      token: policed.token,
      body: { quiet_hours: { mode: 'hold' }, pumping_guard: { max_new_numbers_per_hour: 1 } },
    });
    expect((await send('POST', messages, messages, { token: policed.token, body: policedSend })).status).toBe(202);
    expect(
      (await send('POST', messages, messages, { token: policed.token, body: { ...policedSend, phone_number: '+14155550125' } }))
        .status,
    ).toBe(429);
    const consents = '/api/v1/consents';
    const consent = { phone_number: '+14155550126', source: 'web_form', captured_at: '2026-01-02T03:04:05Z', evidence: 'Form A' };
    expect((await send('POST', consents, consents, { token: sender.token, body: consent })).status).toBe(201);
    await send('POST', consents, consents, { token: sender.token, body: { ...consent, source: 'telepathy' } });
    await send('POST', consents, consents, { token: complianceReader, body: consent });
    await send('POST', consents, consents, { body: consent });
    const consentRoute = `${consents}/{phone_number}`;
    expect((await send('GET', consentRoute, `${consents}/%2B14155550126`, { token: sender.token })).status).toBe(200);
    await send('GET', consentRoute, `${consents}/%2B14155550127`, { token: sender.token });
    await send('GET', consentRoute, `${consents}/nope`, { token: sender.token });
    await send('GET', consentRoute, `${consents}/%2B14155550126`, { token: readOnly });
    const lookupRoute = '/api/v1/lookups/{phone_number}';
    expect((await send('GET', lookupRoute, '/api/v1/lookups/%2B14155550191', { token: complianceReader })).status).toBe(200);
    await send('GET', lookupRoute, '/api/v1/lookups/nope', { token: complianceReader });
    await send('GET', lookupRoute, '/api/v1/lookups/%2B14155550191');
    await send('GET', lookupRoute, '/api/v1/lookups/%2B14155550191', { token: readOnly });

    // --- the sandbox tools' routes (sandbox-only) ---
    const pay = '/api/v1/sandbox/funding-invoices/{id}/pay';
    const payable = await send('POST', invoices, invoices, { token: sender.token, body: { amount_cents: 6_000 } });
    const payPath = `/api/v1/sandbox/funding-invoices/${payable.body.invoice.id}/pay`;
    expect((await send('POST', pay, payPath, { token: sender.token })).status).toBe(200);
    await send('POST', pay, '/api/v1/sandbox/funding-invoices/inv_unknown/pay', { token: sender.token });
    await send('POST', pay, `/api/v1/sandbox/funding-invoices/${impossibleId}/pay`, { token: sender.token });
    await send('POST', pay, payPath);
    await send('POST', pay, payPath, { token: readOnly });
    const recipients = '/api/v1/sandbox/recipients';
    await send('GET', recipients, recipients, { token: sender.token });
    await send('GET', recipients, recipients, { token: readOnly });
    const inbound = '/api/v1/sandbox/inbound-messages';
    const sandboxReply = { from: '+14155550178', body: 'STOP' };
    expect((await send('POST', inbound, inbound, { token: sender.token, body: sandboxReply })).status).toBe(201);
    await send('POST', inbound, inbound, { token: sender.token, body: { ...sandboxReply, to: '+14155550179' } });
    await send('POST', inbound, inbound, { token: unfundedNumberless.token, body: sandboxReply });
    await send('POST', inbound, inbound, { body: sandboxReply });
    await send('POST', inbound, inbound, { token: readOnly, body: sandboxReply });
    const report = '/api/v1/sandbox/messages/{id}/report';
    const reportPath = `/api/v1/sandbox/messages/${sent.body.message.id}/report`;
    await app.services.jobs.drain();
    expect((await send('POST', report, reportPath, { token: sender.token, body: { outcome: 'opt_out' } })).status).toBe(200);
    expect((await send('POST', report, reportPath, { token: sender.token, body: { outcome: 'fail' } })).status).toBe(422);
    await send('POST', report, reportPath, { token: sender.token, body: { outcome: 'opt_out', error_code: 'x' } });
    await send('POST', report, '/api/v1/sandbox/messages/msg_unknown/report', { token: sender.token, body: { outcome: 'fail' } });
    await send('POST', report, reportPath, { body: { outcome: 'fail' } });
    await send('POST', report, reportPath, { token: readOnly, body: { outcome: 'fail' } });

    const failures = exchanges.flatMap((exchange) =>
      problemsWith(exchange).map(
        (problem) =>
          `${exchange.method} ${exchange.path.slice(0, 80)} -> ${exchange.status}: ${problem}\n   ${JSON.stringify(exchange.body).slice(0, 300)}`,
      ),
    );
    expect(failures).toEqual([]);
    // The flow went through every operation of the document.
    const documented = Object.entries(document.paths).flatMap(([route, methods]) =>
      Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
    );
    const exercised = new Set(exchanges.map((exchange) => `${exchange.method} ${exchange.route}`));
    expect(documented.filter((operation) => !exercised.has(operation))).toEqual([]);
    // One flow through every operation (over a hundred requests, each validated): minutes on a busy machine.
  }, 300_000);
});
