// The real app's side of the scenarios: fixtures prepared through the domain, then the app served as
// main.ts serves it.
import type { Scope } from '@textline/contract';
import { createApiServer } from '../src/app.ts';
import { issueAccessToken } from '../src/auth/tokens.ts';
import { createAccount } from '../src/domain/accounts.ts';
import { postLedgerEntry } from '../src/domain/ledger.ts';
import { sendMessage } from '../src/domain/messages/send.ts';
import { newId } from '../src/lib/crypto.ts';
import { limitHeapGrowth } from '../src/lib/heap.ts';
import { createServices, type Services } from '../src/services.ts';
import { appConfig } from './app-config.ts';
import { closeServer, listen } from './floor.ts';
import { RECIPIENTS, SMS_TEXT, type BenchTarget, type Fixture, type RunningServer } from './scenarios.ts';

// Enough tokens that no per-token bucket (enterprise: 20 burst, then one per 1.2 s) empties during a
// scenario: 2,000 let a scenario take ~60,000 sends in its first 12 s, which a scaled run at 5,000
// sends per second uses up during its half load (429s, counted as non-2xx); 6,000 refill 5,000
// sends per second on top of a 120,000 burst.
const TOKENS = 6_000;
const MESSAGES_TO_READ = 1_000;

/** Runs `work` on the app's services, closed afterwards (fixtures are made in a process that then exits). */
async function withServices<T>(target: BenchTarget, work: (services: Services) => Promise<T>): Promise<T> {
  const services = await createServices(appConfig(target));
  try {
    return await work(services);
  } finally {
    await services.close();
  }
}

/** One enterprise workspace funded far beyond the run, with TOKENS tokens of `scopes`. */
async function prepareSendingWorkspace(services: Services, scopes: Scope[]): Promise<{ workspaceId: string; tokens: string[] }> {
  // A fresh IP hash, so that the per-address account throttle never refuses the bench.
  const { account } = await createAccount(services, {
    username: 'bench',
    password: 'bench password 123',
    ipHash: newId('bench'),
  });
  const workspace = await services.prisma.workspace.update({
    where: { accountId: account.id },
    data: { planTier: 'enterprise', spendCapCents: 2_000_000_000 },
  });
  await postLedgerEntry(services.prisma, {
    workspaceId: workspace.id,
    amountCents: 1_000_000_000,
    kind: 'operator_credit',
    reference: 'bench',
  });
  await services.prisma.phoneNumber.create({
    data: { id: newId('pn'), workspaceId: workspace.id, number: '+12065550100', provider: 'sandbox', status: 'connected' },
  });
  const expiresAt = new Date(Date.now() + 86_400_000);
  const tokens: string[] = [];
  for (let index = 0; index < TOKENS; index += 1) {
    const token = await issueAccessToken(services.prisma, { workspaceId: workspace.id, scopes, origin: 'api_key', expiresAt });
    tokens.push(token.access_token);
  }
  return { workspaceId: workspace.id, tokens };
}

/** The sending workspace and its tokens. */
export function prepareSending(target: BenchTarget, scopes: Scope[] = ['messages:write']): Promise<Fixture> {
  return withServices(target, async (services) => ({ tokens: (await prepareSendingWorkspace(services, scopes)).tokens }));
}

/** The sending workspace with MESSAGES_TO_READ messages accepted through the real send path, for GET. */
export function prepareReading(target: BenchTarget): Promise<Fixture> {
  return withServices(target, async (services) => {
    const { workspaceId, tokens } = await prepareSendingWorkspace(services, ['messages:write']);
    const messageIds: string[] = [];
    for (let index = 0; index < MESSAGES_TO_READ; index += 1) {
      const sent = await sendMessage(
        services,
        { workspaceId },
        { phoneNumber: `+1415555${1_000 + (index % RECIPIENTS)}`, body: SMS_TEXT },
        { source: 'api' },
      );
      messageIds.push(sent.message.id);
    }
    return { tokens, messageIds };
  });
}

/** The key the sandbox carrier signs its webhooks with. */
export function prepareWebhooks(target: BenchTarget): Promise<Fixture> {
  return withServices(target, async (services) => {
    const { provider: _provider, ...webhookKey } = services.inboundWebhooks.messaging;
    return { webhookKey };
  });
}

/** The real app over the prepared database, as main.ts serves it. */
export async function serveApp(target: BenchTarget): Promise<RunningServer> {
  const config = appConfig(target);
  limitHeapGrowth(config.heapGrowthPercent);
  const services = await createServices(config);
  const server = createApiServer(services);
  return {
    port: await listen(server),
    async close() {
      await closeServer(server);
      await services.close();
    },
  };
}
