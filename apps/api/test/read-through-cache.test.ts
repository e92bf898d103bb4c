import { describe, expect, it } from 'vitest';
import { manualClock } from '../src/lib/clock.ts';
import { createReadThroughCache } from '../src/lib/read-through-cache.ts';

/** A load that counts its calls and answers when released. */
function pendingLoads() {
  const calls: { key: string; resolve: (value: string | undefined) => void }[] = [];
  return {
    calls,
    load: (key: string) => new Promise<string | undefined>((resolve) => calls.push({ key, resolve })),
  };
}

describe('createReadThroughCache', () => {
  it('keeps a value for ttlMs from the start of its read, then reads again', async () => {
    const clock = manualClock(0);
    let reads = 0;
    const cache = createReadThroughCache({ ttlMs: 1_000, maxEntries: 10, clock, load: async (key) => `${key}:${++reads}` });
    expect(await cache.get('a')).toBe('a:1');
    clock.advance(999);
    expect(await cache.get('a')).toBe('a:1');
    clock.advance(1);
    expect(await cache.get('a')).toBe('a:2');
    expect(await cache.get('b')).toBe('b:3');
  });

  it('shares one read between concurrent misses of a key', async () => {
    const loads = pendingLoads();
    const cache = createReadThroughCache({ ttlMs: 1_000, maxEntries: 10, clock: manualClock(0), load: loads.load });
    const first = cache.get('a');
    const second = cache.get('a');
    expect(loads.calls).toHaveLength(1);
    loads.calls[0]!.resolve('value');
    expect(await Promise.all([first, second])).toEqual(['value', 'value']);
  });

  it('does not keep a value read before forget(): the change that called it is read next', async () => {
    const loads = pendingLoads();
    const cache = createReadThroughCache({ ttlMs: 1_000, maxEntries: 10, clock: manualClock(0), load: loads.load });
    const stale = cache.get('a');
    cache.forget('a');
    loads.calls[0]!.resolve('before');
    expect(await stale).toBe('before');
    const fresh = cache.get('a');
    expect(loads.calls).toHaveLength(2);
    loads.calls[1]!.resolve('after');
    expect(await fresh).toBe('after');
  });

  it('forgets a kept value, keeps no undefined, and nothing at all with ttlMs 0', async () => {
    let reads = 0;
    const clock = manualClock(0);
    const cache = createReadThroughCache({ ttlMs: 1_000, maxEntries: 10, clock, load: async () => ++reads });
    await cache.get('a');
    cache.forget('a');
    expect(await cache.get('a')).toBe(2);
    cache.forget();
    expect(await cache.get('a')).toBe(3);

    let missing = 0;
    const absent = createReadThroughCache<number | undefined>({
      ttlMs: 1_000,
      maxEntries: 10,
      clock,
      load: async () => {
        missing += 1;
        return undefined;
      },
    });
    await absent.get('a');
    await absent.get('a');
    expect(missing).toBe(2);

    let uncached = 0;
    const off = createReadThroughCache({ ttlMs: 0, maxEntries: 10, clock, load: async () => ++uncached });
    await off.get('a');
    expect(await off.get('a')).toBe(2);
  });

  it('starts over past maxEntries rather than growing', async () => {
    let reads = 0;
    const cache = createReadThroughCache({
      ttlMs: 1_000,
      maxEntries: 2,
      clock: manualClock(0),
      load: async (key) => `${key}:${++reads}`,
    });
    await cache.get('a');
    await cache.get('b');
    await cache.get('c');
    expect(await cache.get('c')).toBe('c:3');
    expect(await cache.get('a')).toBe('a:4');
  });
});
