import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeveloper, startTestApp, type TestApp } from './harness.ts';

/**
 * The MCP Inspector CLI (@modelcontextprotocol/inspector 2.12.0, pinned in tools/mcp-inspector) against the
 * started server, as a third-party client. Every Inspector release declares Node 22, so it stays out of the
 * workspace install (which must print no engine warning on Node 20); 2.12.0 runs on Node 20 all the same.
 * `npm ci --prefix tools/mcp-inspector` installs it; CI does and sets REQUIRE_MCP_INSPECTOR, so there a
 * missing Inspector fails this suite instead of skipping it.
 */
const run = promisify(execFile);
const inspectorBin = fileURLToPath(
  new URL(
    '../../../tools/mcp-inspector/node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js',
    import.meta.url,
  ),
);
const inspectorInstalled = existsSync(inspectorBin) || process.env.REQUIRE_MCP_INSPECTOR === '1';

let app: TestApp;
let token: string;
let home: string;

beforeAll(async () => {
  if (!inspectorInstalled) return;
  app = await startTestApp();
  token = (await createDeveloper(app)).token;
  home = await mkdtemp(join(tmpdir(), 'inspector-'));
});
afterAll(async () => {
  if (!inspectorInstalled) return;
  await app.close();
  if (home) await rm(home, { recursive: true, force: true });
});

/** The Inspector CLI on every tool set: it calls only tools it saw listed. */
async function inspector(args: string[], bearer = token): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      [
        inspectorBin,
        '--cli',
        `${app.baseUrl}/mcp?toolsets=all`,
        '--transport',
        'http',
        '--header',
        `Authorization: Bearer ${bearer}`,
        ...args,
      ],
      // Its catalog and caches go to a scratch HOME, never the developer's.
      { env: { ...process.env, HOME: home, MCP_CATALOG_PATH: join(home, 'mcp.json'), NO_COLOR: '1' }, timeout: 60_000 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failure.code ?? -1, stdout: failure.stdout ?? '', stderr: failure.stderr ?? '' };
  }
}

describe.skipIf(!inspectorInstalled)('MCP Inspector CLI (npm ci --prefix tools/mcp-inspector)', () => {
  it('lists the tools of every set, with no schema portability problem of any severity (--strict)', async () => {
    const result = await inspector(['--method', 'tools/list', '--strict']);
    expect(result.code, result.stderr).toBe(0);
    // --strict fails on errors only; a warning (a type array, a schema with no keyword) is printed to stderr.
    expect(result.stderr).not.toMatch(/warning|error/i);
    const { tools } = JSON.parse(result.stdout) as { tools: { name: string; inputSchema: unknown }[] };
    expect(tools.map((tool) => tool.name)).toEqual(
      expect.arrayContaining(['create_api_key', 'list_oauth_clients', 'revoke_oauth_client']),
    );
  });

  it('calls a tool and reports a domain error as a tool error', async () => {
    const listed = await inspector(['--method', 'tools/call', '--tool-name', 'list_oauth_clients']);
    expect(listed.code, listed.stderr).toBe(0);
    expect(JSON.parse(listed.stdout)).toMatchObject({ structuredContent: { oauth_clients: [] } });

    const refused = await inspector([
      '--method',
      'tools/call',
      '--tool-name',
      'revoke_oauth_client',
      '--tool-arg',
      'client_id=unknown',
    ]);
    const output = JSON.parse(refused.stdout) as { isError?: boolean; content: { text: string }[] };
    expect(output.isError).toBe(true);
    expect(JSON.parse(output.content[0]!.text)).toMatchObject({
      code: 'not_found',
      fix: expect.any(String),
      retry: expect.any(String),
    });
  });

  it('fails to connect without a valid token', async () => {
    const result = await inspector(['--method', 'tools/list'], 'txt_invalid');
    expect(result.code).not.toBe(0);
  });
});
