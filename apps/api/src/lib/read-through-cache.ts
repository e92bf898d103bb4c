import type { Clock } from './clock.ts';

export type ReadThroughCache<Value> = {
  /** The value cached for `key` while fresh, else `load(key)`'s, shared by concurrent callers. */
  get(key: string): Promise<Value>;
  /** Drops `key` (every key without one), so a change made in this process is read at once. */
  forget(key?: string): void;
};

/**
 * A per-process cache in front of a database read on the hot path: each value is kept for `ttlMs`
 * from the start of its read, and concurrent misses of one key share one read. An `undefined` value
 * is not kept. A change made elsewhere is seen within `ttlMs`; one made here is seen at once when its
 * writer calls forget(). Past `maxEntries` keys the cache starts over rather than tracking recency.
 */
export function createReadThroughCache<Value>(options: {
  ttlMs: number;
  maxEntries: number;
  clock: Clock;
  load(key: string): Promise<Value>;
}): ReadThroughCache<Value> {
  const cached = new Map<string, { value: Value; until: number }>();
  const reads = new Map<string, Promise<Value>>();

  return {
    get(key) {
      const hit = cached.get(key);
      if (hit && hit.until > options.clock.now()) return Promise.resolve(hit.value);
      const shared = reads.get(key);
      if (shared) return shared;
      const until = options.clock.now() + options.ttlMs;
      const read: Promise<Value> = options
        .load(key)
        .then((value) => {
          // Unless forget() ran meanwhile: this value may be older than the change that called it.
          if (reads.get(key) === read) {
            if (value === undefined || options.ttlMs <= 0) cached.delete(key);
            else {
              if (cached.size >= options.maxEntries) cached.clear();
              cached.set(key, { value, until });
            }
          }
          return value;
        })
        .finally(() => {
          if (reads.get(key) === read) reads.delete(key);
        });
      reads.set(key, read);
      return read;
    },

    forget(key) {
      if (key === undefined) {
        cached.clear();
        reads.clear();
      } else {
        cached.delete(key);
        reads.delete(key);
      }
    },
  };
}
