import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZTimestamp } from '../schemas.ts';
import { ZScope } from '../scopes.ts';

export const ZOAuthClientAuthorization = z.object({
  client_id: z.string().describe('The OAuth client id issued at dynamic registration'),
  client_name: z.string().describe('The name the client registered with; shown on the consent page'),
  redirect_uris: z.array(z.string()).describe('Where the client receives authorization codes'),
  scopes: z.array(ZScope).describe('Scopes the user approved for this client'),
  authorized_at: ZTimestamp.describe('When the user first approved the client'),
  last_used_at: ZTimestamp.nullable().describe('Last MCP request made with one of its tokens; null if never used'),
});
export type TOAuthClientAuthorization = z.infer<typeof ZOAuthClientAuthorization>;

export const listOAuthClients = defineOperation({
  name: 'mcp.listOAuthClients',
  method: 'GET',
  path: '/api/v1/mcp/oauth-clients',
  auth: { kind: 'bearer', scope: 'mcp:read' },
  summary: 'List the OAuth clients you authorized',
  description:
    'MCP clients (for example desktop agents) that the current user approved through OAuth, with the approved ' +
    'scopes and when each last used its access. Revoked clients are not listed.',
  tags: ['mcp'],
  input: z.object({}),
  output: z.object({ oauth_clients: z.array(ZOAuthClientAuthorization) }),
  successStatus: 200,
  errors: [],
  bodyRequired: false,
  mcp: {
    name: 'list_oauth_clients',
    title: 'List authorized OAuth clients',
    description:
      'List the OAuth (MCP) clients the user authorized, with their approved scopes and last use. ' +
      'Use revoke_oauth_client to cut one off.',
    readOnly: true,
    destructive: false,
  },
});

export const revokeOAuthClient = defineOperation({
  name: 'mcp.revokeOAuthClient',
  method: 'DELETE',
  path: '/api/v1/mcp/oauth-clients/{client_id}',
  auth: { kind: 'bearer', scope: 'mcp:execute' },
  summary: "Revoke an OAuth client's access",
  description:
    'Revokes every access and refresh token the client holds for the current user and withdraws the consent; ' +
    'the client must ask the user again. 404 when the user never authorized this client.',
  tags: ['mcp'],
  input: z.strictObject({ client_id: z.string().min(1).max(200).describe('The client_id to revoke') }),
  output: z.object({
    client_id: z.string(),
    revoked: z.literal(true),
    revoked_tokens: z.number().int().describe('Access and refresh tokens that were still live and are now revoked'),
  }),
  successStatus: 200,
  errors: ['not_found'],
  bodyRequired: false,
  mcp: {
    name: 'revoke_oauth_client',
    title: 'Revoke an OAuth client',
    description:
      "Revoke all tokens an OAuth (MCP) client holds for this user and withdraw its consent. The client's next " +
      'request fails with 401 until the user authorizes it again.',
    readOnly: false,
    destructive: true,
  },
});
