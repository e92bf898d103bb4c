import { z } from 'zod';

export const developerScopes = [
  'messages:write',
  'numbers:read',
  'numbers:write',
  'campaigns:read',
  'campaigns:write',
  'onboarding:read',
  'onboarding:write',
  'mcp:read',
  'mcp:execute',
] as const;

export type Scope = (typeof developerScopes)[number];

export const ZScope = z.enum(developerScopes);

/**
 * What each scope lets its holder do, in plain words: the OAuth consent page shows these to the
 * person approving a client, so each names what can cost money or reach people.
 */
export const scopeDescriptions: Record<Scope, string> = {
  'messages:write': 'Send SMS, which spends your prepaid balance, and read the messages sent.',
  'numbers:read': 'List your phone numbers.',
  'numbers:write': 'Buy phone numbers, which can cost money.',
  'campaigns:read': 'Read your campaigns, contact lists and snippets.',
  'campaigns:write':
    'Create and change campaigns, contact lists and snippets, and enroll recipients in campaigns that text them.',
  'onboarding:read': 'Read your onboarding status and funding invoices.',
  'onboarding:write': 'Create API keys and funding invoices, request and provision a dedicated number, and send the test SMS.',
  'mcp:read': 'List the tools available on your account (their names and descriptions); it runs none of them.',
  'mcp:execute':
    'Run the tools on your account: send SMS and spend your balance, buy numbers, create funding invoices, manage campaigns, ' +
    'contact lists and snippets, read your messages and numbers, and revoke authorized apps. It cannot create API keys.',
};

/** SPEC section 5.3: what a token from account creation carries. */
export const accountCreationScopes: readonly Scope[] = ['mcp:read', 'mcp:execute', 'messages:write'];

export function isScope(value: string): value is Scope {
  return (developerScopes as readonly string[]).includes(value);
}
