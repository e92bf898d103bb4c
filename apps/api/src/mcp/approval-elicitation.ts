/**
 * Approvals through MCP elicitation. A tools/call whose send a token's approval rule held
 * (pending_approval) is answered, for a client that declared URL-mode elicitation (sessions.ts), as
 * an event stream: an elicitation/create in URL mode sends the person to the approval's console page,
 * where they sign in and approve or reject it; the call waits for that decision (or the client's
 * decline, its disconnect, or MCP_APPROVAL_WAIT_SECONDS), then sends notifications/elicitation/complete
 * and the tool result with the sends as they now stand. The client's answer never approves anything:
 * only decideApproval does, with its rules (the requesting token and its descendants never approve).
 * docs/decisions/mcp-approval-elicitation.md says why.
 */
import type { Request, Response } from 'express';
import {
  ElicitResultSchema,
  JSONRPCErrorResponseSchema,
  JSONRPCResultResponseSchema,
  type CallToolResult,
  type ElicitRequest,
  type JSONRPCMessage,
} from '@modelcontextprotocol/sdk/types.js';
import type { AuthContext } from '../auth/authenticator.ts';
import { messageApprovalOf } from '../domain/approvals/approvals.ts';
import { newId } from '../lib/crypto.ts';
import type { Logger } from '../lib/logger.ts';
import type { KeyedLimit } from '../limits/keyed-limiter.ts';
import type { LiveChange } from '../live/changes.ts';
import { deadline, wakeUps } from '../live/waiting.ts';
import type { Services } from '../ports.ts';
import { operationsServedBy } from '../operations/index.ts';
import { writeLoneToolCallResult, type LoneToolCall } from './lone-tool-call.ts';
import { findTool } from './tools.ts';
import { hasUrlElicitation } from './sessions.ts';

type ElicitationServices = Pick<Services, 'config' | 'prisma' | 'live' | 'rateLimiter' | 'signMcpSession'>;
type Caller = Pick<AuthContext, 'workspaceId' | 'tokenId'>;

/** A send of a tool's output as the send answered it (ZMessageAccepted), held for a person. */
type HeldSend = {
  id: string;
  status: string;
  approval: { id: string; status: string };
  estimated_send_at?: string | null;
};

/** The JSON-RPC ids of our elicitation/create requests: the client's answer comes back with one. */
const requestIdPrefix = 'textline-elicitation:';

function isHeldSend(value: Record<string, unknown>): value is Record<string, unknown> & HeldSend {
  const approval = value.approval as { id?: unknown; status?: unknown } | null | undefined;
  return (
    typeof value.id === 'string' &&
    value.status === 'pending_approval' &&
    typeof approval === 'object' &&
    approval !== null &&
    typeof approval.id === 'string' &&
    approval.status === 'pending'
  );
}

/** The held sends anywhere in a tool's structured output: a send's message, a batch's results. */
function heldSendsOf(value: unknown, found: HeldSend[] = []): HeldSend[] {
  if (Array.isArray(value)) for (const item of value) heldSendsOf(item, found);
  else if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    if (isHeldSend(record)) found.push(record);
    else for (const field of Object.values(record)) heldSendsOf(field, found);
  }
  return found;
}

/**
 * The sends a successful lone tools/call just made that wait for approval, when its client may be
 * asked about them (a URL-elicitation session of this caller's token); else none. Only a tool that
 * acts asks: reading a held message (get_message, list_messages) does not.
 */
export function sendsToElicit(
  services: ElicitationServices & Pick<Services, 'messagingProvider' | 'fundingProvider'>,
  req: Request,
  caller: Caller,
  toolCall: LoneToolCall,
  result: CallToolResult,
): HeldSend[] {
  if (result.isError || services.config.mcpApprovalWaitSeconds === 0 || req.headers['mcp-session-id'] === undefined) return [];
  if (findTool(operationsServedBy(services), toolCall.params.name)?.annotations.readOnlyHint !== false) return [];
  const held = heldSendsOf(result.structuredContent);
  return held.length > 0 && hasUrlElicitation(services, req, caller) ? held : [];
}

/**
 * A POST /mcp that is the client's answer to one of our elicitations: published to the workspace's
 * live changes, where the waiting call hears it in whichever process it runs. Answers whether the
 * body was one (then the request is answered 202, as the transport answers a response).
 */
export function takeElicitationAnswer(services: Pick<Services, 'live'>, caller: Caller, body: unknown): boolean {
  const result = JSONRPCResultResponseSchema.safeParse(body);
  const error = result.success ? undefined : JSONRPCErrorResponseSchema.safeParse(body);
  const id = result.success ? result.data.id : error?.success ? error.data.id : undefined;
  if (typeof id !== 'string' || !id.startsWith(requestIdPrefix)) return false;
  const answer = result.success ? ElicitResultSchema.safeParse(result.data.result) : undefined;
  services.live.publish(caller.workspaceId, {
    resource: 'elicitation',
    id: id.slice(requestIdPrefix.length),
    token_id: caller.tokenId,
    action: answer?.success ? answer.data.action : 'error',
  });
  return true;
}

type SendState = { status: string; estimatedSendAt: Date | null; approval: { id: string; status: string; expiresAt: Date } };

/** The held sends as they now stand, by message id. */
async function currentState(services: ElicitationServices, workspaceId: string, ids: string[]): Promise<Map<string, SendState>> {
  const [messages, approvals] = await Promise.all([
    services.prisma.message.findMany({
      where: { workspaceId, id: { in: ids } },
      select: { id: true, status: true, estimatedSendAt: true },
    }),
    services.prisma.approval.findMany({
      where: { workspaceId, messageId: { in: ids } },
      select: { id: true, messageId: true, status: true, expiresAt: true },
    }),
  ]);
  const approvalOf = new Map(approvals.map((approval) => [approval.messageId, approval]));
  const state = new Map<string, SendState>();
  for (const message of messages) {
    const approval = approvalOf.get(message.id);
    if (approval) state.set(message.id, { status: message.status, estimatedSendAt: message.estimatedSendAt, approval });
  }
  return state;
}

const stillPending = (state: Map<string, SendState>) => [...state.values()].some(({ approval }) => approval.status === 'pending');

/** Writes the sends' current state into the tool's output (the objects heldSendsOf found in it). */
function withCurrentState(
  config: ElicitationServices['config'],
  result: CallToolResult,
  held: HeldSend[],
  state: Map<string, SendState>,
): CallToolResult {
  for (const send of held) {
    const now = state.get(send.id);
    if (!now) continue;
    send.status = now.status;
    send.approval = messageApprovalOf(config, now.approval);
    if (send.estimated_send_at !== undefined) send.estimated_send_at = now.estimatedSendAt?.toISOString() ?? null;
  }
  return {
    content: [{ type: 'text', text: JSON.stringify(result.structuredContent) }],
    structuredContent: result.structuredContent,
  };
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
const bodyStart = (body: string) => (body.length > 60 ? `${body.slice(0, 57)}...` : body);

/** The elicitation: the approval's page (the pending approvals' for several) and what is asked. */
async function elicitationOf(
  services: ElicitationServices,
  caller: Caller,
  baseUrl: string,
  held: HeldSend[],
): Promise<ElicitRequest['params'] & { mode: 'url' }> {
  const [messages, token] = await Promise.all([
    services.prisma.message.findMany({
      where: { workspaceId: caller.workspaceId, id: { in: held.map((send) => send.id) } },
      select: { phoneNumber: true, body: true, costCents: true },
      orderBy: { createdAt: 'asc' },
    }),
    services.prisma.accessToken.findUnique({ where: { id: caller.tokenId }, select: { name: true } }),
  ]);
  const requester = token?.name ? `the token "${token.name}"` : `the token ${caller.tokenId}`;
  const first = held[0] as HeldSend;
  const firstMessage = messages[0];
  const cost = messages.reduce((sum, message) => sum + message.costCents, 0);
  const what =
    held.length === 1 && firstMessage
      ? `An SMS to ${firstMessage.phoneNumber} ("${bodyStart(firstMessage.body)}", ${dollars(cost)})`
      : `${held.length} SMS (${dollars(cost)} in all${firstMessage ? `, the first to ${firstMessage.phoneNumber}: "${bodyStart(firstMessage.body)}"` : ''})`;
  const page = held.length === 1 ? `/console/approvals/${first.approval.id}` : '/console/approvals';
  return {
    mode: 'url',
    elicitationId: held.length === 1 ? first.approval.id : newId('eli'),
    url: `${baseUrl}${page}`,
    message:
      `${what}, sent by ${requester}, waits for your approval. Open the page, sign in as the workspace's owner, and ` +
      'approve or reject it there; the agent cannot approve it itself.',
  };
}

function sseEvent(message: JSONRPCMessage): string {
  // As the SDK's transport writes an event.
  return `event: message\ndata: ${JSON.stringify(message)}\n\n`;
}

/**
 * The tools/call's answer when `held` sends wait for approval and its client takes URL elicitations:
 * see the module comment. Without a free waiting slot for the token, or when every send was decided
 * before the elicitation went out, it answers at once, as JSON; if waiting fails, with the result as
 * the send answered it.
 */
export async function answerAfterElicitation(options: {
  services: ElicitationServices;
  res: Response;
  caller: Caller;
  baseUrl: string;
  toolCall: LoneToolCall;
  result: CallToolResult;
  held: HeldSend[];
  log: Logger;
}): Promise<void> {
  const { services, res, caller, toolCall, result, held } = options;
  const waitMs = services.config.mcpApprovalWaitSeconds * 1000;
  // Each waiting call takes one and gives it back; one a crashed process never gave back returns by itself.
  const limit: KeyedLimit = {
    namespace: 'approval-elicitation',
    capacity: services.config.mcpApprovalWaitsPerToken,
    refillMs: waitMs + 5_000,
  };
  const closed = new AbortController();
  res.on('close', () => closed.abort());
  // A function, not a property read: it changes across the awaits below.
  const gone = () => closed.signal.aborted;
  const slot = { limit, key: caller.tokenId };
  if (!(await services.rateLimiter.take(slot)).allowed) {
    writeLoneToolCallResult(res, toolCall, result);
    return;
  }
  const ids = new Set(held.map((send) => send.id));
  const wakes = wakeUps();
  let answer: Extract<LiveChange, { resource: 'elicitation' }>['action'] | undefined;
  let stop: (() => void) | undefined;
  try {
    const elicitation = await elicitationOf(services, caller, options.baseUrl, held);
    stop = await services.live.subscribe(caller.workspaceId, (change) => {
      if (change.resource === 'message' && ids.has(change.id)) wakes.wake();
      else if (
        change.resource === 'elicitation' &&
        change.id === elicitation.elicitationId &&
        change.token_id === caller.tokenId
      ) {
        answer = change.action;
        wakes.wake();
      }
    });
    // Read after subscribing: a decision made meanwhile is either read here or wakes the wait.
    let state = await currentState(services, caller.workspaceId, [...ids]);
    if (!stillPending(state) || gone()) {
      if (!gone()) writeLoneToolCallResult(res, toolCall, withCurrentState(services.config, result, held, state));
      return;
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.write(
      sseEvent({
        jsonrpc: '2.0',
        id: `${requestIdPrefix}${elicitation.elicitationId}`,
        method: 'elicitation/create',
        params: elicitation,
      }),
    );
    const end = deadline(waitMs, closed.signal, () => wakes.wake());
    try {
      // "accept" only means the person opened the page: wait on for the decision itself.
      while (!end.passed() && (answer === undefined || answer === 'accept')) {
        await wakes.next();
        wakes.clear();
        state = await currentState(services, caller.workspaceId, [...ids]);
        if (!stillPending(state)) break;
      }
    } finally {
      end.cancel();
    }
    if (gone()) return;
    if (!stillPending(state)) {
      res.write(
        sseEvent({
          jsonrpc: '2.0',
          method: 'notifications/elicitation/complete',
          params: { elicitationId: elicitation.elicitationId },
        }),
      );
    }
    res.end(sseEvent({ jsonrpc: '2.0', id: toolCall.id, result: withCurrentState(services.config, result, held, state) }));
  } catch (error) {
    // The sends were made: a failure while waiting still answers them, as they were accepted.
    options.log.error({ err: error }, 'waiting for an approval through an elicitation failed');
    if (gone()) return;
    if (res.headersSent) res.end(sseEvent({ jsonrpc: '2.0', id: toolCall.id, result }));
    else writeLoneToolCallResult(res, toolCall, result);
  } finally {
    stop?.();
    await services.rateLimiter.refund(slot);
  }
}
