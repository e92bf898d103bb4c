import { type AppError, type ErrorDefinition, errorCatalogue, isSendRefusal, type TMessagePreview } from '@textline/contract';
import type { Services } from '../../ports.ts';
import { campaignConsentRefusal } from '../campaigns/campaigns.ts';
import { acceptDryRun } from './accept-queue.ts';
import { countSegments, describeBody } from './segments.ts';
import { applySmartEncoding } from './smart-encoding.ts';
import { sendBodyOf } from './template-body.ts';
import { type MessageSource, type ParameterDeps, type Sender, type SendRequest, sendRefusal, shapeSend } from './send.ts';

/** A blocker as the preview lists it: the refusal's message, and a fix naming the route and the MCP tool. */
function blockerOf(error: AppError): TMessagePreview['blockers'][number] {
  const { code, message, fix } = error.toDetail();
  const definition: ErrorDefinition = errorCatalogue[error.code];
  const { mcpFix } = definition;
  return { code, message, fix: mcpFix === undefined ? fix : `${fix} Over MCP: ${mcpFix.replaceAll('{tool}', 'send_message')}` };
}

const encodingName = { 'GSM-7': 'gsm7', 'UCS-2': 'ucs2' } as const;

/** A body's encoding, segments and cost, as the preview compares them with and without smart encoding. */
function bodyCost(deps: Pick<Services, 'config'>, body: string) {
  const { encoding, segments } = countSegments(body);
  return { encoding: encodingName[encoding], segments, cost_cents: segments * deps.config.pricePerSegmentCents };
}

/**
 * What sending `request` now would do, with no side effect. The request is checked and turned into
 * the send's parameters by the send's own code (shapeSend, as acceptParametersOf), and the verdict
 * comes from the send's own rules: accept_message_batch in its dry run, which checks every rule in
 * the send's order but writes and locks nothing, and reports each that fails. The send rate limit
 * is the transport's and previews are exempt from it, so it is not part of the verdict. With
 * `campaignId` the send is previewed as a step of that campaign, whose consent rule comes first.
 */
export async function previewMessage(
  deps: ParameterDeps & Pick<Services, 'sql'>,
  sender: Sender,
  request: SendRequest,
  options: { source: MessageSource; campaignId?: string | undefined },
): Promise<TMessagePreview> {
  // The template is rendered once, here, so the preview can price the body with and without smart encoding.
  const content = await sendBodyOf(deps, sender.workspaceId, request);
  const shaped = await shapeSend(deps, sender, { ...request, body: content, templateId: undefined }, options);
  const { parameters } = shaped;
  // A campaign skips a number without the consent it requires before its step is shaped at all.
  const consent =
    options.campaignId === undefined
      ? undefined
      : await campaignConsentRefusal(deps, sender.workspaceId, options.campaignId, parameters.phone_number);
  const refusals = consent ? [consent, ...shaped.refusals] : shaped.refusals;
  const body = describeBody(parameters.body);
  const smart = applySmartEncoding(content);
  const { outcome, preview: state } = await acceptDryRun(deps.sql, parameters);
  const ruleRefusals = state.blockers.flatMap((blocker) =>
    isSendRefusal(blocker) ? [sendRefusal(blocker, parameters, state.balance_cents)] : [],
  );
  // A step before the rules refuses a replay too: the send checks its request before its key.
  const blocking = outcome === 'replay' ? refusals : [...refusals, ...ruleRefusals];
  const first = blocking[0];
  const held = parameters.allowed_hours_mode === 'hold';
  return {
    kind: parameters.kind === 'mms' ? 'mms' : 'sms',
    body: parameters.body,
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
    estimated_send_at: new Date(state.estimated_send_at).toISOString(),
    balance_cents: state.balance_cents,
    spend_remaining_today_cents: state.spend_remaining_today_cents,
    // The catalogue code, e.g. spend_limit_exceeded for a token's cap too (the message says whose).
    verdict: (first?.code ?? outcome) as TMessagePreview['verdict'],
    error: first?.toDetail() ?? null,
    blockers: blocking.map((error) =>
      held && error.code === 'outside_allowed_hours'
        ? {
            ...blockerOf(error),
            message: `Outside the recipient's allowed hours: the send would be held until ${parameters.next_allowed_at?.toISOString()}.`,
          }
        : blockerOf(error),
    ),
  };
}
