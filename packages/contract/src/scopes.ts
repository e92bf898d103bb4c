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

/** SPEC section 5.3: what a token from account creation carries. */
export const accountCreationScopes: readonly Scope[] = ['mcp:read', 'mcp:execute', 'messages:write'];

export function isScope(value: string): value is Scope {
  return (developerScopes as readonly string[]).includes(value);
}
