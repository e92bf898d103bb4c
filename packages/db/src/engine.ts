// Prisma's schema engine compiled to WebAssembly, driven through a driver adapter, so migrations
// need neither a native engine binary nor a download.
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { bindMigrationAwareSqlAdapterFactory, type SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import * as bindings from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { MigrationList } from '@prisma/schema-engine-wasm';
import { dbPackageDir } from './package-dir.ts';

const prismaDir = path.join(dbPackageDir, 'prisma');
export const schemaPath = path.join(prismaDir, 'schema.prisma');
export const migrationsDir = path.join(prismaDir, 'migrations');
export const lockfileName = 'migration_lock.toml';

// @types/node 20 does not declare the WebAssembly global.
type WasmApi = {
  instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: Record<string, unknown> } }>;
};
const { WebAssembly } = globalThis as unknown as { WebAssembly: WasmApi };

let ready: Promise<void> | undefined;
let activeEngines = 0;
const timers = new Set<NodeJS.Timeout>();

// The engine arms timeouts (e.g. 10 s around its advisory lock) that it never clears, which would
// keep the process alive after the work is done. Track them, and clear them once no engine runs.
function engineSetTimeout(fn: () => void, ms: number): NodeJS.Timeout {
  const timer = setTimeout(() => {
    timers.delete(timer);
    fn();
  }, ms >>> 0);
  timers.add(timer);
  return timer;
}

// The package's own entry does `import * as wasm from "./schema_engine_bg.wasm"`, which Node cannot
// load; instantiate the module by hand with the JS glue as its import object, once per process.
function loadWasm(): Promise<void> {
  ready ??= (async () => {
    const entry = createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm');
    const bytes = await readFile(path.join(path.dirname(entry), 'schema_engine_bg.wasm'));
    const imports: Record<string, unknown> = { ...bindings };
    for (const name of Object.keys(imports)) {
      if (name.startsWith('__wbg_setTimeout_')) imports[name] = engineSetTimeout;
    }
    const { instance } = await WebAssembly.instantiate(bytes, { './schema_engine_bg.js': imports });
    bindings.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
  })();
  return ready;
}

/** Runs `fn` with a schema engine bound to `factory`, and frees the engine afterwards. */
export async function withSchemaEngine<T>(
  factory: SqlMigrationAwareDriverAdapterFactory,
  // The class of the glue module the engine is instantiated from (the package entry declares its own copy).
  fn: (engine: bindings.SchemaEngine) => Promise<T>,
): Promise<T> {
  await loadWasm();
  const adapter = bindMigrationAwareSqlAdapterFactory(factory);
  activeEngines++;
  try {
    const engine = await bindings.SchemaEngine.new({ datamodels: undefined }, () => {}, adapter);
    try {
      return await fn(engine);
    } finally {
      engine.free();
    }
  } catch (error) {
    // What the driver throws reaches us as "External error id#N"; rethrow the driver's own error.
    const id = /External error id#(\d+)/.exec(error instanceof Error ? error.message : '')?.[1];
    throw (id === undefined ? undefined : adapter.errorRegistry.consumeError(Number(id)))?.error ?? error;
  } finally {
    if (--activeEngines === 0) {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    }
  }
}

/** The migrations folder in the shape the engine expects (as `prisma migrate` reads it). */
export async function readMigrations(dir: string = migrationsDir): Promise<MigrationList> {
  const lockfile = await readFile(path.join(dir, lockfileName), 'utf8').catch(() => null);
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  const names = entries
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  return {
    baseDir: dir,
    lockfile: { path: lockfileName, content: lockfile },
    shadowDbInitScript: '',
    migrationDirectories: await Promise.all(
      names.map(async (name) => ({
        path: name,
        migrationFile: {
          path: 'migration.sql',
          content: await readFile(path.join(dir, name, 'migration.sql'), 'utf8').then(
            (value) => ({ tag: 'ok' as const, value }),
            (error: unknown) => ({ tag: 'error' as const, value: String(error) }),
          ),
        },
      })),
    ),
  };
}

/** Applies the migrations the database has not seen yet, as `prisma migrate deploy` does; returns their names. */
export async function applyPendingMigrations(factory: SqlMigrationAwareDriverAdapterFactory): Promise<string[]> {
  const migrationsList = await readMigrations();
  const { appliedMigrationNames } = await withSchemaEngine(factory, (engine) =>
    engine.applyMigrations({ migrationsList, filters: { externalTables: [], externalEnums: [] } }),
  );
  return appliedMigrationNames;
}
