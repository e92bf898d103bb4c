import { balanceCurrency, type TBalance } from '@textline/contract';
import { spentToday } from '../../lib/clock.ts';
import type { Services } from '../../ports.ts';

/**
 * The balance with the day's spend and cap, read from the workspace row the send path keeps them
 * on: accept_message_batch adds each accepted send's cost to spend_today_cents for the UTC day in
 * spend_day (a row still on an earlier day has spent nothing today) and checks it against
 * spend_cap_cents, or the deployment's default when null; a same-day refund takes its amount off
 * again (refundMessage). The day and the default cap are the ones the send passes it
 * (acceptParametersOf: utcDay of the clock, config.spendCapCentsDaily).
 */
export async function getBalance(deps: Pick<Services, 'prisma' | 'clock' | 'config'>, workspaceId: string): Promise<TBalance> {
  const workspace = await deps.prisma.workspace.findUniqueOrThrow({
    where: { id: workspaceId },
    select: { balanceCents: true, spendDay: true, spendTodayCents: true, spendCapCents: true },
  });
  const spendTodayCents = spentToday(workspace, deps.clock.now());
  const spendCapCents = workspace.spendCapCents ?? deps.config.spendCapCentsDaily;
  return {
    balance_cents: workspace.balanceCents,
    spend_today_cents: spendTodayCents,
    spend_cap_cents: spendCapCents,
    spend_remaining_today_cents: Math.max(spendCapCents - spendTodayCents, 0),
    currency: balanceCurrency,
  };
}
