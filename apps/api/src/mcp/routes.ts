import { Router, type Request, type Response } from 'express';
import { z } from 'zod';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AppError, type Scope } from '@textline/contract';
import { fieldIssues, validationError } from '../http/errors.ts';
import { assertJsonBody } from '../http/rest.ts';
import { sendError } from '../http/send-error.ts';
import type { Services } from '../ports.ts';
import { contextFromRequest, type RequestContext } from '../trpc/context.ts';
import type { AuthContext } from '../auth/authenticator.ts';
import { operationsServedBy } from '../operations/index.ts';
import { createMcpAuthenticator } from './auth.ts';
import { closeWithoutStackTraces } from './close-without-stack-traces.ts';
import { answerAfterElicitation, sendsToElicit, takeElicitationAnswer } from './approval-elicitation.ts';
import { loneToolCall, writeLoneToolCallResult } from './lone-tool-call.ts';
import { buildMcpServer } from './server.ts';
import { declaresUrlElicitation, urlElicitationSessionId } from './sessions.ts';
import { callTool, findTool, runTool, toolListingsFor } from './tools.ts';
import { parseToolSelection } from './toolsets.ts';
import { baseUrlOf } from './urls.ts';

/**
 * tools/list needs mcp:read, tools/call mcp:execute (and the tool's own scope: missingToolScope);
 * other methods only a valid token.
 */
const scopeForMethod = new Map<string, Scope>([
  ['tools/list', 'mcp:read'],
  ['tools/call', 'mcp:execute'],
]);

function scopesForJsonRpc(body: unknown): Scope[] {
  const scopes = new Set<Scope>();
  for (const message of Array.isArray(body) ? (body as unknown[]) : [body]) {
    const method = (message as { method?: unknown } | null)?.method;
    const scope = typeof method === 'string' ? scopeForMethod.get(method) : undefined;
    if (scope) scopes.add(scope);
  }
  return [...scopes];
}

function toolContext(services: Services, req: Request, auth: AuthContext): RequestContext {
  return contextFromRequest(services, req, 'mcp', auth);
}

function methodNotAllowed(allow: string) {
  return (req: Request, res: Response) => {
    res.set('Allow', allow);
    sendError(req, res, new AppError('method_not_allowed'));
  };
}

/** The body of POST /mcp/tools/{name} (openapi.json describes it from this). */
export const ZLegacyToolCall = z.strictObject({
  params: z.record(z.string(), z.unknown()).optional().describe('The tool arguments, as in tools/call'),
});

/**
 * POST /mcp: stateless streamable HTTP with JSON responses; `?toolsets=` chooses what tools/list shows. A lone tools/call that passes the SDK
 * transport's checks is answered here (loneToolCall), as an event stream when its send waits for
 * approval and its client takes URL elicitations (approval-elicitation.ts), whose answers come back
 * here too; anything else (initialize, tools/list,
 * batches, notifications, requests the transport answers 406, 415, 400 or 202) gets a server and
 * an SDK transport of its own. We authenticate first and check the method's scope.
 * GET /mcp/tools and POST /mcp/tools/{name}: the legacy REST surface over the same tools.
 */
export function mcpRouter(services: Services): Router {
  const mcp = Router();
  const authenticateMcp = createMcpAuthenticator(services);
  // The tools of the operations these services serve: no sandbox tool with a live provider.
  const served = operationsServedBy(services);

  mcp.post('/mcp', async (req: Request, res: Response) => {
    try {
      const auth = await authenticateMcp(req, scopesForJsonRpc(req.body));
      const toolCall = loneToolCall(req);
      if (toolCall) {
        const result = await callTool(toolCall.params, toolContext(services, req, auth));
        const held = sendsToElicit(services, req, auth, toolCall, result);
        if (held.length === 0) writeLoneToolCallResult(res, toolCall, result);
        else
          await answerAfterElicitation({
            services,
            res,
            caller: auth,
            baseUrl: baseUrlOf(services, req),
            toolCall,
            result,
            held,
            log: req.log,
          });
        return;
      }
      if (takeElicitationAnswer(services, auth, req.body)) {
        res.status(202).end();
        return;
      }
      // The session id that tells later requests, in any process, that this client takes URL elicitations.
      if (services.config.mcpApprovalWaitSeconds > 0 && declaresUrlElicitation(req.body))
        res.setHeader('Mcp-Session-Id', urlElicitationSessionId(services, auth));
      const server = buildMcpServer({
        baseUrl: baseUrlOf(services, req),
        services,
        caller: auth,
        selection: parseToolSelection(req.query.toolsets),
        contextOf: () => toolContext(services, req, auth),
      });
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
      res.on('close', () =>
        closeWithoutStackTraces(() => {
          void transport.close();
          void server.close();
        }),
      );
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch (error) {
      if (res.headersSent) {
        req.log.error({ err: error }, 'mcp request failed after the response started');
        // An event stream (a send waiting for approval) would otherwise stay open.
        res.end();
      } else sendError(req, res, error);
    }
  });
  // No server-side session (a session id only carries what the client declared): no event stream to
  // GET, nothing to DELETE.
  mcp.all('/mcp', methodNotAllowed('POST'));

  mcp.get('/mcp/tools', async (req: Request, res: Response) => {
    try {
      const auth = await authenticateMcp(req, ['mcp:read']);
      res.json({ tools: toolListingsFor(served, auth, 'every set') });
    } catch (error) {
      sendError(req, res, error);
    }
  });
  mcp.all('/mcp/tools', methodNotAllowed('GET'));

  mcp.post('/mcp/tools/:name', async (req: Request, res: Response) => {
    // The headers the tool's operation sets (the RateLimit ones of a send), on its answer as over REST.
    let responseHeaders: Record<string, string> = {};
    try {
      const auth = await authenticateMcp(req, ['mcp:execute']);
      const tool = findTool(served, String(req.params.name));
      if (!tool)
        throw new AppError('not_found', { message: `No tool named ${String(req.params.name)}; GET /mcp/tools lists them.` });
      assertJsonBody(req);
      const body = ZLegacyToolCall.safeParse(req.body ?? {});
      if (!body.success) throw validationError(fieldIssues(body.error.issues));
      const ctx = toolContext(services, req, auth);
      responseHeaders = ctx.response.headers;
      const outcome = await runTool(tool, body.data.params ?? {}, ctx);
      if (!outcome.ok) throw outcome.error;
      res.set(responseHeaders).json({ result: outcome.output });
    } catch (error) {
      sendError(req, res, error, responseHeaders);
    }
  });
  mcp.all('/mcp/tools/:name', methodNotAllowed('POST'));

  return mcp;
}
