import type { PrismaClient } from '@textline/db';
import type { Scope, TApprovalRule, TokenOrigin, TToken } from '@textline/contract';
import { newId, randomBase62, sha256Hex } from '../lib/crypto.ts';

const ACCESS_TOKEN_PREFIX = 'txt_';
const LEGACY_KEY_PREFIX = 'txk_';
const SECRET_LENGTH = 43; // 43 base62 characters carry 256 bits

export const tokenPattern = /^txt_[0-9A-Za-z]{43}$/;
export const legacyKeyPattern = /^txk_[0-9A-Za-z]{43}$/;

type TokenWriter = Pick<PrismaClient, 'accessToken'>;

/** Creates a token; only its SHA-256 is stored, the plaintext is returned once. */
export async function issueAccessToken(
  db: TokenWriter,
  options: {
    workspaceId: string;
    scopes: readonly Scope[];
    origin: TokenOrigin;
    expiresAt: Date;
    name?: string | undefined;
    oauthClientId?: string | undefined;
    /** A delegated token's settings (domain/tokens/delegated-tokens.ts). */
    parentTokenId?: string | null | undefined;
    spendCapCentsDaily?: number | null | undefined;
    sendRateTier?: string | null | undefined;
    approval?: TApprovalRule | null | undefined;
  },
): Promise<TToken & { id: string }> {
  const accessToken = `${ACCESS_TOKEN_PREFIX}${randomBase62(SECRET_LENGTH)}`;
  const id = newId('tok');
  await db.accessToken.create({
    data: {
      id,
      workspaceId: options.workspaceId,
      tokenHash: sha256Hex(accessToken),
      name: options.name ?? null,
      origin: options.origin,
      scopes: [...options.scopes],
      oauthClientId: options.oauthClientId ?? null,
      expiresAt: options.expiresAt,
      parentTokenId: options.parentTokenId ?? null,
      spendCapCentsDaily: options.spendCapCentsDaily ?? null,
      sendRateTier: options.sendRateTier ?? null,
      approvalRequiredFor: options.approval?.required_for ?? null,
      approvalThresholdCents: options.approval?.required_for === 'over_cents' ? options.approval.threshold_cents : null,
    },
  });
  return {
    id,
    type: 'Bearer',
    access_token: accessToken,
    scopes: [...options.scopes],
    expires_at: options.expiresAt.toISOString(),
  };
}

export function newLegacyKey(): { key: string; keyHash: string } {
  const key = `${LEGACY_KEY_PREFIX}${randomBase62(SECRET_LENGTH)}`;
  return { key, keyHash: sha256Hex(key) };
}
