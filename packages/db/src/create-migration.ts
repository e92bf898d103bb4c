// `npm run db:migration -- <name>`: writes prisma/migrations/<timestamp>_<name>/migration.sql with the
// SQL that takes the database from the existing migrations to schema.prisma and to the functions of
// sql/ (each changed one's CREATE OR REPLACE, after the tables and columns it may need).
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { diffSchemaFromMigrations, lockfileContent } from './diff.ts';
import { lockfileName, migrationsDir } from './engine.ts';
import { functionMigrationSql } from './sql-functions.ts';

// Same shape as `prisma migrate dev`: UTC yyyyMMddHHmmss.
function timestamp(date: Date): string {
  return date.toISOString().replace(/\D/g, '').slice(0, 14);
}

async function main(rawName: string | undefined): Promise<void> {
  const name = (rawName ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!name) {
    console.error('usage: npm run db:migration -- <name>');
    process.exitCode = 1;
    return;
  }
  const parts = [await diffSchemaFromMigrations(), await functionMigrationSql()].filter((part) => part !== null);
  if (parts.length === 0) {
    console.log('No changes: schema.prisma and the functions of sql/ match the migrations; nothing written.');
    return;
  }
  const sql = parts.join('\n');
  const dir = path.join(migrationsDir, `${timestamp(new Date())}_${name}`);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, 'migration.sql'), sql);
  await writeFile(path.join(migrationsDir, lockfileName), lockfileContent);
  console.log(`Wrote ${path.relative(process.cwd(), path.join(dir, 'migration.sql'))}`);
}

await main(process.argv[2]);
