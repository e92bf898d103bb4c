import { randomUUID } from 'node:crypto';
import { accountCreationScopes, AppError, developerScopes, type TAccountCreated, type TToken } from '@textline/contract';
import { Prisma } from '@textline/db';
import type { AuthContext, LegacyKeyContext } from '../auth/authenticator.ts';
import { issueAccessToken } from '../auth/tokens.ts';
import { DAY_MS } from '../lib/clock.ts';
import { hashPassword, newId, randomBase62, sha256Hex } from '../lib/crypto.ts';
import { type LimitedKey, type LimitReport, rateLimitedError } from '../limits/keyed-limiter.ts';
import type { Services } from '../ports.ts';
import { createDelegatedToken, standsForAccount, type TokenCaller } from './tokens/delegated-tokens.ts';

const BACKUP_CODE_COUNT = 10;

type AccountDeps = Pick<Services, 'prisma' | 'clock' | 'config' | 'rateLimiter'>;

function tokenExpiry(deps: Pick<Services, 'clock' | 'config'>): Date {
  return new Date(deps.clock.now() + deps.config.tokenTtlDays * DAY_MS);
}

function usernameTaken(): AppError {
  return new AppError('validation_failed', {
    message: 'The username is already taken.',
    extra: { issues: [{ path: 'username', message: 'is already taken (usernames are unique ignoring case)' }] },
  });
}

function newBackupCode(): string {
  const raw = randomBase62(12).toLowerCase();
  return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8, 12)}`;
}

/**
 * Creates an account, its workspace, backup codes and first token. The IP slot is reserved first
 * so that concurrent creations from one IP cannot both succeed, and released when creation fails.
 */
export async function createAccount(
  deps: AccountDeps,
  input: { username: string; password: string; ipHash: string },
  report: LimitReport = () => {},
): Promise<TAccountCreated> {
  const usernameLower = input.username.toLowerCase();
  if (await deps.prisma.account.findUnique({ where: { usernameLower }, select: { id: true } })) throw usernameTaken();

  // One success per IP per window (docs/api-rules.md), so a bucket of one refilled once per window.
  const ipSlot: LimitedKey = {
    limit: { namespace: 'account-creation', capacity: 1, refillMs: deps.config.accountCreationWindowSeconds * 1000 },
    key: input.ipHash,
  };
  const decision = await deps.rateLimiter.take(ipSlot);
  if (!decision.allowed) throw rateLimitedError('account_creation_rate_limited', decision);
  report(decision.state);

  try {
    const passwordHash = await hashPassword(input.password);
    const backupCodes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
    const accountId = randomUUID();
    const workspaceId = newId('ws');
    const token = await deps.prisma.$transaction(async (tx) => {
      await tx.account.create({
        data: { id: accountId, username: input.username, usernameLower, passwordHash, createdIpHmac: input.ipHash },
      });
      await tx.workspace.create({ data: { id: workspaceId, accountId } });
      await tx.backupCode.createMany({
        data: backupCodes.map((code) => ({ id: newId('bkc'), accountId, codeHash: sha256Hex(code) })),
      });
      return issueAccessToken(tx, {
        workspaceId,
        scopes: accountCreationScopes,
        origin: 'account_creation',
        expiresAt: tokenExpiry(deps),
      });
    });
    return { account: { id: accountId, username: input.username }, backup_codes: backupCodes, token: publicToken(token) };
  } catch (error) {
    await deps.rateLimiter.refund(ipSlot);
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw usernameTaken();
    throw error;
  }
}

function publicToken(token: TToken): TToken {
  return { type: token.type, access_token: token.access_token, scopes: token.scopes, expires_at: token.expires_at };
}

/** Who asks for a key: the caller's credential as authentication resolved it (a token, or the console). */
type KeyCreator = TokenCaller & Pick<AuthContext, 'parentTokenId' | 'approval'>;

/**
 * POST /api/v1/onboarding/api-key and the create_api_key tool. A key never carries a scope its
 * creator lacks nor outlives it, and OAuth tokens mint none: such a key would survive the revocation
 * of the grant. A root-level credential (the account-creation token, the signed-in console, a key
 * with no parent) mints a root-level key; the account's own credentials mint every scope: the
 * bootstrap of README's walk-through, step 2. A delegated token mints only its own child, exactly as
 * POST /api/v1/tokens would: no wider in scopes, expiry, spend cap or rate tier, and revoked with it.
 */
export async function createApiKeyToken(
  deps: Pick<Services, 'prisma' | 'clock' | 'config'>,
  creator: KeyCreator,
  name: string | undefined,
): Promise<TToken> {
  if (creator.oauthClientId !== null) throw new AppError('oauth_token_cannot_mint');
  // A token under an approval rule mints only children that carry it, even one no token created (the console's).
  if (creator.parentTokenId !== null || creator.approval !== null) {
    const scopes = developerScopes.filter((scope) => creator.scopes.includes(scope));
    return publicToken(await createDelegatedToken(deps, creator, { name, scopes }));
  }
  const token = await issueAccessToken(deps.prisma, {
    workspaceId: creator.workspaceId,
    scopes: standsForAccount(creator) ? developerScopes : developerScopes.filter((scope) => creator.scopes.includes(scope)),
    origin: 'api_key',
    expiresAt: new Date(Math.min(tokenExpiry(deps).getTime(), creator.expiresAt ?? Number.POSITIVE_INFINITY)),
    name,
  });
  return publicToken(token);
}

/**
 * Exchanges a legacy key for a token with its supported scopes. The key is revoked in the same
 * transaction, after the token row exists, so a failure leaves the key usable.
 */
export async function migrateLegacyKey(
  deps: Pick<Services, 'prisma' | 'clock' | 'config'>,
  legacyKey: LegacyKeyContext,
  name: string | undefined,
): Promise<TToken> {
  const token = await deps.prisma.$transaction(async (tx) => {
    const issued = await issueAccessToken(tx, {
      workspaceId: legacyKey.workspaceId,
      scopes: legacyKey.scopes,
      origin: 'legacy_migration',
      expiresAt: tokenExpiry(deps),
      name,
    });
    const revoked = await tx.legacyKey.updateMany({
      where: { id: legacyKey.legacyKeyId, revokedAt: null },
      data: { revokedAt: new Date(deps.clock.now()) },
    });
    // Lost a race with another migration of the same key: undo this token.
    if (revoked.count !== 1) throw new AppError('unauthorized');
    return issued;
  });
  return publicToken(token);
}
