import { createAccount } from '../src/domain/accounts.ts';
import { postLedgerEntry } from '../src/domain/ledger.ts';
import { createSenderPool } from '../src/domain/sender-pools.ts';
import { newId } from '../src/lib/crypto.ts';
import type { Services } from '../src/ports.ts';

/**
 * A funded workspace whose default pool holds `numbers` sandbox numbers, each paced at
 * `throughputPerSecond`: what the pacing benches send through. Answers the workspace's id.
 */
export async function pacedWorkspace(
  services: Services,
  options: { numbers: number; throughputPerSecond: number },
): Promise<string> {
  const { account } = await createAccount(services, {
    username: `paced_${newId('b').slice(-8)}`,
    password: 'correct horse battery staple',
    ipHash: newId('ip'),
  });
  const { id: workspaceId } = await services.prisma.workspace.findUniqueOrThrow({ where: { accountId: account.id } });
  await postLedgerEntry(services.prisma, {
    workspaceId,
    amountCents: 1_000_000,
    kind: 'operator_credit',
    reference: newId('bench'),
  });
  const numberIds = [];
  for (let index = 0; index < options.numbers; index += 1) {
    const number = await services.prisma.phoneNumber.create({
      data: {
        id: newId('pn'),
        workspaceId,
        number: `+1206555${String(1000 + index)}`,
        provider: 'sandbox',
        throughputOverridePerSecond: options.throughputPerSecond,
      },
    });
    numberIds.push(number.id);
  }
  await createSenderPool(services, workspaceId, { name: 'Bench', number_ids: numberIds, is_default: true, sticky_sender: false });
  return workspaceId;
}

/** The q-th quantile (0-1) of `values`, nearest rank below; 0 when empty. */
export function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}
