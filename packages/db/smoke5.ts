import { PGlite } from '@electric-sql/pglite';
import { readMigrations, withSchemaEngine } from './src/engine.ts';
import { PgliteAdapterFactory } from './src/pglite.ts';
const filters = { externalTables: [], externalEnums: [] };
const list = await readMigrations('/tmp/badmig');
const pglite = new PGlite('memory://');
try {
  await withSchemaEngine(new PgliteAdapterFactory(pglite), (e) => e.applyMigrations({ migrationsList: list, filters }));
} catch (e) { console.log('PGLITE ERR', (e as Error).message); }
console.log((await pglite.query('select migration_name, finished_at, logs from _prisma_migrations')).rows);
console.log((await pglite.query(`select to_regclass('public.a')::text as t`)).rows);
