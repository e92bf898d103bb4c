import { mkdir } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import type { SqlDriverAdapter } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { lockDataDir } from './lock.ts';
import { executeScriptsWhole } from './scripts.ts';

export type OpenPglite = { pglite: PGlite; close(): Promise<void> };

export const isMemory = (dataDir: string): boolean => dataDir.startsWith('memory://');

/**
 * Opens PGlite on `dataDir`, holding the directory's lock; an in-memory database ('memory://') may
 * start from a `template` dump instead of an empty cluster.
 */
export async function openPglite(dataDir: string, template?: Blob): Promise<OpenPglite> {
  if (isMemory(dataDir)) {
    const pglite = new PGlite(dataDir, template ? { loadDataDir: template } : {});
    await pglite.waitReady;
    return { pglite, close: () => pglite.close() };
  }
  await mkdir(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    const pglite = new PGlite(dataDir);
    await pglite.waitReady;
    return {
      pglite,
      async close() {
        try {
          await pglite.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

/**
 * pglite-prisma-adapter's factory with migration scripts run whole (see scripts.ts), and a shadow
 * database (used to replay migrations for a diff) that is closed when the engine lets go of it.
 */
export class PgliteAdapterFactory extends PrismaPGlite {
  constructor(private readonly pglite: PGlite) {
    super(pglite);
  }

  override async connect(): Promise<SqlDriverAdapter> {
    return executeScriptsWhole(await super.connect(), (script) => this.pglite.exec(script));
  }

  override async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const shadow = new PGlite('memory://');
    const adapter = executeScriptsWhole(await new PrismaPGlite(shadow).connect(), (script) => shadow.exec(script));
    adapter.dispose = () => shadow.close();
    return adapter;
  }
}
