import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';
import type { Logger } from '../lib/logger.ts';

/**
 * What changed in a workspace, as the console's live pages need it to refetch or patch a row: ids
 * and statuses only, never a body or a phone number. Requests waiting on a change listen too
 * (wait_for_reply, an MCP elicitation for an approval).
 */
export type LiveChange =
  | { resource: 'message'; id: string; status: string; conversation_id?: string }
  | { resource: 'conversation'; id: string }
  | { resource: 'delivery'; id: string; status: string }
  | { resource: 'invoice'; id: string; status: string }
  /**
   * A person's answer to an MCP elicitation (mcp/approval-elicitation.ts), for the tools/call waiting
   * for it in whichever process: never shown to the console.
   */
  | { resource: 'elicitation'; id: string; token_id: string; action: 'accept' | 'decline' | 'cancel' | 'error' };

type Listener = (change: LiveChange) => void;

/**
 * Changes fanned out to the console's open event streams of a workspace. In the embedded mode one
 * process holds every stream, so an emitter is enough; in the scaled mode a change made by a worker
 * or another API process reaches this one through Redis pub/sub, one channel per workspace.
 */
export type LiveChanges = {
  /** Fire and forget: a lost change only delays a page until its next refetch, so it never fails the caller. */
  publish(workspaceId: string, change: LiveChange): void;
  /** Calls `listener` with each change of the workspace until the returned function is called. */
  subscribe(workspaceId: string, listener: Listener): Promise<() => void>;
  close(): Promise<void>;
};

export function memoryLiveChanges(): LiveChanges {
  const emitter = new EventEmitter();
  // Each open console tab is a listener; the connection cap per session bounds them, not this.
  emitter.setMaxListeners(0);
  return {
    publish: (workspaceId, change) => emitter.emit(workspaceId, change),
    async subscribe(workspaceId, listener) {
      emitter.on(workspaceId, listener);
      return () => emitter.off(workspaceId, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Redis pub/sub: `publisher` is the process's shared connection; the subscribing connection is
 * opened on the first subscription (a worker never subscribes) and subscribes to a workspace's
 * channel while at least one of its streams is open here.
 */
export function redisLiveChanges(publisher: Redis, keyPrefix: string, log: Logger): LiveChanges {
  const local = memoryLiveChanges();
  const channelOf = (workspaceId: string) => `${keyPrefix}live:${workspaceId}`;
  const listeners = new Map<string, number>();
  /** A workspace's SUBSCRIBE in flight: the streams that join meanwhile wait for it as the first does. */
  const subscribing = new Map<string, Promise<unknown>>();
  let subscriber: Redis | undefined;

  function connection(): Redis {
    if (subscriber) return subscriber;
    subscriber = publisher.duplicate({ enableAutoPipelining: false });
    subscriber.on('error', (error: Error) => log.warn({ err: error.message }, 'redis live subscriber error'));
    subscriber.on('message', (channel: string, text: string) => {
      const workspaceId = channel.slice(`${keyPrefix}live:`.length);
      try {
        local.publish(workspaceId, JSON.parse(text) as LiveChange);
      } catch {
        log.warn({ channel }, 'unreadable live change');
      }
    });
    return subscriber;
  }

  return {
    publish(workspaceId, change) {
      publisher.publish(channelOf(workspaceId), JSON.stringify(change)).catch((error: unknown) => {
        log.warn({ err: error instanceof Error ? error.message : String(error) }, 'live change not published');
      });
    },
    async subscribe(workspaceId, listener) {
      const count = listeners.get(workspaceId) ?? 0;
      listeners.set(workspaceId, count + 1);
      const unsubscribeLocal = await local.subscribe(workspaceId, listener);
      if (count === 0) {
        const subscribed = connection().subscribe(channelOf(workspaceId));
        subscribing.set(workspaceId, subscribed);
        try {
          await subscribed;
        } finally {
          if (subscribing.get(workspaceId) === subscribed) subscribing.delete(workspaceId);
        }
      } else await subscribing.get(workspaceId);
      return () => {
        unsubscribeLocal();
        const left = (listeners.get(workspaceId) ?? 1) - 1;
        if (left > 0) {
          listeners.set(workspaceId, left);
          return;
        }
        listeners.delete(workspaceId);
        subscriber?.unsubscribe(channelOf(workspaceId)).catch(() => undefined);
      };
    },
    async close() {
      await local.close();
      await subscriber?.quit().catch(() => undefined);
    },
  };
}
