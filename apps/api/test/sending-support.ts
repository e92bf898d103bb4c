import { postLedgerEntry } from '../src/domain/ledger.ts';
import { newId } from '../src/lib/crypto.ts';
import type { PlanTier } from '../src/limits/send-rate-limiter.ts';
import { call, createDeveloper, type TestApp } from './harness.ts';

let numberCounter = 0;

/**
 * A connected sender number of the workspace, inserted directly (as buying one would leave it).
 * Each gets a later creation time than the one before, so sender selection's tie-break on
 * created_at follows the order the test made them in (two rows in one millisecond would otherwise
 * fall back to their random ids).
 */
export async function connectNumber(app: TestApp, workspaceId: string) {
  numberCounter += 1;
  const number = `+12065${String(numberCounter).padStart(6, '0')}`;
  return app.services.prisma.phoneNumber.create({
    data: {
      id: newId('pn'),
      workspaceId,
      number,
      provider: 'sandbox',
      status: 'connected',
      // As the sandbox sells it: approved under its sandbox use case, so a real carrier sends from it too.
      registrationStatus: 'approved',
      createdAt: new Date(Date.UTC(2026, 0, 1) + numberCounter),
    },
  });
}

/**
 * A developer whose workspace can send: funded, with connected numbers and (by default) the
 * enterprise tier, so the 20-message burst keeps the rate limit out of tests about something else.
 */
export async function sendingWorkspace(
  app: TestApp,
  options: { tier?: PlanTier; balanceCents?: number; spendCapCents?: number | null; numbers?: number } = {},
) {
  const developer = await createDeveloper(app);
  const { workspaceId } = developer;
  await app.services.prisma.workspace.update({
    where: { id: workspaceId },
    data: { planTier: options.tier ?? 'enterprise', spendCapCents: options.spendCapCents ?? null },
  });
  const balanceCents = options.balanceCents ?? 10_000;
  if (balanceCents > 0) {
    await postLedgerEntry(app.services.prisma, {
      workspaceId,
      amountCents: balanceCents,
      kind: 'operator_credit',
      reference: newId('test'),
    });
  }
  const senders = [];
  for (let index = 0; index < (options.numbers ?? 1); index += 1) senders.push(await connectNumber(app, workspaceId));
  return { ...developer, senders };
}

/** The recipient of `sms()`'s sends. */
export const recipient = '+14155550123';

/** A send's request body to `recipient`, with `overrides`. */
export function sms(overrides: Record<string, unknown> = {}) {
  return { phone_number: recipient, body: 'Your table is ready.', ...overrides };
}

/** POST /api/v1/messages with `body`, as `token`. */
export function send(app: TestApp, token: string, body: Record<string, unknown>) {
  return call(app, 'POST', '/api/v1/messages', { token, body });
}
