import { AppError, type Scope } from '@textline/contract';
import type { Logger } from '../lib/logger.ts';
import type { AuthFailure } from './authenticator.ts';

/**
 * What a refusal may add for its route: /mcp names its protected resource metadata (RFC 9728) so an
 * OAuth client can discover the authorization server, and tells an agent how to get a token.
 */
export type ChallengeOptions = { resourceMetadataUrl?: string | undefined; message?: string | undefined };

function bearerChallenge(params: Record<string, string | undefined>): string {
  const rendered = Object.entries(params).flatMap(([name, value]) => (value === undefined ? [] : [`${name}="${value}"`]));
  return ['Bearer realm="textline"', ...rendered].join(', ');
}

/** 401 for a missing, malformed, unknown, expired or revoked credential; the reason is logged, never sent. */
export function unauthorized(reason: AuthFailure, log: Logger, options: ChallengeOptions = {}): AppError {
  log.info({ reason }, 'authentication refused');
  return new AppError('unauthorized', {
    message: options.message,
    headers: {
      'WWW-Authenticate': bearerChallenge({
        error: reason === 'missing' ? undefined : 'invalid_token',
        resource_metadata: options.resourceMetadataUrl,
      }),
    },
  });
}

/** 403 for a valid token without the route's scope. */
export function insufficientScope(scope: Scope, options: ChallengeOptions = {}): AppError {
  return new AppError('unauthorized', {
    status: 403,
    message: `This token lacks the ${scope} scope.`,
    headers: {
      'WWW-Authenticate': bearerChallenge({ error: 'insufficient_scope', scope, resource_metadata: options.resourceMetadataUrl }),
    },
  });
}
