import type { CustomerEventType } from '@textline/contract';

const exampleMessage = {
  id: 'msg_example0000000000000000',
  status: 'delivered',
  phone_number: '+14155550100',
  segments: 1,
  cost_cents: 2,
};
const exampleConversation = { id: 'cnv_example0000000000000000', phone_number: '+14155550100', sender_number: '+14155550199' };

/** Example `data` for test events sent from the console, shaped like the real events. */
export function exampleEventData(type: CustomerEventType): Record<string, unknown> {
  switch (type) {
    case 'message.sent':
      return { message: { ...exampleMessage, status: 'sent' } };
    case 'message.delivered':
      return { message: exampleMessage };
    case 'message.failed':
      return { message: { ...exampleMessage, status: 'failed', error_code: 'carrier_rejected' } };
    case 'message.received':
      return { message: { id: 'inb_example0000000000000000', from: '+14155550100', to: '+14155550199', body: 'Hello!' } };
    case 'conversation.created':
    case 'conversation.updated':
      return { conversation: exampleConversation };
    case 'opt_out.created':
      return { opt_out: { phone_number: '+14155550100', source: 'inbound_keyword' } };
  }
}
