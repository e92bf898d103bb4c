import { AppError, isScope } from '@textline/contract';
import type { AccessToken } from '@textline/db';
import { accountOwner, startConsoleSession, type ConsoleSessionContext } from '../auth/console-session.ts';
import { hashPassword, sha256Hex, verifyPassword } from '../lib/crypto.ts';
import { toFundingInvoice } from './funding.ts';
import { type CredentialAttempt, limitFailedAttempts } from '../limits/credential-attempts.ts';
import type { LimitReport } from '../limits/keyed-limiter.ts';
import type { Services } from '../ports.ts';
import { revokeTokenTree } from './tokens/delegated-tokens.ts';

type Deps = Pick<Services, 'prisma' | 'clock' | 'config' | 'rateLimiter'>;

// Verified when the username is unknown, so a wrong username costs as long as a wrong password.
let decoyHash: Promise<string> | undefined;

/**
 * The account and its workspace when the credentials match (console sign-in and OAuth consent),
 * under the failed-attempt limits: throws sign_in_rate_limited (429) over them.
 */
export async function checkCredentials(
  deps: Pick<Services, 'prisma' | 'rateLimiter' | 'config'>,
  input: CredentialAttempt & { password: string },
  report?: LimitReport,
) {
  return limitFailedAttempts(
    deps,
    input,
    async () => {
      const account = await deps.prisma.account.findUnique({
        where: { usernameLower: input.username.toLowerCase() },
        include: { workspace: { select: { id: true } } },
      });
      const valid = await verifyPassword(
        input.password,
        account?.passwordHash ?? (await (decoyHash ??= hashPassword('decoy password'))),
      );
      return valid && account?.workspace ? { account, workspaceId: account.workspace.id } : undefined;
    },
    report,
  );
}

export async function signIn(
  deps: Deps,
  input: CredentialAttempt & { password: string },
  report?: LimitReport,
): Promise<{ token: string; session: ConsoleSessionContext }> {
  const match = await checkCredentials(deps, input, report);
  if (!match) throw new AppError('unauthorized', { message: 'The username or password is incorrect.' });
  return startConsoleSession(deps, {
    accountId: match.account.id,
    workspaceId: match.workspaceId,
    username: match.account.username,
    ttlHours: deps.config.consoleSessionTtlHours,
  });
}

export async function signOut(deps: Pick<Services, 'prisma'>, session: ConsoleSessionContext): Promise<void> {
  await deps.prisma.consoleSession.deleteMany({ where: { id: session.sessionId } });
}

/**
 * Spends one unused backup code of the account, sets the new password and ends every console
 * session, all in one transaction (a code cannot be spent twice by concurrent resets). Wrong codes
 * count towards the same failed-attempt limits as wrong passwords.
 */
export async function resetPassword(
  deps: Deps,
  input: CredentialAttempt & { backup_code: string; new_password: string },
  report?: LimitReport,
): Promise<{ username: string; backup_codes_remaining: number }> {
  const reset = await limitFailedAttempts(
    deps,
    input,
    async () => {
      // Hashed before the lookup, so an unknown username takes as long as a known one.
      const passwordHash = await hashPassword(input.new_password);
      const account = await deps.prisma.account.findUnique({ where: { usernameLower: input.username.toLowerCase() } });
      if (!account) return undefined;
      const now = new Date(deps.clock.now());
      return deps.prisma.$transaction(async (tx) => {
        const spent = await tx.backupCode.updateMany({
          where: { accountId: account.id, codeHash: sha256Hex(input.backup_code.trim().toLowerCase()), usedAt: null },
          data: { usedAt: now },
        });
        if (spent.count !== 1) return undefined;
        await tx.account.update({ where: { id: account.id }, data: { passwordHash } });
        await tx.consoleSession.deleteMany({ where: { accountId: account.id } });
        const remaining = await tx.backupCode.count({ where: { accountId: account.id, usedAt: null } });
        return { username: account.username, backup_codes_remaining: remaining };
      });
    },
    report,
  );
  if (!reset)
    throw new AppError('unauthorized', { message: 'The username or backup code is incorrect, or the code was already used.' });
  return reset;
}

function tokenView(token: AccessToken) {
  return {
    id: token.id,
    name: token.name,
    origin: token.origin,
    scopes: token.scopes.filter(isScope),
    created_at: token.createdAt.toISOString(),
    expires_at: token.expiresAt.toISOString(),
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
    revoked_at: token.revokedAt?.toISOString() ?? null,
  };
}

export async function listApiTokens(deps: Pick<Services, 'prisma'>, workspaceId: string) {
  const tokens = await deps.prisma.accessToken.findMany({ where: { workspaceId }, orderBy: { createdAt: 'desc' }, take: 200 });
  return tokens.map(tokenView);
}

/** The console revokes as the account owner: any token, with every token created from it (revokeTokenTree). */
export async function revokeApiToken(
  deps: Pick<Services, 'prisma' | 'clock' | 'authenticator'>,
  session: Pick<ConsoleSessionContext, 'workspaceId' | 'sessionId'>,
  id: string,
) {
  await revokeTokenTree(deps, accountOwner(session.workspaceId, session.sessionId), id);
  return tokenView(await deps.prisma.accessToken.findUniqueOrThrow({ where: { id } }));
}

export async function billingSummary(deps: Pick<Services, 'prisma' | 'clock'>, workspaceId: string) {
  const [workspace, invoices] = await Promise.all([
    deps.prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } }),
    deps.prisma.fundingInvoice.findMany({ where: { workspaceId }, orderBy: { createdAt: 'desc' }, take: 100 }),
  ]);
  return {
    balance_cents: workspace.balanceCents,
    invoices: invoices.map((invoice) => ({
      id: invoice.id,
      amount_cents: invoice.amountCents,
      currency: invoice.currency,
      status: toFundingInvoice(invoice, deps.clock.now()).status,
      hosted_url: invoice.hostedUrl,
      created_at: invoice.createdAt.toISOString(),
      expires_at: invoice.expiresAt.toISOString(),
      paid_at: invoice.paidAt?.toISOString() ?? null,
    })),
  };
}
