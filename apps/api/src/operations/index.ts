import { operations, type OperationName } from '@textline/contract';
import { accountsHandlers, authHandlers } from './accounts.ts';
import { approvalsHandlers } from './approvals.ts';
import { balanceHandlers, ledgerHandlers, usageHandlers } from './billing.ts';
import { campaignsHandlers } from './campaigns.ts';
import { apiTokensHandlers, billingHandlers, consoleHandlers } from './console.ts';
import { contactListsHandlers } from './contact-lists.ts';
import { conversationsHandlers } from './conversations.ts';
import type { OperationHandler } from './handler.ts';
import { healthHandlers } from './health.ts';
import { mcpHandlers } from './mcp.ts';
import { linksHandlers, messagesHandlers } from './messages.ts';
import { numbersHandlers } from './numbers.ts';
import { onboardingHandlers } from './onboarding.ts';
import { queueHandlers } from './queue.ts';
import { sandboxHandlers } from './sandbox.ts';
import { brandsHandlers, tollFreeVerificationsHandlers, useCasesHandlers } from './sender-registration.ts';
import { senderPoolsHandlers } from './sender-pools.ts';
import { snippetsHandlers } from './snippets.ts';
import { templatesHandlers } from './templates.ts';
import { suppressionsHandlers } from './suppressions.ts';
import { consentsHandlers, lookupsHandlers, messagingSettingsHandlers } from './compliance-policies.ts';
import { tokensHandlers } from './tokens.ts';
import { webhookDeliveriesHandlers, webhookEndpointsHandlers } from './webhooks.ts';
import { workspaceHandlers } from './workspace.ts';
import { runsSandbox } from '../providers/sandbox-mode.ts';
import type { Services } from '../ports.ts';

type ResourceOf<TPath> = TPath extends `${infer TResource}.${string}` ? TResource : never;

/**
 * The shape the list must have: a handler for each contract operation, under its procedure path
 * split at the dot (`messages.create` is `messages: { create }`), of that operation.
 */
type HandlersOfEveryOperation = {
  [TResource in ResourceOf<OperationName>]: {
    [TPath in OperationName as TPath extends `${TResource}.${infer TShortName}` ? TShortName : never]: OperationHandler<
      (typeof operations)[TPath]
    >;
  };
};

/**
 * Every operation's handler, by resource and short name: the one list the tRPC router, the REST
 * routes, the MCP tools and openapi.json are built from. A contract operation without a handler
 * here fails the typecheck. The order is the order REST routes are matched and tools are listed in.
 */
export const operationHandlers = {
  health: healthHandlers,
  accounts: accountsHandlers,
  auth: authHandlers,
  onboarding: onboardingHandlers,
  tokens: tokensHandlers,
  numbers: numbersHandlers,
  tollFreeVerifications: tollFreeVerificationsHandlers,
  brands: brandsHandlers,
  useCases: useCasesHandlers,
  messages: messagesHandlers,
  approvals: approvalsHandlers,
  links: linksHandlers,
  senderPools: senderPoolsHandlers,
  queue: queueHandlers,
  mcp: mcpHandlers,
  console: consoleHandlers,
  apiTokens: apiTokensHandlers,
  billing: billingHandlers,
  webhookEndpoints: webhookEndpointsHandlers,
  webhookDeliveries: webhookDeliveriesHandlers,
  campaigns: campaignsHandlers,
  templates: templatesHandlers,
  snippets: snippetsHandlers,
  contactLists: contactListsHandlers,
  conversations: conversationsHandlers,
  suppressions: suppressionsHandlers,
  balance: balanceHandlers,
  ledger: ledgerHandlers,
  usage: usageHandlers,
  workspace: workspaceHandlers,
  sandbox: sandboxHandlers,
  messagingSettings: messagingSettingsHandlers,
  consents: consentsHandlers,
  lookups: lookupsHandlers,
} satisfies HandlersOfEveryOperation;

export type ServedOperation = { procedurePath: OperationName; handler: OperationHandler };

function isOperationName(path: string): path is OperationName {
  return Object.hasOwn(operations, path);
}

/**
 * Each handler with its procedure path, in the list's order. Refuses, when the service starts, a
 * handler under a path that is not its operation's (the type above cannot tell apart two
 * operations with the same schemas).
 */
function listServedOperations(): ServedOperation[] {
  return Object.entries(operationHandlers).flatMap(([resource, handlers]) =>
    Object.entries(handlers).map(([shortName, handler]: [string, OperationHandler]) => {
      const procedurePath = `${resource}.${shortName}`;
      if (!isOperationName(procedurePath) || operations[procedurePath] !== handler.operation) {
        throw new Error(`${procedurePath}: its handler serves ${handler.operation.name}; list it under that procedure path`);
      }
      return { procedurePath, handler };
    }),
  );
}

/** Every operation the service can serve, sandbox-only ones included (openapi.json documents them all). */
export const servedOperations: readonly ServedOperation[] = listServedOperations();

const withoutSandboxOnly = servedOperations.filter(({ handler }) => !handler.operation.sandboxOnly);

/**
 * The operations these services serve, in the list's order: the REST routes and MCP tools are built
 * from it. Sandbox-only operations are in it only with the sandbox providers.
 */
export function operationsServedBy(
  services: Pick<Services, 'messagingProvider' | 'fundingProvider'>,
): readonly ServedOperation[] {
  return runsSandbox(services) ? servedOperations : withoutSandboxOnly;
}
