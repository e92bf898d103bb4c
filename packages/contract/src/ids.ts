import { z } from 'zod';

/**
 * The prefix of each kind of id an answer carries: the service mints them as `<prefix>_<base62>`
 * (apps/api lib/crypto newId). The pattern is declared for schema readers and generated clients; the
 * service does not parse its own ids on the way out.
 */
export const idPrefixes = {
  message: 'msg',
  inboundMessage: 'inb',
  number: 'pn',
  token: 'tok',
  conversation: 'cnv',
  fundingInvoice: 'inv',
  webhookEndpoint: 'whe',
  webhookDelivery: 'whd',
  webhookAttempt: 'wha',
  event: 'evt',
  campaign: 'cmp',
  campaignStage: 'stg',
  campaignSuppression: 'csp',
  campaignEnrollment: 'enr',
  contactList: 'cl',
  snippet: 'snp',
  template: 'tpl',
  suppression: 'sup',
  ledgerEntry: 'led',
  brand: 'brd',
  useCase: 'ucs',
  tollFreeVerification: 'tfv',
  approval: 'apr',
  senderPool: 'spl',
} as const;
export type IdKind = keyof typeof idPrefixes;

/** `^(msg|inb)_[0-9A-Za-z_]+$` for the kinds given (the underscore: test events are evt_test_...). */
export function idPattern(...kinds: [IdKind, ...IdKind[]]): string {
  const prefixes = kinds.map((kind) => idPrefixes[kind]);
  return `^${prefixes.length === 1 ? prefixes[0] : `(${prefixes.join('|')})`}_[0-9A-Za-z_]+$`;
}

/** An id of one of `kinds` in an answer. */
export function ZId(...kinds: [IdKind, ...IdKind[]]) {
  return z.string().meta({ pattern: idPattern(...kinds) });
}
