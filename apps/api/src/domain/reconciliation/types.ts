import type { ProviderEvent } from '@textline/db';

/** A stored provider event after reconciliation: acted on, or stored and otherwise ignored (SPEC section 6). */
export type ReconcileResult = 'processed' | 'ignored';

export type StoredProviderEvent = Pick<ProviderEvent, 'id' | 'provider' | 'eventType' | 'externalId' | 'payload'>;
