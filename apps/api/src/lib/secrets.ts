import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomSecret } from './crypto.ts';

/**
 * Secrets the embedded mode generates once into DATA_DIR so that `npm start` needs no manual step.
 * In production every one of them must come from the environment.
 */
export function resolveSecrets<TName extends string>(
  names: readonly TName[],
  provided: Partial<Record<TName, string | undefined>>,
  options: { dataDir: string; production: boolean },
): Record<TName, string> {
  const missing = names.filter((name) => !provided[name]);
  if (missing.length > 0 && options.production) {
    throw new Error(`Missing required secrets in production: ${missing.join(', ')}`);
  }
  const inMemory = options.dataDir.startsWith('memory://');
  const file = join(options.dataDir, 'secrets.json');
  let stored: Partial<Record<TName, string>> = {};
  if (!inMemory) {
    try {
      stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Record<TName, string>>;
    } catch {
      stored = {};
    }
  }
  const result = {} as Record<TName, string>;
  let changed = false;
  for (const name of names) {
    const value = provided[name] ?? stored[name];
    if (value) {
      result[name] = value;
    } else {
      result[name] = randomSecret();
      stored[name] = result[name];
      changed = true;
    }
  }
  if (changed && !inMemory) {
    mkdirSync(options.dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return result;
}
