// Type-aware linting for every workspace (typescript-eslint's strict preset); formatting is Prettier's,
// so eslint-config-prettier turns off the rules it owns.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      'packages/db/src/generated/**',
      'packages/sdk/src/generated/**',
      '**/*.js',
      '**/*.mjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Numbers and booleans read naturally in messages and SQL fragments; objects and nullish values stay refused.
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true, allowBoolean: true }],
      // `() => res.end()` in callbacks is idiomatic express/stream code, not a confusing void.
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Off on purpose: an `async` function that implements a Promise-returning interface without awaiting
      // (the in-memory twins of the Redis-backed stores, providers' sandbox methods, test fakes) stays
      // `async`, so that a throw in it is a rejection as in the real implementation, the trade-off
      // typescript-eslint's promise-function-async describes. Dropping `async` would need
      // Promise.resolve / Promise.reject wrappers in each. The mistake this rule exists for, a
      // forgotten `await`, is reported by no-floating-promises and no-misused-promises.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/test/**/*.ts', 'apps/api/bench/**/*.ts'],
    rules: {
      // Tests and the bench read JSON bodies off the wire (`any` from fetch's json()); the assertions are
      // the type check, and a non-null assertion on a value the test just created is the test's claim.
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  prettier,
);
