import { grantsScope, type Operation, type Scope } from '@textline/contract';
import type { AuthContext } from './authenticator.ts';

/**
 * The tools the account-creation token may call beyond its own three scopes, which are fixed: the
 * onboarding path from a new account to a delivered SMS over MCP alone, every step that
 * get_onboarding_status may name (fund, buy or provision a number, send the test SMS) and a full key
 * from create_api_key. The rest of the service needs that key.
 */
export const accountCreationTools: ReadonlySet<string> = new Set([
  'get_onboarding_status',
  'create_api_key',
  'create_funding_invoice',
  'get_funding_invoice',
  'sandbox_pay_invoice',
  'get_balance',
  'search_available_numbers',
  'buy_number',
  'list_numbers',
  'submit_branded_request',
  'provision_dedicated_number',
  'send_test_sms',
]);

/**
 * The scope a caller lacks to run `operation` as an MCP tool, or undefined when it may: a token's
 * scopes bind on every transport, so a tool needs the scope of its REST route (beside the
 * mcp:execute every tools/call needs), except the onboarding tools of the account-creation token.
 */
export function missingToolScope(caller: Pick<AuthContext, 'scopes' | 'origin'>, operation: Operation): Scope | undefined {
  if (operation.auth.kind !== 'bearer') return undefined;
  const { scope } = operation.auth;
  if (grantsScope(caller.scopes, scope)) return undefined;
  if (caller.origin === 'account_creation' && operation.mcp && accountCreationTools.has(operation.mcp.name)) return undefined;
  return scope;
}

/** What a tool call refused for lacking `scope` tells the agent to do. */
export function toolScopeFix(scope: Scope): string {
  return (
    `Call this tool with a token that holds ${scope}. The account's own token mints one with create_api_key; a ` +
    `token holding ${scope} mints a narrower one with create_token; an OAuth client asks for ${scope} in its ` +
    'authorization request. tools/list shows only the tools this token may call.'
  );
}
