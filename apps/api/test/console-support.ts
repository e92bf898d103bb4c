import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CustomerEventType } from '@textline/contract';
import { recordCustomerEvent } from '../src/domain/customer-webhooks/events.ts';
import { inJobTransaction } from '../src/jobs/enqueue.ts';
import { call, createAccount, type JsonResponse, type TestApp } from './harness.ts';

export const consolePassword = 'correct horse battery staple';

export type ConsoleSession = { cookie: string; csrf: string; username: string; workspaceId: string };

/** A tRPC query over HTTP, as @trpc/client's httpLink sends it. */
export function trpcQuery(
  app: TestApp,
  path: string,
  input: unknown = {},
  session?: Partial<ConsoleSession>,
): Promise<JsonResponse> {
  return call(app, 'GET', `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`, {
    headers: sessionHeaders(session, false),
  });
}

export function trpcMutation(
  app: TestApp,
  path: string,
  input: unknown = {},
  session?: Partial<ConsoleSession>,
): Promise<JsonResponse> {
  return call(app, 'POST', `/trpc/${path}`, { body: input, headers: sessionHeaders(session, true) });
}

function sessionHeaders(session: Partial<ConsoleSession> | undefined, mutation: boolean): Record<string, string> {
  const headers: Record<string, string> = {};
  if (session?.cookie) headers.cookie = session.cookie;
  if (mutation && session?.csrf) headers['x-csrf-token'] = session.csrf;
  return headers;
}

/** The procedure's output, or a thrown error naming the status and body. */
export function data(response: JsonResponse): any {
  if (response.status !== 200) throw new Error(`tRPC call failed: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.result.data;
}

/** The catalogue body of a failed tRPC call. */
export function errorBody(response: JsonResponse): any {
  return response.body.error.data.body;
}

export async function signIn(app: TestApp, username: string, password = consolePassword): Promise<ConsoleSession> {
  const response = await trpcMutation(app, 'console.signIn', { username, password });
  const session = data(response);
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  return { cookie, csrf: session.csrf_token, username, workspaceId: session.workspace_id };
}

/** A new account signed in to the console. */
export async function consoleUser(app: TestApp) {
  const account = await createAccount(app);
  const session = await signIn(app, account.account.username);
  return { account, session };
}

export async function createEndpoint(
  app: TestApp,
  session: ConsoleSession,
  input: { url: string; event_types?: CustomerEventType[]; description?: string },
): Promise<{ id: string; url: string; enabled: boolean; disabled_reason: string | null }> {
  return data(await trpcMutation(app, 'webhookEndpoints.create', input, session)).endpoint;
}

/** Records a customer event the way the domain does (in a transaction) and returns its id. */
export async function recordEvent(
  app: TestApp,
  workspaceId: string,
  type: CustomerEventType = 'message.delivered',
  data: Record<string, unknown> = {},
) {
  const at = new Date(app.clock.now());
  const payload = Object.keys(data).length
    ? data
    : { message: { id: 'msg_test', status: 'delivered', phone_number: '+14155550100', segments: 1, cost_cents: 2 } };
  return inJobTransaction(app.services, (tx) => recordCustomerEvent(tx, { workspaceId, type, data: payload as never, at }));
}

export async function deliveries(
  app: TestApp,
  session: ConsoleSession,
  filter: Record<string, unknown> = {},
): Promise<{ deliveries: any[]; next_cursor: string | null }> {
  return data(await trpcQuery(app, 'webhookDeliveries.list', filter, session));
}

export async function deliveryDetail(app: TestApp, session: ConsoleSession, id: string): Promise<any> {
  return data(await trpcQuery(app, 'webhookDeliveries.get', { id }, session)).delivery;
}

/** The attempts of a delivery, newest first. */
export async function deliveryAttempts(app: TestApp, session: ConsoleSession, id: string): Promise<any[]> {
  return data(await trpcQuery(app, 'webhookDeliveries.get', { id }, session)).attempts;
}

type SinkRequest = { headers: IncomingHttpHeaders; body: string; path: string };

/**
 * A customer endpoint on loopback: records every request and answers with `respond` (changeable
 * mid-test to take the endpoint down and bring it back). `hold()` keeps the requests that arrive
 * from then on unanswered until the function it returns is called.
 */
export async function startSink() {
  const requests: SinkRequest[] = [];
  let held: Promise<void> | undefined;
  const sink = {
    requests,
    respond: { status: 200, body: 'ok', delayMs: 0 },
    url: '',
    server: undefined as unknown as Server,
    hold(): () => void {
      let release!: () => void;
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = undefined;
        release();
      };
    },
    async close() {
      sink.server.closeAllConnections();
      await new Promise<void>((resolve) => sink.server.close(() => resolve()));
    },
  };
  sink.server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      requests.push({ headers: req.headers, body, path: req.url ?? '/' });
      const { status, body: reply, delayMs } = sink.respond;
      void Promise.resolve(held).then(() =>
        setTimeout(() => {
          if (!res.destroyed) res.writeHead(status, { 'content-type': 'text/plain' }).end(reply);
        }, delayMs),
      );
    });
  });
  await new Promise<void>((resolve) => sink.server.listen(0, '127.0.0.1', resolve));
  sink.url = `http://127.0.0.1:${(sink.server.address() as AddressInfo).port}/hooks`;
  return sink;
}
