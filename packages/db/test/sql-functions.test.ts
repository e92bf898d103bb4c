import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { functionMigrationSql, functionOfFile, functionsAheadOfMigrations } from '../src/sql-functions.ts';

describe('the functions of packages/db/sql', () => {
  it('are what the migrations define: a changed file needs `npm run db:migration -- <name>`', async () => {
    const drifts = await functionsAheadOfMigrations();
    expect(
      drifts.map((drift) => `sql/${drift.file} differs from its definition in ${drift.migration ?? 'no migration'}`),
    ).toEqual([]);
  });
});

describe('the migration written for changed functions', () => {
  const folders: string[] = [];
  afterEach(async () => {
    await Promise.all(folders.splice(0).map((folder) => rm(folder, { recursive: true, force: true })));
  });
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
  });
  afterAll(() => db.close());

  /** Runs the scripts in order on a database without the test's function, as a migration would. */
  async function applyInOrder(...scripts: string[]): Promise<void> {
    await db.exec('DROP FUNCTION IF EXISTS doubled');
    for (const script of scripts) await db.exec(script);
  }

  const doubled = `CREATE FUNCTION doubled(n INTEGER) RETURNS INTEGER LANGUAGE plpgsql AS $$
BEGIN
  RETURN n * 2; -- ; inside the body
END;
$$;`;

  /** A migrations folder with these scripts and an sql/ folder with these files. */
  async function project(migrations: Record<string, string>, files: Record<string, string>) {
    const root = await mkdtemp(path.join(tmpdir(), 'textline-sql-functions-'));
    folders.push(root);
    const paths = { migrationsDir: path.join(root, 'migrations'), sqlDir: path.join(root, 'sql') };
    await mkdir(paths.sqlDir, { recursive: true });
    for (const [name, sql] of Object.entries(migrations)) {
      await mkdir(path.join(paths.migrationsDir, name), { recursive: true });
      await writeFile(path.join(paths.migrationsDir, name, 'migration.sql'), sql);
    }
    for (const [name, sql] of Object.entries(files)) await writeFile(path.join(paths.sqlDir, name), sql);
    return paths;
  }

  it('is nothing when the file differs from the migration only in comments, layout and case', async () => {
    const file = `-- doubled: documented here at length; -- and with semicolons.
create or replace function doubled(n integer)
returns integer
language plpgsql as $$
begin
  /* twice */ return n * 2;
end;
$$;
`;
    const paths = await project({ '20200101000000_doubled': `-- Hand-written.\n${doubled}\n` }, { 'doubled.sql': file });
    expect(await functionMigrationSql(paths)).toBeNull();
  });

  it('replaces a function whose body changed, with the statement as the file writes it', async () => {
    const file = `-- The documentation stays in the file.
CREATE OR REPLACE FUNCTION doubled(n INTEGER) RETURNS INTEGER LANGUAGE plpgsql AS $$
BEGIN
  -- Why three: the comment goes into the database with the body.
  RETURN n * 3;
END;
$$;
`;
    const paths = await project({ '20200101000000_doubled': doubled }, { 'doubled.sql': file });
    const sql = await functionMigrationSql(paths);
    expect(sql).toBe(
      '-- doubled, as packages/db/sql/doubled.sql defines and documents it: change it there.\n' +
        `${file.slice(file.indexOf('CREATE'), file.lastIndexOf(';') + 1)}\n`,
    );
    expect(sql).not.toContain('DROP');

    await applyInOrder(doubled, sql ?? '');
    expect((await db.query<{ n: number }>('SELECT doubled(7) AS n')).rows).toEqual([{ n: 21 }]);
  });

  it('drops the former function first when the arguments or the result changed, and the migration applies', async () => {
    const file = `CREATE OR REPLACE FUNCTION doubled(n INTEGER) RETURNS TEXT LANGUAGE sql AS $$ SELECT (n * 2)::TEXT $$;\n`;
    const paths = await project({ '20200101000000_doubled': doubled }, { 'doubled.sql': file });
    const sql = await functionMigrationSql(paths);
    expect(sql).toContain('DROP FUNCTION doubled;\n\nCREATE OR REPLACE FUNCTION doubled(n INTEGER) RETURNS TEXT');

    await applyInOrder(doubled, sql ?? '');
    expect((await db.query<{ n: string }>('SELECT doubled(7) AS n')).rows).toEqual([{ n: '14' }]);
  });

  it('compares with the latest definition, and creates a function no migration defines or one dropped since', async () => {
    const tripled = doubled.replace('CREATE', 'CREATE OR REPLACE').replace('n * 2', 'n * 3');
    const paths = await project(
      {
        '20200101000000_doubled': doubled,
        '20200102000000_tripled': tripled,
        '20200103000000_gone': `${doubled.replace(/doubled/g, 'gone')}\nDROP FUNCTION IF EXISTS gone(INTEGER);\n`,
      },
      {
        'doubled.sql': tripled,
        'gone.sql': doubled.replace(/doubled/g, 'gone'),
        'fresh.sql': doubled.replace(/doubled/g, 'fresh'),
      },
    );
    const drifts = await functionsAheadOfMigrations(paths);
    expect(drifts.map(({ file, migration, signatureChanged }) => ({ file, migration, signatureChanged }))).toEqual([
      { file: 'fresh.sql', migration: undefined, signatureChanged: false },
      { file: 'gone.sql', migration: undefined, signatureChanged: false },
    ]);
  });

  it('refuses a file that holds anything but the one function it is named after', () => {
    expect(() => functionOfFile('tripled.sql', doubled)).toThrow(/tripled.sql must hold one CREATE OR REPLACE FUNCTION tripled/);
    expect(() => functionOfFile('doubled.sql', `${doubled}\nSELECT 1;`)).toThrow(/must hold one/);
    expect(functionOfFile('doubled.sql', doubled).name).toBe('doubled');
  });
});
