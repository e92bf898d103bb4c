import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaledMode, startTestApp, type TestApp } from '../../../apps/api/test/harness.ts';
import { sendingWorkspace } from '../../../apps/api/test/sending-support.ts';

/**
 * @textline/sdk as users get it: `npm pack`, then installed from the tarball into a fresh project
 * with no registry (--offline; its dependencies are packed from this repository's node_modules), and
 * used against the started service from plain Node ESM (and CommonJS require) on Node 20 and Node 22,
 * a strict NodeNext TypeScript project and an esbuild browser bundle. The package is the same in both
 * modes, so this runs in the embedded one only.
 */

const run = promisify(execFile);
const sdkRoot = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');

let app: TestApp;
let work: string;
let project: string;
let env: NodeJS.ProcessEnv;
let node22: Promise<{ binary: string } | { unavailable: unknown }>;

/**
 * Node 22 comes from the npm registry (node-<platform>-<arch> carries the official binary as bin/node),
 * the one registry CI reaches that has it. The version is pinned so the copy under node_modules/.cache
 * is found again without asking the registry. In CI (CI or REQUIRE_NODE22=1) not getting it fails the
 * Node 22 case; elsewhere, offline, that case skips.
 */
const node22Version = '22.23.3';
const node22Cache = join(repoRoot, 'node_modules/.cache/textline-node22');
const node22Required = Boolean(process.env.CI) || process.env.REQUIRE_NODE22 === '1';

async function obtainNode22(): Promise<string> {
  const binary = join(node22Cache, node22Version, 'bin/node');
  if (existsSync(binary)) return binary;
  await mkdir(node22Cache, { recursive: true });
  // Unpacked beside the cache, then renamed into it whole: an interrupted download leaves no half binary.
  const download = await mkdtemp(join(node22Cache, 'download-'));
  try {
    const spec = `node-${process.platform}-${process.arch}@${node22Version}`;
    const { stdout } = await run('npm', ['pack', '--silent', '--pack-destination', download, spec], {
      cwd: repoRoot,
      timeout: 150_000,
    });
    await run('tar', ['-xzf', join(download, stdout.trim()), '-C', download, 'package/bin/node']);
    await rename(join(download, 'package'), dirname(dirname(binary)));
  } finally {
    await rm(download, { recursive: true, force: true });
  }
  return binary;
}

async function node(file: string, binary = process.execPath): Promise<unknown> {
  const { stdout } = await run(binary, [file], { cwd: project, env });
  return JSON.parse(stdout);
}

describe.skipIf(scaledMode)('@textline/sdk packed and installed', () => {
  beforeAll(async () => {
    // Downloads while the package is packed and installed; awaited by the Node 22 case.
    node22 = obtainNode22().then(
      (binary) => ({ binary }),
      (unavailable: unknown) => ({ unavailable }),
    );
    work = await mkdtemp(join(tmpdir(), 'textline-sdk-pack-'));
    project = join(work, 'consumer');
    // Asynchronous: the service answering the consumers runs in this process.
    await run('npm', ['pack', '--silent', '--pack-destination', work], { cwd: sdkRoot });
    const dependencies = ['openapi-fetch', 'openapi-typescript-helpers'].map((name) => join(repoRoot, 'node_modules', name));
    await run('npm', ['pack', '--silent', '--ignore-scripts', '--pack-destination', work, ...dependencies], { cwd: work });
    const tarballs = (await readdir(work)).filter((name) => name.endsWith('.tgz')).map((name) => join(work, name));
    await run('mkdir', [project]);
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', '--ignore-scripts', ...tarballs], { cwd: project });

    app = await startTestApp();
    const { token } = await sendingWorkspace(app);
    env = { ...process.env, TEXTLINE_URL: app.baseUrl, TEXTLINE_TOKEN: token };
    await writeFile(
      join(project, 'esm.js'),
      `import { createRequire } from 'node:module';
import { Textline, isTextlineError } from '@textline/sdk';
const textline = new Textline({ baseUrl: process.env.TEXTLINE_URL, token: process.env.TEXTLINE_TOKEN });
const { message } = await textline.post('/api/v1/messages', { body: { phone_number: '+14155550123', body: 'From a package' } });
const listed = await textline.paginate('/api/v1/messages').toArray({ limit: 5 });
let code;
try { await textline.get('/api/v1/messages/{id}', { params: { path: { id: 'msg_missing' } } }); } catch (error) { code = isTextlineError(error) && error.code; }
const required = createRequire(import.meta.url)('@textline/sdk');
console.log(JSON.stringify({ node: process.version, sent: message.id, listed: listed.map((item) => item.id), code, requires: typeof required.Textline }));
`,
    );
  }, 180_000);
  afterAll(async () => {
    await app.close();
    await rm(work, { recursive: true, force: true });
  });

  it('ships only what runs: dist, its README and package.json', async () => {
    const installed = join(project, 'node_modules/@textline/sdk');
    expect((await readdir(installed)).sort()).toEqual(['README.md', 'dist', 'package.json']);
    expect((await readdir(join(installed, 'dist'))).filter((name) => name.endsWith('.ts') && !name.endsWith('.d.ts'))).toEqual(
      [],
    );
  });

  async function sendsPagesAndRequires(binary: string): Promise<string> {
    const result = (await node('esm.js', binary)) as {
      node: string;
      sent: string;
      listed: string[];
      code: string;
      requires: string;
    };
    expect(result.listed).toContain(result.sent);
    expect(result.code).toBe('not_found');
    expect(result.requires).toBe('function');
    return result.node;
  }

  it('sends and pages from Node ESM, and loads through require', async () => {
    expect(await sendsPagesAndRequires(process.execPath)).toBe(process.version);
  });

  it('does the same on Node 22', async (context) => {
    const obtained = await node22;
    if ('unavailable' in obtained) {
      if (node22Required) throw obtained.unavailable;
      return context.skip(
        `Node ${node22Version} could not be downloaded from the npm registry (offline?); CI or REQUIRE_NODE22=1 makes this fail`,
      );
    }
    expect(await sendsPagesAndRequires(obtained.binary)).toBe(`v${node22Version}`);
  }, 180_000);

  it('typechecks in a strict NodeNext TypeScript project and runs compiled', async () => {
    await writeFile(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          target: 'ES2022',
          lib: ['ES2023', 'DOM'],
          types: [],
          strict: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          skipLibCheck: false,
          outDir: 'out',
        },
        files: ['typed.ts'],
      }),
    );
    await writeFile(
      join(project, 'typed.ts'),
      `import { isTextlineError, Textline, type WebhookEvent } from '@textline/sdk';
declare const process: { env: Record<string, string> };
const textline = new Textline({ baseUrl: process.env.TEXTLINE_URL!, token: process.env.TEXTLINE_TOKEN! });
const balance: number = (await textline.get('/api/v1/balance')).balance_cents;
try {
  await textline.post('/api/v1/messages', { body: { phone_number: 'not a number', body: 'x' } });
} catch (error) {
  if (!isTextlineError(error) || error.code !== 'validation_failed') throw error;
  const paths: string[] | undefined = error.body.error.issues?.map((issue) => issue.path);
  const delivered = (event: WebhookEvent) => (event.type === 'message.delivered' ? event.data.message.id : undefined);
  console.log(JSON.stringify({ balance, paths, delivered: typeof delivered }));
}
`,
    );
    await run(process.execPath, [tsc, '-p', project], { cwd: project });
    const result = (await node('out/typed.js')) as { balance: number; paths: string[] };
    expect(result.balance).toBeGreaterThan(0);
    expect(result.paths).toContain('phone_number');
  });

  it('bundles for browsers with esbuild, with no Node built-in, and the bundle runs', async () => {
    await writeFile(
      join(project, 'browser.js'),
      `import { Textline, verifyWebhook } from '@textline/sdk';
const textline = new Textline({ baseUrl: globalThis.TEXTLINE_URL, token: globalThis.TEXTLINE_TOKEN });
const { balance_cents } = await textline.get('/api/v1/balance');
// A webhook request signed as the service signs them (Standard Webhooks), its body as bytes.
const body = new TextEncoder().encode('{"type":"message.delivered"}');
const id = 'evt_1', timestamp = String(Math.floor(Date.now() / 1000)), secret = 'a secret of the endpoint';
const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, new Uint8Array([...new TextEncoder().encode(id + '.' + timestamp + '.'), ...body])));
const headers = { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': 'v1,' + btoa(String.fromCharCode(...mac)) };
const event = await verifyWebhook('whsec_' + btoa(secret), headers, body);
console.log(JSON.stringify({ balance_cents, verified: event.type }));
`,
    );
    // platform browser: an import of a Node built-in (node:crypto, buffer) fails the build.
    const bundled = await build({
      absWorkingDir: project,
      entryPoints: ['browser.js'],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      target: 'es2022',
      write: false,
      logLevel: 'silent',
    });
    const code = bundled.outputFiles[0]!.text;
    expect(code).not.toMatch(/\bBuffer\b|require\(/);
    // The bundle runs as a page would: the settings as globals, fetch and Web Crypto from the platform.
    const settings = `globalThis.TEXTLINE_URL = ${JSON.stringify(app.baseUrl)}; globalThis.TEXTLINE_TOKEN = ${JSON.stringify(env.TEXTLINE_TOKEN)};\n`;
    await writeFile(join(project, 'bundle.mjs'), settings + code);
    const result = (await node('bundle.mjs')) as { balance_cents: number; verified: string };
    expect(result.balance_cents).toBeGreaterThan(0);
    expect(result.verified).toBe('message.delivered');
  });
});
