import {
  AppError,
  developerScopes,
  type FieldIssue,
  grantsScope,
  isScope,
  type Scope,
  type SendRateTier,
  sendRateTiers,
  type TApprovalRule,
  type TCreatedToken,
  type TTokenSummary,
} from '@textline/contract';
import { type AccessToken, type Prisma, queryRowsIn, type RowOf } from '@textline/db';
import { approvalRuleOf, type AuthContext } from '../../auth/authenticator.ts';
import { issueAccessToken } from '../../auth/tokens.ts';
import { DAY_MS, spentToday } from '../../lib/clock.ts';
import { newestFirst } from '../../lib/pagination.ts';
import { lowerTier, tierOf } from '../../limits/send-rate-limiter.ts';
import type { Services } from '../../ports.ts';
import { disableEndpointsOfRevokedTokens } from '../customer-webhooks/endpoints.ts';
import * as sql from './delegated-tokens.sql.ts';

/** Who creates or revokes: the caller's credential as authentication resolved it (a token, or the console). */
export type TokenCaller = Pick<AuthContext, 'workspaceId' | 'tokenId' | 'scopes' | 'origin' | 'oauthClientId' | 'expiresAt'>;

export type CreateTokenInput = {
  name: string | undefined;
  scopes: Scope[];
  expires_in_seconds?: number | undefined;
  spend_cap_cents_daily?: number | undefined;
  send_rate_tier?: SendRateTier | undefined;
  approval?: TApprovalRule | undefined;
};

/**
 * Whether `rule` holds at least every send `creatorRule` holds, so a token cannot shed its
 * creator's approval rule by creating a token: all_sends holds every send; a threshold holds more
 * the lower it is; new_recipients and a threshold hold different sends, so neither replaces the other.
 */
function atLeastAsStrict(rule: TApprovalRule, creatorRule: TApprovalRule): boolean {
  if (rule.required_for === 'all_sends') return true;
  if (creatorRule.required_for === 'over_cents') {
    return rule.required_for === 'over_cents' && rule.threshold_cents <= creatorRule.threshold_cents;
  }
  return rule.required_for === creatorRule.required_for;
}

/**
 * The account's own credentials stand for the account and may grant every scope: the token from
 * account creation and the signed-in console (the rule createApiKeyToken applies to minted keys).
 */
export function standsForAccount(caller: Pick<TokenCaller, 'origin'>): boolean {
  return caller.origin === 'account_creation' || caller.origin === 'console';
}

/** The console is no token: what it creates has no parent and what it revokes is any token. */
const isConsole = (caller: Pick<TokenCaller, 'origin'>) => caller.origin === 'console';

function invalid(issues: FieldIssue[]): AppError {
  return new AppError('validation_failed', {
    message: `The new token would exceed the calling token: ${issues.map((issue) => `${issue.path} ${issue.message}`).join('; ')}.`,
    extra: { issues },
  });
}

/**
 * Takes the workspace row's lock for the rest of the transaction. Creating and revoking tokens take
 * it, as sends and refunds do, so these never interleave: a token revoked meanwhile cannot gain a
 * child that escapes its revocation, and token rows are written by one transaction at a time.
 * Returns the workspace's plan tier, read under the lock.
 */
async function lockWorkspace(tx: Prisma.TransactionClient, workspaceId: string): Promise<string> {
  const [workspace] = await queryRowsIn(tx, sql.lockWorkspaceTokens, [workspaceId]);
  if (!workspace) throw new AppError('unauthorized');
  return workspace.plan_tier;
}

/**
 * POST /api/v1/tokens and create_token: a `delegated` token that never exceeds its creator. Its
 * scopes are a subset of the creator's, it expires no later (nor later than TOKEN_TTL_DAYS), its
 * daily spend cap is at most the creator's own (inherited when none is asked for), and its send rate
 * tier at most the workspace's plan and the creator's tier. Each excess is a 422 naming its field.
 * OAuth tokens create none (a token would outlive the grant). The creator, if a token, becomes the
 * parent: revoking it revokes this token, and this token's sends count against its cap too
 * (capped_token_chain in the delegated_tokens migration).
 */
export async function createDelegatedToken(
  deps: Pick<Services, 'prisma' | 'clock' | 'config'>,
  creator: TokenCaller,
  input: CreateTokenInput,
): Promise<TCreatedToken> {
  if (creator.oauthClientId !== null) throw new AppError('oauth_token_cannot_mint');
  const scopes = [...new Set(input.scopes)];
  const held = standsForAccount(creator) ? developerScopes : creator.scopes;
  const notHeld = scopes.filter((scope) => !grantsScope(held, scope));
  if (notHeld.length > 0) {
    throw invalid([
      { path: 'scopes', message: `must be a subset of the calling token's scopes; it lacks ${notHeld.join(', ')}` },
    ]);
  }
  const parentTokenId = isConsole(creator) ? null : creator.tokenId;
  const now = deps.clock.now();

  return deps.prisma.$transaction(async (tx) => {
    const planTier = tierOf(await lockWorkspace(tx, creator.workspaceId));
    let parent: RowOf<typeof sql.creatorToken> | undefined;
    if (parentTokenId !== null) {
      [parent] = await queryRowsIn(tx, sql.creatorToken, [parentTokenId, creator.workspaceId]);
      // Revoked since the token cache answered: it creates nothing any more.
      if (!parent || parent.revoked_at !== null || parent.expires_at.getTime() <= now) throw new AppError('unauthorized');
    }

    const issues: FieldIssue[] = [];
    const latest = Math.min(now + deps.config.tokenTtlDays * DAY_MS, parent?.expires_at.getTime() ?? Number.POSITIVE_INFINITY);
    let expiresAt = latest;
    if (input.expires_in_seconds !== undefined) {
      expiresAt = now + input.expires_in_seconds * 1000;
      if (expiresAt > latest) {
        const limit = parent && parent.expires_at.getTime() === latest ? 'when the calling token expires' : 'TOKEN_TTL_DAYS';
        issues.push({
          path: 'expires_in_seconds',
          message: `must be at most ${Math.floor((latest - now) / 1000)} (${limit})`,
        });
      }
    }

    const creatorCap = parent?.spend_cap_cents_daily ?? null;
    const spendCap = input.spend_cap_cents_daily ?? creatorCap;
    if (spendCap !== null && creatorCap !== null && spendCap > creatorCap) {
      issues.push({ path: 'spend_cap_cents_daily', message: `must be at most ${creatorCap}, the calling token's own daily cap` });
    }

    const creatorTier = parent?.send_rate_tier ? tierOf(parent.send_rate_tier) : null;
    const highestTier = creatorTier ? lowerTier(planTier, creatorTier) : planTier;
    const tier = input.send_rate_tier ?? creatorTier;
    if (tier !== null && lowerTier(tier, highestTier) !== tier) {
      const whose = creatorTier && highestTier === creatorTier ? "the calling token's tier" : "the workspace's plan tier";
      issues.push({
        path: 'send_rate_tier',
        message: `must be at most ${highestTier}, ${whose} (${sendRateTiers.slice(0, sendRateTiers.indexOf(highestTier) + 1).join(', ')})`,
      });
    }
    const creatorApproval = parent ? approvalRuleOf(parent) : null;
    const approval = input.approval ?? creatorApproval;
    if (approval && creatorApproval && !atLeastAsStrict(approval, creatorApproval)) {
      issues.push({
        path: 'approval',
        message: `must hold at least the sends the calling token's rule holds (${JSON.stringify(creatorApproval)})`,
      });
    }
    if (issues.length > 0) throw invalid(issues);

    const issued = await issueAccessToken(tx, {
      workspaceId: creator.workspaceId,
      scopes,
      origin: 'delegated',
      expiresAt: new Date(expiresAt),
      name: input.name,
      parentTokenId,
      spendCapCentsDaily: spendCap,
      sendRateTier: tier,
      approval,
    });
    return {
      ...issued,
      name: input.name ?? null,
      origin: 'delegated',
      created_at: new Date(now).toISOString(),
      parent_token_id: parentTokenId,
      spend_cap_cents_daily: spendCap,
      send_rate_tier: tier,
      approval,
    };
  });
}

/** A token as lists show it; `now` decides expired, and which UTC day's spend is today's. */
export function tokenSummary(token: AccessToken, now: number): TTokenSummary {
  const capped = token.spendCapCentsDaily !== null;
  return {
    id: token.id,
    name: token.name,
    // The column holds only the origins tokens are issued with (tokenOrigins).
    origin: token.origin as TTokenSummary['origin'],
    status: token.revokedAt ? 'revoked' : token.expiresAt.getTime() <= now ? 'expired' : 'active',
    scopes: token.scopes.filter(isScope),
    created_at: token.createdAt.toISOString(),
    expires_at: token.expiresAt.toISOString(),
    last_used_at: token.lastUsedAt?.toISOString() ?? null,
    revoked_at: token.revokedAt?.toISOString() ?? null,
    parent_token_id: token.parentTokenId,
    spend_cap_cents_daily: token.spendCapCentsDaily,
    spent_today_cents: capped ? spentToday(token, now) : null,
    send_rate_tier: isSendRateTier(token.sendRateTier) ? token.sendRateTier : null,
    approval: approvalRuleOf({
      approval_required_for: token.approvalRequiredFor,
      approval_threshold_cents: token.approvalThresholdCents,
    }),
  };
}

function isSendRateTier(value: string | null): value is SendRateTier {
  return value !== null && (sendRateTiers as readonly string[]).includes(value);
}

/** GET /api/v1/tokens and list_tokens: every token of the workspace, newest first, never a secret. */
export async function listTokens(
  deps: Pick<Services, 'prisma' | 'clock'>,
  workspaceId: string,
  query: { limit: number; cursor?: string | undefined },
): Promise<{ tokens: TTokenSummary[]; next_cursor: string | null }> {
  const page = newestFirst('tokens', workspaceId, query);
  const rows = await deps.prisma.accessToken.findMany({
    where: { workspaceId, ...page.where },
    orderBy: page.orderBy,
    take: page.take,
  });
  const { rows: tokens, nextCursor } = page.page(rows);
  const now = deps.clock.now();
  return { tokens: tokens.map((token) => tokenSummary(token, now)), next_cursor: nextCursor };
}

/**
 * Whether `caller` may revoke `targetId`. Any token may revoke itself and the tokens created from it,
 * directly or not; only the account's own credentials (the console, and tokens no token created
 * other than OAuth tokens: the account-creation token, full keys, migrated keys) may revoke the
 * others. So a sub-agent cannot revoke the token it was given by, nor its siblings.
 */
async function mayRevoke(tx: Prisma.TransactionClient, caller: TokenCaller, targetId: string): Promise<boolean> {
  if (isConsole(caller)) return true;
  const [row] = await queryRowsIn(tx, sql.revokerStanding, [targetId, caller.tokenId]);
  return row !== undefined && (row.stands_for_account || row.is_ancestor);
}

/**
 * DELETE /api/v1/tokens/{id}, revoke_token and the console's revoke: revokes the token and every
 * token created from it, transitively, in one transaction under the workspace lock (so no child is
 * created meanwhile beside it). This process forgets them at once; the others' token caches within
 * TOKEN_CACHE_MS, the longest a revoked token keeps working. Another workspace's token is not
 * found; a token the caller may not revoke (mayRevoke) is 403. Revoking again changes nothing.
 */
export async function revokeTokenTree(
  deps: Pick<Services, 'prisma' | 'clock' | 'authenticator'>,
  caller: TokenCaller,
  id: string,
): Promise<{ token: TTokenSummary; revoked_token_ids: string[] }> {
  const at = new Date(deps.clock.now());
  const { token, revoked } = await deps.prisma.$transaction(async (tx) => {
    await lockWorkspace(tx, caller.workspaceId);
    const target = await tx.accessToken.findFirst({ where: { id, workspaceId: caller.workspaceId }, select: { id: true } });
    if (!target) throw new AppError('not_found', { message: 'No token with this id exists in this workspace.' });
    if (!(await mayRevoke(tx, caller, id))) {
      throw new AppError('forbidden', {
        message:
          'A delegated token may revoke only itself and the tokens created from it; revoke this one with the token that ' +
          "created it (or one above it), or with the account's own token or the console.",
      });
    }
    const revokedRows = await queryRowsIn(tx, sql.revokeTokenTree, [id, at]);
    // What the revoked delegated tokens created to send data out stops with them.
    await disableEndpointsOfRevokedTokens(tx, revokedRows, at);
    return { token: await tx.accessToken.findUniqueOrThrow({ where: { id } }), revoked: revokedRows };
  });
  for (const row of revoked) deps.authenticator.forget(row.token_hash);
  return { token: tokenSummary(token, at.getTime()), revoked_token_ids: revoked.map((row) => row.id) };
}
