import type { ProviderEvent } from '@textline/db';

/**
 * A stored provider event after reconciliation: acted on; stored and otherwise ignored (validly
 * signed, but not one we act on); or unreconciled: one we would act on, but what it says cannot be
 * applied safely, so it changed nothing and keeps the reason for the operator.
 */
export type ReconcileResult = 'processed' | 'ignored' | { unreconciled: string };

export type StoredProviderEvent = Pick<ProviderEvent, 'id' | 'provider' | 'eventType' | 'externalId' | 'payload'>;
