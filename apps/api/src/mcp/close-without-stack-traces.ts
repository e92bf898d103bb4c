/**
 * Runs `close` with stack traces off (Error.stackTraceLimit = 0), for closing a request's MCP server
 * and transport. Bypasses: the SDK's Protocol builds a "Connection closed" McpError each time it
 * closes, to reject the requests still pending (a finished request has none), and V8 captures that
 * error's stack trace, work on every MCP call for an error nobody reads. The SDK closes
 * synchronously, so nothing else runs while traces are off; the test 'builds the SDK's Connection
 * closed error with no stack' (mcp.test.ts) pins that.
 */
export function closeWithoutStackTraces(close: () => void): void {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    close();
  } finally {
    Error.stackTraceLimit = limit;
  }
}
