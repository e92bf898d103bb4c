import { PrismaPg } from '@prisma/adapter-pg';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { applyPendingMigrations } from './engine.ts';
import { PrismaClient } from './generated/client.ts';
import type { OpenPglite } from './pglite.ts';
import { migratePostgres } from './postgres.ts';
import type { SqlClient, SqlOptions } from './sql-client.ts';
import { isoTimestamp } from './timestamps.ts';

export { Prisma, PrismaClient } from './generated/client.ts';
export type { SqlClient, SqlOptions } from './sql-client.ts';
export {
  executeIn,
  type IsoTimestamps,
  queryIsoRows,
  queryRows,
  queryRowsIn,
  type RawQueryClient,
  type RowOf,
  type Statement,
  statement,
} from './typed-sql.ts';
export type {
  AccessToken,
  Account,
  Approval,
  BackupCode,
  BrandedRequest,
  Campaign,
  CampaignDelivery,
  CampaignEnrollment,
  CampaignStage,
  CampaignSuppression,
  ConsoleSession,
  Contact,
  ContactList,
  ContactListMember,
  Conversation,
  Event,
  FundingInvoice,
  InboundMessage,
  Brand,
  Job,
  LedgerEntry,
  LegacyKey,
  Message,
  MessageSenderSkip,
  OAuthAuthorization,
  OAuthAuthorizationCode,
  OAuthClient,
  OAuthRefreshToken,
  PhoneNumber,
  ProviderEvent,
  RecipientSender,
  SandboxMessage,
  SandboxNumber,
  Snippet,
  UseCase,
  WebhookAttempt,
  WebhookDelivery,
  WebhookEndpoint,
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
  /** Where migrations connect when `databaseUrl` is a pooler in transaction mode; default `databaseUrl`. */
  directUrl?: string | undefined;
  /** Whether hot statements are prepared once per connection under a name (default); false sends them unnamed. */
  namedStatements?: boolean | undefined;
};

/**
 * One parameterised statement straight on the driver, for the few hot-path statements (a send, a
 * read, a provider event) where Prisma's per-query cost would be paid on every call. It
 * shares Prisma's connections. Values come back as the driver parses them: timestamptz as Date,
 * int4 as number, jsonb as parsed JSON.
 */
/** Connections of a PostgreSQL pool: open ones, idle ones, and queries waiting for one. */
export type PoolStats = { total: number; idle: number; waiting: number };

export type Db = {
  prisma: PrismaClient;
  sql: SqlClient;
  kind: 'pglite' | 'postgres';
  /** The pool's connections now; undefined for PGlite, which is one connection inside the process. */
  poolStats(): PoolStats | undefined;
  close(): Promise<void>;
};

// PGlite (its WASM build alone is a large block of memory) loads only in the embedded mode.
const loadPglite = () => import('./pglite.ts');

// Tests open many in-memory databases, and initdb plus migrations costs seconds each: the first one
// in a process is migrated and dumped, and later ones start from a copy of that dump.
let memoryTemplate: Promise<Blob> | undefined;

async function openMigratedMemory(dataDir: string): Promise<OpenPglite> {
  const { openPglite, PgliteAdapterFactory } = await loadPglite();
  memoryTemplate ??= (async () => {
    const { pglite, close } = await openPglite('memory://');
    try {
      await applyPendingMigrations(new PgliteAdapterFactory(pglite));
      return await pglite.dumpDataDir('none');
    } finally {
      await close();
    }
  })().catch((error: unknown) => {
    memoryTemplate = undefined;
    throw error;
  });
  return openPglite(dataDir, await memoryTemplate);
}

/** Applies pending migrations from prisma/migrations, as `prisma migrate deploy` does. */
export async function applyMigrations(config: DbConfig): Promise<{ applied: string[] }> {
  if (config.databaseUrl) return { applied: await migratePostgres(config.directUrl ?? config.databaseUrl) };
  const { openPglite, PgliteAdapterFactory } = await loadPglite();
  const { pglite, close } = await openPglite(config.dataDir);
  try {
    return { applied: await applyPendingMigrations(new PgliteAdapterFactory(pglite)) };
  } finally {
    await close();
  }
}

/**
 * A name per statement text, so each pooled connection parses and plans a statement once and later
 * only binds and executes it: planning the message list's union costs PostgreSQL more than running
 * it does. Every text the API sends comes from a fixed set of statement shapes (values travel
 * as parameters); past a bound, a new text goes unnamed, so a caller that did build one per value
 * cannot grow each connection's prepared statements without end.
 */
function preparedStatementNames(limit = 500): (text: string) => string | undefined {
  const names = new Map<string, string>();
  return (text) => {
    let name = names.get(text);
    if (name === undefined && names.size < limit) {
      name = `tl_${createHash('sha256').update(text).digest('base64url').slice(0, 24)}`;
      names.set(text, name);
    }
    return name;
  };
}

const isoTimestampTypes: pg.CustomTypesConfig = {
  getTypeParser: (...[oid, format]: Parameters<typeof pg.types.getTypeParser>) =>
    oid === pg.types.builtins.TIMESTAMPTZ ? isoTimestamp : (pg.types.getTypeParser(oid, format) as (text: string) => unknown),
};
const isoTimestampParsers = { [pg.types.builtins.TIMESTAMPTZ]: isoTimestamp };

// Also bounds the wait for a free connection of the pool, which under any sane load is milliseconds.
const CONNECT_TIMEOUT_MS = 10_000;

/** Opens the database (PostgreSQL when `databaseUrl` is set, else PGlite), migrating it first unless told not to. */
export async function createDb(config: DbConfig, options: { migrate?: boolean } = {}): Promise<Db> {
  const shouldMigrate = options.migrate ?? true;
  if (config.databaseUrl) {
    if (shouldMigrate) await migratePostgres(config.directUrl ?? config.databaseUrl);
    const pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: config.poolSize ?? 10,
      // A server that is down refuses at once; one that does not answer at all (a lost host) would
      // otherwise hold each request until the operating system gives up on the connection, minutes later.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Instants print in UTC whatever the server's default, as isoTimestamp reads them fastest.
      options: '-c TimeZone=UTC',
    });
    // An idle connection's error (a server restart) surfaces again on the next query that uses the pool.
    pool.on('error', () => undefined);
    // A server shutting down (57P01) can report to a checked-out connection after its query has
    // settled, when neither the pool nor the query listens, and an unheard 'error' event ends the
    // process. The query's own callback already carries the error, and the pool drops the broken
    // connection when it comes back, so this listener only keeps the process up.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const statementName = config.namedStatements === false ? () => undefined : preparedStatementNames();
    const sql: SqlClient = {
      query: async <Row>(text: string, values: unknown[], options?: SqlOptions) =>
        (
          await pool.query({
            name: statementName(text),
            text,
            values,
            ...(options?.timestamps === 'iso' && { types: isoTimestampTypes }),
          })
        ).rows as Row[],
    };
    const poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    return openedDb('postgres', new PrismaClient({ adapter: new PrismaPg(pool) }), sql, () => pool.end(), poolStats);
  }
  const { isMemory, openPglite, PgliteAdapterFactory } = await loadPglite();
  if (isMemory(config.dataDir) && shouldMigrate) {
    return pgliteDb(await openMigratedMemory(config.dataDir));
  }
  // PGlite serves one connection: migrations run through the same instance the client then uses.
  const opened = await openPglite(config.dataDir);
  try {
    if (shouldMigrate) await applyPendingMigrations(new PgliteAdapterFactory(opened.pglite));
  } catch (error) {
    await opened.close();
    throw error;
  }
  return pgliteDb(opened);
}

async function pgliteDb({ pglite, close }: OpenPglite): Promise<Db> {
  const { PgliteAdapterFactory } = await loadPglite();
  const sql: SqlClient = {
    query: async <Row>(text: string, values: unknown[], options?: SqlOptions) =>
      (await pglite.query<Row>(text, values, options?.timestamps === 'iso' ? { parsers: isoTimestampParsers } : undefined)).rows,
  };
  return openedDb('pglite', new PrismaClient({ adapter: new PgliteAdapterFactory(pglite) }), sql, close);
}

/** The Db over an open connection: closing it disconnects Prisma, then releases the driver, once. */
function openedDb(
  kind: Db['kind'],
  prisma: PrismaClient,
  sql: SqlClient,
  release: () => Promise<void>,
  poolStats: () => PoolStats | undefined = () => undefined,
): Db {
  return {
    prisma,
    sql,
    kind,
    poolStats,
    close: once(async () => {
      await prisma.$disconnect();
      await release();
    }),
  };
}

// close() may be called from several shutdown paths; do the work once.
function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}
