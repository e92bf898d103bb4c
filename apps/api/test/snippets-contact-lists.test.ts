import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { tokenWithScopes } from './mcp-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { startJobs: false });
});
afterAll(async () => {
  await app.close();
});

type Developer = Awaited<ReturnType<typeof createDeveloper>>;

async function createSnippet(developer: Developer, name: string, body = 'Reply STOP to opt out') {
  const response = await call(app, 'POST', '/api/v1/snippets', { token: developer.token, body: { name, body } });
  expect(response.status).toBe(201);
  return response.body.snippet as { id: string; name: string };
}

async function createList(developer: Developer, name = 'Customers') {
  const response = await call(app, 'POST', '/api/v1/contact-lists', { token: developer.token, body: { name } });
  expect(response.status).toBe(201);
  return response.body.contact_list as { id: string };
}

describe('snippets: POST /api/v1/snippets, GET /api/v1/snippets, PATCH /api/v1/snippets/{id}', () => {
  it('creates, lists newest first with pagination, and updates', async () => {
    const developer = await createDeveloper(app);
    const created = await call(app, 'POST', '/api/v1/snippets', {
      token: developer.token,
      body: { name: 'greeting', body: 'Hi {{first_name | default: "there"}}' },
    });
    expect(created.status).toBe(201);
    expect(created.body.snippet).toEqual({
      id: expect.stringMatching(/^snp_/),
      name: 'greeting',
      body: 'Hi {{first_name | default: "there"}}',
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    await createSnippet(developer, 'signature');
    await createSnippet(await createDeveloper(app), 'greeting');

    const first = await call(app, 'GET', '/api/v1/snippets?limit=1', { token: developer.token });
    expect(first.status).toBe(200);
    expect(first.body.snippets).toHaveLength(1);
    const second = await call(app, 'GET', `/api/v1/snippets?limit=1&cursor=${first.body.next_cursor}`, {
      token: developer.token,
    });
    expect(second.body.next_cursor).toBeNull();
    expect([...first.body.snippets, ...second.body.snippets].map((snippet: { name: string }) => snippet.name).sort()).toEqual([
      'greeting',
      'signature',
    ]);

    const updated = await call(app, 'PATCH', `/api/v1/snippets/${created.body.snippet.id}`, {
      token: developer.token,
      body: { body: 'Hello {{first_name}}', name: 'hello' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.snippet).toMatchObject({ id: created.body.snippet.id, name: 'hello', body: 'Hello {{first_name}}' });
  });

  it.each([
    ['an uppercase name', { name: 'Sig', body: 'x' }, 'name'],
    ['an empty body', { name: 'sig', body: '' }, 'body'],
    ['an unknown variable', { name: 'sig', body: 'Hi {{nickname}}' }, 'body'],
    ['a nested snippet', { name: 'sig', body: 'See {{snippet:other}}' }, 'body'],
    ['an unknown field', { name: 'sig', body: 'x', scope: 'all' }, 'scope'],
  ])('answers 422 on create for %s', async (_label, body, path) => {
    const developer = await createDeveloper(app);
    const response = await call(app, 'POST', '/api/v1/snippets', { token: developer.token, body });
    expect(response.status).toBe(422);
    expect(response.body.error.issues.map((issue: { path: string }) => issue.path)).toContain(path);
  });

  it('answers 422 for a name already in use, on create and on rename', async () => {
    const developer = await createDeveloper(app);
    await createSnippet(developer, 'taken');
    const other = await createSnippet(developer, 'free');
    const duplicate = await call(app, 'POST', '/api/v1/snippets', { token: developer.token, body: { name: 'taken', body: 'x' } });
    expect(duplicate.status).toBe(422);
    expect(duplicate.body.error.issues[0]).toMatchObject({ path: 'name', message: expect.stringMatching(/already exists/) });
    const rename = await call(app, 'PATCH', `/api/v1/snippets/${other.id}`, { token: developer.token, body: { name: 'taken' } });
    expect(rename.status).toBe(422);
  });

  it('refuses to rename a snippet a live campaign stage uses, but allows changing its body', async () => {
    const developer = await createDeveloper(app);
    const snippet = await createSnippet(developer, 'sig');
    const campaign = await call(app, 'POST', '/api/v1/campaigns', { token: developer.token, body: { name: 'c' } });
    await call(app, 'POST', `/api/v1/campaigns/${campaign.body.campaign.id}/stages`, {
      token: developer.token,
      body: { body: 'Deal! {{ snippet:sig }}', delay_minutes: 0 },
    });
    const rename = await call(app, 'PATCH', `/api/v1/snippets/${snippet.id}`, {
      token: developer.token,
      body: { name: 'signature' },
    });
    expect(rename.status).toBe(422);
    expect(rename.body.error.issues[0].message).toMatch(/used by campaign stages/);
    const body = await call(app, 'PATCH', `/api/v1/snippets/${snippet.id}`, {
      token: developer.token,
      body: { body: 'Text STOP to quit' },
    });
    expect(body.status).toBe(200);
    await call(app, 'POST', `/api/v1/campaigns/${campaign.body.campaign.id}/archive`, { token: developer.token });
    expect(
      (await call(app, 'PATCH', `/api/v1/snippets/${snippet.id}`, { token: developer.token, body: { name: 'signature' } }))
        .status,
    ).toBe(200);
  });

  it('answers 422 for an empty update and 404 for an unknown or foreign snippet', async () => {
    const developer = await createDeveloper(app);
    const snippet = await createSnippet(developer, 'mine');
    expect((await call(app, 'PATCH', `/api/v1/snippets/${snippet.id}`, { token: developer.token, body: {} })).status).toBe(422);
    expect(
      (await call(app, 'PATCH', '/api/v1/snippets/snp_missing', { token: developer.token, body: { body: 'x' } })).status,
    ).toBe(404);
    const intruder = await createDeveloper(app);
    const foreign = await call(app, 'PATCH', `/api/v1/snippets/${snippet.id}`, {
      token: intruder.token,
      body: { body: 'hacked' },
    });
    expect(foreign.status).toBe(404);
    const listed = await call(app, 'GET', '/api/v1/snippets', { token: intruder.token });
    expect(listed.body.snippets).toEqual([]);
  });
});

describe('contact lists: POST /api/v1/contact-lists, GET /api/v1/contact-lists, POST /api/v1/contact-lists/{id}/contacts', () => {
  it('creates and lists lists with their sizes', async () => {
    const developer = await createDeveloper(app);
    const response = await call(app, 'POST', '/api/v1/contact-lists', { token: developer.token, body: { name: 'VIP' } });
    expect(response.status).toBe(201);
    expect(response.body.contact_list).toEqual({
      id: expect.stringMatching(/^cl_/),
      name: 'VIP',
      contact_count: 0,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    await createList(developer, 'Newsletter');
    await createList(await createDeveloper(app), 'Not mine');
    const listed = await call(app, 'GET', '/api/v1/contact-lists', { token: developer.token });
    expect(listed.status).toBe(200);
    expect(listed.body.contact_lists.map((list: { name: string }) => list.name).sort()).toEqual(['Newsletter', 'VIP']);
    expect(listed.body.next_cursor).toBeNull();
    const paged = await call(app, 'GET', '/api/v1/contact-lists?limit=1', { token: developer.token });
    expect(paged.body.contact_lists).toHaveLength(1);
    expect(paged.body.next_cursor).toEqual(expect.any(String));
  });

  it('adds contacts with counts, upserting by phone number and merging attributes', async () => {
    const developer = await createDeveloper(app);
    const list = await createList(developer);
    const path = `/api/v1/contact-lists/${list.id}/contacts`;
    const first = await call(app, 'POST', path, {
      token: developer.token,
      body: {
        contacts: [
          { phone_number: '+14155550201', first_name: 'Ann', attributes: { plan: 'pro', city: 'SF' } },
          { phone_number: '+1 415 555 0202', last_name: 'Bo' },
          { phone_number: 'call me' },
          { phone_number: '+14155550201', last_name: 'Lee' },
        ],
      },
    });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      contact_list: expect.objectContaining({ id: list.id, contact_count: 2 }),
      added: 2,
      updated: 0,
      invalid: 1,
      errors: [{ index: 2, message: expect.stringMatching(/valid international number/) }],
    });
    const ann = await app.services.prisma.contact.findUniqueOrThrow({
      where: { workspaceId_phoneNumber: { workspaceId: developer.workspaceId, phoneNumber: '+14155550201' } },
    });
    expect(ann).toMatchObject({ firstName: 'Ann', lastName: 'Lee', attributes: { plan: 'pro', city: 'SF' } });

    const second = await call(app, 'POST', path, {
      token: developer.token,
      body: {
        contacts: [
          { phone_number: '+14155550201', first_name: 'Anne', attributes: { city: null, tier: 2 } },
          { phone_number: '+14155550203' },
        ],
      },
    });
    expect(second.status).toBe(201);
    expect(second.body).toMatchObject({ added: 1, updated: 1, invalid: 0, errors: [], contact_list: { contact_count: 3 } });
    const updated = await app.services.prisma.contact.findUniqueOrThrow({ where: { id: ann.id } });
    expect(updated).toMatchObject({ firstName: 'Anne', lastName: 'Lee', attributes: { plan: 'pro', tier: 2 } });

    // A contact is per workspace: adding it to a second list reuses it.
    const other = await createList(developer, 'Second');
    const reused = await call(app, 'POST', `/api/v1/contact-lists/${other.id}/contacts`, {
      token: developer.token,
      body: { contacts: [{ phone_number: '+14155550201' }] },
    });
    expect(reused.body).toMatchObject({ added: 1, updated: 0 });
    expect(await app.services.prisma.contact.count({ where: { workspaceId: developer.workspaceId } })).toBe(3);
  });

  it.each([
    ['an empty contacts array', { contacts: [] }, 'contacts'],
    ['a missing phone number', { contacts: [{ first_name: 'x' }] }, 'contacts.0.phone_number'],
    [
      'a bad attribute key',
      { contacts: [{ phone_number: '+14155550201', attributes: { 'bad key': 1 } }] },
      'contacts.0.attributes.bad key',
    ],
    [
      'a nested attribute value',
      { contacts: [{ phone_number: '+14155550201', attributes: { deep: { a: 1 } } }] },
      'contacts.0.attributes.deep',
    ],
    ['an unknown contact field', { contacts: [{ phone_number: '+14155550201', email: 'a@b.c' }] }, 'contacts.0.email'],
  ])('answers 422 for %s', async (_label, body, path) => {
    const developer = await createDeveloper(app);
    const list = await createList(developer);
    const response = await call(app, 'POST', `/api/v1/contact-lists/${list.id}/contacts`, { token: developer.token, body });
    expect(response.status).toBe(422);
    expect(response.body.error.issues.map((issue: { path: string }) => issue.path)).toContain(path);
  });

  it('answers 422 for a missing list name and 404 for an unknown or foreign list', async () => {
    const developer = await createDeveloper(app);
    expect((await call(app, 'POST', '/api/v1/contact-lists', { token: developer.token, body: {} })).status).toBe(422);
    const contacts = { contacts: [{ phone_number: '+14155550201' }] };
    expect(
      (await call(app, 'POST', '/api/v1/contact-lists/cl_missing/contacts', { token: developer.token, body: contacts })).status,
    ).toBe(404);
    const list = await createList(developer);
    const intruder = await createDeveloper(app);
    const foreign = await call(app, 'POST', `/api/v1/contact-lists/${list.id}/contacts`, {
      token: intruder.token,
      body: contacts,
    });
    expect(foreign.status).toBe(404);
    expect(await app.services.prisma.contact.count({ where: { workspaceId: intruder.workspaceId } })).toBe(0);
  });
});

describe('scopes', () => {
  it.each([
    ['GET', '/api/v1/snippets', 'campaigns:read'],
    ['POST', '/api/v1/snippets', 'campaigns:write'],
    ['PATCH', '/api/v1/snippets/snp_x', 'campaigns:write'],
    ['GET', '/api/v1/contact-lists', 'campaigns:read'],
    ['POST', '/api/v1/contact-lists', 'campaigns:write'],
    ['POST', '/api/v1/contact-lists/cl_x/contacts', 'campaigns:write'],
  ] as const)('%s %s needs %s', async (method, path, scope) => {
    const developer = await createDeveloper(app);
    const other = scope === 'campaigns:read' ? 'campaigns:write' : 'campaigns:read';
    const token = await tokenWithScopes(app, developer.workspaceId, [other, 'messages:write']);
    const response = await call(app, method, path, { token, body: method === 'GET' ? undefined : {} });
    expect(response.status).toBe(403);
    expect(response.body.error.message).toContain(scope);
    expect((await call(app, method, path, { body: method === 'GET' ? undefined : {} })).status).toBe(401);
  });
});
