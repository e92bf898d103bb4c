import type { Operation } from '@textline/contract';
import type { Services } from '../ports.ts';
import { sandboxCarrierLabel } from './sandbox/carrier.ts';
import { sandboxPayLabel } from './sandboxpay.ts';

type Providers = Pick<Services, 'messagingProvider' | 'fundingProvider'>;

/** Whether these services run the sandbox carrier and sandboxpay (the defaults), the providers sandbox-only operations drive. */
export function runsSandbox(services: Providers): boolean {
  return services.messagingProvider.label === sandboxCarrierLabel && services.fundingProvider.label === sandboxPayLabel;
}

/**
 * Whether these services serve `operation`: a sandbox-only one only with the sandbox providers;
 * with a live provider it does not exist (404, no tool).
 */
export function servesOperation(services: Providers, operation: Pick<Operation, 'sandboxOnly'>): boolean {
  return !operation.sandboxOnly || runsSandbox(services);
}
