import { randomUUID } from 'node:crypto';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffSchemaFromMigrations } from '../src/diff.ts';
import { migrationsDir, readMigrations, schemaPath, withSchemaEngine } from '../src/engine.ts';
import { applyMigrations, createDb, Prisma, type Db } from '../src/index.ts';
import { PgliteAdapterFactory } from '../src/pglite.ts';
import { MigrationPgFactory } from '../src/postgres.ts';
import { createTestDatabaseUrl } from '../src/testing.ts';
import { isoTimestamp } from '../src/timestamps.ts';

const migrationNames = (await readdir(migrationsDir, { withFileTypes: true }))
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

async function appliedMigrations(db: Db): Promise<string[]> {
  const rows = await db.prisma.$queryRaw<{ migration_name: string }[]>`
    SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL ORDER BY migration_name`;
  return rows.map((row) => row.migration_name);
}

// Migration scripts the pinned adapters mangle without executeScriptsWhole: semicolons inside a comment
// and a function body, and a script that fails half-way.
const trickyScript = `-- Hand-written; semicolons here must not split the script.
CREATE TABLE tricky (id int);
CREATE FUNCTION tricky_double(n int) RETURNS int LANGUAGE plpgsql AS $$
BEGIN
  RETURN n * 2; -- ; inside the body
END;
$$;
`;
const failingScript = 'CREATE TABLE half (id int);\nSELECT nope FROM missing;\n';

async function migrationsFolder(scripts: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'textline-migrations-'));
  await writeFile(path.join(dir, 'migration_lock.toml'), 'provider = "postgresql"\n');
  for (const [name, sql] of Object.entries(scripts)) {
    await mkdir(path.join(dir, name));
    await writeFile(path.join(dir, name, 'migration.sql'), sql);
  }
  return dir;
}

async function applyFolder(dir: string, factory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const migrationsList = await readMigrations(dir);
  const output = await withSchemaEngine(factory, (engine) =>
    engine.applyMigrations({ migrationsList, filters: { externalTables: [], externalEnums: [] } }),
  );
  return output.appliedMigrationNames;
}

/**
 * Applies the tricky script, then the failing one, through `factory`; `query` reads the same database.
 * Like `prisma migrate deploy`, the failure is reported, nothing of it stays, and it is recorded as failed.
 */
async function checkScriptHandling(
  factory: SqlMigrationAwareDriverAdapterFactory,
  query: <T>(sql: string) => Promise<T[]>,
): Promise<void> {
  const tricky = await migrationsFolder({ '20200101000000_tricky': trickyScript });
  const failing = await migrationsFolder({ '20200101000000_tricky': trickyScript, '20200102000000_failing': failingScript });
  try {
    expect(await applyFolder(tricky, factory)).toEqual(['20200101000000_tricky']);
    expect(await query('SELECT tricky_double(21) AS n')).toEqual([{ n: 42 }]);
    await expect(applyFolder(failing, factory)).rejects.toThrow(/missing/);
    expect(await query(`SELECT to_regclass('public.half')::text AS t`)).toEqual([{ t: null }]);
    const rows = await query<{ name: string; finished: boolean }>(
      'SELECT migration_name AS name, finished_at IS NOT NULL AS finished FROM _prisma_migrations ORDER BY migration_name',
    );
    expect(rows).toEqual([
      { name: '20200101000000_tricky', finished: true },
      { name: '20200102000000_failing', finished: false },
    ]);
  } finally {
    await rm(tricky, { recursive: true, force: true });
    await rm(failing, { recursive: true, force: true });
  }
}

/** Creates, reads, updates and deletes through the client, covering the column types the schema uses. */
async function exerciseCrud(db: Db): Promise<void> {
  const { prisma } = db;
  const accountId = randomUUID();
  const workspaceId = `ws_${randomUUID()}`;
  await prisma.account.create({
    data: {
      id: accountId,
      username: 'Alice',
      usernameLower: `alice-${accountId}`,
      passwordHash: 'hash',
      workspace: { create: { id: workspaceId } },
    },
  });
  const workspace = await prisma.workspace.findUniqueOrThrow({ where: { accountId } });
  expect(workspace).toMatchObject({ id: workspaceId, planTier: 'starter', balanceCents: 0 });

  const token = await prisma.accessToken.create({
    data: {
      id: `tok_${randomUUID()}`,
      workspaceId,
      tokenHash: randomUUID(),
      origin: 'api_key',
      scopes: ['messages:write', 'mcp:read'],
      expiresAt: new Date(Date.now() + 60_000),
    },
  });
  expect(token.scopes).toEqual(['messages:write', 'mcp:read']);

  const message = await prisma.message.create({
    data: {
      id: `msg_${randomUUID()}`,
      workspaceId,
      phoneNumber: '+15551234567',
      body: 'hello',
      segments: 1,
      costCents: 4,
      status: 'queued',
      idempotencyKey: 'key-1',
      metadata: { order: 42, tags: ['a'] },
    },
  });
  expect(message.metadata).toEqual({ order: 42, tags: ['a'] });
  expect(message.createdAt).toBeInstanceOf(Date);

  // The same idempotency key in the same workspace is a unique violation (P2002).
  const duplicate = prisma.message.create({
    data: { ...message, id: `msg_${randomUUID()}`, metadata: Prisma.JsonNull, mediaUrls: Prisma.JsonNull },
  });
  await expect(duplicate).rejects.toMatchObject({ code: 'P2002' });

  // An interactive transaction that throws leaves nothing behind.
  await expect(
    prisma.$transaction(async (tx) => {
      await tx.ledgerEntry.create({
        data: {
          id: `le_${randomUUID()}`,
          workspaceId,
          amountCents: 500,
          kind: 'operator_credit',
          reference: randomUUID(),
          balanceAfterCents: 500,
        },
      });
      await tx.workspace.update({ where: { id: workspaceId }, data: { balanceCents: { increment: 500 } } });
      throw new Error('abort');
    }),
  ).rejects.toThrow('abort');
  expect(await prisma.ledgerEntry.count({ where: { workspaceId } })).toBe(0);

  const updated = await prisma.message.update({ where: { id: message.id }, data: { status: 'sent', sentAt: new Date() } });
  expect(updated.status).toBe('sent');

  // Deleting the account cascades to its workspace and everything the workspace owns.
  await prisma.account.delete({ where: { id: accountId } });
  expect(await prisma.message.count({ where: { workspaceId } })).toBe(0);
  expect(await prisma.accessToken.count({ where: { workspaceId } })).toBe(0);
}

describe('migrations folder', () => {
  it('holds a migration for everything in schema.prisma', async () => {
    expect(migrationNames.length).toBeGreaterThan(0);
    expect(await diffSchemaFromMigrations()).toBeNull();
  });

  it('diffs a schema ahead of the migrations into SQL', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'textline-migrations-'));
    try {
      const sql = await diffSchemaFromMigrations({ migrationsDir: empty, schemaPath });
      expect(sql).toContain('CREATE TABLE "accounts"');
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

describe('isoTimestamp', () => {
  it('rewrites PostgreSQL UTC text as ISO 8601 with milliseconds, whatever its fraction', () => {
    expect(isoTimestamp('2026-11-25 23:14:25.123+00')).toBe('2026-11-25T23:14:25.123Z');
    expect(isoTimestamp('2026-11-25 23:14:25.1+00')).toBe('2026-11-25T23:14:25.100Z');
    expect(isoTimestamp('2026-11-25 23:14:25+00')).toBe('2026-11-25T23:14:25.000Z');
    // Sub-milliseconds are cut, as a Date cuts them.
    expect(isoTimestamp('2026-11-25 23:14:25.999999+00')).toBe('2026-11-25T23:14:25.999Z');
  });

  it('moves any other offset to UTC and refuses what is no instant', () => {
    expect(isoTimestamp('2026-11-25 23:14:25.12-08')).toBe('2026-11-26T07:14:25.120Z');
    expect(isoTimestamp('2026-11-25 23:14:25+05:30')).toBe('2026-11-25T17:44:25.000Z');
    expect(() => isoTimestamp('infinity')).toThrow(/not an instant/);
  });
});

/** A timestamptz through `sql` with `timestamps: 'iso'` comes back as the API shows it; without, as a Date. */
async function checkIsoTimestamps(db: Db): Promise<void> {
  const statement = `SELECT '2026-11-25 15:14:25.5-08'::timestamptz AS at, NULL::timestamptz AS never`;
  expect(await db.sql.query(statement, [], { timestamps: 'iso' })).toEqual([{ at: '2026-11-25T23:14:25.500Z', never: null }]);
  expect(await db.sql.query(statement, [])).toEqual([{ at: new Date('2026-11-25T23:14:25.500Z'), never: null }]);
}

describe('PGlite in memory', () => {
  it('migrates an empty database and serves the client', async () => {
    const db = await createDb({ dataDir: 'memory://' });
    try {
      expect(db.kind).toBe('pglite');
      expect(await appliedMigrations(db)).toEqual(migrationNames);
      await exerciseCrud(db);
    } finally {
      await db.close();
    }
  });

  it('reads timestamptz as ISO strings when asked', async () => {
    const db = await createDb({ dataDir: 'memory://' }, { migrate: false });
    try {
      await checkIsoTimestamps(db);
    } finally {
      await db.close();
    }
  });

  it('gives every database its own data', async () => {
    const [a, b] = await Promise.all([createDb({ dataDir: 'memory://' }), createDb({ dataDir: 'memory://' })]);
    try {
      await a.prisma.job.create({ data: { id: 'job_a', queue: 'dispatch', payload: {} } });
      expect(await b.prisma.job.count()).toBe(0);
      expect(await appliedMigrations(b)).toEqual(migrationNames);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('runs migration scripts whole, and reports and records a failing one', async () => {
    const pglite = new PGlite('memory://');
    try {
      await checkScriptHandling(new PgliteAdapterFactory(pglite), async <T>(sql: string) => (await pglite.query<T>(sql)).rows);
    } finally {
      await pglite.close();
    }
  });

  it('leaves the database alone with migrate: false', async () => {
    const db = await createDb({ dataDir: 'memory://' }, { migrate: false });
    try {
      const [row] = await db.prisma.$queryRaw<{ table: string | null }[]>`SELECT to_regclass('public.accounts')::text AS table`;
      expect(row?.table).toBeNull();
    } finally {
      await db.close();
    }
  });
});

describe('PGlite in a directory', () => {
  let root: string;
  let dataDir: string;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'textline-db-'));
    dataDir = path.join(root, 'nested', 'pglite');
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('creates the directory, applies every migration once, and nothing on the next run', async () => {
    expect(await applyMigrations({ dataDir })).toEqual({ applied: migrationNames });
    expect(await applyMigrations({ dataDir })).toEqual({ applied: [] });
  });

  it('keeps data across reopening', async () => {
    const first = await createDb({ dataDir });
    try {
      await exerciseCrud(first);
      await first.prisma.job.create({ data: { id: 'job_1', queue: 'dispatch', payload: { n: 1 } } });
    } finally {
      await first.close();
    }
    const second = await createDb({ dataDir });
    try {
      expect(await appliedMigrations(second)).toEqual(migrationNames);
      expect(await second.prisma.job.findUnique({ where: { id: 'job_1' } })).toMatchObject({ payload: { n: 1 } });
    } finally {
      await second.close();
    }
  });

  it('refuses a second open of the same directory while the first is open', async () => {
    const db = await createDb({ dataDir });
    try {
      await expect(createDb({ dataDir })).rejects.toThrow(/already open/);
      await expect(applyMigrations({ dataDir })).rejects.toThrow(/already open/);
    } finally {
      await db.close();
    }
    const again = await createDb({ dataDir }, { migrate: false });
    await again.close();
  });
});

const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;

  beforeAll(async () => {
    database = await createTestDatabaseUrl(serverUrl!);
  });
  afterAll(async () => {
    await database.drop();
  });

  it('applies every migration exactly once under concurrent start-ups, and nothing on the next run', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () => applyMigrations({ databaseUrl: database.url, dataDir: 'unused' })),
    );
    expect(results.flatMap((result) => result.applied)).toEqual(migrationNames);
    expect(await applyMigrations({ databaseUrl: database.url, dataDir: 'unused' })).toEqual({ applied: [] });
  });

  it('serves the client', async () => {
    const db = await createDb({ databaseUrl: database.url, dataDir: 'unused', poolSize: 3 });
    try {
      expect(db.kind).toBe('postgres');
      expect(await appliedMigrations(db)).toEqual(migrationNames);
      await exerciseCrud(db);
    } finally {
      await db.close();
    }
  });

  it('prepares each statement once per connection, in UTC, and reads timestamptz as ISO strings when asked', async () => {
    const db = await createDb({ databaseUrl: database.url, dataDir: 'unused', poolSize: 1 }, { migrate: false });
    try {
      const statement = 'SELECT $1::int + 1 AS n';
      expect(await db.sql.query(statement, [1])).toEqual([{ n: 2 }]);
      expect(await db.sql.query(statement, [2])).toEqual([{ n: 3 }]);
      const prepared = await db.sql.query('SELECT name FROM pg_prepared_statements WHERE statement = $1', [statement]);
      expect(prepared).toEqual([{ name: expect.stringMatching(/^tl_/) }]);
      expect(await db.sql.query('SHOW TimeZone', [])).toEqual([{ TimeZone: 'UTC' }]);
      await checkIsoTimestamps(db);
    } finally {
      await db.close();
    }
  });

  it('runs migration scripts whole, and reports and records a failing one', async () => {
    const scratch = await createTestDatabaseUrl(serverUrl!);
    const pool = new pg.Pool({ connectionString: scratch.url, max: 1 });
    try {
      await checkScriptHandling(new MigrationPgFactory(pool), async <T>(sql: string) => (await pool.query(sql)).rows as T[]);
    } finally {
      await pool.end();
      await scratch.drop();
    }
  });

  it('createTestDatabaseUrl makes an empty database and drops it', async () => {
    const scratch = await createTestDatabaseUrl(serverUrl!);
    const name = new URL(scratch.url).pathname.slice(1);
    const client = new pg.Client({ connectionString: scratch.url });
    client.on('error', () => {}); // the forced drop terminates this session
    await client.connect();
    const { rows } = await client.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public'`);
    expect(rows[0]?.n).toBe(0);
    // drop() disconnects sessions still open on the database.
    await scratch.drop();
    await client.end().catch(() => undefined);
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      const result = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      expect(result.rowCount).toBe(0);
    } finally {
      await admin.end();
    }
  });
});
