import { AppError, type TCampaignStatus } from '@textline/contract';

export type CampaignTransition = 'activate' | 'pause' | 'archive';

/** Campaign lifecycle: draft -> active <-> paused, and any of them -> archived, which is final. */
export const campaignTransitions: Record<CampaignTransition, { from: readonly TCampaignStatus[]; to: TCampaignStatus }> = {
  activate: { from: ['draft', 'paused'], to: 'active' },
  pause: { from: ['active'], to: 'paused' },
  archive: { from: ['draft', 'active', 'paused'], to: 'archived' },
};

export function invalidState(currentStatus: TCampaignStatus, message: string): AppError {
  return new AppError('invalid_state', { message, extra: { current_status: currentStatus } });
}

/** The status after `transition`, or 422 invalid_state naming the current status. */
export function nextStatus(current: TCampaignStatus, transition: CampaignTransition): TCampaignStatus {
  const rule = campaignTransitions[transition];
  if (!rule.from.includes(current)) {
    throw invalidState(
      current,
      `Cannot ${transition} a campaign that is ${current}; ${transition} applies to ${rule.from.join(' or ')} campaigns.`,
    );
  }
  return rule.to;
}

/** Archived campaigns are read-only. */
export function assertEditable(current: TCampaignStatus): void {
  if (current === 'archived') throw invalidState(current, 'The campaign is archived and can no longer change.');
}
