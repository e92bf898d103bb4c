import { z } from 'zod';

export const developerScopes = [
  'messages:read',
  'messages:write',
  'numbers:read',
  'numbers:write',
  'campaigns:read',
  'campaigns:write',
  'onboarding:read',
  'onboarding:write',
  'mcp:read',
  'mcp:execute',
  'billing:read',
  'tokens:read',
  'tokens:write',
  'webhooks:read',
  'webhooks:write',
  'compliance:read',
  'compliance:write',
  'workspace:read',
  'workspace:write',
] as const;

export type Scope = (typeof developerScopes)[number];

export const ZScope = z.enum(developerScopes);

/**
 * What each scope lets its holder do, in plain words: the OAuth consent page shows these to the
 * person approving a client, so each names what can cost money or reach people.
 */
export const scopeDescriptions: Record<Scope, string> = {
  'messages:read': 'Read your messages, conversations, replies and opt-out list.',
  'messages:write':
    'Send, schedule and cancel SMS, which spends your prepaid balance, manage your opt-out list, and read your messages.',
  'numbers:read': 'List your phone numbers.',
  'numbers:write': 'Buy phone numbers, which can cost money.',
  'campaigns:read': 'Read your campaigns, contact lists and snippets.',
  'campaigns:write':
    'Create and change campaigns, contact lists and snippets, and enroll recipients in campaigns that text them.',
  'onboarding:read': 'Read your onboarding status and funding invoices.',
  'onboarding:write': 'Create API keys and funding invoices, request and provision a dedicated number, and send the test SMS.',
  'mcp:read': 'List the tools the other permissions here allow (their names and descriptions); it runs none of them.',
  'mcp:execute':
    'Run tools over MCP, each only within the other permissions here (sending SMS needs the messages permission, ' +
    'buying numbers the numbers one), and revoke authorized apps. It cannot create API keys.',
  'billing:read': 'Read your balance, spend, ledger and usage.',
  'tokens:read': 'List the tokens of your workspace (never their secrets).',
  'tokens:write': 'Create tokens with at most your own scopes, expiry and spend cap, and revoke them.',
  'webhooks:read': 'Read your webhook endpoints, their health and their deliveries.',
  'webhooks:write': 'Create, change and delete webhook endpoints, rotate their signing secrets, and replay deliveries.',
  'compliance:read': 'Read your sender registrations (brands, use cases, toll-free verifications) and messaging settings.',
  'compliance:write':
    'Register brands and use cases with the carriers, assign numbers to them, submit toll-free verifications, and change ' +
    'the messaging settings (keywords, confirmations, allowed hours, destinations) that apply to every send.',
  'workspace:read': "Read the workspace's settings, such as how long its messages are kept.",
  'workspace:write':
    "Change the workspace's settings, such as how long its messages are kept: a shorter retention erases the text " +
    'and numbers of older messages for good.',
};

/** A write scope implies reading the same resource: a token that may send may also read what it sent. */
const impliedBy: Partial<Record<Scope, Scope>> = {
  'messages:read': 'messages:write',
  'tokens:read': 'tokens:write',
  'webhooks:read': 'webhooks:write',
  'compliance:read': 'compliance:write',
  'workspace:read': 'workspace:write',
};

/** Whether a token holding `held` passes a check for `required` (directly or through the write scope). */
export function grantsScope(held: readonly string[], required: Scope): boolean {
  if (held.includes(required)) return true;
  const writer = impliedBy[required];
  return writer !== undefined && held.includes(writer);
}

/** What a token from account creation carries, whatever the request: the published, fixed set. */
export const accountCreationScopes: readonly Scope[] = ['mcp:read', 'mcp:execute', 'messages:write'];

export function isScope(value: string): value is Scope {
  return (developerScopes as readonly string[]).includes(value);
}
