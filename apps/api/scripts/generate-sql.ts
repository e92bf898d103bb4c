// `npm run sql:generate`: writes the `.sql.ts` twin of every statement file under src/ (see
// packages/db/src/typed-sql-generator.ts). With --check (in `npm test`) it writes nothing and fails
// when a twin is missing, stale or left without its `.sql` file.
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateTypedSql } from '@textline/db/typed-sql-generator';

const check = process.argv.includes('--check');
const apiDir = path.join(import.meta.dirname, '..');
const { files, orphans } = await generateTypedSql([path.join(apiDir, 'src')]);
const stale: string[] = [...orphans];
for (const [file, content] of files) {
  if ((await readFile(file, 'utf8').catch(() => null)) === content) continue;
  if (check) stale.push(file);
  else await writeFile(file, content);
}
if (check && stale.length > 0) {
  console.error(
    `Generated SQL types are stale; run \`npm run sql:generate\`:\n${stale.map((f) => `  ${path.relative(apiDir, f)}`).join('\n')}`,
  );
  process.exitCode = 1;
} else if (!check) {
  for (const orphan of orphans) await rm(orphan);
  console.log(`${files.size} statement files typed.`);
}
