import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { restRoutes } from '../src/http/rest.ts';
import { mcpTools } from '../src/mcp/tools.ts';
import { servedOperations } from '../src/operations/index.ts';
import { call, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { authorizeThroughPage, exchangeCode, registerClient } from './oauth-support.ts';
import { sendingWorkspace } from './sending-support.ts';

/**
 * Workspace isolation: every route that takes an id (REST and its MCP tool), called with a valid,
 * fully scoped token of workspace B on the ids of workspace A's real resources, answers 404 exactly
 * as for an id that does not exist, leaks none of A's data, and changes nothing of A's.
 * (auth.test.ts covers missing, malformed, unknown, expired, revoked, txk_ and under-scoped tokens.)
 */

let app: TestApp;
let owner: Awaited<ReturnType<typeof sendingWorkspace>>;
let stranger: Awaited<ReturnType<typeof createDeveloper>>;
/** Concrete paths of A's resources, keyed by the route's path template. */
let ownedPaths: Record<string, string>;
/** Texts only A's resources contain: none may appear in an answer to B. */
const ownerSecrets = [
  'Owner campaign name',
  'Owner stage body',
  'Owner snippet body',
  'Owner template body',
  'Owner list',
  'Owner Brand LLC',
  '+14155550161',
  '+14155550162',
  '+14155550163',
  'Owner message body',
  'Owner reply body',
  'Owner consent evidence',
  'Owner child token',
  'owner-hooks.example.com',
];

// A line-type lookup names a number, which no workspace owns: any workspace may look it up. A public
// route (a tracked link, /l/{code}) belongs to no workspace: anyone may follow it.
const idRoutes = restRoutes().filter(
  ({ operation }) =>
    operation.path.includes('{') && operation.path !== '/api/v1/lookups/{phone_number}' && operation.auth.kind !== 'none',
);

const ownerBrand = {
  legal_name: 'Owner Brand LLC',
  country: 'US',
  tax_id: '12-3456789',
  entity_type: 'private_company',
  vertical: 'retail',
  website: 'https://owner-brand.example.com',
  support_email: 'support@owner-brand.example.com',
  support_phone: '+14155550166',
};
const registrationText = {
  description: 'Order updates for customers who asked for texts at checkout.',
  sample_messages: ['Owner Brand: your order shipped today.', 'Owner Brand: your order was delivered.'],
  message_flow: 'Customers tick an unchecked box for order texts at checkout on the website.',
};
const ownerUseCase = (brandId: string) => ({
  brand_id: brandId,
  use_case: 'delivery_notifications',
  ...registrationText,
  help_message: 'Owner Brand: reply STOP to opt out, or write to support.',
  opt_out_message: 'Owner Brand: you will get no more texts from us.',
  has_links: false,
  has_phone_numbers: false,
});

/** A body that passes validation, so that only ownership can refuse the call. */
const validBodies: Record<string, unknown> = {
  'PATCH /api/v1/campaigns/{id}': { name: 'hijacked' },
  'POST /api/v1/campaigns/{id}/stages': { body: 'hijacked stage', delay_minutes: 5 },
  'POST /api/v1/campaigns/{id}/enrollments': { phone_numbers: ['+14155550170'] },
  'POST /api/v1/campaigns/{id}/suppressions': { phone_number: '+14155550171' },
  'PATCH /api/v1/snippets/{id}': { body: 'hijacked' },
  'PATCH /api/v1/templates/{id}': { body: 'hijacked' },
  'POST /api/v1/contact-lists/{id}/contacts': { contacts: [{ phone_number: '+14155550172' }] },
  'POST /api/v1/sandbox/messages/{id}/report': { outcome: 'opt_out' },
  'PATCH /api/v1/numbers/{id}': { friendly_name: 'hijacked' },
  'PATCH /api/v1/brands/{id}': { legal_name: 'Hijacked Holdings LLC' },
  'PATCH /api/v1/use-cases/{id}': { description: 'Hijacked: a description long enough to pass the validation of the field.' },
  'POST /api/v1/use-cases/{id}/numbers': { number_id: 'pn_hijacked' },
  'POST /api/v1/numbers/{id}/toll-free-verification': {
    brand_id: 'brd_hijacked',
    use_case: 'delivery_notifications',
    ...registrationText,
    monthly_volume: 100,
  },
  'PATCH /api/v1/sender-pools/{id}': { name: 'hijacked', number_ids: [] },
  'PATCH /api/v1/webhook-endpoints/{id}': { description: 'hijacked' },
  'POST /api/v1/webhook-endpoints/{id}/test': {},
  'POST /api/v1/webhook-endpoints/{id}/recover': { since: new Date(Date.now() - 3_600_000).toISOString() },
};

async function created(response: { status: number; body: any }, key: string): Promise<string> {
  if (response.status >= 300) throw new Error(`setup failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body[key].id;
}

/** Everything of A's the probes could touch, as A reads it. */
async function ownerView() {
  const get = async (path: string) => (await call(app, 'GET', path, { token: owner.token })).body;
  return {
    message: await get(ownedPaths['/api/v1/messages/{id}']!),
    campaign: await get(ownedPaths['/api/v1/campaigns/{id}']!),
    suppressions: await get(ownedPaths['/api/v1/campaigns/{id}/suppressions']!),
    invoice: await get(ownedPaths['/api/v1/onboarding/funding-invoices/{id}']!),
    snippets: await get('/api/v1/snippets'),
    templates: await get('/api/v1/templates'),
    lists: await get('/api/v1/contact-lists'),
    oauthClients: await get('/api/v1/mcp/oauth-clients'),
    numbers: await get('/api/v1/numbers'),
    pool: await get(ownedPaths['/api/v1/sender-pools/{id}']!),
    tokens: await get('/api/v1/tokens'),
    approvals: await get('/api/v1/approvals'),
    endpoint: await get(ownedPaths['/api/v1/webhook-endpoints/{id}']!),
    optOut: await get(ownedPaths['/api/v1/suppressions/{phone_number}']!),
  };
}

beforeAll(async () => {
  app = await startTestApp();
  owner = await sendingWorkspace(app);
  stranger = await createDeveloper(app);
  const as = (method: string, path: string, body?: unknown) => call(app, method, path, { token: owner.token, body });

  const messageId = await created(
    await as('POST', '/api/v1/messages', { phone_number: '+14155550161', body: 'Owner message body' }),
    'message',
  );
  const campaignId = await created(await as('POST', '/api/v1/campaigns', { name: 'Owner campaign name' }), 'campaign');
  await created(
    await as('POST', `/api/v1/campaigns/${campaignId}/stages`, { body: 'Owner stage body', delay_minutes: 0 }),
    'stage',
  );
  const suppressionId = await created(
    await as('POST', `/api/v1/campaigns/${campaignId}/suppressions`, { phone_number: '+14155550162' }),
    'suppression',
  );
  const snippetId = await created(
    await as('POST', '/api/v1/snippets', { name: 'owner_snippet', body: 'Owner snippet body' }),
    'snippet',
  );
  const templateId = await created(
    await as('POST', '/api/v1/templates', { name: 'Owner template', body: 'Owner template body {{name}}' }),
    'template',
  );
  const listId = await created(await as('POST', '/api/v1/contact-lists', { name: 'Owner list' }), 'contact_list');
  await as('POST', `/api/v1/contact-lists/${listId}/contacts`, { contacts: [{ phone_number: '+14155550163' }] });
  const invoiceId = await created(await as('POST', '/api/v1/onboarding/funding-invoices', { amount_cents: 1_000 }), 'invoice');
  const client = await registerClient(app, { client_name: 'Owner agent' });
  const user = { username: owner.account.account.username, password: 'correct horse battery staple' };
  await exchangeCode(app, client, await authorizeThroughPage(app, client, user, { approvedScopes: ['mcp:read'] }));

  const conversationId = (
    await as('POST', '/api/v1/sandbox/inbound-messages', { from: '+14155550165', body: 'Owner reply body' })
  ).body.conversation.id as string;
  await as('POST', '/api/v1/suppressions', { phone_number: '+14155550164' });
  await as('POST', '/api/v1/consents', {
    phone_number: '+14155550166',
    source: 'web_form',
    captured_at: '2026-01-02T03:04:05Z',
    evidence: 'Owner consent evidence',
  });
  const tokenId = await created(
    await as('POST', '/api/v1/tokens', { name: 'Owner child token', scopes: ['messages:read'] }),
    'token',
  );
  const heldAgent = (
    await as('POST', '/api/v1/tokens', {
      name: 'Owner held agent',
      scopes: ['messages:write'],
      approval: { required_for: 'all_sends' },
    })
  ).body.token.access_token as string;
  const held = await call(app, 'POST', '/api/v1/messages', {
    token: heldAgent,
    body: { phone_number: '+14155550166', body: 'Owner held body' },
  });
  const approvalId = held.body.message.approval.id as string;
  const endpointId = await created(
    await as('POST', '/api/v1/webhook-endpoints', { url: 'https://owner-hooks.example.com/hook' }),
    'endpoint',
  );
  const deliveryId = await created(await as('POST', `/api/v1/webhook-endpoints/${endpointId}/test`, {}), 'delivery');
  const endpoint = `/api/v1/webhook-endpoints/${endpointId}`;
  const brandId = await created(await as('POST', '/api/v1/brands', ownerBrand), 'brand');
  // The sandbox verifies the brand (SANDBOX_DELAY_MS=0) before a use case can be registered under it.
  await app.services.jobs.drain();
  const useCaseId = await created(await as('POST', '/api/v1/use-cases', ownerUseCase(brandId)), 'use_case');
  const numberId = owner.senders[0]!.id;
  const poolId = await created(
    await as('POST', '/api/v1/sender-pools', { name: 'Owner pool', number_ids: [owner.senders[0]!.id] }),
    'sender_pool',
  );

  ownedPaths = {
    '/api/v1/messages/{id}': `/api/v1/messages/${messageId}`,
    '/api/v1/messages/{id}/events': `/api/v1/messages/${messageId}/events`,
    '/api/v1/messages/{id}/cancel': `/api/v1/messages/${messageId}/cancel`,
    '/api/v1/approvals/{id}/approve': `/api/v1/approvals/${approvalId}/approve`,
    '/api/v1/approvals/{id}/reject': `/api/v1/approvals/${approvalId}/reject`,
    '/api/v1/conversations/{id}': `/api/v1/conversations/${conversationId}`,
    '/api/v1/conversations/{id}/replies': `/api/v1/conversations/${conversationId}/replies`,
    '/api/v1/suppressions/{phone_number}': '/api/v1/suppressions/+14155550164',
    '/api/v1/consents/{phone_number}': '/api/v1/consents/+14155550166',
    '/api/v1/numbers/{id}': `/api/v1/numbers/${owner.senders[0]!.id}`,
    '/api/v1/sender-pools/{id}': `/api/v1/sender-pools/${poolId}`,
    '/api/v1/tokens/{id}': `/api/v1/tokens/${tokenId}`,
    '/api/v1/webhook-endpoints/{id}': endpoint,
    '/api/v1/webhook-endpoints/{id}/secret': `${endpoint}/secret`,
    '/api/v1/webhook-endpoints/{id}/rotate-secret': `${endpoint}/rotate-secret`,
    '/api/v1/webhook-endpoints/{id}/test': `${endpoint}/test`,
    '/api/v1/webhook-endpoints/{id}/recover': `${endpoint}/recover`,
    '/api/v1/webhook-endpoints/{id}/stats': `${endpoint}/stats`,
    '/api/v1/webhook-deliveries/{id}': `/api/v1/webhook-deliveries/${deliveryId}`,
    '/api/v1/webhook-deliveries/{id}/replay': `/api/v1/webhook-deliveries/${deliveryId}/replay`,
    '/api/v1/onboarding/funding-invoices/{id}': `/api/v1/onboarding/funding-invoices/${invoiceId}`,
    '/api/v1/mcp/oauth-clients/{client_id}': `/api/v1/mcp/oauth-clients/${client.client_id}`,
    '/api/v1/campaigns/{id}': `/api/v1/campaigns/${campaignId}`,
    '/api/v1/campaigns/{id}/activate': `/api/v1/campaigns/${campaignId}/activate`,
    '/api/v1/campaigns/{id}/pause': `/api/v1/campaigns/${campaignId}/pause`,
    '/api/v1/campaigns/{id}/archive': `/api/v1/campaigns/${campaignId}/archive`,
    '/api/v1/campaigns/{id}/stages': `/api/v1/campaigns/${campaignId}/stages`,
    '/api/v1/campaigns/{id}/enrollments': `/api/v1/campaigns/${campaignId}/enrollments`,
    '/api/v1/campaigns/{id}/suppressions': `/api/v1/campaigns/${campaignId}/suppressions`,
    '/api/v1/campaigns/{campaign_id}/suppressions/{suppression_id}': `/api/v1/campaigns/${campaignId}/suppressions/${suppressionId}`,
    '/api/v1/snippets/{id}': `/api/v1/snippets/${snippetId}`,
    '/api/v1/templates/{id}': `/api/v1/templates/${templateId}`,
    '/api/v1/contact-lists/{id}/contacts': `/api/v1/contact-lists/${listId}/contacts`,
    '/api/v1/sandbox/funding-invoices/{id}/pay': `/api/v1/sandbox/funding-invoices/${invoiceId}/pay`,
    '/api/v1/sandbox/messages/{id}/report': `/api/v1/sandbox/messages/${messageId}/report`,
    '/api/v1/brands/{id}': `/api/v1/brands/${brandId}`,
    '/api/v1/use-cases/{id}': `/api/v1/use-cases/${useCaseId}`,
    '/api/v1/use-cases/{id}/numbers': `/api/v1/use-cases/${useCaseId}/numbers`,
    '/api/v1/use-cases/{id}/numbers/{number_id}': `/api/v1/use-cases/${useCaseId}/numbers/${numberId}`,
    '/api/v1/numbers/{id}/toll-free-verification': `/api/v1/numbers/${numberId}/toll-free-verification`,
  };
});
afterAll(async () => {
  await app.close();
});

function expectNoOwnerData(text: string) {
  for (const secret of ownerSecrets) expect(text).not.toContain(secret);
}

/** The path parameters of a concrete path, by the names its template gives them. */
function pathParams(template: string, path: string): Record<string, string> {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
  const pattern = new RegExp(`^${template.replace(/\{\w+\}/g, '([^/]+)')}$`);
  const values = pattern.exec(path)!.slice(1);
  return Object.fromEntries(names.map((name, index) => [name, values[index]!]));
}

describe("a token of another workspace on this workspace's ids", () => {
  it('has a resource of the owner for every route that takes an id', () => {
    expect(idRoutes.map(({ operation }) => operation.path).filter((path) => !ownedPaths[path])).toEqual([]);
  });

  it.each(idRoutes.map(({ operation }) => [`${operation.method} ${operation.path}`, operation] as const))(
    '%s answers 404 as for a missing id, leaking nothing',
    async (label, operation) => {
      const path = ownedPaths[operation.path]!;
      const body = validBodies[label];
      // The owner's own token works on the same path (the ids are real).
      if (operation.method === 'GET') expect((await call(app, 'GET', path, { token: owner.token })).status).toBe(200);

      const probe = await call(app, operation.method, path, { token: stranger.token, body });
      expect(probe.status, JSON.stringify(probe.body)).toBe(404);
      expectNoOwnerData(JSON.stringify(probe.body));
      // Indistinguishable from an id that exists nowhere (apart from the id it names).
      const nowhere = operation.path.replace('{phone_number}', '+14155550199').replace(/\{\w+\}/g, 'does_not_exist');
      const missing = await call(app, operation.method, nowhere, {
        token: stranger.token,
        body,
      });
      expect(missing.status).toBe(404);
      expect(Object.keys(probe.body.error ?? probe.body)).toEqual(Object.keys(missing.body.error ?? missing.body));
    },
  );

  it.each(
    idRoutes.flatMap(({ operation }) => {
      const tool = mcpTools(servedOperations).find((candidate) => candidate.name === operation.mcp?.name);
      return tool ? [[tool.name, operation] as const] : [];
    }),
  )('the MCP tool %s answers not found too', async (name, operation) => {
    const label = `${operation.method} ${operation.path}`;
    const params = { ...(validBodies[label] as object | undefined), ...pathParams(operation.path, ownedPaths[operation.path]!) };
    const response = await call(app, 'POST', `/mcp/tools/${name}`, { token: stranger.token, body: { params } });
    expect(response.status, JSON.stringify(response.body)).toBe(404);
    expectNoOwnerData(JSON.stringify(response.body));
  });

  it("left every one of the owner's resources as it was", async () => {
    // Runs after the probes above (vitest runs a file's tests in order).
    const after = await ownerView();
    expect(after.campaign.campaign).toMatchObject({ name: 'Owner campaign name', status: 'draft' });
    expect(after.campaign.campaign.stages).toHaveLength(1);
    expect(after.suppressions.suppressions).toHaveLength(1);
    expect(after.snippets.snippets).toEqual([expect.objectContaining({ body: 'Owner snippet body' })]);
    expect(after.templates.templates).toEqual([expect.objectContaining({ body: 'Owner template body {{name}}' })]);
    expect(after.lists.contact_lists).toEqual([expect.objectContaining({ name: 'Owner list' })]);
    expect(after.oauthClients.oauth_clients).toHaveLength(1);
    expect(after.message.message.phone_number).toBe('+14155550161');
    expect(after.invoice.invoice ?? after.invoice).toMatchObject({ status: expect.any(String) });
    expect(after.numbers.numbers).toEqual([
      expect.objectContaining({ status: 'connected', friendly_name: expect.not.stringContaining('hijacked') }),
    ]);
    expect(after.pool.sender_pool).toMatchObject({ name: 'Owner pool', number_ids: [owner.senders[0]!.id] });
    expect(after.tokens.tokens).toContainEqual(expect.objectContaining({ name: 'Owner child token', status: 'active' }));
    expect(after.endpoint.endpoint).toMatchObject({ url: 'https://owner-hooks.example.com/hook', enabled: true });
    expect(after.endpoint.endpoint.description).not.toBe('hijacked');
    expect(after.optOut.suppression).toMatchObject({ active: true, source: 'manual' });
    // And the stranger's own workspace gained nothing from the attempts.
    expect((await call(app, 'GET', '/api/v1/campaigns', { token: stranger.token })).body.campaigns).toEqual([]);
    expect((await call(app, 'GET', '/api/v1/snippets', { token: stranger.token })).body.snippets).toEqual([]);
  });
});
