import type { Server } from 'node:http';

// Above the 60 s idle timeout of common load balancers: the balancer, not this server, then closes
// an idle connection, so it never sends a request on one this server is closing at that moment.
const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Sets `server`'s keep-alive timeout to KEEP_ALIVE_TIMEOUT_MS (Node's default is 5 s). */
export function keepIdleConnectionsOpen<T extends Server>(server: T): T {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // The usual pairing behind a balancer: the headers timeout above the keep-alive timeout.
  server.headersTimeout = Math.max(server.headersTimeout, KEEP_ALIVE_TIMEOUT_MS + 1_000);
  return server;
}
