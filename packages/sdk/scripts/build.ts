import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run build -w @textline/sdk` (and `npm pack`, through prepack) writes dist/: ES modules and
 * their .d.ts, compiled by tsc from src/. tsc rewrites the `.ts` imports of the JavaScript it emits
 * but not those of the declarations, so they are rewritten here: a consumer's TypeScript older than
 * 5.7, or without allowImportingTsExtensions, refuses a `.ts` import in a package's types.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const dist = join(root, 'dist');

rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [join(root, '../../node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], {
  stdio: 'inherit',
});

for (const entry of readdirSync(dist, { recursive: true, encoding: 'utf8' })) {
  if (!entry.endsWith('.d.ts')) continue;
  const file = join(dist, entry);
  const source = readFileSync(file, 'utf8');
  writeFileSync(file, source.replace(/(from\s+'\.{1,2}\/[^']+)\.ts'/g, "$1.js'"));
}
