import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PrismaClient } from '@textline/db';
import { randomSecret } from './crypto.ts';

function assertProvidedInProduction(
  names: readonly string[],
  provided: Partial<Record<string, string | undefined>>,
  production: boolean,
): void {
  const missing = names.filter((name) => !provided[name]);
  if (missing.length > 0 && production) {
    throw new Error(`Missing required secrets in production: ${missing.join(', ')}`);
  }
}

/**
 * Secrets the embedded mode generates once into DATA_DIR so that `npm start` needs no manual step.
 * In production every one of them must come from the environment.
 */
export function resolveSecrets<TName extends string>(
  names: readonly TName[],
  provided: Partial<Record<TName, string | undefined>>,
  options: { dataDir: string; production: boolean },
): Record<TName, string> {
  assertProvidedInProduction(names, provided, options.production);
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

/**
 * The scaled mode's resolveSecrets: processes on other machines share no DATA_DIR, so a secret the
 * environment does not set is generated once into the shared database (the first process to start
 * wins the insert) and every process reads the same value.
 */
export async function resolveSharedSecrets<TName extends string>(
  prisma: Pick<PrismaClient, 'generatedSecret'>,
  names: readonly TName[],
  provided: Partial<Record<TName, string | undefined>>,
  options: { production: boolean },
): Promise<Record<TName, string>> {
  assertProvidedInProduction(names, provided, options.production);
  const missing = names.filter((name) => !provided[name]);
  if (missing.length > 0) {
    await prisma.generatedSecret.createMany({
      data: missing.map((name) => ({ name, value: randomSecret() })),
      skipDuplicates: true,
    });
  }
  const stored = await prisma.generatedSecret.findMany({ where: { name: { in: missing } } });
  const result = {} as Record<TName, string>;
  for (const name of names) {
    const value = provided[name] ?? stored.find((row) => row.name === name)?.value;
    // createMany above stored every missing one, or another process did first (skipDuplicates).
    if (value === undefined) throw new Error(`the generated secret ${name} is not in the database`);
    result[name] = value;
  }
  return result;
}
