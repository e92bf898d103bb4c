import { defineConfig } from 'vitest/config';

/**
 * One run, two suites: the embedded default (PGlite, in-process limits) always, and the scaled mode
 * (PostgreSQL + Redis) when TEST_DATABASE_URL and TEST_REDIS_URL are set, as .ci/run does.
 */
const scaled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);
const include = ['packages/*/test/**/*.test.ts', 'apps/*/test/**/*.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
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
