import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createDeveloper, freshIp, startTestApp, type TestApp } from './harness.ts';
import { consoleUser, data, trpcQuery } from './console-support.ts';
import { registerClient } from './oauth-support.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

const nulIssue = (path: string) => ({
  error: {
    code: 'validation_failed',
    message: 'The request is not valid.',
    fix: expect.any(String),
    retry: 'retry_after_fixing_request',
    issues: [{ path, message: 'must not contain NUL (\\u0000) characters' }],
  },
});

function trpcGet(path: string, rawInput: string, token?: string) {
  return call(app, 'GET', `/trpc/${path}?input=${encodeURIComponent(rawInput)}`, { token });
}

describe('tRPC query input (JSON in the query string)', () => {
  it('refuses a NUL inside a JSON string as the JSON body guard does', async () => {
    const { session } = await consoleUser(app);
    const developer = await createDeveloper(app);
    // The same field over the JSON body guard, for comparison.
    const jsonBody = await call(app, 'POST', '/api/v1/messages', {
      token: developer.token,
      body: { phone_number: 'a\u0000b', body: 'x' },
    });
    expect(jsonBody.status).toBe(422);
    expect(jsonBody.body).toEqual(nulIssue('phone_number'));

    const sessionQuery = await trpcQuery(app, 'webhookDeliveries.get', { id: 'whd_\u0000' }, session);
    expect(sessionQuery.status).toBe(422);
    expect(sessionQuery.body).toEqual(nulIssue('id'));
    const bearerQuery = await trpcGet('messages.get', JSON.stringify({ id: 'msg_\u0000' }), developer.token);
    expect(bearerQuery.status).toBe(422);
    expect(bearerQuery.body).toEqual(nulIssue('id'));
    // Batched calls carry their inputs keyed by position.
    const batched = await call(
      app,
      'GET',
      `/trpc/messages.get?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { id: '\u0000' } }))}`,
      {
        token: developer.token,
      },
    );
    expect(batched.status).toBe(422);
    expect(batched.body).toEqual(nulIssue('0'));
  });

  it('refuses unpaired surrogates and input nested too deep, and still serves ordinary queries', async () => {
    const developer = await createDeveloper(app);
    const surrogate = await trpcGet('messages.get', '{"id":"msg_\\ud800"}', developer.token);
    expect(surrogate.status).toBe(422);
    expect(surrogate.body.error.issues).toEqual([{ path: 'id', message: 'must be valid Unicode (no unpaired surrogates)' }]);
    const deep = await trpcGet('messages.get', `${'{"a":'.repeat(100)}1${'}'.repeat(100)}`, developer.token);
    expect(deep.status).toBe(422);
    expect(deep.body.error.issues[0].message).toBe('nests deeper than 64 levels');

    const { session } = await consoleUser(app);
    expect(data(await trpcQuery(app, 'webhookDeliveries.list', {}, session))).toMatchObject({ deliveries: [] });
    const notJson = await trpcGet('messages.get', '{not json', developer.token);
    expect(notJson.status).toBe(400);
  });
});

describe('OAuth form bodies', () => {
  const form = (path: string, fields: Record<string, string>) =>
    fetch(`${app.baseUrl}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': freshIp() },
      body: new URLSearchParams(fields),
    });
  const json = (path: string, fields: Record<string, string>) =>
    call(app, 'POST', path, { body: fields, headers: { 'x-forwarded-for': freshIp() } });

  it.each([
    [
      '/oauth/token',
      { grant_type: 'authorization_code', client_id: 'client\u0000', code: 'abc', code_verifier: 'x'.repeat(43) },
      'client_id',
    ],
    ['/oauth/token', { grant_type: 'refresh_token', client_id: 'known', refresh_token: 'rt_\u0000' }, 'refresh_token'],
    ['/oauth/revoke', { token: 'txt_\u0000', client_id: 'known' }, 'token'],
    ['/oauth/authorize', { response_type: 'code', client_id: 'known', username: 'a\u0000', password: 'p' }, 'username'],
  ])('%s answers a NUL (sent as %00) in a form field as the JSON guard does', async (path, fields, field) => {
    const client = await registerClient(app);
    const withClient = Object.fromEntries(
      Object.entries(fields).map(([name, value]) => [name, value === 'known' ? client.client_id : value]),
    );
    const formResponse = await form(path, withClient);
    const jsonResponse = await json(path, withClient);
    expect(jsonResponse.status).toBe(422);
    expect(jsonResponse.body).toEqual(nulIssue(field));
    expect(formResponse.status).toBe(422);
    expect(await formResponse.json()).toEqual(jsonResponse.body);
  });

  it('still serves ordinary form bodies', async () => {
    const response = await form('/oauth/revoke', { token: 'txt_unknown' });
    expect(response.status).toBe(200);
  });
});
