/**
 * The large fixture, kept between runs: one workspace holding a year of
 * messages, replies, opt-outs, contacts and ledger entries, built once by large-fixture.ts in a
 * process that exits before any server starts, then copied for each scenario measured on it (a
 * PostgreSQL database created from it as a template, or a copy of the PGlite directory), so that no
 * scenario sees another's writes and the original stays as built.
 *
 * It is found again by a key: the row counts, the migrations and the builder's source (large-fixture.ts). A PostgreSQL
 * fixture is the database textline_bench_fixture_<key> whose comment (the marker) holds what the
 * scenarios need, written once the build finished; an embedded one is <tmpdir>/textline-bench-fixture-<key>
 * with marker.json. A fixture without its marker (a build cut short) is built again, and fixtures
 * of other keys are removed when a new one is built.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { BenchTarget, LargeFixtureInfo, LargeFixtureSize } from './fixture.ts';

/** Where a built fixture is, and what its copies hold. */
export type LargeFixture = {
  location: { kind: 'postgres'; database: string } | { kind: 'pglite'; dir: string };
  info: LargeFixtureInfo;
  /** Seconds the build took (when it was built, by this run or an earlier one). */
  buildSeconds: number;
  reused: boolean;
};

type Marker = { key: string; info: LargeFixtureInfo; buildSeconds: number };

/**
 * The row counts: 1,000,000 messages in the scaled mode, 100,000 embedded, or BENCH_FIXTURE_MESSAGES
 * (for quick runs); every other table in proportion: a tenth as many conversations (each with two
 * replies) and suppressions, a twentieth as many contacts, and a hundredth as many ledger entries per day of the year.
 */
export function largeFixtureSize(mode: 'embedded' | 'postgres'): LargeFixtureSize {
  const messages = Number(process.env.BENCH_FIXTURE_MESSAGES ?? (mode === 'postgres' ? 1_000_000 : 100_000));
  if (!Number.isInteger(messages) || messages < 100) throw new Error('BENCH_FIXTURE_MESSAGES must be an integer of at least 100');
  return {
    messages,
    conversations: messages / 10,
    suppressions: messages / 10,
    contacts: messages / 20,
    ledgerEntriesPerDay: messages / 100,
  };
}

const benchDir = fileURLToPath(new URL('.', import.meta.url));
const migrationsDir = fileURLToPath(new URL('../../../packages/db/prisma/migrations', import.meta.url));

/** The fixture's identity: its counts, the schema it was built on and the code that built it. */
function fixtureKey(size: LargeFixtureSize): string {
  const hash = createHash('sha256').update(JSON.stringify(size));
  for (const migration of readdirSync(migrationsDir).sort()) {
    const file = join(migrationsDir, migration, 'migration.sql');
    if (existsSync(file)) hash.update(migration).update(readFileSync(file));
  }
  hash.update(readFileSync(join(benchDir, 'large-fixture.ts')));
  return hash.digest('hex').slice(0, 16);
}

const DATABASE_PREFIX = 'textline_bench_fixture_';
const DIR_PREFIX = 'textline-bench-fixture-';

async function onServer<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(baseUrl: string, database: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

/**
 * The large fixture for `mode`, built now by `build` (given a target for an empty database or
 * directory, it runs the builder in a process of its own) unless an earlier run left one of the same key.
 */
export async function ensureLargeFixture(
  mode: 'embedded' | 'postgres',
  build: (target: BenchTarget, size: LargeFixtureSize) => Promise<LargeFixtureInfo>,
): Promise<LargeFixture> {
  const size = largeFixtureSize(mode);
  const key = fixtureKey(size);
  const started = Date.now();
  const seconds = () => (Date.now() - started) / 1000;
  if (mode === 'postgres') {
    const baseUrl = process.env.BENCH_DATABASE_URL!;
    const database = `${DATABASE_PREFIX}${key}`;
    const location = { kind: 'postgres' as const, database };
    const existing = await onServer(baseUrl, async (client) => {
      const { rows } = await client.query<{ datname: string; marker: string | null }>(
        `SELECT datname, shobj_description(oid, 'pg_database') AS marker FROM pg_database WHERE datname LIKE $1`,
        [`${DATABASE_PREFIX}%`],
      );
      return rows;
    });
    const found = existing.find((row) => row.datname === database);
    const marker = found?.marker ? (JSON.parse(found.marker) as Marker) : undefined;
    if (marker?.key === key) return { location, info: marker.info, buildSeconds: marker.buildSeconds, reused: true };
    await onServer(baseUrl, async (client) => {
      // Fixtures of other keys (a schema since changed) and this one's unfinished build. One in use
      // by another run is left alone (DROP without FORCE fails).
      for (const { datname } of existing) await client.query(`DROP DATABASE IF EXISTS "${datname}"`).catch(() => undefined);
      await client.query(`CREATE DATABASE "${database}"`);
    });
    const dataDir = join(tmpdir(), `${DIR_PREFIX}secrets-${key}`);
    try {
      const info = await build(
        { kind: 'postgres', dataDir, databaseUrl: databaseUrl(baseUrl, database), redis: undefined },
        size,
      );
      const written: Marker = { key, info, buildSeconds: seconds() };
      await onServer(baseUrl, (client) =>
        client.query(`COMMENT ON DATABASE "${database}" IS ${client.escapeLiteral(JSON.stringify(written))}`),
      );
      return { location, info, buildSeconds: written.buildSeconds, reused: false };
    } catch (error) {
      await onServer(baseUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`));
      throw error;
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  const dir = join(tmpdir(), `${DIR_PREFIX}${key}`);
  const location = { kind: 'pglite' as const, dir: join(dir, 'data') };
  const markerFile = join(dir, 'marker.json');
  if (existsSync(markerFile)) {
    const marker = JSON.parse(readFileSync(markerFile, 'utf8')) as Marker;
    if (marker.key === key) return { location, info: marker.info, buildSeconds: marker.buildSeconds, reused: true };
  }
  for (const entry of readdirSync(tmpdir()).filter((name) => name.startsWith(DIR_PREFIX))) {
    await rm(join(tmpdir(), entry), { recursive: true, force: true });
  }
  await mkdir(dir, { recursive: true });
  try {
    const info = await build({ kind: 'pglite', dataDir: location.dir }, size);
    const written: Marker = { key, info, buildSeconds: seconds() };
    await writeFile(markerFile, JSON.stringify(written));
    return { location, info, buildSeconds: written.buildSeconds, reused: false };
  } catch (error) {
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}

/** A new PostgreSQL database on the server of `baseUrl`, a copy of `template` (its files, not replayed through WAL). */
export async function copyFixtureDatabase(baseUrl: string, template: string, name: string): Promise<string> {
  await onServer(baseUrl, (client) => client.query(`CREATE DATABASE "${name}" TEMPLATE "${template}" STRATEGY FILE_COPY`));
  return databaseUrl(baseUrl, name);
}

/** A copy of the embedded fixture's data directory at `dataDir`. */
export async function copyFixtureDirectory(fixture: LargeFixture, dataDir: string): Promise<void> {
  if (fixture.location.kind !== 'pglite') throw new Error('not an embedded fixture');
  await cp(fixture.location.dir, dataDir, { recursive: true });
}
