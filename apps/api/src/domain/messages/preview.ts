import { isSendRefusal, type TMessagePreview } from '@textline/contract';
import type { Services } from '../../ports.ts';
import { acceptDryRun } from './accept-queue.ts';
import { describeBody } from './segments.ts';
import { acceptParametersOf, type MessageSource, type Sender, type SendRequest, sendRefusal } from './send.ts';

/**
 * What sending `request` now would do, with no side effect. The request is checked and turned into
 * the send's parameters by the send's own code (acceptParametersOf), and the verdict comes from the
 * send's own rules: accept_message_batch in its dry run, which applies every check in the send's
 * order but writes and locks nothing. The send rate limit is the transport's and previews are
 * exempt from it, so it is not part of the verdict.
 */
export async function previewMessage(
  deps: Pick<Services, 'sql' | 'clock' | 'config'>,
  sender: Sender,
  request: SendRequest,
  options: { source: MessageSource },
): Promise<TMessagePreview> {
  const parameters = acceptParametersOf(deps, sender, request, options);
  const body = describeBody(request.body);
  const { outcome, preview: state } = await acceptDryRun(deps.sql, parameters);
  const refusal = isSendRefusal(outcome) ? sendRefusal(outcome, parameters, state.balance_cents) : null;
  return {
    encoding: body.encoding === 'GSM-7' ? 'gsm7' : 'ucs2',
    segments: parameters.segments,
    characters: body.characters,
    cost_cents: parameters.cost_cents,
    ucs2_characters: body.ucs2Characters,
    sender_number: state.sender_number,
    balance_cents: state.balance_cents,
    spend_remaining_today_cents: state.spend_remaining_today_cents,
    // The catalogue code, e.g. spend_limit_exceeded for a token's cap too (the message says whose).
    // sendRefusal answers one of the send's refusals, each a previewVerdicts entry.
    verdict: (refusal?.code ?? outcome) as TMessagePreview['verdict'],
    error: refusal?.toDetail() ?? null,
  };
}
