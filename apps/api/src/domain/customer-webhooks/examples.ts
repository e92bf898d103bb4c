import type { CustomerEventType, TCustomerEventData } from '@textline/contract';

const exampleMessage = {
  id: 'msg_example0000000000000000',
  status: 'delivered' as const,
  phone_number: '+14155550100',
  segments: 1,
  cost_cents: 2,
};
const exampleConversation = {
  id: 'cnv_example0000000000000000',
  phone_number: '+14155550100',
  sender_number: '+14155550199',
  last_message_at: '2026-01-01T12:00:00.000Z',
  created_at: '2026-01-01T12:00:00.000Z',
};

/** Example `data` for test events, of the contract's shape for each type (as the real events are). */
export function exampleEventData(type: CustomerEventType): TCustomerEventData {
  switch (type) {
    case 'message.sent':
      return { message: { ...exampleMessage, status: 'sent' } };
    case 'message.delivered':
      return { message: exampleMessage };
    case 'message.failed':
      return { message: { ...exampleMessage, status: 'failed', error_code: 'carrier_rejected' } };
    case 'message.received':
      return {
        message: {
          id: 'inb_example0000000000000000',
          from: '+14155550100',
          to: '+14155550199',
          body: 'Hello!',
          conversation_id: exampleConversation.id,
          received_at: '2026-01-01T12:00:00.000Z',
        },
      };
    case 'conversation.created':
    case 'conversation.updated':
      return { conversation: exampleConversation };
    case 'opt_out.created':
      return {
        opt_out: {
          phone_number: '+14155550100',
          source: 'inbound_keyword',
          provider: 'sandbox',
          reason: 'keyword STOP',
          created_at: '2026-01-01T12:00:00.000Z',
        },
      };
  }
}
