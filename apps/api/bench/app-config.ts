import { loadConfig } from '../src/config.ts';
import type { BenchTarget } from './fixture.ts';

/**
 * The real app's configuration on the target, for the bench's app and worker processes: workers
 * off unless the process starts them itself (they would compete for the same cores), logging at
 * warn. Each token is seen about once a second; the token cache must outlive that for the look-up
 * to stay off the hot path.
 */
export function appConfig(target: BenchTarget, extra: Record<string, string> = {}) {
  return loadConfig({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    DATA_DIR: target.dataDir,
    RUN_WORKERS: '0',
    TOKEN_CACHE_MS: '60000',
    // The bench sends to a thousand sequential numbers and fans campaigns out to sequential contacts:
    // a whole block (100) keeps the SMS pumping guard, whose cost it still measures, from refusing them.
    PUMPING_GUARD_MAX_NEW_NUMBERS_PER_HOUR: '100',
    // BENCH_HEAP_GROWTH_PERCENT compares other settings (0: V8's own heuristics).
    ...(process.env.BENCH_HEAP_GROWTH_PERCENT ? { HEAP_GROWTH_PERCENT: process.env.BENCH_HEAP_GROWTH_PERCENT } : {}),
    ...(target.kind === 'postgres'
      ? {
          DATABASE_URL: target.databaseUrl,
          ...(target.redis ? { REDIS_URL: target.redis.url, REDIS_KEY_PREFIX: target.redis.keyPrefix } : {}),
        }
      : {}),
    ...extra,
  });
}
