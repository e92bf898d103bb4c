import type { Scope } from '@textline/contract';
import { queryRowsIn } from '@textline/db';
import { newLegacyKey } from '../auth/tokens.ts';
import { newId } from '../lib/crypto.ts';
import { postLedgerEntry } from '../domain/ledger.ts';
import { lockWorkspaceBalance } from '../domain/ledger.sql.ts';
import { sandboxPayLabel } from '../providers/sandboxpay.ts';
import { signedSandboxPayment } from '../providers/sandboxpay-checkout.ts';
import { ingestProviderWebhook } from '../provider-callbacks/ingest.ts';
import type { Services } from '../ports.ts';

const planTiers = ['starter', 'growth', 'scale', 'enterprise'] as const;

type AdminOptions = {
  username?: string | undefined;
  name?: string | undefined;
  tier?: string | undefined;
  cents?: string | undefined;
  reason?: string | undefined;
  invoice?: string | undefined;
  url?: string | undefined;
  number?: string | undefined;
  perSecond?: string | undefined;
  /** debit: let the balance go below zero. */
  allowNegative?: boolean | undefined;
  scopes: Scope[];
};

class AdminInputError extends Error {}

/** Above any carrier's rate for one number; a typo's 10000 would make pacing meaningless. */
const maxThroughputPerSecond = 1_000;

function required(value: string | undefined, flag: string): string {
  if (!value) throw new AdminInputError(`--${flag} is required`);
  return value;
}

function positiveCents(value: string | undefined): number {
  const cents = Number(required(value, 'cents'));
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new AdminInputError('--cents must be a positive whole number');
  return cents;
}

async function workspaceOf(services: Services, username: string | undefined) {
  const account = await services.prisma.account.findUnique({
    where: { usernameLower: required(username, 'username').toLowerCase() },
    select: { workspace: true },
  });
  if (!account?.workspace) throw new AdminInputError(`No account named ${username}`);
  return account.workspace;
}

/** Operator actions, which no API route offers. Each returns what it prints. */
export const adminCommands = {
  async 'list-accounts'(services: Services) {
    const accounts = await services.prisma.account.findMany({
      orderBy: { createdAt: 'asc' },
      select: { id: true, username: true, createdAt: true, workspace: true },
    });
    return accounts.map((account) => ({
      id: account.id,
      username: account.username,
      workspace_id: account.workspace?.id,
      tier: account.workspace?.planTier,
      balance_cents: account.workspace?.balanceCents,
      spend_cap_cents: account.workspace?.spendCapCents ?? 'default',
      created_at: account.createdAt.toISOString(),
    }));
  },

  async 'create-legacy-key'(services: Services, options: AdminOptions) {
    const workspace = await workspaceOf(services, options.username);
    const { key, keyHash } = newLegacyKey();
    await services.prisma.legacyKey.create({
      data: { id: newId('lk'), workspaceId: workspace.id, keyHash, scopes: options.scopes, name: options.name ?? null },
    });
    return { legacy_key: key, scopes: options.scopes, note: 'Shown once; only its hash is stored.' };
  },

  async 'set-tier'(services: Services, options: AdminOptions) {
    const tier = required(options.tier, 'tier');
    if (!(planTiers as readonly string[]).includes(tier))
      throw new AdminInputError(`--tier must be one of ${planTiers.join(', ')}`);
    const workspace = await workspaceOf(services, options.username);
    await services.prisma.workspace.update({ where: { id: workspace.id }, data: { planTier: tier } });
    return { workspace_id: workspace.id, tier };
  },

  async 'set-spend-cap'(services: Services, options: AdminOptions) {
    const workspace = await workspaceOf(services, options.username);
    const spendCapCents = options.cents === 'default' ? null : positiveCents(options.cents);
    await services.prisma.workspace.update({ where: { id: workspace.id }, data: { spendCapCents } });
    return { workspace_id: workspace.id, spend_cap_cents: spendCapCents ?? 'default' };
  },

  /**
   * Overrides a number's throughput_per_second (segments a second), whatever its type and registration
   * allow: for a carrier that granted a number more, or a number to hold back. "default" clears it.
   * The trigger phone_number_throughput applies it to the column pacing reads.
   */
  async 'set-number-throughput'(services: Services, options: AdminOptions) {
    const number = required(options.number, 'number');
    const perSecond = required(options.perSecond, 'per-second');
    const override = perSecond === 'default' ? null : Number(perSecond);
    if (override !== null && !(override > 0 && override <= maxThroughputPerSecond)) {
      throw new AdminInputError(`--per-second must be a number above 0 and at most ${maxThroughputPerSecond}, or "default"`);
    }
    const { count } = await services.prisma.phoneNumber.updateMany({
      where: { number, status: { not: 'released' } },
      data: { throughputOverridePerSecond: override },
    });
    if (count === 0) throw new AdminInputError(`No connected number ${number}`);
    const row = await services.prisma.phoneNumber.findUniqueOrThrow({ where: { number } });
    return { number_id: row.id, throughput_per_second: row.throughputPerSecond, override: override ?? 'default' };
  },

  async credit(services: Services, options: AdminOptions) {
    const workspace = await workspaceOf(services, options.username);
    const entry = await postLedgerEntry(services.prisma, {
      workspaceId: workspace.id,
      amountCents: positiveCents(options.cents),
      kind: 'operator_credit',
      reference: newId('opr'),
      reason: required(options.reason, 'reason'),
    });
    return { workspace_id: workspace.id, balance_cents: entry.balanceCents };
  },

  /** A debit that would leave the balance below zero needs --allow-negative (row lock: no race with sends). */
  async debit(services: Services, options: AdminOptions) {
    const workspace = await workspaceOf(services, options.username);
    const cents = positiveCents(options.cents);
    const reason = required(options.reason, 'reason');
    const entry = await services.prisma.$transaction(async (tx) => {
      const [row] = await queryRowsIn(tx, lockWorkspaceBalance, [workspace.id]);
      const balanceCents = row?.balance_cents ?? 0;
      if (balanceCents - cents < 0 && !options.allowNegative) {
        throw new AdminInputError(
          `Refused: the balance is ${balanceCents} cents, so debiting ${cents} would leave ${balanceCents - cents}; pass --allow-negative to debit anyway.`,
        );
      }
      return postLedgerEntry(tx, {
        workspaceId: workspace.id,
        amountCents: -cents,
        kind: 'operator_debit',
        reference: newId('opr'),
        reason,
      });
    });
    return { workspace_id: workspace.id, balance_cents: entry.balanceCents };
  },

  /**
   * Pays a sandbox invoice the way sandboxpay would: a signed funding.completed event on the real
   * ingestion path, POSTed to the running service at --url, or (without --url) verified and stored
   * here for the service's provider_event job. Reconciliation marks it paid and credits once.
   */
  async 'mark-invoice-paid'(services: Services, options: AdminOptions) {
    const invoiceId = required(options.invoice, 'invoice');
    if (services.fundingProvider.label !== sandboxPayLabel) {
      throw new AdminInputError(
        `Only ${sandboxPayLabel} invoices can be marked paid; the funding provider here is ${services.fundingProvider.label}.`,
      );
    }
    const invoice = await services.prisma.fundingInvoice.findUnique({ where: { id: invoiceId } });
    if (!invoice) throw new AdminInputError(`No funding invoice ${invoiceId}`);
    const payment = signedSandboxPayment(services, invoice);
    const { payload, source, headers } = payment;
    const summary = { invoice_id: invoice.id, session_id: invoice.sessionId, event_id: payload.event_id };
    if (!options.url) {
      return {
        ...summary,
        acceptance: await ingestProviderWebhook(services, source, payment),
        note: 'Stored; the service reconciles it in its provider_event job.',
      };
    }
    const endpoint = new URL(source.path, options.url);
    const response = await fetch(endpoint, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    const answer: unknown = await response.json().catch(() => undefined);
    if (!response.ok) throw new AdminInputError(`${endpoint.href} answered ${response.status}: ${JSON.stringify(answer)}`);
    return { ...summary, delivered_to: endpoint.href, acceptance: answer };
  },
} satisfies Record<string, (services: Services, options: AdminOptions) => Promise<unknown>>;

export type AdminCommandName = keyof typeof adminCommands;
