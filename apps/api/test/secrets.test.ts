import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommands } from '../src/admin/commands.ts';
import { sha256Hex } from '../src/lib/crypto.ts';
import { assertNoSecretsLogged, call, scaledMode, startTestApp, type TestApp } from './harness.ts';
import { data, signIn, trpcMutation } from './console-support.ts';
import { authorizeThroughPage, exchangeCode, registerClient } from './oauth-support.ts';

/**
 * Secrets at rest: every credential the service issues or receives (tokens, passwords, backup codes,
 * OAuth client secrets, codes and refresh tokens, console sessions, legacy keys) and every client IP
 * is stored only as a hash. The whole database (and Redis, in the scaled mode) is scanned for the
 * plaintext values a real journey used; the logs are scanned by the harness and again here.
 */

let app: TestApp;
const ip = '198.51.100.23';
const password = 'a long and secret password 1';
const newPassword = 'another long secret password 2';
const plaintext: Record<string, string> = {};
let accountId: string;

beforeAll(async () => {
  app = await startTestApp();
  const created = await call(app, 'POST', '/api/v1/accounts', {
    body: { username: 'secret_keeper', password },
    headers: { 'x-forwarded-for': ip },
  });
  expect(created.status).toBe(201);
  accountId = created.body.account.id;
  plaintext.accountToken = created.body.token.access_token;
  created.body.backup_codes.forEach((code: string, index: number) => (plaintext[`backupCode${index}`] = code));

  // A backup code spent on a password reset, then a console session with the new password.
  const reset = await trpcMutation(app, 'console.resetPassword', {
    username: 'secret_keeper',
    backup_code: plaintext.backupCode0,
    new_password: newPassword,
  });
  expect(data(reset).backup_codes_remaining).toBe(9);
  const session = await signIn(app, 'secret_keeper', newPassword);
  plaintext.consoleSession = session.cookie.split('=')[1]!;
  plaintext.csrf = session.csrf;

  // A token minted over the API, a legacy key, and a confidential OAuth client's whole grant.
  const apiKey = await call(app, 'POST', '/mcp/tools/create_api_key', {
    token: plaintext.accountToken,
    body: { params: { name: 'ci' } },
  });
  plaintext.apiToken = JSON.stringify(apiKey.body).match(/txt_\w+/)![0];
  const legacy = (await adminCommands['create-legacy-key'](app.services, {
    username: 'secret_keeper',
    scopes: ['messages:write'] as never,
  })) as { legacy_key: string };
  plaintext.legacyKey = legacy.legacy_key;
  const client = await registerClient(app, { token_endpoint_auth_method: 'client_secret_post' });
  plaintext.clientSecret = client.client_secret!;
  const grant = await authorizeThroughPage(app, client, { username: 'secret_keeper', password: newPassword });
  plaintext.authorizationCode = grant.code;
  const tokens = await exchangeCode(app, client, grant, { client_secret: client.client_secret! });
  expect(tokens.status).toBe(200);
  plaintext.oauthAccessToken = tokens.body.access_token;
  plaintext.oauthRefreshToken = tokens.body.refresh_token;
});
afterAll(async () => {
  await app.close();
});

/** Every row of every table of the application, as JSON text. */
async function databaseDump(): Promise<string> {
  const tables = await app.services.prisma.$queryRaw<{ name: string }[]>`
    SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`;
  expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['accounts', 'access_tokens', 'backup_codes']));
  const rows: string[] = [];
  for (const { name } of tables) {
    const dumped = await app.services.prisma.$queryRawUnsafe<{ row: string }[]>(
      `SELECT row_to_json(t)::text AS row FROM "${name}" t`,
    );
    rows.push(...dumped.map((entry) => entry.row));
  }
  return rows.join('\n');
}

describe('secrets at rest', () => {
  it('stores no credential, password, code or IP in plaintext anywhere in the database', async () => {
    const secrets = { ...plaintext, password, newPassword, ip };
    const dump = await databaseDump();
    const found = Object.entries(secrets).filter(([, value]) => dump.includes(value));
    expect(found.map(([name]) => name)).toEqual([]);
  });

  it('stores their hashes instead', async () => {
    const { prisma } = app.services;
    const account = await prisma.account.findUniqueOrThrow({ where: { id: accountId } });
    // A slow, salted password hash, not a digest of the password.
    expect(account.passwordHash).toMatch(/^\$?(scrypt|argon2id)\$/);
    expect(account.passwordHash).not.toContain(sha256Hex(newPassword));
    // The IP as a keyed HMAC, so a dictionary of addresses does not reverse it.
    expect(account.createdIpHmac).toBe(app.services.hashIp(ip));
    expect(account.createdIpHmac).not.toBe(sha256Hex(ip));
    expect(await prisma.accessToken.count({ where: { tokenHash: sha256Hex(plaintext.accountToken!) } })).toBe(1);
    expect(
      await prisma.backupCode.count({
        where: {
          accountId,
          codeHash: {
            in: Object.keys(plaintext)
              .filter((key) => key.startsWith('backupCode'))
              .map((key) => sha256Hex(plaintext[key]!)),
          },
        },
      }),
    ).toBe(10);
    expect(await prisma.legacyKey.count({ where: { keyHash: sha256Hex(plaintext.legacyKey!) } })).toBe(1);
  });

  it.runIf(scaledMode)('keeps no plaintext IP or credential in Redis either', async () => {
    const redis = app.services.redis!;
    const keys = await redis.keys('*');
    const values = await Promise.all(keys.map(async (key) => ((await redis.type(key)) === 'string' ? await redis.get(key) : '')));
    const stored = [...keys, ...values].join('\n');
    expect(keys.some((key) => key.includes(app.services.hashIp(ip)))).toBe(true);
    expect(
      Object.entries({ ...plaintext, ip })
        .filter(([, value]) => stored.includes(value))
        .map(([name]) => name),
    ).toEqual([]);
  });

  it('logged none of them', () => {
    expect(app.logs.length).toBeGreaterThan(0);
    assertNoSecretsLogged(app);
    const logged = app.logs.join('\n');
    expect(
      Object.entries({ ...plaintext, password, newPassword, ip })
        .filter(([, value]) => logged.includes(value))
        .map(([name]) => name),
    ).toEqual([]);
  });
});
