import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import type { SqlDriverAdapter } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { lockDataDir } from './lock.ts';
import { pgliteOptions } from './pglite-settings.ts';
import { dbPackageDir } from './package-dir.ts';
import { executeScriptsWhole } from './scripts.ts';

export type OpenPglite = { pglite: PGlite; close: () => Promise<void> };

export const isMemory = (dataDir: string): boolean => dataDir.startsWith('memory://');

/**
 * Opens PGlite on `dataDir`, holding the directory's lock; an in-memory database ('memory://') may
 * start from a `template` dump instead of an empty cluster.
 */
export async function openPglite(dataDir: string, template?: Blob): Promise<OpenPglite> {
  if (isMemory(dataDir)) {
    const pglite = new PGlite(dataDir, template ? { ...pgliteOptions, loadDataDir: template } : pgliteOptions);
    await pglite.waitReady;
    return { pglite, close: () => pglite.close() };
  }
  await mkdir(dataDir, { recursive: true });
  const release = lockDataDir(dataDir);
  try {
    await initialiseInChild(dataDir);
    const pglite = new PGlite(dataDir, pgliteOptions);
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

const initdbScript = path.join(dbPackageDir, 'src', 'pglite-initdb.mjs');

/**
 * Creating a cluster (initdb) grows PGlite's WebAssembly memory far beyond what serving needs, and the
 * process never gets it back, so a first start would keep it for its lifetime. A child process that exits
 * creates the cluster instead; this process then opens it like any existing one.
 */
async function initialiseInChild(dataDir: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'PG_VERSION'))) return;
  await promisify(execFile)(process.execPath, [initdbScript, dataDir]);
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
