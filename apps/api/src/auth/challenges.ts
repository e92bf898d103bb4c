import { AppError, type Scope } from '@textline/contract';
import type { Logger } from '../lib/logger.ts';
import type { AuthFailure } from './authenticator.ts';

/**
 * What a refusal may add for its route: /mcp names its protected resource metadata (RFC 9728) so an
 * OAuth client can discover the authorization server, and tells an agent how to get a token.
 */
type ChallengeOptions = { resourceMetadataUrl?: string | undefined; message?: string | undefined };

function bearerChallenge(params: Record<string, string | undefined>): string {
  const rendered = Object.entries(params).flatMap(([name, value]) => (value === undefined ? [] : [`${name}="${value}"`]));
  return ['Bearer realm="textline"', ...rendered].join(', ');
}

/**
 * What the holder of a credential that works elsewhere must do instead. Other reasons stay unsaid: they
 * would tell a guesser which of its guesses exist.
 */
const remedies: Partial<Record<AuthFailure, string>> = {
  wrong_resource:
    'This OAuth access token is bound to /mcp: use it on /mcp, or call /api/v1 with a txt_ key from the account ' +
    '(the token from account creation or POST /api/v1/onboarding/api-key).',
  legacy_key:
    'This is a legacy txk_ key, no longer accepted here: migrate it to a txt_ token with POST /api/v1/auth/migrate-legacy-key ' +
    '(send the key as the bearer credential).',
};

/**
 * 401 for a missing, malformed, unknown, expired, revoked or misplaced credential. The reason is logged;
 * the message explains it only where the holder can act on it (remedies), then adds the route's own.
 */
export function unauthorized(reason: AuthFailure, log: Logger, options: ChallengeOptions = {}): AppError {
  log.info({ reason }, 'authentication refused');
  const message = [remedies[reason], options.message].filter((part) => part !== undefined).join(' ');
  return new AppError('unauthorized', {
    message: message || undefined,
    headers: {
      'WWW-Authenticate': bearerChallenge({
        error: reason === 'missing' ? undefined : 'invalid_token',
        resource_metadata: options.resourceMetadataUrl,
      }),
    },
  });
}

/** 403 for a valid token without the route's scope; `fix` says how to get a token that holds it. */
export function insufficientScope(scope: Scope, options: ChallengeOptions & { fix?: string } = {}): AppError {
  return new AppError('unauthorized', {
    status: 403,
    message: `This token lacks the ${scope} scope.`,
    fix: options.fix,
    headers: {
      'WWW-Authenticate': bearerChallenge({ error: 'insufficient_scope', scope, resource_metadata: options.resourceMetadataUrl }),
    },
  });
}
