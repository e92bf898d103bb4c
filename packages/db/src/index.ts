import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { readMigrations, withSchemaEngine } from './engine.ts';
import { PrismaClient } from './generated/client.ts';
import { openPglite, PgliteAdapterFactory } from './pglite.ts';

export { Prisma, PrismaClient } from './generated/client.ts';
export type {
  AccessToken,
  Account,
  BackupCode,
  Conversation,
  Event,
  FundingInvoice,
  InboundMessage,
  Job,
  LedgerEntry,
  LegacyKey,
  Message,
  PhoneNumber,
  ProviderEvent,
  RecipientSender,
  Workspace,
  WorkspaceSuppression,
} from './generated/client.ts';

export type DbConfig = {
  /** postgresql://… selects PostgreSQL; absent selects embedded PGlite in `dataDir`. */
  databaseUrl?: string | undefined;
  /** PGlite data directory; 'memory://' keeps the database in memory (tests). */
  dataDir: string;
  /** PostgreSQL connection pool size (default 10). */
  poolSize?: number | undefined;
};

export type Db = { prisma: PrismaClient; kind: 'pglite' | 'postgres'; close(): Promise<void> };

// Arbitrary key ("txtl") for the lock that serialises migrations across processes sharing a database.
const MIGRATION_LOCK_KEY = 0x7478746c;

async function migrate(factory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const migrationsList = await readMigrations();
  const { appliedMigrationNames } = await withSchemaEngine(factory, (engine) =>
    engine.applyMigrations({ migrationsList, filters: { externalTables: [], externalEnums: [] } }),
  );
  return appliedMigrationNames;
}

async function migratePostgres(databaseUrl: string): Promise<string[]> {
  const lock = new pg.Client({ connectionString: databaseUrl });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    // A single connection: the engine takes its own session-level advisory lock and must release it
    // on the session that took it.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
    try {
      return await migrate(new PrismaPg(pool));
    } finally {
      await pool.end();
    }
  } finally {
    // Ending the session releases the advisory lock, also when the unlock could not be sent.
    await lock.end();
  }
}

/** Applies pending migrations from prisma/migrations, as `prisma migrate deploy` does. */
export async function applyMigrations(config: DbConfig): Promise<{ applied: string[] }> {
  if (config.databaseUrl) return { applied: await migratePostgres(config.databaseUrl) };
  const { pglite, close } = await openPglite(config.dataDir);
  try {
    return { applied: await migrate(new PgliteAdapterFactory(pglite)) };
  } finally {
    await close();
  }
}

/** Opens the database (PostgreSQL when `databaseUrl` is set, else PGlite), migrating it first unless told not to. */
export async function createDb(config: DbConfig, options: { migrate?: boolean } = {}): Promise<Db> {
  const shouldMigrate = options.migrate ?? true;
  if (config.databaseUrl) {
    if (shouldMigrate) await migratePostgres(config.databaseUrl);
    const adapter = new PrismaPg({ connectionString: config.databaseUrl, max: config.poolSize ?? 10 });
    const prisma = new PrismaClient({ adapter });
    return { prisma, kind: 'postgres', close: once(() => prisma.$disconnect()) };
  }
  // PGlite serves one connection: migrations run through the same instance the client then uses.
  const { pglite, close } = await openPglite(config.dataDir);
  const adapter = new PgliteAdapterFactory(pglite);
  try {
    if (shouldMigrate) await migrate(adapter);
  } catch (error) {
    await close();
    throw error;
  }
  const prisma = new PrismaClient({ adapter });
  return {
    prisma,
    kind: 'pglite',
    close: once(async () => {
      await prisma.$disconnect();
      await close();
    }),
  };
}

// close() may be called from several shutdown paths; do the work once.
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}
