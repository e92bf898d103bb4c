import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminCommands } from '../src/admin/commands.ts';
import { createAccount as createAccountRecord } from '../src/domain/accounts.ts';
import { createDeveloper, scaledMode, startTestApp, type TestApp } from './harness.ts';
import {
  adminEntry,
  apiEntry,
  deploymentEnvironment,
  freePort,
  type RunningProcess,
  runCleanups,
  startProcess,
  waitUntilHealthy,
  withServices,
} from './process-support.ts';

/** The operator CLI (`npm run admin`, apps/api/src/admin): its commands in-process, and the real entry point as a process. */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
  await runCleanups();
});

async function balanceOf(workspaceId: string): Promise<number> {
  return (await app.services.prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId } })).balanceCents;
}

/** Runs `npm run admin -- <args>` (the built entry point) to its end. */
async function runAdmin(environment: Record<string, string>, args: string[]): Promise<{ code: number | null; lines: string[] }> {
  const admin: RunningProcess = startProcess(adminEntry, environment, args);
  const code = await admin.exited;
  return { code, lines: admin.output.join('').trim().split('\n') };
}

describe('debit', () => {
  it('refuses to take the balance below zero without --allow-negative, naming the balance and the flag', async () => {
    const developer = await createDeveloper(app);
    const username = developer.account.account.username;
    await adminCommands.credit(app.services, { username, cents: '300', reason: 'test', scopes: [] });

    const refused = adminCommands.debit(app.services, { username, cents: '500', reason: 'chargeback', scopes: [] });
    await expect(refused).rejects.toThrow(
      /^Refused: the balance is 300 cents, so debiting 500 would leave -200; pass --allow-negative/,
    );
    expect(await balanceOf(developer.workspaceId)).toBe(300);
    expect(
      await app.services.prisma.ledgerEntry.count({ where: { workspaceId: developer.workspaceId, kind: 'operator_debit' } }),
    ).toBe(0);

    // Down to zero needs no flag; below it does.
    expect(await adminCommands.debit(app.services, { username, cents: '300', reason: 'chargeback', scopes: [] })).toMatchObject({
      balance_cents: 0,
    });
    expect(
      await adminCommands.debit(app.services, { username, cents: '50', reason: 'fee', allowNegative: true, scopes: [] }),
    ).toMatchObject({ balance_cents: -50 });
    expect(await balanceOf(developer.workspaceId)).toBe(-50);
  });

  it('reads --allow-negative from the command line; a refusal is one line and exit code 1', async () => {
    const environment = await deploymentEnvironment('admin-debit');
    const username = `admin_${randomUUID().slice(0, 12)}`;
    await withServices(environment, (services) =>
      createAccountRecord(services, { username, password: 'correct horse battery staple', ipHash: `admin-${randomUUID()}` }),
    );
    const debit = ['debit', '--username', username, '--cents', '250', '--reason', 'chargeback'];

    const refused = await runAdmin(environment, debit);
    expect(refused.code).toBe(1);
    expect(refused.lines).toEqual([
      'Refused: the balance is 0 cents, so debiting 250 would leave -250; pass --allow-negative to debit anyway.',
    ]);

    const allowed = await runAdmin(environment, [...debit, '--allow-negative']);
    expect(allowed.code).toBe(0);
    expect(JSON.parse(allowed.lines.join('\n'))).toMatchObject({ balance_cents: -250 });
  });
});

describe('while the embedded server holds the database', () => {
  // Only PGlite takes a data directory lock; PostgreSQL serves the server and the CLI together.
  it.skipIf(scaledMode)('prints one line naming the lock, no stack trace, and exits non-zero', async () => {
    const port = await freePort();
    const environment = await deploymentEnvironment('admin-locked', { PORT: String(port) });
    const server = startProcess(apiEntry, environment);
    await waitUntilHealthy(`http://127.0.0.1:${port}`, server);

    const locked = await runAdmin(environment, ['list-accounts']);
    expect(locked.code).toBe(1);
    expect(locked.lines).toHaveLength(1);
    expect(locked.lines[0]).toMatch(
      new RegExp(`^PGlite data directory .* is already open in process ${server.child.pid}\\. .*stop that process`),
    );
    // The server was not disturbed.
    expect((await fetch(`http://127.0.0.1:${port}/health`)).ok).toBe(true);
  });
});
