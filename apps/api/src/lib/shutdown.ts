import type { Server } from 'node:http';
import type { Services } from '../ports.ts';

const IDLE_CHECK_MS = 50;

/** Emitted on the server when it stops accepting: responses that never end by themselves (event streams) end on it. */
export const DRAINING = 'draining';

/**
 * Stops an HTTP server without cutting a request short: no new connections, every request in flight
 * is answered, and keep-alive connections close as soon as they are idle. (`server.close()` alone
 * keeps serving further requests on open keep-alive connections until their idle timeout.)
 */
export function closeHttpServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    // Requests that still arrive on an open connection are served, then that connection closes.
    server.prependListener('request', (_req, res) => res.setHeader('Connection', 'close'));
    server.emit(DRAINING);
    const idleSweep = setInterval(() => server.closeIdleConnections(), IDLE_CHECK_MS);
    server.close(() => {
      clearInterval(idleSweep);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/**
 * On SIGTERM / SIGINT: `stopAccepting` (e.g. closeHttpServer) waits for requests in flight, then the
 * services close: job workers finish the jobs they hold, then Redis and the database pools. Exits 0,
 * or 1 when all of that has not finished within SHUTDOWN_TIMEOUT_MS (jobs cut short are retried
 * elsewhere once their lease expires).
 */
export function closeOnSignals(services: Services, stopAccepting: () => Promise<void> = async () => undefined): void {
  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    services.log.info({ signal }, 'shutting down: finishing requests and jobs in flight');
    const deadline = setTimeout(() => {
      services.log.error({ timeoutMs: services.config.shutdownTimeoutMs }, 'shutdown timed out; exiting with work in flight');
      process.exit(1);
    }, services.config.shutdownTimeoutMs);
    deadline.unref();
    try {
      await stopAccepting();
      await services.close();
    } catch (error) {
      services.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    services.log.info('shut down cleanly');
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
