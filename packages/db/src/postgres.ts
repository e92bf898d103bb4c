import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { applyPendingMigrations } from './engine.ts';
import { executeScriptsWhole } from './scripts.ts';

// Arbitrary key ("txtl") for the lock that serialises migrations across processes sharing a database.
const MIGRATION_LOCK_KEY = 0x7478746c;

/** adapter-pg's factory with migration scripts run whole (see scripts.ts). */
export class MigrationPgFactory extends PrismaPg {
  override async connect(): ReturnType<PrismaPg['connect']> {
    const adapter = await super.connect();
    return executeScriptsWhole(adapter, (script) => adapter.underlyingDriver().query(script));
  }
}

/** Applies pending migrations to PostgreSQL; concurrent callers (any process) take turns. */
export async function migratePostgres(databaseUrl: string): Promise<string[]> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    // A single connection: the engine takes its own session-level advisory lock and must release it
    // on the session that took it.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    try {
      return await applyPendingMigrations(new MigrationPgFactory(pool));
    } finally {
      await pool.end();
    }
  } finally {
    // Ending the session releases the advisory lock.
    await lock.end();
  }
}
