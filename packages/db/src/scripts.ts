import { DriverAdapterError, type SqlDriverAdapter } from '@prisma/driver-adapter-utils';

type PostgresError = Error & { code?: string; severity?: string; detail?: string; column?: string; hint?: string };

/**
 * Makes `adapter.executeScript` send a migration script as one simple query, as the native schema
 * engine does: PostgreSQL then runs it as one implicit transaction, and semicolons in comments,
 * strings or function bodies stay where they are. The pinned adapters both get this wrong:
 * @prisma/adapter-pg 7.10 splits the script on every ';' and runs the pieces one by one, and
 * pglite-prisma-adapter 0.7.2 does not await the script, so a failure becomes an unhandled rejection
 * while the engine records the migration as applied.
 */
export function executeScriptsWhole<A extends SqlDriverAdapter>(adapter: A, exec: (script: string) => Promise<unknown>): A {
  adapter.executeScript = async (script) => {
    try {
      await exec(script);
    } catch (error) {
      if (!(error instanceof Error && 'severity' in error)) throw error;
      // Reported as a PostgreSQL error, the engine's message carries the database's own words.
      const { code, severity, message, detail, column, hint } = error as PostgresError;
      throw new DriverAdapterError({
        kind: 'postgres',
        code: code ?? 'XX000',
        severity: severity ?? 'ERROR',
        message,
        detail,
        column,
        hint,
      });
    }
  };
  return adapter;
}
