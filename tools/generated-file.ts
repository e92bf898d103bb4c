import { readFileSync, writeFileSync } from 'node:fs';

/**
 * Writes a committed, generated file; with `--check` on the command line, writes nothing and exits 1
 * when the committed file differs from what would be written (CI runs the check). `name` is how the
 * messages call the file, `command` what regenerates it.
 */
export function writeGeneratedFile(
  target: string,
  generated: string,
  { name, command }: { name: string; command: string },
): void {
  if (!process.argv.includes('--check')) {
    writeFileSync(target, generated);
    console.log(`wrote ${target}`);
    return;
  }
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {
    committed = '';
  }
  if (committed !== generated) {
    console.error(`${name} is stale: run \`${command}\` and commit the result.`);
    process.exit(1);
  }
  console.log(`${name} is up to date.`);
}
