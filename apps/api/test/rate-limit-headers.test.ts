import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { data, errorBody, trpcMutation } from './console-support.ts';
import { call, createAccount, createDeveloper, freshIp, type JsonResponse, startTestApp, type TestApp } from './harness.ts';
import { sendingWorkspace } from './sending-support.ts';

/**
 * Every rate-limited route answers the IETF RateLimit-Policy and RateLimit headers on success and on
 * its 429 (with Retry-After), over REST, the legacy tool route and tRPC, in either mode (the scaled
 * one takes from Redis). The test clock stands still, so the numbers are exact.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ ALLOW_PRIVATE_WEBHOOK_URLS: '1', WEBHOOK_TEST_EVENTS_PER_MINUTE: '2' }, { startJobs: false });
});
afterAll(async () => {
  await app.close();
});

const limitHeaders = (response: JsonResponse) => ({
  policy: response.headers.get('ratelimit-policy'),
  state: response.headers.get('ratelimit'),
  retryAfter: response.headers.get('retry-after'),
});

const send = (token: string, body = 'Hi') =>
  call(app, 'POST', '/api/v1/messages', { token, body: { phone_number: '+14155550123', body } });

describe('RateLimit headers', () => {
  it('count down a send bucket over REST, then come with Retry-After on its 429', async () => {
    const { token } = await sendingWorkspace(app, { tier: 'growth' });
    const first = await send(token);
    expect(first.status).toBe(202);
    // growth: a burst of 5, one back every 1.2 s, so full 6 s after being spent.
    expect(limitHeaders(first)).toEqual({ policy: '"burst";q=5;w=6', state: '"burst";r=4;t=2', retryAfter: null });
    for (let sent = 2; sent <= 5; sent += 1) expect((await send(token)).status).toBe(202);
    const refused = await send(token);
    expect(refused.status).toBe(429);
    expect(refused.body.error).toBe('message_send_rate_limited');
    expect(limitHeaders(refused)).toEqual({ policy: '"burst";q=5;w=6', state: '"burst";r=0;t=6', retryAfter: '2' });
  });

  it('name the tightest bucket: a delegated token whose creator is on the starter tier', async () => {
    const { token: parent } = await sendingWorkspace(app, { tier: 'enterprise' });
    const child = await call(app, 'POST', '/api/v1/tokens', {
      token: parent,
      body: { name: 'starter child', scopes: ['messages:write'], send_rate_tier: 'starter' },
    });
    expect(child.status).toBe(201);
    const answer = await send(child.body.token.access_token);
    expect(answer.status).toBe(202);
    expect(limitHeaders(answer)).toMatchObject({ policy: '"burst";q=1;w=2', state: '"burst";r=0;t=2' });
  });

  it('come with a send through the legacy tool route', async () => {
    const { token } = await sendingWorkspace(app, { tier: 'starter' });
    const tool = (body: string) =>
      call(app, 'POST', '/mcp/tools/send_message', {
        token,
        body: { params: { phone_number: '+14155550123', body } },
      });
    // The developer token holds mcp:execute and messages:write.
    const sent = await tool('One');
    expect(sent.status).toBe(200);
    expect(limitHeaders(sent)).toMatchObject({ policy: '"burst";q=1;w=2', state: '"burst";r=0;t=2' });
    const refused = await tool('Two');
    expect(refused.status).toBe(429);
    expect(limitHeaders(refused)).toEqual({ policy: '"burst";q=1;w=2', state: '"burst";r=0;t=2', retryAfter: '2' });
  });

  it('come with account creation, its success and its 429', async () => {
    const ip = freshIp();
    const create = (username: string) =>
      call(app, 'POST', '/api/v1/accounts', {
        body: { username, password: 'a long enough password' },
        headers: { 'x-forwarded-for': ip },
      });
    const window = app.config.accountCreationWindowSeconds;
    const created = await create(`limits_${Date.now()}`);
    expect(created.status).toBe(201);
    expect(limitHeaders(created)).toEqual({
      policy: `"burst";q=1;w=${window}`,
      state: `"burst";r=0;t=${window}`,
      retryAfter: null,
    });
    const refused = await create(`limits_again_${Date.now()}`);
    expect(refused.status).toBe(429);
    expect(limitHeaders(refused)).toEqual({
      policy: `"burst";q=1;w=${window}`,
      state: `"burst";r=0;t=${window}`,
      retryAfter: String(window),
    });
  });

  it('come with test events of an endpoint', async () => {
    const { token } = await createDeveloper(app);
    const endpoint = await call(app, 'POST', '/api/v1/webhook-endpoints', {
      token,
      body: { url: 'http://127.0.0.1:9/hooks' },
    });
    expect(endpoint.status).toBe(201);
    const test = () => call(app, 'POST', `/api/v1/webhook-endpoints/${endpoint.body.endpoint.id}/test`, { token, body: {} });
    // Two a minute: one every 30 s.
    expect(limitHeaders(await test())).toMatchObject({ policy: '"burst";q=2;w=60', state: '"burst";r=1;t=30' });
    expect(limitHeaders(await test())).toMatchObject({ state: '"burst";r=0;t=60' });
    const refused = await test();
    expect(refused.status).toBe(429);
    expect(limitHeaders(refused)).toEqual({ policy: '"burst";q=2;w=60', state: '"burst";r=0;t=60', retryAfter: '30' });
  });

  it('come with console sign-in over tRPC: a success counts nothing, a failure one', async () => {
    const { account } = await createAccount(app);
    const signIn = (password: string) => trpcMutation(app, 'console.signIn', { username: account.username, password });
    const failuresPerUsername = app.config.signInFailuresPerUsernamePerHour;
    const signedIn = await signIn('correct horse battery staple');
    data(signedIn);
    const policy = limitHeaders(signedIn).policy;
    expect(policy).toMatch(/^"burst";q=\d+;w=\d+$/);
    const before = Number(/r=(\d+)/.exec(limitHeaders(signedIn).state ?? '')?.[1]);
    expect(before).toBeLessThanOrEqual(failuresPerUsername);
    const failed = await signIn('a wrong password');
    expect(failed.status).toBe(401);
    expect(Number(/r=(\d+)/.exec(limitHeaders(failed).state ?? '')?.[1])).toBe(before - 1);
    let last = failed;
    for (let attempt = 0; attempt < failuresPerUsername && last.status !== 429; attempt += 1)
      last = await signIn('a wrong password');
    expect(last.status).toBe(429);
    expect(errorBody(last).error.code).toBe('sign_in_rate_limited');
    expect(limitHeaders(last)).toMatchObject({ policy, state: expect.stringMatching(/^"burst";r=0;t=\d+$/) });
  });
});
