import type { TCampaignFanOutEstimate } from '@textline/contract';
import { type CampaignStage, queryRowsIn } from '@textline/db';
import { countSegments } from '../messages/segments.ts';
import type { CampaignDeps } from './scheduler.ts';
import { fanOutSenders, waitingForFirstStage } from './fan-out-estimate.sql.ts';

type Sender = { throughputPerSecond: number; nextSlotAt: Date | null };

/**
 * When the last of `count` sends of `segments` each is handed to the carrier, from `startsAt`, when
 * each goes to the sender free soonest and takes its slot there (segments at the sender's
 * throughput), as a pool's least-loaded choice and accept_message_batch's slots do: the first
 * instant T by which the senders' slots from their free time (never before startsAt) number `count`.
 */
export function lastSlotAt(count: number, segments: number, startsAt: number, senders: Sender[]): number {
  const paces = senders.map((sender) => ({
    freeAt: Math.max(sender.nextSlotAt?.getTime() ?? startsAt, startsAt),
    slotMs: (segments * 1_000) / sender.throughputPerSecond,
  }));
  const slotsBy = (at: number) =>
    paces.reduce((slots, pace) => (at < pace.freeAt ? slots : slots + Math.floor((at - pace.freeAt) / pace.slotMs) + 1), 0);
  // The fastest sender alone would have given every slot by `high`; search the millisecond between.
  let low = startsAt;
  let high = Math.ceil(Math.min(...paces.map((pace) => pace.freeAt + (count - 1) * pace.slotMs)));
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if (slotsBy(middle) >= count) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * Each campaign's first stage as it fans out: how many enrollments wait for it, from how many
 * numbers at what combined pace, when it starts (its delay after activation, or from now for a draft
 * or paused campaign) and when its last send is expected to reach the carrier. Null for a campaign
 * without stages, enrollments waiting for the first one, or a number to send from. Quiet hours and
 * the send rules are not foreseen; the slots the sends take at acceptance are the precise figure.
 */
export async function fanOutEstimates(
  deps: Pick<CampaignDeps, 'prisma' | 'clock' | 'config'>,
  workspaceId: string,
  campaigns: { id: string; status: string; stages: CampaignStage[] }[],
): Promise<Map<string, TCampaignFanOutEstimate>> {
  const now = deps.clock.now();
  const estimates = new Map<string, TCampaignFanOutEstimate>();
  const started = campaigns.flatMap((campaign) => {
    const [first] = campaign.stages;
    return first && campaign.status !== 'archived' ? [{ ...campaign, first }] : [];
  });
  if (started.length === 0) return estimates;
  const [waiting, senders] = await Promise.all([
    queryRowsIn(deps.prisma, waitingForFirstStage, [started.map((campaign) => campaign.id)]),
    queryRowsIn(deps.prisma, fanOutSenders, [workspaceId, new Date(now)]),
  ]);
  if (senders.length === 0) return estimates;
  const waitingOf = new Map(waiting.map((row) => [row.campaignId, row]));
  for (const { first, ...campaign } of started) {
    const row = waitingOf.get(campaign.id);
    if (!row) continue;
    // A draft's enrollments are anchored again when it is activated; until then, as if it were now.
    const anchoredAt = campaign.status === 'draft' ? now : row.firstAnchorAt.getTime();
    const startsAt = Math.max(anchoredAt + first.delayMinutes * 60_000, now);
    // Unpaced (SENDER_PACING off), every send is handed over when it is accepted.
    const drainAt = deps.config.senderPacing
      ? lastSlotAt(row.waiting, countSegments(first.body).segments, startsAt, senders)
      : startsAt;
    estimates.set(campaign.id, {
      recipients: row.waiting,
      senders: senders.length,
      throughput_per_second: senders.reduce((sum, sender) => sum + sender.throughputPerSecond, 0),
      starts_at: new Date(startsAt).toISOString(),
      estimated_drain_at: new Date(drainAt).toISOString(),
    });
  }
  return estimates;
}
