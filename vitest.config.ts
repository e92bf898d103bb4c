import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * One run, two suites: the embedded default (PGlite, in-process limits) always, and the scaled mode
 * (PostgreSQL + Redis) when TEST_DATABASE_URL and TEST_REDIS_URL are set, as .ci/run does.
 */
const scaled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

/**
 * The quick tier (`npm run test:quick`, TEST_TIER=quick): the files that start no server and no
 * process (pure units and tests that call the database directly), in each mode. A new test of that
 * kind is listed here; every file also runs in the full suite, once per mode. packages/db's db.test.ts
 * stays out: it drives Prisma's schema engine through whole migration runs and diffs, minutes of CPU.
 */
const quickTier = [
  'packages/contract/test/**/*.test.ts',
  'packages/db/test/sql-functions.test.ts',
  'apps/api/test/keyed-batcher.test.ts',
  'apps/api/test/layers.test.ts',
  'apps/api/test/read-through-cache.test.ts',
  'apps/api/test/openapi-exact.test.ts',
  'apps/api/test/send-rules.test.ts',
];
const include = process.env.TEST_TIER === 'quick' ? quickTier : ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts'];

export default defineConfig({
  test: {
    // Two files at a time even on two cores: most files spend much of their time waiting (on a
    // database, a browser, a child process or a test clock's timers), so the second keeps the cores
    // busy; vitest's default of one fewer than the cores would run one file at a time there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits for a page or a job to catch up: 1 s by default, which a browser's update (or a
    // roll-up) can take on two cores running two files; its fixed budget is no behaviour under test.
    expect: { poll: { timeout: 20_000 } },
    projects: [
      {
        extends: true,
        test: {
          name: 'embedded',
          include,
          env: { TEST_DATABASE_URL: '', TEST_REDIS_URL: '' },
        },
      },
      ...(scaled ? [{ extends: true, test: { name: 'scaled', include } }] : []),
    ],
  },
});
