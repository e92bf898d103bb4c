import { AppError, type TCampaignSettings, type TCampaignSettingsInput } from '@textline/contract';

/** Common practice for marketing SMS (e.g. US TCPA guidance): nothing before 08:00 or after 21:00 local time. */
export const defaultCampaignSettings: TCampaignSettings = {
  quiet_hours: { enabled: true, start: '21:00', end: '08:00', timezone: null },
  require_consent: false,
};

/** Stored settings with defaults for anything missing, so older rows read like new ones. */
export function readSettings(stored: unknown): TCampaignSettings {
  const settings = stored as Partial<TCampaignSettings> | null;
  return {
    quiet_hours: { ...defaultCampaignSettings.quiet_hours, ...settings?.quiet_hours },
    require_consent: settings?.require_consent ?? defaultCampaignSettings.require_consent,
  };
}

/** Applies the fields given; the result must still describe a non-empty quiet period. */
export function mergeSettings(current: TCampaignSettings, change: TCampaignSettingsInput | undefined): TCampaignSettings {
  const quietHours = { ...current.quiet_hours, ...change?.quiet_hours };
  if (quietHours.start === quietHours.end) {
    throw new AppError('validation_failed', {
      message: 'Quiet hours must start and end at different times.',
      extra: { issues: [{ path: 'settings.quiet_hours', message: 'start and end must differ (disable with enabled: false)' }] },
    });
  }
  return { quiet_hours: quietHours, require_consent: change?.require_consent ?? current.require_consent };
}
