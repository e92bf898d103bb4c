import { isSendRefusal, type TMessagePreview } from '@textline/contract';
import type { Services } from '../../ports.ts';
import { acceptDryRun } from './accept-queue.ts';
import { countSegments, describeBody } from './segments.ts';
import { applySmartEncoding } from './smart-encoding.ts';
import { sendBodyOf } from './template-body.ts';
import { acceptParametersOf, type MessageSource, type Sender, type SendRequest, sendRefusal } from './send.ts';

const encodingName = { 'GSM-7': 'gsm7', 'UCS-2': 'ucs2' } as const;

/** A body's encoding, segments and cost, as the preview compares them with and without smart encoding. */
function bodyCost(deps: Pick<Services, 'config'>, body: string) {
  const { encoding, segments } = countSegments(body);
  return { encoding: encodingName[encoding], segments, cost_cents: segments * deps.config.pricePerSegmentCents };
}

/**
 * What sending `request` now would do, with no side effect. The request is checked and turned into
 * the send's parameters by the send's own code (acceptParametersOf), and the verdict comes from the
 * send's own rules: accept_message_batch in its dry run, which applies every check in the send's
 * order but writes and locks nothing. The send rate limit is the transport's and previews are
 * exempt from it, so it is not part of the verdict.
 */
export async function previewMessage(
  deps: Pick<Services, 'sql' | 'clock' | 'config' | 'prisma'>,
  sender: Sender,
  request: SendRequest,
  options: { source: MessageSource },
): Promise<TMessagePreview> {
  // The template is rendered once, here, so the preview can price the body with and without smart encoding.
  const content = await sendBodyOf(deps, sender.workspaceId, request);
  const parameters = await acceptParametersOf(deps, sender, { ...request, body: content, templateId: undefined }, options);
  const body = describeBody(parameters.body);
  const smart = applySmartEncoding(content);
  const { outcome, preview: state } = await acceptDryRun(deps.sql, parameters);
  const refusal = isSendRefusal(outcome) ? sendRefusal(outcome, parameters, state.balance_cents) : null;
  return {
    encoding: encodingName[body.encoding],
    segments: parameters.segments,
    characters: body.characters,
    cost_cents: parameters.cost_cents,
    ucs2_characters: body.ucs2Characters,
    smart_encoding: {
      applied: request.smartEncoding === true,
      replacements: smart.replacements,
      with: bodyCost(deps, smart.body),
      without: bodyCost(deps, content),
    },
    sender_number: state.sender_number,
    balance_cents: state.balance_cents,
    spend_remaining_today_cents: state.spend_remaining_today_cents,
    // The catalogue code, e.g. spend_limit_exceeded for a token's cap too (the message says whose).
    // sendRefusal answers one of the send's refusals, each a previewVerdicts entry.
    verdict: (refusal?.code ?? outcome) as TMessagePreview['verdict'],
    error: refusal?.toDetail() ?? null,
  };
}
