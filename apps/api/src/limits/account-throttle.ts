import type { Redis } from 'ioredis';
import type { Clock } from '../lib/clock.ts';

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * One successful account creation per IP hash per window. A slot is reserved before the account is
 * created (so concurrent attempts cannot both pass) and released if the creation fails.
 */
export type AccountThrottle = {
  reserve(ipHash: string): Promise<ThrottleDecision>;
  release(ipHash: string): Promise<void>;
};

export function memoryAccountThrottle(windowMs: number, clock: Clock): AccountThrottle {
  const slots = new Map<string, number>();
  return {
    async reserve(ipHash) {
      const now = clock.now();
      const expiresAt = slots.get(ipHash);
      if (expiresAt !== undefined && expiresAt > now) return { allowed: false, retryAfterMs: expiresAt - now };
      if (slots.size > 100_000) for (const [key, expiry] of slots) if (expiry <= now) slots.delete(key);
      slots.set(ipHash, now + windowMs);
      return { allowed: true };
    },
    async release(ipHash) {
      slots.delete(ipHash);
    },
  };
}

export function redisAccountThrottle(redis: Redis, windowMs: number, keyPrefix: string): AccountThrottle {
  const key = (ipHash: string) => `${keyPrefix}:account-throttle:${ipHash}`;
  return {
    async reserve(ipHash) {
      const reserved = await redis.set(key(ipHash), '1', 'PX', windowMs, 'NX');
      if (reserved === 'OK') return { allowed: true };
      const remaining = await redis.pttl(key(ipHash));
      return { allowed: false, retryAfterMs: remaining > 0 ? remaining : windowMs };
    },
    async release(ipHash) {
      await redis.del(key(ipHash));
    },
  };
}
