import { operations } from '@textline/contract';
import { getConsent, recordConsent } from '../domain/compliance/consents.ts';
import { lookupNumber } from '../domain/compliance/lookups.ts';
import { readMessagingSettings, updateSettings } from '../domain/compliance/messaging-settings.ts';
import { requireE164 } from '../lib/phone.ts';
import { bearer } from './handler.ts';

export const messagingSettingsHandlers = {
  get: bearer(operations['messagingSettings.get'], async ({ ctx }) => ({
    messaging_settings: await readMessagingSettings(ctx.services, ctx.auth.workspaceId),
  })),
  update: bearer(operations['messagingSettings.update'], async ({ ctx, input }) => ({
    messaging_settings: await updateSettings(ctx.services, ctx.auth.workspaceId, input),
  })),
};

export const consentsHandlers = {
  create: bearer(operations['consents.create'], async ({ ctx, input }) => ({
    consent: await recordConsent(ctx.services, ctx.auth.workspaceId, input),
  })),
  get: bearer(operations['consents.get'], async ({ ctx, input }) => ({
    consent: await getConsent(ctx.services, ctx.auth.workspaceId, input.phone_number),
  })),
};

export const lookupsHandlers = {
  get: bearer(operations['lookups.get'], async ({ ctx, input }) => ({
    lookup: await lookupNumber(ctx.services, requireE164(input.phone_number)),
  })),
};
