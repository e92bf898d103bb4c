import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, closeStarted, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';
import { brandBody, useCaseBody } from './registration-support.ts';
import { sendingWorkspace } from './sending-support.ts';

// The sandbox decides after SANDBOX_DELAY_MS x 5; the clock is moved by hand past it.
const DELAY_MS = 100;

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ SANDBOX_DELAY_MS: String(DELAY_MS) });
});

afterAll(async () => {
  await closeStarted(app);
});

/**
 * Moves the clock past the sandbox's decision and runs the jobs that are due. The test clock stands
 * still otherwise: a millisecond more puts what the test does next after the decision's events.
 */
async function letTheSandboxDecide() {
  app.clock.advance(DELAY_MS * 10);
  await app.services.jobs.drain();
  app.clock.advance(1);
}

async function eventsOf(workspaceId: string, type: string) {
  const events = await app.services.prisma.event.findMany({ where: { workspaceId, type }, orderBy: { createdAt: 'asc' } });
  return events.map((event) => event.data as Record<string, any>);
}

async function verifiedBrand(token: string) {
  const created = await call(app, 'POST', '/api/v1/brands', { token, body: brandBody() });
  expect(created.status).toBe(201);
  await letTheSandboxDecide();
  return created.body.brand.id as string;
}

async function approvedUseCase(token: string, overrides: Record<string, unknown> = {}) {
  const brandId = await verifiedBrand(token);
  const created = await call(app, 'POST', '/api/v1/use-cases', { token, body: useCaseBody(brandId, overrides) });
  expect(created.status).toBe(201);
  await letTheSandboxDecide();
  return created.body.use_case.id as string;
}

async function buy(token: string, body: Record<string, unknown> = {}) {
  const bought = await call(app, 'POST', '/api/v1/numbers', { token, body });
  expect(bought.status).toBe(201);
  return bought.body.number;
}

describe('brands', () => {
  it('are pending when registered, verified by the sandbox after its delay, with brand.updated', async () => {
    const developer = await createDeveloper(app);
    const created = await call(app, 'POST', '/api/v1/brands', { token: developer.token, body: brandBody() });
    expect(created.status).toBe(201);
    expect(created.body.brand).toMatchObject({
      id: expect.stringMatching(/^brd_/),
      legal_name: 'Example Dental LLC',
      support_phone: '+14155550123',
      status: 'pending',
      rejection_reasons: [],
      sandbox: false,
    });
    const id = created.body.brand.id;
    app.clock.advance(DELAY_MS);
    await app.services.jobs.drain();
    expect((await call(app, 'GET', `/api/v1/brands/${id}`, { token: developer.token })).body.brand.status).toBe('pending');

    await letTheSandboxDecide();
    const read = await call(app, 'GET', `/api/v1/brands/${id}`, { token: developer.token });
    expect(read.body.brand).toMatchObject({ id, status: 'verified', rejection_reasons: [] });
    expect(await eventsOf(developer.workspaceId, 'brand.updated')).toEqual([{ brand: read.body.brand }]);
    const listed = await call(app, 'GET', '/api/v1/brands', { token: developer.token });
    expect(listed.body).toEqual({ brands: [read.body.brand], next_cursor: null });
  });

  it('are rejected when the legal name contains REJECT, with a reason naming the field and the fix', async () => {
    const developer = await createDeveloper(app);
    const created = await call(app, 'POST', '/api/v1/brands', {
      token: developer.token,
      body: brandBody({ legal_name: 'REJECT Dental LLC' }),
    });
    await letTheSandboxDecide();
    const read = await call(app, 'GET', `/api/v1/brands/${created.body.brand.id}`, { token: developer.token });
    expect(read.body.brand.status).toBe('rejected');
    expect(read.body.brand.rejection_reasons).toEqual([
      {
        code: 'brand_identity_mismatch',
        field: 'legal_name',
        message: expect.any(String),
        fix: expect.stringMatching(/Correct legal_name.*PATCH \/api\/v1\/brands\/\{id\} \(update_brand\)/),
      },
    ]);
    // A use case under it is refused with the way to correct the brand in place.
    const useCase = await call(app, 'POST', '/api/v1/use-cases', {
      token: developer.token,
      body: useCaseBody(created.body.brand.id),
    });
    expect(useCase.status).toBe(422);
    expect(useCase.body.error).toMatchObject({
      code: 'invalid_state',
      current_status: 'rejected',
      message: expect.stringMatching(/PATCH \/api\/v1\/brands\/\{id\} \(update_brand\)/),
    });
  });

  it('refuse invalid fields with 422 naming each', async () => {
    const developer = await createDeveloper(app);
    const response = await call(app, 'POST', '/api/v1/brands', {
      token: developer.token,
      body: brandBody({ country: 'usa', entity_type: 'company', vertical: 'widgets', website: 'ftp://example.com' }),
    });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('validation_failed');
    expect(response.body.error.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(
      ['country', 'entity_type', 'vertical', 'website'].sort(),
    );
  });
});

describe('use cases', () => {
  it('wait for a verified brand, then are approved with throughput and use_case.updated', async () => {
    const developer = await createDeveloper(app);
    const brand = await call(app, 'POST', '/api/v1/brands', { token: developer.token, body: brandBody() });
    const early = await call(app, 'POST', '/api/v1/use-cases', {
      token: developer.token,
      body: useCaseBody(brand.body.brand.id),
    });
    expect(early.status).toBe(422);
    expect(early.body.error).toMatchObject({ code: 'invalid_state', current_status: 'pending' });

    await letTheSandboxDecide();
    const created = await call(app, 'POST', '/api/v1/use-cases', {
      token: developer.token,
      body: useCaseBody(brand.body.brand.id),
    });
    expect(created.status).toBe(201);
    expect(created.body.use_case).toMatchObject({ id: expect.stringMatching(/^ucs_/), status: 'pending', throughput: null });
    await letTheSandboxDecide();
    const read = await call(app, 'GET', `/api/v1/use-cases/${created.body.use_case.id}`, { token: developer.token });
    expect(read.body.use_case).toMatchObject({
      status: 'approved',
      throughput: { messages_per_minute: 4500, daily_cap: null },
    });
    expect(await eventsOf(developer.workspaceId, 'use_case.updated')).toEqual([{ use_case: read.body.use_case }]);
  });

  it('of a sole proprietor get its lower throughput and daily cap', async () => {
    const developer = await createDeveloper(app);
    const brand = await call(app, 'POST', '/api/v1/brands', {
      token: developer.token,
      body: brandBody({ entity_type: 'sole_proprietor' }),
    });
    await letTheSandboxDecide();
    const created = await call(app, 'POST', '/api/v1/use-cases', {
      token: developer.token,
      body: useCaseBody(brand.body.brand.id),
    });
    await letTheSandboxDecide();
    const read = await call(app, 'GET', `/api/v1/use-cases/${created.body.use_case.id}`, { token: developer.token });
    expect(read.body.use_case.throughput).toEqual({ messages_per_minute: 60, daily_cap: 1000 });
  });

  it('are rejected with a reason per field that contains REJECT, and their numbers with them', async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const number = await buy(developer.token, { registration: 'unregistered' });
    const brandId = await verifiedBrand(developer.token);
    const created = await call(app, 'POST', '/api/v1/use-cases', {
      token: developer.token,
      body: useCaseBody(brandId, { description: 'REJECT this description: it says nothing about the messages.' }),
    });
    const assigned = await call(app, 'POST', `/api/v1/use-cases/${created.body.use_case.id}/numbers`, {
      token: developer.token,
      body: { number_id: number.id },
    });
    expect(assigned.body.number.registration).toEqual({ status: 'pending', use_case_id: created.body.use_case.id, reasons: [] });
    await letTheSandboxDecide();
    const read = await call(app, 'GET', `/api/v1/use-cases/${created.body.use_case.id}`, { token: developer.token });
    expect(read.body.use_case).toMatchObject({ status: 'rejected', throughput: null });
    expect(read.body.use_case.rejection_reasons).toEqual([
      expect.objectContaining({ field: 'description', fix: expect.stringContaining('update_use_case') }),
    ]);
    const numbers = await call(app, 'GET', '/api/v1/numbers', { token: developer.token });
    expect(numbers.body.numbers[0].registration).toEqual({
      status: 'rejected',
      use_case_id: created.body.use_case.id,
      reasons: read.body.use_case.rejection_reasons,
    });
    const events = await eventsOf(developer.workspaceId, 'number.registration_updated');
    expect(events.map((event) => event.number.registration.status)).toEqual(['pending', 'rejected']);
  });
});

describe('PATCH /api/v1/brands/{id} and PATCH /api/v1/use-cases/{id}', () => {
  it('correct a rejected brand and submit it again: pending, then decided again, with brand.updated each time', async () => {
    const developer = await createDeveloper(app);
    const created = await call(app, 'POST', '/api/v1/brands', {
      token: developer.token,
      body: brandBody({ legal_name: 'REJECT Dental LLC' }),
    });
    const path = `/api/v1/brands/${created.body.brand.id}`;
    await letTheSandboxDecide();
    // Still marked: the sandbox rejects it again.
    const stillMarked = await call(app, 'PATCH', path, { token: developer.token, body: { tax_id: '98-7654321' } });
    expect(stillMarked.status, JSON.stringify(stillMarked.body)).toBe(200);
    expect(stillMarked.body.brand).toMatchObject({ status: 'pending', rejection_reasons: [], tax_id: '98-7654321' });
    await letTheSandboxDecide();
    expect((await call(app, 'GET', path, { token: developer.token })).body.brand.status).toBe('rejected');

    const corrected = await call(app, 'PATCH', path, { token: developer.token, body: { legal_name: 'Example Dental LLC' } });
    expect(corrected.body.brand).toMatchObject({
      status: 'pending',
      legal_name: 'Example Dental LLC',
      tax_id: '98-7654321',
      rejection_reasons: [],
    });
    await letTheSandboxDecide();
    const verified = await call(app, 'GET', path, { token: developer.token });
    expect(verified.body.brand.status).toBe('verified');
    const events = await eventsOf(developer.workspaceId, 'brand.updated');
    expect(events.map((event) => event.brand.status)).toEqual(['rejected', 'pending', 'rejected', 'pending', 'verified']);

    const again = await call(app, 'PATCH', path, { token: developer.token, body: { legal_name: 'Other LLC' } });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({
      code: 'registration_not_rejected',
      current_status: 'verified',
      fix: expect.stringContaining('GET /api/v1/brands/{id}'),
      retry: 'do_not_retry',
    });
  });

  it('correct a rejected use case and submit it again; its numbers follow it back to pending and to approved', async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const number = await buy(developer.token, { registration: 'unregistered' });
    const brandId = await verifiedBrand(developer.token);
    const created = await call(app, 'POST', '/api/v1/use-cases', {
      token: developer.token,
      body: useCaseBody(brandId, { description: 'REJECT this description: it says nothing about the messages.' }),
    });
    const path = `/api/v1/use-cases/${created.body.use_case.id}`;
    await call(app, 'POST', `${path}/numbers`, { token: developer.token, body: { number_id: number.id } });
    // Pending: not yet correctable.
    const early = await call(app, 'PATCH', path, { token: developer.token, body: { has_links: true } });
    expect(early.status).toBe(409);
    expect(early.body.error).toMatchObject({ code: 'registration_not_rejected', current_status: 'pending' });
    await letTheSandboxDecide();

    const description = 'Appointment reminders and changes for patients who booked a visit online.';
    const corrected = await call(app, 'PATCH', path, { token: developer.token, body: { description } });
    expect(corrected.status, JSON.stringify(corrected.body)).toBe(200);
    expect(corrected.body.use_case).toMatchObject({ status: 'pending', description, rejection_reasons: [], throughput: null });
    const pendingNumber = (await call(app, 'GET', '/api/v1/numbers', { token: developer.token })).body.numbers[0];
    expect(pendingNumber.registration).toEqual({ status: 'pending', use_case_id: created.body.use_case.id, reasons: [] });
    await letTheSandboxDecide();
    const approved = await call(app, 'GET', path, { token: developer.token });
    expect(approved.body.use_case).toMatchObject({ status: 'approved', throughput: { messages_per_minute: 4500 } });
    const numbers = await call(app, 'GET', '/api/v1/numbers', { token: developer.token });
    expect(numbers.body.numbers[0].registration.status).toBe('approved');
    const useCaseEvents = await eventsOf(developer.workspaceId, 'use_case.updated');
    expect(useCaseEvents.map((event) => event.use_case.status)).toEqual(['rejected', 'pending', 'approved']);
    const numberEvents = await eventsOf(developer.workspaceId, 'number.registration_updated');
    expect(numberEvents.map((event) => event.number.registration.status)).toEqual(['pending', 'rejected', 'pending', 'approved']);
  });

  it('refuse invalid corrections with 422, and need compliance:write', async () => {
    const developer = await createDeveloper(app);
    const created = await call(app, 'POST', '/api/v1/brands', {
      token: developer.token,
      body: brandBody({ legal_name: 'REJECT Dental LLC' }),
    });
    await letTheSandboxDecide();
    const path = `/api/v1/brands/${created.body.brand.id}`;
    const invalid = await call(app, 'PATCH', path, {
      token: developer.token,
      body: { website: 'not a url', status: 'verified' },
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.error.issues.map((issue: { path: string }) => issue.path).sort()).toEqual(['status', 'website']);
    const reader = await tokenWithScopes(app, developer.workspaceId, ['compliance:read']);
    const writer = await tokenWithScopes(app, developer.workspaceId, ['compliance:write']);
    expect((await call(app, 'PATCH', path, { token: reader, body: { legal_name: 'Example LLC' } })).status).toBe(403);
    expect((await call(app, 'PATCH', '/api/v1/use-cases/ucs_any', { token: reader, body: { has_links: true } })).status).toBe(
      403,
    );
    expect((await call(app, 'PATCH', path, { token: writer, body: { legal_name: 'Example LLC' } })).status).toBe(200);
    const useCase = await call(app, 'PATCH', '/api/v1/use-cases/ucs_any', {
      token: writer,
      body: { sample_messages: ['Only one sample message here.'] },
    });
    expect(useCase.status).toBe(422);
    expect(useCase.body.error.issues).toEqual([expect.objectContaining({ path: 'sample_messages' })]);
  });

  it("answer 404 for another workspace's brand and use case, and change nothing", async () => {
    const owner = await createDeveloper(app);
    const brand = await call(app, 'POST', '/api/v1/brands', { token: owner.token, body: brandBody({ legal_name: 'REJECT Co' }) });
    await letTheSandboxDecide();
    const stranger = await createDeveloper(app);
    const path = `/api/v1/brands/${brand.body.brand.id}`;
    const probe = await call(app, 'PATCH', path, { token: stranger.token, body: { legal_name: 'Hijacked LLC' } });
    expect(probe.status).toBe(404);
    expect(probe.body.error.code).toBe('not_found');
    expect((await call(app, 'GET', path, { token: owner.token })).body.brand).toMatchObject({
      status: 'rejected',
      legal_name: 'REJECT Co',
    });
  });

  it('are the MCP tools update_brand and update_use_case', async () => {
    const developer = await createDeveloper(app);
    const created = await call(app, 'POST', '/api/v1/brands', {
      token: developer.token,
      body: brandBody({ legal_name: 'REJECT Dental LLC' }),
    });
    await letTheSandboxDecide();
    const token = await tokenWithScopes(app, developer.workspaceId, ['mcp:read', 'mcp:execute', 'compliance:write']);
    const client = await connectMcp(app, token);
    try {
      const updated = await client.callTool({
        name: 'update_brand',
        arguments: { id: created.body.brand.id, legal_name: 'Example Dental LLC' },
      });
      expect(updated.structuredContent).toMatchObject({ brand: { status: 'pending', legal_name: 'Example Dental LLC' } });
      const refused = await client.callTool({ name: 'update_brand', arguments: { id: created.body.brand.id } });
      expect(toolError(refused)).toMatchObject({ code: 'registration_not_rejected', fix: expect.stringContaining('get_brand') });
      const missing = await client.callTool({ name: 'update_use_case', arguments: { id: 'ucs_missing', has_links: true } });
      expect(toolError(missing)).toMatchObject({ code: 'not_found' });
    } finally {
      await client.close();
    }
  });
});

describe('numbers and their registration', () => {
  it('are bought from the sandbox approved under its sandbox use case, or unregistered when asked', async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const approved = await buy(developer.token);
    expect(approved).toMatchObject({
      type: 'local',
      compliance_status: 'approved',
      registration: { status: 'approved', use_case_id: expect.stringMatching(/^ucs_/), reasons: [] },
    });
    const again = await buy(developer.token);
    expect(again.registration.use_case_id).toBe(approved.registration.use_case_id);
    const useCases = await call(app, 'GET', '/api/v1/use-cases', { token: developer.token });
    expect(useCases.body.use_cases).toEqual([
      expect.objectContaining({ id: approved.registration.use_case_id, status: 'approved', sandbox: true }),
    ]);
    const unregistered = await buy(developer.token, { registration: 'unregistered' });
    expect(unregistered).toMatchObject({
      compliance_status: 'pending',
      registration: { status: 'unregistered', use_case_id: null, reasons: [] },
    });
  });

  it('are searched and bought toll-free with type', async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const search = await call(app, 'GET', '/api/v1/numbers/available?type=toll_free&limit=2', { token: developer.token });
    expect(search.status).toBe(200);
    expect(search.body.available_numbers).toEqual([
      expect.objectContaining({ number: '+18335550100', type: 'toll_free' }),
      expect.objectContaining({ number: '+18335550101', type: 'toll_free' }),
    ]);
    const local = await call(app, 'GET', '/api/v1/numbers/available?area_code=833', { token: developer.token });
    expect(local.body.available_numbers).toEqual([]);
    const tollFree = await buy(developer.token, { type: 'toll_free' });
    expect(tollFree).toMatchObject({
      number: '+18335550100',
      type: 'toll_free',
      registration: { status: 'approved', use_case_id: null },
    });
    const wrongType = await call(app, 'POST', '/api/v1/numbers', {
      token: developer.token,
      body: { number: '+18335550101' },
    });
    expect(wrongType.status).toBe(422);
    expect(wrongType.body.error.code).toBe('number_unavailable');
  });

  it.each([
    ['GET', '/api/v1/numbers/available?type=mobile', undefined, 'type'],
    ['POST', '/api/v1/numbers', { type: 'mobile' }, 'type'],
    ['POST', '/api/v1/numbers', { registration: 'approved' }, 'registration'],
  ])('%s %s refuses %j with 422 naming %s, buying nothing', async (method, path, body, field) => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const response = await call(app, method, path, { token: developer.token, body });
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({
      code: 'validation_failed',
      issues: [expect.objectContaining({ path: field })],
    });
    expect(await app.services.prisma.phoneNumber.count({ where: { workspaceId: developer.workspaceId } })).toBe(0);
  });

  it('follow the use case they are assigned to, and are unregistered when unassigned', async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const number = await buy(developer.token, { registration: 'unregistered' });
    const useCaseId = await approvedUseCase(developer.token);
    const assigned = await call(app, 'POST', `/api/v1/use-cases/${useCaseId}/numbers`, {
      token: developer.token,
      body: { number_id: number.id },
    });
    expect(assigned.status).toBe(200);
    expect(assigned.body.number).toMatchObject({
      compliance_status: 'approved',
      registration: { status: 'approved', use_case_id: useCaseId, reasons: [] },
    });
    // The test clock stands still: a millisecond apart, the two events have an order.
    app.clock.advance(1);
    const unassigned = await call(app, 'DELETE', `/api/v1/use-cases/${useCaseId}/numbers/${number.id}`, {
      token: developer.token,
    });
    expect(unassigned.status).toBe(200);
    expect(unassigned.body.number.registration).toEqual({ status: 'unregistered', use_case_id: null, reasons: [] });
    const again = await call(app, 'DELETE', `/api/v1/use-cases/${useCaseId}/numbers/${number.id}`, { token: developer.token });
    expect(again.status).toBe(404);
    const events = await eventsOf(developer.workspaceId, 'number.registration_updated');
    expect(events.map((event) => event.number.registration.status)).toEqual(['approved', 'unregistered']);
  });

  it('refuse a toll-free number on a use case and a local number for toll-free verification', async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const useCaseId = await approvedUseCase(developer.token);
    const tollFree = await buy(developer.token, { type: 'toll_free', registration: 'unregistered' });
    const local = await buy(developer.token, { registration: 'unregistered' });
    const onUseCase = await call(app, 'POST', `/api/v1/use-cases/${useCaseId}/numbers`, {
      token: developer.token,
      body: { number_id: tollFree.id },
    });
    expect(onUseCase.status).toBe(422);
    expect(onUseCase.body.error).toMatchObject({ code: 'invalid_state', current_status: 'toll_free' });
    const brandId = (await call(app, 'GET', `/api/v1/use-cases/${useCaseId}`, { token: developer.token })).body.use_case.brand_id;
    const verifyLocal = await call(app, 'POST', `/api/v1/numbers/${local.id}/toll-free-verification`, {
      token: developer.token,
      body: tollFreeBody(brandId),
    });
    expect(verifyLocal.status).toBe(422);
    expect(verifyLocal.body.error).toMatchObject({ code: 'invalid_state', current_status: 'local' });
  });
});

const tollFreeBody = (brandId: string, overrides: Record<string, unknown> = {}) => ({
  brand_id: brandId,
  use_case: 'delivery_notifications',
  description: 'Delivery updates for customers who ordered on example.com and asked for texts.',
  sample_messages: ['Example: your order 1234 ships today.', 'Example: your order 1234 was delivered. Reply STOP to opt out.'],
  message_flow: 'Customers tick an unchecked box for delivery texts at checkout on https://example.com/checkout.',
  monthly_volume: 5000,
  ...overrides,
});

describe('toll-free verification', () => {
  it("moves the number's registration to pending, then approved", async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const brandId = await verifiedBrand(developer.token);
    const number = await buy(developer.token, { type: 'toll_free', registration: 'unregistered' });
    const submitted = await call(app, 'POST', `/api/v1/numbers/${number.id}/toll-free-verification`, {
      token: developer.token,
      body: tollFreeBody(brandId),
    });
    expect(submitted.status).toBe(200);
    expect(submitted.body.number.registration).toEqual({ status: 'pending', use_case_id: null, reasons: [] });
    const twice = await call(app, 'POST', `/api/v1/numbers/${number.id}/toll-free-verification`, {
      token: developer.token,
      body: tollFreeBody(brandId),
    });
    expect(twice.body.error).toMatchObject({ code: 'invalid_state', current_status: 'pending' });
    await letTheSandboxDecide();
    const numbers = await call(app, 'GET', '/api/v1/numbers', { token: developer.token });
    expect(numbers.body.numbers[0].registration.status).toBe('approved');
    const events = await eventsOf(developer.workspaceId, 'number.registration_updated');
    expect(events.map((event) => event.number.registration.status)).toEqual(['pending', 'approved']);
  });

  it('is rejected with reasons naming the field, and may be submitted again', async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const brandId = await verifiedBrand(developer.token);
    const number = await buy(developer.token, { type: 'toll_free', registration: 'unregistered' });
    await call(app, 'POST', `/api/v1/numbers/${number.id}/toll-free-verification`, {
      token: developer.token,
      body: tollFreeBody(brandId, {
        sample_messages: ['REJECT: a sample with no sender named.', 'Another sample message here.'],
      }),
    });
    await letTheSandboxDecide();
    const rejected = (await call(app, 'GET', '/api/v1/numbers', { token: developer.token })).body.numbers[0].registration;
    expect(rejected).toMatchObject({
      status: 'rejected',
      reasons: [{ field: 'sample_messages', fix: expect.stringContaining('submit_toll_free_verification') }],
    });
    const again = await call(app, 'POST', `/api/v1/numbers/${number.id}/toll-free-verification`, {
      token: developer.token,
      body: tollFreeBody(brandId),
    });
    expect(again.body.number.registration.status).toBe('pending');
  });
});

describe('authorization and workspaces', () => {
  it('needs compliance:read to read and compliance:write to change; write passes read', async () => {
    const developer = await createDeveloper(app);
    const reader = await tokenWithScopes(app, developer.workspaceId, ['compliance:read']);
    const writer = await tokenWithScopes(app, developer.workspaceId, ['compliance:write']);
    const neither = await tokenWithScopes(app, developer.workspaceId, ['numbers:write']);
    expect((await call(app, 'GET', '/api/v1/brands', { token: reader })).status).toBe(200);
    expect((await call(app, 'GET', '/api/v1/use-cases', { token: writer })).status).toBe(200);
    expect((await call(app, 'GET', '/api/v1/brands', { token: neither })).status).toBe(403);
    expect((await call(app, 'POST', '/api/v1/brands', { token: reader, body: brandBody() })).status).toBe(403);
    expect((await call(app, 'POST', '/api/v1/brands', { token: writer, body: brandBody() })).status).toBe(201);
  });

  it("answers 404 for another workspace's brand, use case and number", async () => {
    const owner = await sendingWorkspace(app, { numbers: 0 });
    const useCaseId = await approvedUseCase(owner.token);
    const brandId = (await call(app, 'GET', `/api/v1/use-cases/${useCaseId}`, { token: owner.token })).body.use_case.brand_id;
    const ownersNumber = await buy(owner.token, { registration: 'unregistered' });
    const other = await sendingWorkspace(app, { numbers: 0 });
    const othersNumber = await buy(other.token, { registration: 'unregistered' });
    const token = other.token;
    expect((await call(app, 'GET', `/api/v1/brands/${brandId}`, { token })).status).toBe(404);
    expect((await call(app, 'GET', `/api/v1/use-cases/${useCaseId}`, { token })).status).toBe(404);
    expect((await call(app, 'POST', '/api/v1/use-cases', { token, body: useCaseBody(brandId) })).status).toBe(404);
    expect(
      (await call(app, 'POST', `/api/v1/use-cases/${useCaseId}/numbers`, { token, body: { number_id: othersNumber.id } })).status,
    ).toBe(404);
    expect(
      (
        await call(app, 'POST', `/api/v1/use-cases/${useCaseId}/numbers`, {
          token: owner.token,
          body: { number_id: othersNumber.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(app, 'POST', `/api/v1/numbers/${ownersNumber.id}/toll-free-verification`, {
          token,
          body: tollFreeBody(brandId),
        })
      ).status,
    ).toBe(404);
    expect((await call(app, 'GET', '/api/v1/brands', { token })).body.brands).toEqual([]);
  });
});

describe('over MCP', () => {
  it('registers a brand and a use case and assigns a number with the tools', async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const number = await buy(developer.token, { registration: 'unregistered' });
    const token = await tokenWithScopes(app, developer.workspaceId, ['mcp:read', 'mcp:execute', 'compliance:write']);
    const client = await connectMcp(app, token, { toolsets: 'compliance' });
    try {
      const tools = (await client.listTools()).tools.map((tool) => tool.name);
      expect(tools).toEqual(
        expect.arrayContaining(['create_brand', 'create_use_case', 'assign_number_to_use_case', 'submit_toll_free_verification']),
      );
      const brand = await client.callTool({ name: 'create_brand', arguments: brandBody() });
      const brandId = (brand.structuredContent as any).brand.id;
      const early = await client.callTool({ name: 'create_use_case', arguments: useCaseBody(brandId) });
      expect(early.isError).toBe(true);
      expect(toolError(early)).toMatchObject({ code: 'invalid_state' });
      await letTheSandboxDecide();
      const useCase = await client.callTool({ name: 'create_use_case', arguments: useCaseBody(brandId) });
      const useCaseId = (useCase.structuredContent as any).use_case.id;
      await letTheSandboxDecide();
      const assigned = await client.callTool({
        name: 'assign_number_to_use_case',
        arguments: { id: useCaseId, number_id: number.id },
      });
      expect((assigned.structuredContent as any).number.registration.status).toBe('approved');
    } finally {
      await client.close();
    }
  });

  it('reads brands and use cases, unassigns a number and submits a toll-free number with the tools, and answers their errors', async () => {
    const developer = await sendingWorkspace(app, { numbers: 0 });
    const useCaseId = await approvedUseCase(developer.token);
    const local = await buy(developer.token, { registration: 'unregistered' });
    const tollFree = await buy(developer.token, { type: 'toll_free', registration: 'unregistered' });
    const token = await tokenWithScopes(app, developer.workspaceId, ['mcp:read', 'mcp:execute', 'compliance:write']);
    const client = await connectMcp(app, token, { toolsets: 'compliance' });
    const tool = async (name: string, args: Record<string, unknown> = {}) => {
      const result = await client.callTool({ name, arguments: args });
      return result.isError ? { error: toolError(result) } : (result.structuredContent as Record<string, any>);
    };
    try {
      const { brands } = await tool('list_brands');
      expect(brands).toEqual([expect.objectContaining({ legal_name: 'Example Dental LLC', status: 'verified' })]);
      expect((await tool('get_brand', { id: brands[0].id })).brand).toEqual(brands[0]);
      const { use_cases: useCases } = await tool('list_use_cases');
      expect(useCases).toEqual([expect.objectContaining({ id: useCaseId, status: 'approved' })]);
      expect((await tool('get_use_case', { id: useCaseId })).use_case).toEqual(useCases[0]);

      await tool('assign_number_to_use_case', { id: useCaseId, number_id: local.id });
      app.clock.advance(1);
      const unassigned = await tool('unassign_number_from_use_case', { id: useCaseId, number_id: local.id });
      expect(unassigned.number.registration).toEqual({ status: 'unregistered', use_case_id: null, reasons: [] });

      const submitted = await tool('submit_toll_free_verification', { id: tollFree.id, ...tollFreeBody(brands[0].id) });
      expect(submitted.number.registration.status).toBe('pending');
      await letTheSandboxDecide();
      const numbers = await call(app, 'GET', '/api/v1/numbers', { token: developer.token });
      expect(numbers.body.numbers.find((number: { id: string }) => number.id === tollFree.id).registration.status).toBe(
        'approved',
      );

      // Errors in the catalogue's shapes, with the fix naming tools rather than routes.
      expect((await tool('get_brand', { id: 'brd_missing' })).error).toMatchObject({
        code: 'not_found',
        fix: expect.stringContaining('tools returned or listed'),
      });
      expect((await tool('get_use_case', { id: 'ucs_missing' })).error).toMatchObject({ code: 'not_found' });
      expect((await tool('unassign_number_from_use_case', { id: useCaseId, number_id: local.id })).error).toMatchObject({
        code: 'not_found',
      });
      const invalid = await tool('submit_toll_free_verification', {
        id: tollFree.id,
        ...tollFreeBody(brands[0].id, { sample_messages: ['Example: your order 1234 ships today.'] }),
      });
      expect(invalid.error).toMatchObject({
        code: 'validation_failed',
        issues: [expect.objectContaining({ path: 'sample_messages' })],
      });
    } finally {
      await client.close();
    }
  });
});
