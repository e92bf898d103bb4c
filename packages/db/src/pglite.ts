import { mkdir } from 'node:fs/promises';
import { PGlite, protocol } from '@electric-sql/pglite';
import { DriverAdapterError, type SqlDriverAdapter } from '@prisma/driver-adapter-utils';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { lockDataDir } from './lock.ts';

export type OpenPglite = { pglite: PGlite; close(): Promise<void> };

/** Opens PGlite on `dataDir` ('memory://…' for an in-memory database), holding the directory's lock. */
export async function openPglite(dataDir: string): Promise<OpenPglite> {
  if (dataDir.startsWith('memory://')) {
    const pglite = new PGlite(dataDir);
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
 * The PGlite driver adapter factory, with one fix: pglite-prisma-adapter 0.7.2 starts
 * `executeScript` without awaiting it, so a failing migration script became an unhandled rejection
 * (crashing the process) while the engine carried on as if it had succeeded. Its shadow database,
 * used to replay migrations for a diff, is also closed when the engine lets go of it.
 */
export class PgliteAdapterFactory extends PrismaPGlite {
  constructor(private readonly pglite: PGlite) {
    super(pglite);
  }

  override async connect(): Promise<SqlDriverAdapter> {
    return awaitScripts(await super.connect(), this.pglite);
  }

  override async connectToShadowDb(): Promise<SqlDriverAdapter> {
    const shadow = new PGlite('memory://');
    const adapter = awaitScripts(await new PrismaPGlite(shadow).connect(), shadow);
    adapter.dispose = () => shadow.close();
    return adapter;
  }
}

function awaitScripts(adapter: SqlDriverAdapter, pglite: PGlite): SqlDriverAdapter {
  adapter.executeScript = async (script) => {
    try {
      await pglite.exec(script);
    } catch (error) {
      if (!(error instanceof protocol.messages.DatabaseError)) throw error;
      // As a PostgreSQL error, the engine reports the database's message rather than a generic one.
      throw new DriverAdapterError({
        kind: 'postgres',
        code: error.code ?? 'XX000',
        severity: error.severity ?? 'ERROR',
        message: error.message,
        detail: error.detail,
        column: error.column,
        hint: error.hint,
      });
    }
  };
  return adapter;
}
