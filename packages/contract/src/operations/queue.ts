import { z } from 'zod';
import { defineOperation } from '../operation.ts';
import { ZE164, ZTimestamp } from '../schemas.ts';

export const ZQueue = z.object({
  queued: z.number().int().describe('Messages accepted and not yet handed to the carrier (status queued)'),
  oldest_queued_at: ZTimestamp.nullable().describe('When the oldest of them was accepted; null when none is queued'),
  estimated_drain_at: ZTimestamp.nullable().describe(
    'When the last of them is expected to reach the carrier, at each sender pace; null when none is queued',
  ),
  by_sender: z
    .array(
      z.object({
        sender_number: ZE164,
        queued: z.number().int(),
        throughput_per_second: z.number().describe('Segments a second the carrier takes from this number'),
        estimated_drain_at: ZTimestamp.describe('When its last queued message is expected to reach the carrier'),
      }),
    )
    .describe('One entry per number with queued messages, the longest queue first'),
});
export type TQueue = z.infer<typeof ZQueue>;

export const getQueue = defineOperation({
  name: 'queue.get',
  method: 'GET',
  path: '/api/v1/queue',
  auth: { kind: 'bearer', scope: 'messages:read' },
  summary: 'Get the send queue',
  description:
    'How many accepted messages wait for the carrier, the oldest, and when the queue is expected to drain, in all ' +
    "and per sender number: each number sends at its throughput_per_second, the carrier's pace. A scheduled message " +
    'is not queued until its send_at.',
  tags: ['messages'],
  input: z.strictObject({}),
  output: z.object({ queue: ZQueue }),
  successStatus: 200,
  errors: [],
  bodyRequired: false,
  mcp: {
    name: 'get_queue',
    title: 'Get the send queue',
    description:
      'How many messages wait for the carrier and when they are expected to go out, in all and per sender number ' +
      "(each number sends at its carrier's pace, throughput_per_second). Check it before a large send to tell when it will be delivered.",
    readOnly: true,
    destructive: false,
  },
});
