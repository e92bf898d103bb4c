import { signWebhook } from '../src/provider-callbacks/signature.ts';
import { call, type TestApp } from './harness.ts';

export type ProviderKind = 'messaging' | 'funding';

/** Posts `body` to an inbound provider webhook, signed now with the app's key unless told otherwise. */
export async function postSigned(
  app: TestApp,
  kind: ProviderKind,
  route: 'events' | 'incoming',
  body: unknown,
  options: { atMs?: number; secret?: string; headers?: Record<string, string>; rawBody?: string } = {},
) {
  const key = app.services.inboundWebhooks[kind];
  const signed = signWebhook({ ...key, secret: options.secret ?? key.secret }, body, options.atMs ?? app.clock.now());
  const headers = { 'content-type': 'application/json', ...signed, ...options.headers };
  const path = `/webhooks/${key.provider}/${route}`;
  return options.rawBody === undefined
    ? call(app, 'POST', path, { body, headers })
    : call(app, 'POST', path, { rawBody: options.rawBody, headers });
}

let eventCounter = 0;

/** A fresh provider event id. */
export function eventId(prefix = 'evt'): string {
  eventCounter += 1;
  return `${prefix}_${Date.now().toString(36)}_${eventCounter}`;
}

export async function jobCount(app: TestApp, queue: string): Promise<number> {
  return app.services.prisma.job.count({ where: { queue } });
}

export async function customerEvents(app: TestApp, workspaceId: string) {
  return app.services.prisma.event.findMany({ where: { workspaceId }, orderBy: [{ createdAt: 'asc' }, { id: 'asc' }] });
}

/** A keyword as a recipient might type it: in lower case but its last letter, split by spaces, padded. */
export function spelledLoosely(keyword: string): string {
  const half = Math.ceil(keyword.length / 2);
  return ` ${keyword.slice(0, half).toLowerCase()} ${keyword.slice(half, -1).toLowerCase()}${keyword.slice(-1)} `;
}
