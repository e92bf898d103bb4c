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
import type { Services } from '../src/ports.ts';
import { createServices } from '../src/services.ts';
import { appConfig } from './app-config.ts';
import { closeServer, listen } from './floor.ts';
import { SMS_TEXT, type BenchTarget, type Fixture, type RunningServer } from './fixture.ts';

// Enough tokens that no per-token bucket (enterprise: 20 burst, then one per 1.2 s) empties during a
// scenario: 2,000 let a scenario take ~60,000 sends in its first 12 s, which a scaled run at 5,000
// sends per second uses up during its half load (429s, counted as non-2xx); 6,000 refill 5,000
// sends per second on top of a 120,000 burst.
const TOKENS = 6_000;
const MESSAGES_TO_READ = 1_000;
// A page (limit 25) of messages for each number the list scenario filters on, on an empty database.
const LIST_RECIPIENTS = 40;
const LINKS = 1_000;

/** Runs `work` on the app's services, closed afterwards (fixtures are made in a process that then exits). */
export async function withServices<T>(target: BenchTarget, work: (services: Services) => Promise<T>): Promise<T> {
  const services = await createServices(appConfig(target));
  try {
    return await work(services);
  } finally {
    await services.close();
  }
}

/** One enterprise workspace funded far beyond the run, sending from `numbers` (connected sandbox numbers). */
export async function createBenchWorkspace(
  services: Services,
  numbers: string[] = ['+12065550100'],
): Promise<{ workspaceId: string; senderIds: string[] }> {
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
  const senderIds: string[] = [];
  for (const number of numbers) {
    const { id } = await services.prisma.phoneNumber.create({
      data: { id: newId('pn'), workspaceId: workspace.id, number, provider: 'sandbox', status: 'connected' },
    });
    senderIds.push(id);
  }
  return { workspaceId: workspace.id, senderIds };
}

/**
 * The bench workspace with TOKENS tokens of `scopes`: a new one on an empty database, the large
 * fixture's own on a copy of it (large-fixture.ts).
 */
async function prepareSendingWorkspace(
  services: Services,
  target: BenchTarget,
  scopes: Scope[],
): Promise<{ workspaceId: string; tokens: string[] }> {
  const workspaceId = target.large?.workspaceId ?? (await createBenchWorkspace(services)).workspaceId;
  const expiresAt = new Date(Date.now() + 86_400_000);
  const tokens: string[] = [];
  for (let index = 0; index < TOKENS; index += 1) {
    const token = await issueAccessToken(services.prisma, { workspaceId, scopes, origin: 'api_key', expiresAt });
    tokens.push(token.access_token);
  }
  return { workspaceId, tokens };
}

/** The sending workspace and its tokens. */
export function prepareSending(target: BenchTarget, scopes: Scope[] = ['messages:write']): Promise<Fixture> {
  return withServices(target, async (services) => ({
    tokens: (await prepareSendingWorkspace(services, target, scopes)).tokens,
  }));
}

/**
 * The sending workspace with messages to read, for GET /api/v1/messages/{id} and the filtered lists
 * alike. On an empty database, MESSAGES_TO_READ messages accepted through the real send path, a page
 * of them for each of LIST_RECIPIENTS numbers, two thirds then marked delivered (as their receipts
 * would). On the large fixture, MESSAGES_TO_READ of its messages picked at random across the year,
 * and numbers that have messages all year.
 */
export function prepareReading(target: BenchTarget): Promise<Fixture> {
  return withServices(target, async (services) => {
    const { workspaceId, tokens } = await prepareSendingWorkspace(services, target, ['messages:write']);
    if (target.large) {
      const sampled = await services.sql.query<{ id: string }>(
        'SELECT id FROM messages WHERE workspace_id = $1 ORDER BY random() LIMIT $2',
        [workspaceId, MESSAGES_TO_READ],
      );
      return { tokens, messageIds: sampled.map(({ id }) => id), listRecipients: target.large.listRecipients };
    }
    const messageIds: string[] = [];
    const listRecipients = Array.from({ length: LIST_RECIPIENTS }, (_, index) => `+1415555${1_000 + index}`);
    for (let index = 0; index < MESSAGES_TO_READ; index += 1) {
      const sent = await sendMessage(
        services,
        { workspaceId },
        { phoneNumber: listRecipients[index % LIST_RECIPIENTS]!, body: SMS_TEXT },
        { source: 'api' },
      );
      messageIds.push(sent.message.id);
    }
    await services.sql.query(
      `UPDATE messages SET status = 'delivered', sent_at = created_at, delivered_at = created_at, updated_at = created_at
       WHERE id = ANY($1::text[])`,
      [messageIds.filter((_, index) => index % 3 !== 0)],
    );
    return { tokens, messageIds, listRecipients };
  });
}

/** LINKS messages sent with shorten_links, one tracked link each, and the links' codes. */
export function prepareLinks(target: BenchTarget): Promise<Fixture> {
  return withServices(target, async (services) => {
    const { workspaceId } = await createBenchWorkspace(services);
    for (let index = 0; index < LINKS; index += 1) {
      await sendMessage(
        services,
        { workspaceId },
        {
          phoneNumber: `+1415555${1_000 + index}`,
          body: `Your order ships Thursday: https://example.com/orders/${index}`,
          shortenLinks: true,
        },
        { source: 'api' },
      );
    }
    const links = await services.sql.query<{ code: string }>('SELECT code FROM message_links WHERE workspace_id = $1', [
      workspaceId,
    ]);
    return { linkCodes: links.map(({ code }) => code) };
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
