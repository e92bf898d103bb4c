// Writes the `.sql.ts` twin of each `.sql` statement file: PostgreSQL itself (PGlite, in this
// process, migrated to the current schema) describes each statement's parameters and columns, so
// generating needs no server and no network.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { protocol } from '@electric-sql/pglite';
import type { PGlite } from '@electric-sql/pglite';
import { format, resolveConfig } from 'prettier';
import { applyPendingMigrations } from './engine.ts';
import { openPglite, PgliteAdapterFactory } from './pglite.ts';

/**
 * One statement of a file. In the file it reads:
 *
 *   -- name: claimDueJobs
 *   -- What it does (any number of comment lines; they become the generated constant's doc comment).
 *   -- params: queues, leaseUntil, now, limit      (one name per $n, in order; required when it has any)
 *   -- nullable: failing_since                     (columns of an outer join, which the table calls NOT NULL)
 *   -- not null: balance_cents                     (computed columns that are never null)
 *   UPDATE jobs SET … RETURNING …;
 */
type ParsedStatement = {
  name: string;
  doc: string[];
  params: string[];
  nullable: Set<string>;
  notNull: Set<string>;
  text: string;
};

const annotation = /^--\s*(name|params|nullable|not null):\s*(.*)$/;
const names = (list: string) =>
  list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);

export function parseStatements(file: string, source: string): ParsedStatement[] {
  const statements: ParsedStatement[] = [];
  let current: (ParsedStatement & { inBody: boolean; body: string[] }) | undefined;
  const finish = () => {
    if (!current) return;
    const text = current.body.join('\n').trim().replace(/;$/, '').trim();
    if (!text) throw new Error(`${file}: ${current.name} has no statement`);
    statements.push({ ...current, text });
  };
  for (const line of source.split('\n')) {
    const [, kind, list = ''] = annotation.exec(line.trim()) ?? [];
    if (kind === 'name') {
      finish();
      const name = list.trim();
      if (!/^[a-z][A-Za-z0-9]*$/.test(name)) throw new Error(`${file}: '${name}' is not a camelCase name`);
      if (statements.some((s) => s.name === name)) throw new Error(`${file}: ${name} is named twice`);
      current = { name, doc: [], params: [], nullable: new Set(), notNull: new Set(), text: '', inBody: false, body: [] };
    } else if (!current) {
      continue; // the file's own header comment
    } else if (!current.inBody && kind) {
      if (kind === 'params') current.params = names(list);
      else for (const column of names(list)) (kind === 'nullable' ? current.nullable : current.notNull).add(column);
    } else if (!current.inBody && line.trim().startsWith('--')) {
      current.doc.push(line.trim().replace(/^--\s?/, ''));
    } else if (current.inBody || line.trim()) {
      current.inBody = true;
      current.body.push(line);
    }
  }
  finish();
  return statements;
}

type Field = { name: string; tableID: number; columnID: number; dataTypeID: number };
type Description = { params: number[]; fields: Field[] | null };

async function describe(pglite: PGlite, text: string): Promise<Description> {
  const messages = [];
  for (const message of [
    protocol.serialize.parse({ text }),
    protocol.serialize.describe({ type: 'S' }),
    protocol.serialize.sync(),
  ]) {
    messages.push(...(await pglite.execProtocol(message, { throwOnError: false })).messages);
  }
  const error = messages.find((m) => m.name === 'error');
  if (error) throw new Error((error as unknown as Error).message);
  const params = messages.find((m) => m.name === 'parameterDescription') as { dataTypeIDs: number[] } | undefined;
  const rows = messages.find((m) => m.name === 'rowDescription') as { fields: Field[] } | undefined;
  return { params: params?.dataTypeIDs ?? [], fields: rows?.fields ?? null };
}

type PgType = { oid: number; name: string; category: string; element: number };

// What each driver hands back for these types, alike in both modes and through Prisma
// (int8 differs between them: see typed-sql.ts). Values bound go in as the drivers take them.
const rowTypes: Record<string, string> = {
  text: 'string',
  varchar: 'string',
  bpchar: 'string',
  name: 'string',
  uuid: 'string',
  citext: 'string',
  int2: 'number',
  int4: 'number',
  float4: 'number',
  float8: 'number',
  oid: 'number',
  int8: 'bigint',
  bool: 'boolean',
  timestamptz: 'Date',
  timestamp: 'Date',
  date: 'Date',
  json: 'unknown',
  jsonb: 'unknown',
  void: 'null',
};
const valueTypes: Record<string, string> = {
  ...rowTypes,
  int8: 'number | bigint',
  timestamptz: 'Date | string',
  timestamp: 'Date | string',
  date: 'Date | string',
};

function tsType(types: Map<number, PgType>, oid: number, table: Record<string, string>, where: string): string {
  const type = types.get(oid);
  if (!type) throw new Error(`${where}: unknown type oid ${oid}`);
  if (type.category === 'A') {
    const element = tsType(types, type.element, table, where);
    // A bound array may hold nulls (unnest of optional fields); a read one is typed as its column.
    return table === valueTypes ? `readonly ${wrap(orNull(element, true))}[]` : `${wrap(element)}[]`;
  }
  if (type.category === 'E') return 'string';
  const mapped = table[type.name];
  if (!mapped) throw new Error(`${where}: type ${type.name} has no agreed TypeScript type (cast it, e.g. ::int or ::text)`);
  return mapped;
}
const orNull = (type: string, nullable: boolean) => (nullable && type !== 'unknown' ? `${type} | null` : type);
const wrap = (type: string) => (type.includes(' ') ? `(${type})` : type);

const header = (file: string) =>
  `// Generated from ${file} by \`npm run sql:generate\` (PostgreSQL's own description of each statement): edit the .sql file.\n`;

async function render(pglite: PGlite, types: Map<number, PgType>, file: string, source: string): Promise<string> {
  const out = [header(path.basename(file)), `import { statement } from '@textline/db';\n`];
  for (const parsed of parseStatements(file, source)) {
    const where = `${file}: ${parsed.name}`;
    let description: Description;
    try {
      description = await describe(pglite, parsed.text);
    } catch (error) {
      throw new Error(`${where}: ${(error as Error).message}`);
    }
    if (description.params.length !== parsed.params.length) {
      throw new Error(`${where}: binds ${description.params.length} values but -- params: names ${parsed.params.length}`);
    }
    const values = description.params.map(
      (oid, i) => `${parsed.params[i]}: ${orNull(tsType(types, oid, valueTypes, where), true)}`,
    );
    let row = 'never';
    if (description.fields) {
      const notNullColumns = await columnsNotNull(pglite, description.fields);
      const seen = new Set<string>();
      const columns = description.fields.map((field) => {
        if (seen.has(field.name)) throw new Error(`${where}: two columns are named ${field.name}`);
        seen.add(field.name);
        const nullable = parsed.nullable.has(field.name)
          ? true
          : parsed.notNull.has(field.name)
            ? false
            : !notNullColumns.has(`${field.tableID}.${field.columnID}`);
        const key = /^[A-Za-z_$][\w$]*$/.test(field.name) ? field.name : JSON.stringify(field.name);
        return `${key}: ${orNull(tsType(types, field.dataTypeID, rowTypes, where), nullable)}`;
      });
      for (const column of [...parsed.nullable, ...parsed.notNull]) {
        if (!seen.has(column)) throw new Error(`${where}: annotates ${column}, which it does not return`);
      }
      row = `{ ${columns.join('; ')} }`;
    }
    const doc = parsed.doc.length ? `/**\n${parsed.doc.map((line) => ` * ${line}`.trimEnd()).join('\n')}\n */\n` : '';
    const text = parsed.text.replace(/[\\`]/g, (c) => `\\${c}`).replace(/\$\{/g, '\\${');
    out.push(`${doc}export const ${parsed.name} = statement<[${values.join(', ')}], ${row}>(\`${text}\`);\n`);
  }
  return out.join('\n');
}

/** The (table, column) pairs of these result columns that the table declares NOT NULL. */
async function columnsNotNull(pglite: PGlite, fields: Field[]): Promise<Set<string>> {
  const fromTables = fields.filter((field) => field.tableID !== 0);
  if (fromTables.length === 0) return new Set();
  const { rows } = await pglite.query<{ key: string }>(
    `SELECT attrelid::int || '.' || attnum AS key FROM pg_attribute
     WHERE attnotnull AND (attrelid::int, attnum::int) IN (SELECT * FROM unnest($1::int[], $2::int[]))`,
    [fromTables.map((field) => field.tableID), fromTables.map((field) => field.columnID)],
  );
  return new Set(rows.map((row) => row.key));
}

async function sqlFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && (entry.name.endsWith('.sql') || entry.name.endsWith('.sql.ts')))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

/**
 * The generated file of each `.sql` file under `dirs` (path to content), and the `.sql.ts` files
 * whose `.sql` file is gone (to delete).
 */
export async function generateTypedSql(dirs: string[]): Promise<{ files: Map<string, string>; orphans: string[] }> {
  const found = (await Promise.all(dirs.map(sqlFilesUnder))).flat();
  const sqlFiles = found.filter((file) => file.endsWith('.sql'));
  const orphans = found.filter((file) => file.endsWith('.sql.ts') && !sqlFiles.includes(file.slice(0, -3)));
  const files = new Map<string, string>();
  if (sqlFiles.length === 0) return { files, orphans };
  const { pglite, close } = await openPglite('memory://');
  try {
    await applyPendingMigrations(new PgliteAdapterFactory(pglite));
    const { rows } = await pglite.query<PgType>(
      `SELECT oid::int AS oid, typname AS name, typcategory AS category, typelem::int AS element FROM pg_type`,
    );
    const types = new Map(rows.map((type) => [type.oid, type]));
    for (const file of sqlFiles) {
      const code = await render(pglite, types, file, await readFile(file, 'utf8'));
      const target = `${file}.ts`;
      files.set(target, await format(code, { ...(await resolveConfig(target)), filepath: target }));
    }
  } finally {
    await close();
  }
  return { files, orphans };
}
