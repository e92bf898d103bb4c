import { queryRowsIn } from '@textline/db';
import { AppError, type TMessagingSettings, type TMessagingSettingsPatch, ZMessagingSettings } from '@textline/contract';
import type { Prisma } from '@textline/db';
import type { Services } from '../../ports.ts';
import { createReadThroughCache, type ReadThroughCache } from '../../lib/read-through-cache.ts';
import { lockWorkspaceSettings } from '../workspace-lock.sql.ts';

type SettingsPatch = TMessagingSettingsPatch;
type StoredSettings = Omit<TMessagingSettings, 'updated_at'>;

/** What a workspace that never changed its settings has (the pumping guard's threshold is the deployment's). */
export function defaultMessagingSettings(config: Pick<Services['config'], 'pumpingGuardMaxNewNumbersPerHour'>): StoredSettings {
  return {
    help_message: 'Reply STOP to unsubscribe, START to resubscribe. Msg & data rates may apply.',
    opt_out_confirmation: 'You are unsubscribed and will get no more messages. Reply START to resubscribe.',
    opt_in_confirmation: 'You are resubscribed. Reply STOP to unsubscribe, HELP for help.',
    keywords: [],
    quiet_hours: { mode: 'off', start: '08:00', end: '21:00', apply_state_rules: true },
    allowed_countries: ['US'],
    reject_landlines: false,
    pumping_guard: { enabled: true, max_new_numbers_per_hour: config.pumpingGuardMaxNewNumbersPerHour },
  };
}

/** The stored settings over the defaults, field by field, so a field added later reads its default. */
function merged(defaults: StoredSettings, stored: Partial<StoredSettings>): StoredSettings {
  return {
    ...defaults,
    ...stored,
    quiet_hours: { ...defaults.quiet_hours, ...stored.quiet_hours },
    pumping_guard: { ...defaults.pumping_guard, ...stored.pumping_guard },
  };
}

/** The workspace's messaging settings: its own over the defaults. */
export async function readMessagingSettings(
  deps: Pick<Services, 'config'> & { prisma: Pick<Prisma.TransactionClient, 'messagingSettings'> },
  workspaceId: string,
): Promise<TMessagingSettings> {
  const row = await deps.prisma.messagingSettings.findUnique({ where: { workspaceId } });
  const defaults = defaultMessagingSettings(deps.config);
  if (!row) return { ...defaults, updated_at: null };
  const stored = ZMessagingSettings.omit({ updated_at: true }).partial().parse(row.settings);
  return { ...merged(defaults, stored), updated_at: row.updatedAt.toISOString() };
}

/**
 * What every send reads the settings through (Services.messagingSettings): kept per workspace for
 * `ttlMs`, so a send costs no query for them; updateSettings drops its workspace's entry.
 */
export function createMessagingSettingsCache(
  deps: Pick<Services, 'config' | 'prisma' | 'clock'>,
  ttlMs: number,
): ReadThroughCache<TMessagingSettings> {
  return createReadThroughCache({
    ttlMs,
    maxEntries: 50_000,
    clock: deps.clock,
    load: (workspaceId) => readMessagingSettings(deps, workspaceId),
  });
}

/** Applies a PATCH: the fields given replace the stored ones (quiet_hours and pumping_guard field by field). */
export async function updateSettings(
  deps: Pick<Services, 'config' | 'prisma' | 'clock' | 'messagingSettings'>,
  workspaceId: string,
  patch: SettingsPatch,
): Promise<TMessagingSettings> {
  const updated = await deps.prisma.$transaction(async (tx) => {
    // The workspace row's lock orders concurrent changes (the first has no settings row to lock), so
    // neither loses the other's fields; a send holds the same lock only for its own statement.
    await queryRowsIn(tx, lockWorkspaceSettings, [workspaceId]);
    const current = await readMessagingSettings({ config: deps.config, prisma: tx }, workspaceId);
    const { updated_at: _updatedAt, ...settings } = current;
    const next: StoredSettings = {
      ...settings,
      ...patch,
      // Inbound messages are matched in capitals (keywordOf).
      keywords: (patch.keywords ?? settings.keywords).map((entry) => ({ ...entry, keyword: entry.keyword.toUpperCase() })),
      quiet_hours: { ...settings.quiet_hours, ...patch.quiet_hours },
      pumping_guard: { ...settings.pumping_guard, ...patch.pumping_guard },
    };
    if (next.quiet_hours.start >= next.quiet_hours.end) {
      throw new AppError('validation_failed', {
        message: 'quiet_hours.start must be before quiet_hours.end: the allowed window is within one day.',
        extra: { issues: [{ path: 'quiet_hours.end', message: 'must be after quiet_hours.start' }] },
      });
    }
    const updatedAt = new Date(deps.clock.now());
    await tx.messagingSettings.upsert({
      where: { workspaceId },
      create: { workspaceId, settings: next, updatedAt },
      update: { settings: next, updatedAt },
    });
    return { ...next, updated_at: updatedAt.toISOString() };
  });
  // This process's sends apply the change at once; other processes' within their cache's time.
  deps.messagingSettings.forget(workspaceId);
  return updated;
}
