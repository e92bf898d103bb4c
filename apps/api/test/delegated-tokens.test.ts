import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueAccessToken } from '../src/auth/tokens.ts';
import { sendMessage, tokenSender } from '../src/domain/messages/send.ts';
import { sha256Hex } from '../src/lib/crypto.ts';
import { call, closeStarted, scaledMode, startTestApp, type TestApp } from './harness.ts';
import { connectMcp, tokenWithScopes, toolError } from './mcp-support.ts';
import { expectValidationIssue } from './onboarding-support.ts';
import { sendingWorkspace } from './sending-support.ts';

let app: TestApp;
/** A second API process on the same database and Redis (scaled mode only). */
let other: TestApp | undefined;
let price: number;

beforeAll(async () => {
  // Without workers messages stay queued: nothing refunds or dispatches while the caps are counted.
  app = await startTestApp({}, { startJobs: false });
  if (scaledMode) other = await startTestApp({}, { shareWith: app });
  price = app.config.pricePerSegmentCents;
});
afterAll(async () => {
  await closeStarted(other, app);
});

const recipient = '+14155550123';

function createToken(token: string | undefined, body: Record<string, unknown>, on: TestApp = app) {
  return call(on, 'POST', '/api/v1/tokens', { token, body });
}

async function created(token: string, body: Record<string, unknown>, on: TestApp = app) {
  const response = await createToken(token, { name: 'sub-agent', ...body }, on);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.token as { id: string; access_token: string; scopes: string[]; expires_at: string };
}

function send(token: string, on: TestApp = app, body: Record<string, unknown> = {}) {
  return call(on, 'POST', '/api/v1/messages', { token, body: { phone_number: recipient, body: 'On my way.', ...body } });
}

/** Past the token cache's lifetime in every process (they share the manual clock). */
function outliveTokenCache() {
  app.clock.advance(app.config.tokenCacheMs + 1);
}

describe('POST /api/v1/tokens', () => {
  it('creates a token no larger than its creator, shown once and stored hashed, with its creator as parent', async () => {
    const developer = await sendingWorkspace(app, { tier: 'scale' });
    const response = await createToken(developer.token, {
      name: 'reminder agent',
      scopes: ['messages:write', 'tokens:write'],
      expires_in_seconds: 3_600,
      spend_cap_cents_daily: 500,
      send_rate_tier: 'growth',
    });
    expect(response.status).toBe(201);
    const token = response.body.token;
    expect(token).toMatchObject({
      type: 'Bearer',
      scopes: ['messages:write', 'tokens:write'],
      name: 'reminder agent',
      origin: 'delegated',
      spend_cap_cents_daily: 500,
      send_rate_tier: 'growth',
    });
    expect(token.access_token).toMatch(/^txt_[0-9A-Za-z]{43}$/);
    expect(Date.parse(token.expires_at)).toBe(app.clock.now() + 3_600_000);

    const stored = await app.services.prisma.accessToken.findUniqueOrThrow({ where: { id: token.id } });
    expect(stored.tokenHash).toBe(sha256Hex(token.access_token));
    expect(JSON.stringify(stored)).not.toContain(token.access_token);
    const creator = await app.services.prisma.accessToken.findUniqueOrThrow({
      where: { tokenHash: sha256Hex(developer.token) },
    });
    expect(token.parent_token_id).toBe(creator.id);

    // It works with its scopes (tokens:read through tokens:write), and only with them.
    const listed = await call(app, 'GET', '/api/v1/tokens', { token: token.access_token });
    expect(listed.status).toBe(200);
    const entry = listed.body.tokens.find((item: { id: string }) => item.id === token.id);
    expect(entry).toMatchObject({
      id: token.id,
      name: 'reminder agent',
      status: 'active',
      scopes: ['messages:write', 'tokens:write'],
      parent_token_id: creator.id,
      spend_cap_cents_daily: 500,
      spent_today_cents: 0,
      send_rate_tier: 'growth',
      revoked_at: null,
    });
    expect(JSON.stringify(listed.body)).not.toContain('txt_');
    expect((await call(app, 'GET', '/api/v1/numbers', { token: token.access_token })).status).toBe(403);
  });

  it('gives a token its creator’s cap, tier and expiry when none is asked for', async () => {
    const developer = await sendingWorkspace(app);
    const parent = await created(developer.token, {
      scopes: ['messages:write', 'tokens:write'],
      expires_in_seconds: 600,
      spend_cap_cents_daily: 40,
      send_rate_tier: 'starter',
    });
    const child = await created(parent.access_token, { scopes: ['messages:write'] });
    expect(child).toMatchObject({ spend_cap_cents_daily: 40, send_rate_tier: 'starter', expires_at: parent.expires_at });
  });

  it('answers 422 naming each field that asks for more than the creator has', async () => {
    const developer = await sendingWorkspace(app, { tier: 'growth' });
    const parent = await created(developer.token, {
      scopes: ['messages:write', 'tokens:write'],
      expires_in_seconds: 600,
      spend_cap_cents_daily: 100,
    });
    const cases: [Record<string, unknown>, string][] = [
      [{ scopes: ['numbers:write'] }, 'scopes'],
      [{ scopes: ['messages:write', 'webhooks:write'] }, 'scopes'],
      [{ scopes: ['messages:write'], expires_in_seconds: 601 }, 'expires_in_seconds'],
      [{ scopes: ['messages:write'], spend_cap_cents_daily: 101 }, 'spend_cap_cents_daily'],
      // The workspace's plan is growth.
      [{ scopes: ['messages:write'], send_rate_tier: 'scale' }, 'send_rate_tier'],
      // Invalid whoever asks.
      [{ scopes: ['sms:everything'] }, 'scopes.0'],
      [{ scopes: [] }, 'scopes'],
      [{ scopes: ['messages:write'], name: '' }, 'name'],
      [{ scopes: ['messages:write'], expires_in_seconds: 10 }, 'expires_in_seconds'],
      [{ scopes: ['messages:write'], spend_cap_cents_daily: -1 }, 'spend_cap_cents_daily'],
      [{ scopes: ['messages:write'], send_rate_tier: 'unlimited' }, 'send_rate_tier'],
    ];
    for (const [body, field] of cases) {
      expectValidationIssue(await createToken(parent.access_token, { name: 'child', ...body }), field);
    }
    // What the creator holds, it may pass on, or less (messages:write implies messages:read).
    await created(parent.access_token, { scopes: ['messages:read'], expires_in_seconds: 600, spend_cap_cents_daily: 100 });
    // A full key on a growth plan may not ask for more than growth either.
    expectValidationIssue(
      await createToken(developer.token, { name: 'x', scopes: ['messages:write'], send_rate_tier: 'enterprise' }),
      'send_rate_tier',
    );
    expectValidationIssue(
      await createToken(developer.token, {
        name: 'x',
        scopes: ['messages:write'],
        expires_in_seconds: app.config.tokenTtlDays * 86_400 + 60,
      }),
      'expires_in_seconds',
    );
  });

  it('answers 401 without a token and 403 without tokens:write, and OAuth tokens mint none', async () => {
    const developer = await sendingWorkspace(app);
    const body = { name: 'x', scopes: ['messages:write'] };
    expect((await createToken(undefined, body)).status).toBe(401);
    expect((await createToken('txt_notatoken', body)).status).toBe(401);
    const reader = await tokenWithScopes(app, developer.workspaceId, ['tokens:read', 'messages:write']);
    const refused = await createToken(reader, body);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('unauthorized');

    const oauth = await issueAccessToken(app.services.prisma, {
      workspaceId: developer.workspaceId,
      scopes: ['mcp:read', 'mcp:execute', 'tokens:write', 'messages:write'],
      origin: 'oauth',
      oauthClientId: 'client_delegation_test',
      expiresAt: new Date(app.clock.now() + 3_600_000),
    });
    const client = await connectMcp(app, oauth.access_token);
    try {
      const result = await client.callTool({ name: 'create_token', arguments: body });
      expect(result.isError).toBe(true);
      expect(toolError(result).code).toBe('oauth_token_cannot_mint');
    } finally {
      await client.close();
    }
  });
});

describe('GET /api/v1/tokens', () => {
  it('lists the workspace’s tokens newest first, a page at a time, and only its own', async () => {
    const developer = await sendingWorkspace(app);
    const stranger = await sendingWorkspace(app);
    const ids = [];
    for (let index = 0; index < 3; index += 1) {
      ids.push((await created(developer.token, { name: `agent ${index}`, scopes: ['messages:write'] })).id);
      app.clock.advance(1);
    }
    const first = await call(app, 'GET', '/api/v1/tokens?limit=2', { token: developer.token });
    expect(first.status).toBe(200);
    expect(first.body.tokens.map((token: { id: string }) => token.id)).toEqual([ids[2], ids[1]]);
    const second = await call(app, 'GET', `/api/v1/tokens?limit=2&cursor=${first.body.next_cursor}`, { token: developer.token });
    expect(second.body.tokens.map((token: { id: string }) => token.id)).toEqual([ids[0], expect.any(String)]);
    const rest = await call(app, 'GET', `/api/v1/tokens?limit=2&cursor=${second.body.next_cursor}`, { token: developer.token });
    // The developer's key and the account-creation token close the list.
    expect(rest.body).toMatchObject({ next_cursor: null });

    const theirs = await call(app, 'GET', '/api/v1/tokens', { token: stranger.token });
    expect(theirs.body.tokens.map((token: { id: string }) => token.id)).not.toContain(ids[0]);
    // A cursor is bound to the workspace that listed.
    expectValidationIssue(
      await call(app, 'GET', `/api/v1/tokens?cursor=${first.body.next_cursor}`, { token: stranger.token }),
      'cursor',
    );
    expectValidationIssue(await call(app, 'GET', '/api/v1/tokens?limit=0', { token: developer.token }), 'limit');
    expect((await call(app, 'GET', '/api/v1/tokens')).status).toBe(401);
    const sender = await tokenWithScopes(app, developer.workspaceId, ['messages:write']);
    expect((await call(app, 'GET', '/api/v1/tokens', { token: sender })).status).toBe(403);
  });
});

describe('DELETE /api/v1/tokens/{id}', () => {
  it('revokes the token and every token created from it, in every process within the cache lifetime', async () => {
    const developer = await sendingWorkspace(app);
    const scopes = ['tokens:write', 'messages:write'];
    const parent = await created(developer.token, { name: 'parent', scopes });
    const child = await created(parent.access_token, { name: 'child', scopes });
    const grandchild = await created(child.access_token, { name: 'grandchild', scopes });
    const sibling = await created(developer.token, { name: 'sibling', scopes });
    const elsewhere = other ?? app;
    // Each token is cached by a request in the process that will keep answering.
    for (const token of [parent, child, grandchild, sibling]) {
      expect((await call(elsewhere, 'GET', '/api/v1/tokens?limit=1', { token: token.access_token })).status).toBe(200);
    }

    const response = await call(app, 'DELETE', `/api/v1/tokens/${parent.id}`, { token: developer.token });
    expect(response.status).toBe(200);
    expect(response.body.token).toMatchObject({ id: parent.id, status: 'revoked' });
    expect(response.body.revoked_token_ids.sort()).toEqual([parent.id, child.id, grandchild.id].sort());

    // This process forgets them at once; every process within TOKEN_CACHE_MS.
    expect((await call(app, 'GET', '/api/v1/tokens', { token: grandchild.access_token })).status).toBe(401);
    outliveTokenCache();
    for (const token of [parent, child, grandchild]) {
      expect((await call(elsewhere, 'GET', '/api/v1/tokens', { token: token.access_token })).status).toBe(401);
      expect((await send(token.access_token, elsewhere)).status).toBe(401);
    }
    expect((await call(elsewhere, 'GET', '/api/v1/tokens', { token: sibling.access_token })).status).toBe(200);

    // Again: nothing more to revoke.
    const again = await call(app, 'DELETE', `/api/v1/tokens/${parent.id}`, { token: developer.token });
    expect(again.status).toBe(200);
    expect(again.body.revoked_token_ids).toEqual([]);
  });

  it('lets a delegated token revoke itself and its descendants, never its creator or its siblings', async () => {
    const developer = await sendingWorkspace(app);
    const scopes = ['tokens:write'];
    const parent = await created(developer.token, { name: 'parent', scopes });
    const child = await created(parent.access_token, { name: 'child', scopes });
    const sibling = await created(parent.access_token, { name: 'sibling', scopes });
    const grandchild = await created(child.access_token, { name: 'grandchild', scopes });

    for (const target of [parent, sibling]) {
      const refused = await call(app, 'DELETE', `/api/v1/tokens/${target.id}`, { token: child.access_token });
      expect(refused.status).toBe(403);
      expect(refused.body.error).toMatchObject({ code: 'forbidden', message: expect.stringContaining('only itself') });
    }
    const own = await call(app, 'DELETE', `/api/v1/tokens/${grandchild.id}`, { token: child.access_token });
    expect(own.body.revoked_token_ids).toEqual([grandchild.id]);
    const elsewhere = other ?? app;
    expect((await call(elsewhere, 'GET', '/api/v1/tokens?limit=1', { token: child.access_token })).status).toBe(200);
    const itself = await call(app, 'DELETE', `/api/v1/tokens/${child.id}`, { token: child.access_token });
    expect(itself.status).toBe(200);
    expect((await call(app, 'GET', '/api/v1/tokens', { token: child.access_token })).status).toBe(401);
    // A revoked token creates nothing any more, even in a process that still caches it.
    expect((await createToken(child.access_token, { name: 'late', scopes }, elsewhere)).status).toBe(401);
  });

  it('answers 404 for another workspace’s token, 401 without a token and 403 without tokens:write', async () => {
    const developer = await sendingWorkspace(app);
    const stranger = await sendingWorkspace(app);
    const theirs = await created(stranger.token, { scopes: ['messages:write'] });
    const response = await call(app, 'DELETE', `/api/v1/tokens/${theirs.id}`, { token: developer.token });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('not_found');
    expect((await call(app, 'DELETE', '/api/v1/tokens/tok_unknown', { token: developer.token })).status).toBe(404);
    expect((await send(theirs.access_token)).status).not.toBe(401);
    expect((await call(app, 'DELETE', `/api/v1/tokens/${theirs.id}`)).status).toBe(401);
    const reader = await tokenWithScopes(app, stranger.workspaceId, ['tokens:read']);
    expect((await call(app, 'DELETE', `/api/v1/tokens/${theirs.id}`, { token: reader })).status).toBe(403);
  });
});

describe('a capped token’s sends', () => {
  it('are refused past the token’s own cap with a message that says so, beside the workspace’s cap', async () => {
    const developer = await sendingWorkspace(app, { spendCapCents: 5 * price });
    const capped = await created(developer.token, {
      scopes: ['messages:write', 'tokens:write'],
      spend_cap_cents_daily: 2 * price,
    });
    expect((await send(capped.access_token)).status).toBe(202);
    expect((await send(capped.access_token)).status).toBe(202);
    const over = await send(capped.access_token);
    expect(over.status).toBe(402);
    expect(over.body.error).toMatchObject({
      code: 'spend_limit_exceeded',
      message: expect.stringContaining("this token's own daily spend cap"),
      retry: 'retry_after_spend_available',
    });
    // The preview sees the token's cap too.
    const preview = await call(app, 'POST', '/api/v1/messages/preview', {
      token: capped.access_token,
      body: { phone_number: recipient, body: 'On my way.' },
    });
    expect(preview.body.preview).toMatchObject({ verdict: 'spend_limit_exceeded', spend_remaining_today_cents: 0 });

    // A child's sends count against its creator's cap as well.
    const child = await created(capped.access_token, { scopes: ['messages:write'], spend_cap_cents_daily: price });
    const viaChild = await send(child.access_token);
    expect(viaChild.body.error.message).toContain('a token this token was created from');

    // The workspace's cap is checked first and named as the workspace's.
    await send(developer.token);
    await send(developer.token);
    const fresh = await created(developer.token, { scopes: ['messages:write'], spend_cap_cents_daily: 10 * price });
    expect((await send(fresh.access_token)).status).toBe(202);
    const workspaceOver = await send(fresh.access_token);
    expect(workspaceOver.body.error.message).toContain("workspace's daily spend cap");

    const listed = await call(app, 'GET', '/api/v1/tokens', { token: developer.token });
    const summary = (id: string) => listed.body.tokens.find((token: { id: string }) => token.id === id);
    expect(summary(capped.id)).toMatchObject({ spend_cap_cents_daily: 2 * price, spent_today_cents: 2 * price });
    expect(summary(fresh.id)).toMatchObject({ spent_today_cents: price });
    // Uncapped tokens are not counted.
    const key = listed.body.tokens.find((token: { origin: string }) => token.origin === 'api_key');
    expect(key.spent_today_cents).toBeNull();

    // A new UTC day starts from zero.
    app.clock.advance(86_400_000);
    expect((await send(capped.access_token)).status).toBe(202);
  });

  it('never exceed the cap when 50 sends race, from one token and from 50 tokens under one capped parent', async () => {
    const allowed = 7;
    const developer = await sendingWorkspace(app, { balanceCents: 100_000 });
    const capped = await created(developer.token, {
      scopes: ['messages:write', 'tokens:write'],
      spend_cap_cents_daily: allowed * price,
    });
    // 50 sends at once with one token, through the send behind the rate limit, in every process.
    const auth = await app.services.authenticator.authenticate(`Bearer ${capped.access_token}`);
    if (!auth.ok) throw new Error('the capped token does not authenticate');
    const processes = other ? [app, other] : [app];
    const outcomes = await Promise.allSettled(
      Array.from({ length: 50 }, (_, index) =>
        sendMessage(
          processes[index % processes.length]!.services,
          tokenSender(auth.value),
          { phoneNumber: `+1415555${String(1000 + index)}`, body: 'Race' },
          { source: 'api' },
        ),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(allowed);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') expect((outcome.reason as { code: string }).code).toBe('spend_limit_exceeded');
    }
    const row = await app.services.prisma.accessToken.findUniqueOrThrow({ where: { id: capped.id } });
    expect(row.spendTodayCents).toBe(allowed * price);

    // 50 sends over HTTP, each by its own child of a capped parent, 20 at once: the children share
    // their ancestors' send buckets, whose enterprise burst is 20.
    const parent = await created(developer.token, {
      scopes: ['messages:write', 'tokens:write'],
      spend_cap_cents_daily: allowed * price,
    });
    const children = [];
    for (let index = 0; index < 50; index += 1) {
      children.push(await created(parent.access_token, { name: `child ${index}`, scopes: ['messages:write'] }));
    }
    const responses = [];
    for (let first = 0; first < children.length; first += 20) {
      app.clock.advance(20 * 1_200);
      const wave = children.slice(first, first + 20).map((child, offset) => {
        const index = first + offset;
        return send(child.access_token, processes[index % processes.length], { phone_number: `+1415556${1000 + index}` });
      });
      responses.push(...(await Promise.all(wave)));
    }
    expect(responses.filter((response) => response.status === 202)).toHaveLength(allowed);
    expect(responses.filter((response) => response.status === 402)).toHaveLength(50 - allowed);
    const parentRow = await app.services.prisma.accessToken.findUniqueOrThrow({ where: { id: parent.id } });
    expect(parentRow.spendTodayCents).toBe(allowed * price);
    const spent = await app.services.prisma.message.aggregate({
      where: { tokenId: { in: children.map((child) => child.id) } },
      _sum: { costCents: true },
    });
    expect(spent._sum.costCents).toBe(allowed * price);
  });

  it('gives a refund back to the token caps it counted against', async () => {
    const developer = await sendingWorkspace(app);
    const capped = await created(developer.token, { scopes: ['messages:write'], spend_cap_cents_daily: price });
    const scheduled = await send(capped.access_token, app, { send_at: new Date(app.clock.now() + 3_600_000).toISOString() });
    expect(scheduled.status).toBe(202);
    expect((await send(capped.access_token)).status).toBe(402);
    const canceled = await call(app, 'POST', `/api/v1/messages/${scheduled.body.message.id}/cancel`, { token: developer.token });
    expect(canceled.status).toBe(200);
    expect((await send(capped.access_token)).status).toBe(202);
  });

  it('holds a token to its own send rate tier below the workspace’s', async () => {
    const developer = await sendingWorkspace(app, { tier: 'enterprise' });
    const slow = await created(developer.token, { scopes: ['messages:write'], send_rate_tier: 'starter' });
    expect((await send(slow.access_token)).status).toBe(202);
    const limited = await send(slow.access_token);
    expect(limited.status).toBe(429);
    expect(limited.body.limit).toMatchObject({ tier: 'starter', capacity: 1 });
  });
});

describe('MCP tools', () => {
  it('create_token, list_tokens and revoke_token work through the official client', async () => {
    const developer = await sendingWorkspace(app, { tier: 'starter' });
    const client = await connectMcp(app, developer.token, { toolsets: 'tokens' });
    try {
      const { tools } = await client.listTools();
      expect(tools.find((tool) => tool.name === 'revoke_token')?.annotations).toMatchObject({ destructiveHint: true });
      const made = await client.callTool({
        name: 'create_token',
        arguments: { name: 'mcp child', scopes: ['messages:write'], spend_cap_cents_daily: 100 },
      });
      expect(made.isError).toBeFalsy();
      const token = (made.structuredContent as { token: { id: string; access_token: string } }).token;
      expect(token.access_token).toMatch(/^txt_/);

      const listed = await client.callTool({ name: 'list_tokens', arguments: { limit: 5 } });
      const tokens = (listed.structuredContent as { tokens: { id: string; spend_cap_cents_daily: number | null }[] }).tokens;
      expect(tokens.find((item) => item.id === token.id)).toMatchObject({ spend_cap_cents_daily: 100 });

      const tooMuch = await client.callTool({
        name: 'create_token',
        arguments: { name: 'x', scopes: ['messages:write'], send_rate_tier: 'growth' },
      });
      expect(tooMuch.isError).toBe(true);
      expect(toolError(tooMuch)).toMatchObject({ code: 'validation_failed' });

      const revoked = await client.callTool({ name: 'revoke_token', arguments: { id: token.id } });
      expect((revoked.structuredContent as { revoked_token_ids: string[] }).revoked_token_ids).toEqual([token.id]);
      const missing = await client.callTool({ name: 'revoke_token', arguments: { id: 'tok_nope' } });
      expect(toolError(missing).code).toBe('not_found');
    } finally {
      await client.close();
    }
  });
});
