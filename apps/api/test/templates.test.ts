import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDeveloper, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, tokenWithScopes } from './mcp-support.ts';
import { recipient, send, sendingWorkspace } from './sending-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({}, { startJobs: false });
});
afterAll(async () => {
  await app.close();
});

async function createTemplate(token: string, body = 'Hi {{name}}, your table for {{party}} is ready.') {
  const response = await call(app, 'POST', '/api/v1/templates', { token, body: { name: 'Table ready', body } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.template as { id: string; name: string; body: string; variables: string[] };
}

describe('templates: POST, GET, PATCH and DELETE /api/v1/templates', () => {
  it('creates, reads, lists newest first, updates and deletes a template', async () => {
    const developer = await createDeveloper(app);
    const template = await createTemplate(developer.token);
    expect(template).toMatchObject({ id: expect.stringMatching(/^tpl_/), name: 'Table ready', variables: ['name', 'party'] });
    const second = await createTemplate(developer.token, 'Thanks {{name}}!');

    const got = await call(app, 'GET', `/api/v1/templates/${template.id}`, { token: developer.token });
    expect(got.status).toBe(200);
    expect(got.body.template).toEqual(template);
    const first = await call(app, 'GET', '/api/v1/templates?limit=1', { token: developer.token });
    expect(first.body.templates.map((item: { id: string }) => item.id)).toEqual([second.id]);
    const next = await call(app, 'GET', `/api/v1/templates?limit=1&cursor=${first.body.next_cursor}`, { token: developer.token });
    expect(next.body).toMatchObject({ templates: [{ id: template.id }], next_cursor: null });

    const updated = await call(app, 'PATCH', `/api/v1/templates/${template.id}`, {
      token: developer.token,
      body: { body: 'Hello {{first}} {{last}}' },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.template).toMatchObject({
      name: 'Table ready',
      body: 'Hello {{first}} {{last}}',
      variables: ['first', 'last'],
    });

    const deleted = await call(app, 'DELETE', `/api/v1/templates/${template.id}`, { token: developer.token });
    expect(deleted.status).toBe(200);
    expect(deleted.body.template.id).toBe(template.id);
    expect((await call(app, 'GET', `/api/v1/templates/${template.id}`, { token: developer.token })).status).toBe(404);
    expect((await call(app, 'DELETE', `/api/v1/templates/${template.id}`, { token: developer.token })).status).toBe(404);
  });

  it.each([
    ['a blank body', { name: 'x', body: '   ' }, 'body'],
    ['a placeholder that is not a variable name', { name: 'x', body: 'Hi {{first name}}' }, 'body'],
    ['a stray brace', { name: 'x', body: 'Hi {{name}' }, 'body'],
    ['no name', { body: 'Hi' }, 'name'],
    ['an unknown field', { name: 'x', body: 'Hi', kind: 'sms' }, 'kind'],
  ])('answers 422 naming the field for %s', async (_label, body, path) => {
    const developer = await createDeveloper(app);
    const response = await call(app, 'POST', '/api/v1/templates', { token: developer.token, body });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('validation_failed');
    expect(response.body.error.issues.map((issue: { path: string }) => issue.path)).toContain(path);
  });

  it('lets messages:read list and read templates, and needs messages:write to change them', async () => {
    const developer = await createDeveloper(app);
    const template = await createTemplate(developer.token);
    const reader = await tokenWithScopes(app, developer.workspaceId, ['messages:read']);
    expect((await call(app, 'GET', '/api/v1/templates', { token: reader })).status).toBe(200);
    expect((await call(app, 'GET', `/api/v1/templates/${template.id}`, { token: reader })).status).toBe(200);
    const writes = [
      call(app, 'POST', '/api/v1/templates', { token: reader, body: { name: 'x', body: 'y' } }),
      call(app, 'PATCH', `/api/v1/templates/${template.id}`, { token: reader, body: { name: 'x' } }),
      call(app, 'DELETE', `/api/v1/templates/${template.id}`, { token: reader }),
    ];
    for (const response of await Promise.all(writes)) expect(response.status).toBe(403);
    const numbersOnly = await tokenWithScopes(app, developer.workspaceId, ['numbers:read']);
    expect((await call(app, 'GET', '/api/v1/templates', { token: numbersOnly })).status).toBe(403);
    expect((await call(app, 'GET', '/api/v1/templates')).status).toBe(401);
  });

  it("shows no other workspace's templates: 404 on its ids, absent from the list", async () => {
    const owner = await createDeveloper(app);
    const stranger = await createDeveloper(app);
    const template = await createTemplate(owner.token);
    for (const method of ['GET', 'DELETE'] as const) {
      expect((await call(app, method, `/api/v1/templates/${template.id}`, { token: stranger.token })).status).toBe(404);
    }
    const patch = await call(app, 'PATCH', `/api/v1/templates/${template.id}`, { token: stranger.token, body: { name: 'x' } });
    expect(patch.status).toBe(404);
    expect((await call(app, 'GET', '/api/v1/templates', { token: stranger.token })).body.templates).toEqual([]);
    expect((await call(app, 'GET', `/api/v1/templates/${template.id}`, { token: owner.token })).body.template.name).toBe(
      'Table ready',
    );
  });
});

describe('a send with template_id and variables', () => {
  it('stores the rendered body, and the preview shows its segments and cost', async () => {
    const developer = await sendingWorkspace(app);
    const template = await createTemplate(developer.token);
    const request = { phone_number: recipient, template_id: template.id, variables: { name: 'Ada', party: '4 {{x}}' } };
    const preview = await call(app, 'POST', '/api/v1/messages/preview', { token: developer.token, body: request });
    expect(preview.status).toBe(200);
    expect(preview.body.preview).toMatchObject({ verdict: 'accept', segments: 1, characters: 40 });

    const sent = await send(app, developer.token, { ...request, idempotency_key: 'tpl-1' });
    expect(sent.status).toBe(202);
    const message = await call(app, 'GET', `/api/v1/messages/${sent.body.message.id}`, { token: developer.token });
    // A value is inserted as it is: its own braces are never rendered.
    expect(message.body.message.body).toBe('Hi Ada, your table for 4 {{x}} is ready.');
    // Changing the template changes no message sent with it, and a repeat of the same send replays it.
    await call(app, 'PATCH', `/api/v1/templates/${template.id}`, { token: developer.token, body: { body: 'Other {{name}}' } });
    const again = await send(app, developer.token, {
      ...request,
      idempotency_key: 'tpl-1',
      variables: { name: 'Ada', party: '4 {{x}}' },
    });
    expect(again.status).toBe(409);
  });

  it('answers 422 naming a missing variable, an unknown template, and body with template_id', async () => {
    const developer = await sendingWorkspace(app);
    const other = await createDeveloper(app);
    const template = await createTemplate(developer.token);
    const foreign = await createTemplate(other.token);
    const missing = await send(app, developer.token, {
      phone_number: recipient,
      template_id: template.id,
      variables: { name: 'Ada' },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.error.issues).toEqual([{ path: 'variables.party', message: 'is required by the template' }]);
    expect(missing.body.error.message).toContain('{{party}}');

    for (const templateId of ['tpl_unknown', foreign.id]) {
      const unknown = await send(app, developer.token, { phone_number: recipient, template_id: templateId, variables: {} });
      expect(unknown.status).toBe(422);
      expect(unknown.body.error.issues[0].path).toBe('template_id');
    }
    const both = await send(app, developer.token, { phone_number: recipient, body: 'x', template_id: template.id });
    expect(both.status).toBe(422);
    expect(both.body.error.issues[0].path).toBe('template_id');
    const neither = await send(app, developer.token, { phone_number: recipient });
    expect(neither.status).toBe(422);
    expect(neither.body.error.issues[0].path).toBe('body');
    const blank = await createTemplate(developer.token, '{{name}}');
    const rendersBlank = await send(app, developer.token, {
      phone_number: recipient,
      template_id: blank.id,
      variables: { name: ' ' },
    });
    expect(rendersBlank.status).toBe(422);
    expect(rendersBlank.body.error.issues[0].path).toBe('variables');
    expect(await app.services.prisma.message.count({ where: { workspaceId: developer.workspaceId } })).toBe(0);
  });

  it('works over MCP: create_template, then send_message with its id', async () => {
    const developer = await sendingWorkspace(app);
    const client = await connectMcp(app, developer.token);
    try {
      const created = await client.callTool({
        name: 'create_template',
        arguments: { name: 'Code', body: 'Your code is {{code}}' },
      });
      const { template } = created.structuredContent as { template: { id: string } };
      const sent = await client.callTool({
        name: 'send_message',
        arguments: { phone_number: recipient, template_id: template.id, variables: { code: '123456' } },
      });
      expect(sent.isError).toBeFalsy();
      const { message } = sent.structuredContent as { message: { id: string } };
      const stored = await app.services.prisma.message.findUniqueOrThrow({ where: { id: message.id } });
      expect(stored.body).toBe('Your code is 123456');
    } finally {
      await client.close();
    }
  });
});
