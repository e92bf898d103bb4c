import type { TMessageItem, TMessageStatus } from '@textline/contract';
import type { Config } from '../../config.ts';
import { messageApprovalOf } from '../approvals/approvals.ts';
import { retryHintOf } from '../customer-webhooks/events.ts';
import { inboundById, outboundById } from './get.sql.ts';
import { countSegments } from './segments.ts';

/** Inbound message ids; every other id names an outbound message. */
export const inboundIdPrefix = 'inb_';

/** The select list of a statement `SELECT <columns>\nFROM ...`. */
const selectListOf = (text: string) => text.slice('SELECT '.length, text.indexOf('\nFROM '));

/** The columns of a message item, selected from `messages m`: those of the read by id (get.sql). */
export const outboundItemColumns = selectListOf(outboundById.text);

/** The same columns from `inbound_messages i`. */
export const inboundItemColumns = selectListOf(inboundById.text);

/** A row of either column list, its instants read as ISO strings (`timestamps: 'iso'`). */
export type MessageItemRow = {
  id: string;
  direction: 'outbound' | 'inbound';
  status: TMessageStatus;
  phone_number: string;
  sender_number: string | null;
  body: string;
  segments: number | null;
  cost_cents: number;
  error_code: string | null;
  campaign_id: string | null;
  origin: string | null;
  idempotency_key: string | null;
  metadata: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  send_at: string | null;
  sent_at: string | null;
  delivered_at: string | null;
  failed_at: string | null;
  expires_at: string | null;
  /** json_build_object's expires_at is PostgreSQL's text of the instant, not ISO. */
  approval: { id: string; status: string; expires_at: string } | null;
  kind: string;
  media_urls: string[] | null;
  link_clicks: number;
  estimated_send_at: string | null;
  sender_pool_id: string | null;
};

/**
 * A row of either column list as the API shows it. A failed one says why as its message.failed
 * webhook does: error_code, and the retry hint when the code is the catalogue's. An inbound message
 * was never counted when it arrived, so its segments are counted here.
 */
export function toMessageItem(row: MessageItemRow, config: Pick<Config, 'publicBaseUrl'>): TMessageItem {
  return {
    id: row.id,
    direction: row.direction,
    status: row.status,
    phone_number: row.phone_number,
    sender_number: row.sender_number,
    body: row.body,
    segments: row.segments ?? countSegments(row.body).segments,
    cost_cents: row.cost_cents,
    error_code: row.error_code,
    retry: row.error_code ? (retryHintOf(row.error_code).retry ?? null) : null,
    campaign_id: row.campaign_id,
    origin: row.origin,
    idempotency_key: row.idempotency_key,
    metadata: row.metadata,
    created_at: row.created_at,
    updated_at: row.updated_at,
    send_at: row.send_at,
    sent_at: row.sent_at,
    delivered_at: row.delivered_at,
    failed_at: row.failed_at,
    // A failed or canceled message never reaches the carrier: the slot it was expected at says nothing any more.
    estimated_send_at: row.status === 'failed' || row.status === 'canceled' ? null : row.estimated_send_at,
    sender_pool_id: row.sender_pool_id,
    expires_at: row.expires_at,
    approval: row.approval && messageApprovalOf(config, { ...row.approval, expiresAt: new Date(row.approval.expires_at) }),
    kind: row.kind as TMessageItem['kind'],
    media_urls: row.media_urls ?? [],
    link_clicks: row.link_clicks,
  };
}
