import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type OutputFile } from 'esbuild';

/**
 * The API's processes as plain JavaScript (apps/api/dist/*.mjs) for `node` alone: without the tsx
 * loader an idle process holds less memory. The workspace packages (@textline/*, which export
 * TypeScript) are bundled in; every third-party package stays external and loads from node_modules.
 */

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const distDir = path.join(apiDir, 'dist');
export const builtEntries = {
  main: path.join(distDir, 'main.mjs'),
  worker: path.join(distDir, 'worker.mjs'),
  admin: path.join(distDir, 'admin.mjs'),
};

type Manifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
const readManifest = (dir: string): Manifest => JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;

/** Where node finds `name` from `dir` (the first node_modules up the tree that holds it). */
function installedAt(dir: string, name: string): string | undefined {
  for (let current = dir; ; current = path.dirname(current)) {
    const candidate = path.join(current, 'node_modules', name);
    if (existsSync(candidate)) return candidate;
    if (current === path.dirname(current)) return undefined;
  }
}

/**
 * The dependencies of @textline/api and of the workspace packages it uses, minus those packages.
 * Bundled code loads its externals from dist/, so a workspace package must see the same installed
 * copy there as from its own folder (npm would nest a copy of a conflicting version).
 */
function thirdPartyPackages(): string[] {
  const external = new Set<string>();
  const visited = new Set<string>();
  const visit = (dir: string) => {
    const { dependencies = {}, devDependencies = {} } = readManifest(dir);
    for (const name of Object.keys({ ...dependencies, ...devDependencies })) {
      if (name.startsWith('@textline/')) {
        const installed = installedAt(dir, name);
        if (!installed)
          throw new Error(`${name} is a dependency of ${dir} but is not installed: run npm install at the repository root`);
        const workspaceDir = realpathSync(installed);
        if (!visited.has(workspaceDir)) {
          visited.add(workspaceDir);
          visit(workspaceDir);
        }
        continue;
      }
      if (installedAt(dir, name) !== installedAt(distDir, name)) {
        throw new Error(`${name} is installed separately for ${path.relative(apiDir, dir)}; the bundle would load another copy`);
      }
      external.add(name);
    }
  };
  visit(apiDir);
  return [...external];
}

/** Builds dist/; each file is replaced whole, so a process starting meanwhile loads the old or new file, never half of one. */
export function bundleApi(): Promise<void> {
  return bundle({ main: 'src/main.ts', worker: 'src/worker-main.ts', admin: 'src/admin/cli.ts' }, distDir);
}

/** Bundles `entryPoints` (name: path under apps/api) into `outdir` as `<name>.mjs`, as bundleApi does. */
export async function bundle(entryPoints: Record<string, string>, outdir: string): Promise<void> {
  const { outputFiles } = await build({
    absWorkingDir: apiDir,
    entryPoints,
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    // Code behind a dynamic import (PGlite, in the scaled mode never used) loads only when imported.
    splitting: true,
    target: 'node20',
    external: thirdPartyPackages(),
    logLevel: 'warning',
    write: false,
  });
  await mkdir(outdir, { recursive: true });
  const replaceWhole = async (file: OutputFile) => {
    const temporary = `${file.path}.${randomUUID()}.tmp`;
    await writeFile(temporary, file.contents);
    await rename(temporary, file.path);
  };
  // Chunks (named by their content hash) before the entries that import them.
  const entryFiles = new Set(Object.keys(entryPoints).map((name) => path.join(outdir, `${name}.mjs`)));
  await Promise.all(outputFiles.filter((file) => !entryFiles.has(file.path)).map(replaceWhole));
  await Promise.all(outputFiles.filter((file) => entryFiles.has(file.path)).map(replaceWhole));
}
