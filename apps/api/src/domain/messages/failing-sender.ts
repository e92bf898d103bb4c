import { z } from 'zod';
import { queryRows } from '@textline/db';
import { defineJob, JobDeferred } from '../../jobs/define.ts';
import { failOverWaiting } from './reselect-sender.ts';
import { waitingOnFailingSender } from './reselect-sender.sql.ts';
import { registrationRequired } from '../registration/registration-required.ts';

/** Messages one run moves; a number with more waiting runs again at once for the rest. */
const movesPerRun = 200;

/**
 * A number just turned failing at the carrier (sender-health.ts, with SENDER_PACING): the pool
 * messages queued for its slots move to healthy numbers of their pools now, each with its new slot
 * as its estimate and its dispatch due then, instead of each waiting for its old slot to be moved at
 * dispatch. A message whose pool has no healthy number stays, and dispatch decides it at its slot.
 */
export const senderFailoverJob = defineJob({
  queue: 'sender_failover',
  payload: z.object({ phoneNumberId: z.string().min(1) }),
  async run(services, { phoneNumberId }) {
    const now = new Date(services.clock.now()).toISOString();
    const waiting = await queryRows(services.sql, waitingOnFailingSender, [phoneNumberId, now, movesPerRun]);
    let movedAny = false;
    for (const message of waiting) {
      const moved = await failOverWaiting(services, message, registrationRequired(services.config, message.phoneNumber));
      if (moved.kind !== 'moved') continue;
      movedAny = true;
      services.metrics?.senderFailovers.inc({ reason: 'failing' });
    }
    // A full run that moved some: there may be more. One that moved none would only find the same ones again.
    if (waiting.length === movesPerRun && movedAny) throw new JobDeferred(0);
  },
});
