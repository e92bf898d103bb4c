/**
 * The enumerations the error catalogue and the operations share, kept below both so the catalogue
 * (which every operation names) imports no operation.
 */

/**
 * Every status a message can have, in the order a send moves through them; `received` is the status
 * of an inbound message (a reply, a STOP). The message list filters on these.
 */
export const messageStatuses = [
  'pending_approval',
  'scheduled',
  'queued',
  'sending',
  'sent',
  'delivered',
  'failed',
  'canceled',
  'received',
] as const;
export type TMessageStatus = (typeof messageStatuses)[number];

/** The statuses of an approval: pending until a person approves or rejects it, or until it expires. */
export const approvalStatuses = ['pending', 'approved', 'rejected', 'expired', 'canceled'] as const;
export type TApprovalStatus = (typeof approvalStatuses)[number];

/**
 * Where a workspace suppression came from. provider_event (a carrier's opt-out report) and
 * inbound_keyword (the recipient's STOP) are the recipient's own request and only the recipient lifts
 * them (START); manual ones the workspace added itself, operator ones the service's operator.
 */
export const suppressionSources = ['provider_event', 'inbound_keyword', 'manual', 'operator'] as const;
export type TSuppressionSource = (typeof suppressionSources)[number];
