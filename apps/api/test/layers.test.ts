import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The layers of apps/api/src, lowest first (docs/architecture.md, "Layers"). A file belongs to the
 * longest path below that names it (a generated `x.sql.ts` to the layer of `x.ts`); it may import
 * its own layer and the layers below, never one above, so no import circle can run through two layers.
 */
const layers: { name: string; paths: string[] }[] = [
  { name: 'foundation', paths: ['lib/', 'config.ts'] },
  {
    name: 'adapters the ports name',
    paths: [
      'live/',
      'limits/keyed-limiter.ts',
      'limits/sender-pace.ts',
      'metrics/metrics.ts',
      'jobs/queues.ts',
      'auth/authenticator.ts',
      'auth/tokens.ts',
      'auth/token-use.ts',
      'domain/messages/accept-queue.ts',
      'domain/customer-webhooks/sender.ts',
      'domain/customer-webhooks/public-destination.ts',
      'domain/messages/media.ts',
    ],
  },
  { name: 'ports', paths: ['ports.ts'] },
  { name: 'jobs and limits', paths: ['jobs/', 'limits/'] },
  { name: 'domain', paths: ['domain/'] },
  {
    name: 'http building blocks',
    paths: ['http/errors.ts', 'http/send-error.ts', 'http/json-response.ts', 'http/request-guards.ts'],
  },
  { name: 'providers', paths: ['providers/', 'provider-callbacks/', 'jobs/handlers.ts'] },
  { name: 'authorization', paths: ['auth/', 'trpc/context.ts'] },
  { name: 'operations', paths: ['operations/', 'metrics/count.ts'] },
  { name: 'transports', paths: ['http/', 'trpc/', 'mcp/', 'oauth/', 'openapi/', 'metrics/'] },
  { name: 'composition roots', paths: ['services.ts', 'app.ts', 'main.ts', 'worker-main.ts', 'admin/', 'lib/shutdown.ts'] },
];

/** Imports that still point up, each with why; this list only shrinks. */
const knownUpward: Record<string, string> = {
  'domain/console.ts -> auth/console-session.ts': 'signing in starts the console session',
  'provider-callbacks/routes.ts -> http/rest.ts': 'the callback routes count their requests under the REST route keys',
};

const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const sourceRoot = join(repositoryRoot, 'apps/api/src');

function sourceFiles(folder: string, root = sourceRoot): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(path, root);
    return /\.tsx?$/.test(entry.name) ? [relative(root, path).split('\\').join('/')] : [];
  });
}

function layerOf(sourceFile: string): number {
  const file = sourceFile.replace(/\.sql\.ts$/, '.ts');
  let best: { layer: number; length: number } | undefined;
  layers.forEach(({ paths }, layer) => {
    for (const path of paths) {
      const matches = path.endsWith('/') ? file.startsWith(path) : file === path;
      if (matches && (!best || path.length > best.length)) best = { layer, length: path.length };
    }
  });
  if (!best) throw new Error(`${sourceFile} is on no layer: add it to the table in layers.test.ts`);
  return best.layer;
}

// Static imports and re-exports (`import … from`, `export … from`, bare `import '…'`) and dynamic `import('…')`.
const importPattern = /\b(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g;

function relativeImports(file: string, root = sourceRoot): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  return [...text.matchAll(importPattern)].map((match) => posix.normalize(posix.join(posix.dirname(file), match[1]!)));
}

describe('layers of apps/api/src', () => {
  const files = sourceFiles(sourceRoot);

  it('places every source file on a layer', () => {
    for (const file of files) expect(() => layerOf(file), file).not.toThrow();
  });

  it('has no import from a lower layer to a higher one', () => {
    const upward: string[] = [];
    for (const file of files) {
      for (const target of relativeImports(file)) {
        if (target.startsWith('..')) continue;
        const edge = `${file} -> ${target}`;
        if (layerOf(target) > layerOf(file) && !(edge in knownUpward)) {
          upward.push(`${edge} (${layers[layerOf(file)]!.name} -> ${layers[layerOf(target)]!.name})`);
        }
      }
    }
    expect(upward).toEqual([]);
  });

  it('lists only known upward imports that still exist', () => {
    const edges = new Set(files.flatMap((file) => relativeImports(file).map((target) => `${file} -> ${target}`)));
    expect(Object.keys(knownUpward).filter((edge) => !edges.has(edge))).toEqual([]);
  });
});

/** Every circle of imports among `files` (Tarjan's strongly connected components of more than one file). */
function importCircles(files: string[], root: string): string[][] {
  const known = new Set(files);
  const edges = new Map(files.map((file) => [file, relativeImports(file, root).filter((target) => known.has(target))]));
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    lowest.set(file, index.get(file)!);
    stack.push(file);
    for (const target of edges.get(file)!) {
      if (!index.has(target)) {
        visit(target);
        lowest.set(file, Math.min(lowest.get(file)!, lowest.get(target)!));
      } else if (stack.includes(target)) {
        lowest.set(file, Math.min(lowest.get(file)!, index.get(target)!));
      }
    }
    if (lowest.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      component.push(member);
    } while (member !== file);
    if (component.length > 1) circles.push(component.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return circles;
}

describe('import circles', () => {
  // A circle, even of type imports only, means two files cannot be read, changed or tested apart:
  // what both need belongs in a file below them.
  it.each(['apps/api/src', 'apps/api/bench', 'apps/console/src', 'packages/contract/src', 'packages/db/src', 'packages/sdk/src'])(
    'there is none among the files of %s',
    (folder) => {
      const root = join(repositoryRoot, folder);
      expect(importCircles(sourceFiles(root, root), root)).toEqual([]);
    },
  );
});
