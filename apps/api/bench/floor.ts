// The floor's server: a bare node:http handler and one INSERT. Only what it needs is imported, so its
// process holds no more memory than such a server would.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { pgliteOptions } from '@textline/db/pglite-settings';
import { loadConfig } from '../src/config.ts';
import { keepIdleConnectionsOpen } from '../src/http/keep-alive.ts';
import { newId } from '../src/lib/crypto.ts';
import type { BenchTarget, Fixture, RunningServer } from './fixture.ts';

export async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

export function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

async function readJson(req: IncomingMessage): Promise<{ phone_number: string; body: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

// The floor's one statement: a message-like row with a primary key and one secondary index.
const floorSchema = [
  `CREATE TABLE IF NOT EXISTS bench_floor_messages (
     id text PRIMARY KEY, workspace_id text NOT NULL, phone_number text NOT NULL, body text NOT NULL,
     segments integer NOT NULL, cost_cents integer NOT NULL, status text NOT NULL,
     created_at timestamptz(3) NOT NULL DEFAULT now())`,
  'CREATE INDEX IF NOT EXISTS bench_floor_messages_workspace ON bench_floor_messages (workspace_id, created_at)',
];
const floorInsert =
  'INSERT INTO bench_floor_messages (id, workspace_id, phone_number, body, segments, cost_cents, status) ' +
  "VALUES ($1, 'ws_bench', $2, $3, 1, 2, 'queued') RETURNING id, status";

type RunInsert = (params: string[]) => Promise<unknown>;

/** A bare node:http server: parse the JSON body, run the one INSERT ... RETURNING, answer 202. */
async function floorServer(runInsert: RunInsert, release: () => Promise<void>): Promise<RunningServer> {
  // Idle connections are kept as long as the app's server keeps them (createApiServer).
  const server = keepIdleConnectionsOpen(
    createServer((req: IncomingMessage, res: ServerResponse) => {
      readJson(req)
        .then((input) => runInsert([newId('msg'), input.phone_number, input.body]))
        .then((message) => {
          res.writeHead(202, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ message }));
        })
        .catch(() => {
          res.writeHead(500);
          res.end();
        });
    }),
  );
  return {
    port: await listen(server),
    async close() {
      await closeServer(server);
      await release();
    },
  };
}

/** Creates the floor's table (and, embedded, the PGlite cluster) before its server starts; the floor needs no fixture. */
export async function prepareFloor(target: BenchTarget): Promise<Fixture> {
  if (target.kind === 'pglite') {
    const pglite = new PGlite(target.dataDir, pgliteOptions);
    for (const statement of floorSchema) await pglite.exec(statement);
    await pglite.close();
  } else {
    const client = new pg.Client({ connectionString: target.databaseUrl });
    await client.connect();
    for (const statement of floorSchema) await client.query(statement);
    await client.end();
  }
  return {};
}

export async function driverFloor(target: BenchTarget): Promise<RunningServer> {
  if (target.kind === 'pglite') {
    const pglite = new PGlite(target.dataDir, pgliteOptions);
    return floorServer(
      async (params) => (await pglite.query(floorInsert, params)).rows[0],
      () => pglite.close(),
    );
  }
  // The app's pool size, so both sides get the same number of connections.
  const pool = new pg.Pool({ connectionString: target.databaseUrl, max: loadConfig({}).databasePoolSize });
  return floorServer(
    async (params) => (await pool.query(floorInsert, params)).rows[0],
    () => pool.end(),
  );
}

/** The app's schema first (Prisma migrates only a database it created), then the floor's table. */
export async function preparePrismaFloor(target: BenchTarget): Promise<Fixture> {
  const { applyMigrations } = await import('@textline/db');
  await applyMigrations({ dataDir: target.dataDir, databaseUrl: target.kind === 'postgres' ? target.databaseUrl : undefined });
  return prepareFloor(target);
}

export async function prismaFloor(target: BenchTarget): Promise<RunningServer> {
  const { createDb } = await import('@textline/db');
  const db = await createDb({
    dataDir: target.dataDir,
    databaseUrl: target.kind === 'postgres' ? target.databaseUrl : undefined,
  });
  return floorServer(
    async (params) => (await db.prisma.$queryRawUnsafe<unknown[]>(floorInsert, ...params))[0],
    () => db.close(),
  );
}
