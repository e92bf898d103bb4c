import type { Redis, Result } from 'ioredis';
import type { Clock } from '../lib/clock.ts';

/**
 * Each sender number's pace at the carrier: the instant the number is free for its next segment,
 * shared by every worker process (in Redis in the scaled mode). A hand-off takes the number's next
 * free instant and moves it on by the time its segments take at the number's throughput, so no two
 * hand-offs of one number are closer than that, whichever processes make them. A webhook endpoint's
 * max_per_second takes its turns from the same gate, keyed by the endpoint's id (whe_, never a
 * number's pn_).
 */
export type SenderPace = {
  /**
   * Takes the number's next free slot for `costMs` of its time when that slot is at most `maxWaitMs`
   * away, answering the wait until it (the caller hands the message over then); otherwise takes
   * nothing and answers how long until the number is free.
   */
  take(numberId: string, costMs: number, maxWaitMs: number): Promise<{ taken: boolean; waitMs: number }>;
};

export function memorySenderPace(clock: Clock): SenderPace {
  const freeAt = new Map<string, number>();
  return {
    async take(numberId, costMs, maxWaitMs) {
      const now = clock.now();
      const slot = Math.max(freeAt.get(numberId) ?? now, now);
      if (slot - now > maxWaitMs) return { taken: false, waitMs: slot - now };
      freeAt.set(numberId, slot + costMs);
      // A number idle past its slot needs no entry: forget those now and then.
      if (freeAt.size > 10_000) for (const [id, at] of freeAt) if (at < now) freeAt.delete(id);
      return { taken: true, waitMs: slot - now };
    },
  };
}

// KEYS[1] the number's free instant (ms); ARGV now, cost, max wait. Answers {taken 1|0, wait ms}.
const takeScript = `
local now = tonumber(ARGV[1])
local slot = math.max(tonumber(redis.call('GET', KEYS[1]) or '0'), now)
if slot - now > tonumber(ARGV[3]) then return {0, slot - now} end
local free = slot + tonumber(ARGV[2])
redis.call('SET', KEYS[1], free, 'PX', math.ceil(free - now) + 60000)
return {1, slot - now}
`;

declare module 'ioredis' {
  interface RedisCommander<Context> {
    takeSenderSlot(key: string, now: number, costMs: number, maxWaitMs: number): Result<[taken: number, waitMs: number], Context>;
  }
}

export function redisSenderPace(redis: Redis, clock: Clock, keyPrefix: string): SenderPace {
  redis.defineCommand('takeSenderSlot', { numberOfKeys: 1, lua: takeScript });
  return {
    async take(numberId, costMs, maxWaitMs) {
      // Whole milliseconds: Redis integers, and a slot a fraction longer never breaks the pace.
      const [taken, waitMs] = await redis.takeSenderSlot(
        `${keyPrefix}:pace:${numberId}`,
        clock.now(),
        Math.ceil(costMs),
        maxWaitMs,
      );
      return { taken: taken === 1, waitMs };
    },
  };
}
