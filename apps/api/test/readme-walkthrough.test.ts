import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { apiEntry, deploymentEnvironment, freePort, runCleanups, startProcess, waitUntilHealthy } from './process-support.ts';

const run = promisify(execFile);

afterAll(runCleanups);

/** The README's walk-through: the shell block under "From nothing to a delivered SMS". */
async function walkthrough(): Promise<string> {
  const readme = await readFile(new URL('../../../README.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('## From nothing to a delivered SMS'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('the README has no walk-through block');
  return block;
}

describe('the README walk-through', () => {
  it('runs verbatim with curl and jq against a started server, and a second run within 5 minutes stops at once', async () => {
    const block = await walkthrough();
    expect(block).toContain('B=http://localhost:3000;');
    const port = await freePort();
    const environment = await deploymentEnvironment('readme', { PORT: String(port), SANDBOX_DELAY_MS: '200', RUN_WORKERS: '1' });
    const server = startProcess(apiEntry, environment);
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitUntilHealthy(baseUrl, server);
    // Only the address differs from the README; every command runs as written, as `bash walkthrough.sh` runs it.
    const script = block.replace('B=http://localhost:3000;', `B=${baseUrl};`);
    const { stdout } = await run('bash', ['-c', script], { timeout: 90_000 });
    expect(stdout).toContain('"backup_codes": [');
    expect(stdout).toContain('"encoding": "ucs2"');
    expect(stdout).toContain('"status": "delivered"');
    expect(stdout).toContain('"type": "accepted"');
    expect(stdout).toMatch(/^canceled$/m);
    expect(stdout).toContain('"kind": "send_refund"');

    // The same address again within the window: a new username, refused at step 1 with the error, not a hang.
    const started = Date.now();
    type Failure = { code?: number; killed?: boolean; stdout: string; stderr: string };
    const second = await run('bash', ['-c', script], { timeout: 20_000 }).then(
      () => undefined,
      (error: unknown) => error as Failure,
    );
    expect(second, 'the second run succeeded').toBeDefined();
    expect(second!.killed, 'the second run hung').toBeFalsy();
    expect(second!.code).toBe(1);
    expect(second!.stdout).toBe('');
    const refusal = JSON.parse(second!.stderr.replace(/^stopped: /, '')) as Record<string, unknown>;
    expect(refusal).toMatchObject({
      error: 'account_creation_rate_limited',
      message: expect.any(String),
      fix: expect.stringContaining('retry_after_seconds'),
      retry_after_seconds: expect.any(Number),
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    // Within its parts' own bounds (a server start of up to 60 s, the walk-through's 90 s, the second
    // run's 20 s) rather than the default 60 s: 8-14 s on CI with two files at a time.
  }, 240_000);
});
