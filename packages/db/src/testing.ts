import { randomBytes } from 'node:crypto';
import pg from 'pg';

async function onServer(baseUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Creates a fresh, empty database on the server `baseUrl` points at (for one test file) and returns
 * its URL; `drop()` removes it, disconnecting any sessions still open on it. With `directBaseUrl`,
 * `baseUrl` is a pooler in front of that server: the database is made there, `url` reaches it
 * through the pooler and `directUrl` directly (for migrations).
 */
export async function createTestDatabaseUrl(
  baseUrl: string,
  directBaseUrl?: string,
): Promise<{ url: string; directUrl: string | undefined; drop(): Promise<void> }> {
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const server = directBaseUrl ?? baseUrl;
  await onServer(server, `CREATE DATABASE "${name}"`);
  const withName = (serverUrl: string) => {
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  };
  return {
    url: withName(baseUrl),
    directUrl: directBaseUrl && withName(directBaseUrl),
    drop: () => onServer(server, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`),
  };
}

/** What the scaled suite's environment says of its PostgreSQL: the URL, and behind a pooler the server's and the statements' mode. */
export function testDatabaseEnvironment() {
  return {
    url: process.env.TEST_DATABASE_URL,
    directUrl: process.env.TEST_DATABASE_DIRECT_URL,
    namedStatements: process.env.TEST_DATABASE_PREPARED_STATEMENTS !== 'unnamed',
  };
}
